import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import { ApiError } from '../http/errors';
import type { PaymentReceived } from '../../workflows/payments/transaction.contract';
import { PixPspError, type ReceivedPix } from '../processors/pix/pix-psp.port';
import { isMandateCharge, mandateChargePix, mandateChargeState } from '../billing/mandate-charges.rules';
import { processorsOf, type PixRail } from '../processors/processors';
import { receivePix } from './pix-receipts.service';
import { loadTransactionPayments } from './transactions.service';
import { buildPixPayload, parsePixPayload, PixPayloadError, pixTxid } from './pix.rules';
import type { PixArtifact } from './payment.entity';

/** Companies carry no city yet; the BR Code requires one (field 60). */
const DEFAULT_MERCHANT_CITY = 'SAO PAULO';

export interface PixChargeInput {
  paymentId: string;
  amount: number;
  expiresIn: number;
  expiresAt: Date;
}

/** A payment's charge open at its PSP: what the payment row records of it. */
export interface OpenedPixCharge {
  artifact: PixArtifact;
  gateway: string;
  processorConnectionId: string;
}

/**
 * Opens each Pix payment's immediate charge (`cob`) at the company's PSP, with the BR Code that
 * points at the PSP's location, in the charges' order. Called before the payments are written
 * (prepareTransaction): a PSP that fails leaves nothing written, a retried creation asks for new
 * txids, and a write that fails removes the charges again (removeOpenedPixCharges).
 */
export async function openPixCharges(rail: PixRail, charges: PixChargeInput[], merchantName: string): Promise<OpenedPixCharge[]> {
  return Promise.all(
    charges.map(async ({ paymentId, amount, expiresIn, expiresAt }) => {
      const txid = pixTxid(paymentId);
      const charge = await rail.psp.createCharge({ txid, kind: 'immediate', amount, chave: rail.connection.chave, expiresIn }).catch(asApiError);
      const artifact = { qrCode: brCodeOf(charge.pixCopiaECola, charge.location, amount, merchantName), txid, expiresAt: expiresAt.toISOString() } satisfies PixArtifact;
      return { artifact, gateway: rail.connection.adapter, processorConnectionId: rail.connection.id };
    }),
  );
}

/**
 * Removes charges opened for payments that were never written (their creation failed after the
 * PSP answered). Best effort: nobody ever saw their QR codes, and a charge the PSP keeps expires
 * there unseen, so a failure here only leaves what expiry removes anyway.
 */
export async function removeOpenedPixCharges(rail: PixRail, charges: OpenedPixCharge[]): Promise<void> {
  await Promise.allSettled(charges.map((c) => rail.psp.removeCharge('immediate', c.artifact.txid)));
}

/** The PSP's own BR Code when it sends a valid one (its merchant name is the account holder's), else one built on its location. */
function brCodeOf(pixCopiaECola: string | null, location: string, amount: number, merchantName: string): string {
  if (pixCopiaECola) {
    try {
      if (parsePixPayload(pixCopiaECola).locationUrl) return pixCopiaECola;
    } catch (err) {
      if (!(err instanceof PixPayloadError)) throw err;
    }
  }
  return buildPixPayload({ kind: 'dynamic', locationUrl: location, amount, merchantName, merchantCity: DEFAULT_MERCHANT_CITY });
}

/** A PSP failure as the merchant's answer: 503 when a retry may work, 502 when the PSP refused (the operator's configuration). */
function asApiError(err: unknown): never {
  if (!(err instanceof PixPspError)) throw err;
  if (err.retryable) throw new ApiError(503, 'processor_unavailable', 'The Pix processor did not answer; retry with the same Idempotency-Key', undefined, { 'retry-after': '5' });
  throw new ApiError(502, 'processor_rejected', `The Pix processor refused the charge${err.problem ? ` (${err.problem})` : ''}; the operator checks the company's Pix connection`);
}

/**
 * Removes the charges of a transaction's unpaid Pix payments at their PSP, before the
 * transaction is canceled (expired or canceled by the merchant). A charge the PSP already saw paid
 * (CONCLUIDA: the Pix won the race with the expiry, its callback still on the way) is recorded as
 * a callback would and answered as paid. A charge the PSP refuses to remove (its connection was
 * replaced, the PSP forgot it) expires there on its own at the same instant.
 */
export async function removePixCharges(deps: Pick<AppDeps, 'orm' | 'temporal' | 'config' | 'logger'>, transactionId: string): Promise<PaymentReceived[]> {
  const em = deps.orm.em.fork() as unknown as EntityManager;
  const { transaction, payments } = await loadTransactionPayments(em, transactionId);
  const paid: PaymentReceived[] = [];
  for (const payment of payments) {
    if (payment.method !== 'pix' || payment.status !== 'waiting_payment' || !payment.pix || !payment.processorConnectionId) continue;
    const rail = await processorsOf(deps).pixById(em, payment.processorConnectionId);
    if (!rail) continue;
    const txid = payment.pix.txid;
    const pix = await (isMandateCharge(transaction.metadata) ? cancelledMandateChargePix(rail, txid) : removedChargePix(rail, txid)).catch((err: unknown) => {
      if (err instanceof PixPspError && !err.retryable) {
        deps.logger.warn({ paymentId: payment.id, problem: err.problem }, 'Pix charge not removed at the PSP; it expires there on its own');
        return [];
      }
      throw err;
    });
    if (pix.length > 0) paid.push(...(await receivePix(deps, rail.connection.id, pix)).paid);
  }
  return paid;
}

/** The immediate charge (`cob`) removed; the Pix that paid it when it was CONCLUIDA. */
async function removedChargePix(rail: PixRail, txid: string): Promise<ReceivedPix[]> {
  const charge = await rail.psp.removeCharge('immediate', txid);
  return charge?.status === 'CONCLUIDA' ? charge.pix : [];
}

/**
 * A mandate's recurring charge (`cobr`) cancelled before the payer's bank debits it; the Pix
 * that paid it when the PSP had already settled it (CONCLUIDA: the debit won the race).
 */
async function cancelledMandateChargePix(rail: PixRail, txid: string): Promise<ReceivedPix[]> {
  const charge = rail.psp.mandates ? await rail.psp.mandates.cancelMandateCharge(txid) : null;
  return charge && mandateChargeState(charge).kind === 'paid' ? mandateChargePix(charge) : [];
}
