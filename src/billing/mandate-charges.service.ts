import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import { Company } from '../companies/company.entity';
import { ApiError } from '../http/errors';
import { feeTablesRead } from '../payments/payment-fee.service';
import { paymentIdOfTxid, pixTxid } from '../payments/pix.rules';
import { receivePix } from '../payments/pix-receipts.service';
import { checkSplits, splitLookups } from '../payments/split-check.service';
import { ensureTransactionWorkflow, signalTransactionWorkflow } from '../payments/transaction-workflow.client';
import { createTransaction, type PreparedTransaction } from '../payments/transactions.service';
import { createTransactionBody } from '../payments/transactions.schemas';
import { Transaction } from '../payments/transaction.entity';
import { processorsOf, type PixRail } from '../processors/processors';
import { PixPspError, type PixMandates } from '../processors/pix/pix-psp.port';
import { cancelTransactionSignal } from '../../workflows/payments/transaction.contract';
import {
  mandateChargeDueDate,
  mandateChargeExpiresAt,
  mandateChargePaymentId,
  mandateChargePix,
  mandateChargeRecheck,
  mandateChargeState,
  mandateInvoiceDueAt,
  mandateRetryDate,
} from './mandate-charges.rules';
import { Mandate } from './mandates.entity';
import { getInvoice } from './invoices.service';
import { recordInvoicePayment, type InvoicePaymentOutcome } from './invoice-payment.service';
import { recordCollection } from './subscription-lifecycle.service';

/**
 * Invoices collected through a subscription's Pix Automático mandate. Each attempt is a Pix
 * transaction of Lastro's like any other (origin `subscription`, referenceCode
 * `<inv_id>-<attempt>`, metadata invoiceId / subscriptionId / mandateId) whose charge at the PSP
 * is a recurring charge (`PUT /cobr/{txid}`) instead of an immediate one: the PSP settles it on
 * its due day from the payer's account, and its Pix is received as every Pix is (`receivePix`:
 * the transaction workflow settles it, the ledger books it, `transaction.paid` reaches the
 * subscription workflow as a card's decision does). A charge that ends unpaid cancels its
 * transaction (the attempt failed: dunning). Until the PSP reports it the transaction has no
 * workflow (transactions.subscriber): the report starts it (`signalTransactionWorkflow`), and
 * so does a recheck that finds the charge past its expiry (`recheckMandateCharges`).
 */

/** How long the subscription workflow waits for a mandate charge's decision before it reads the transaction itself. */
export const MANDATE_CHARGE_RECHECK_MS = 6 * 3_600_000;

export interface MandateChargeRequest {
  companyId: string;
  customerId: string;
  subscriptionId: string;
  invoiceId: string;
  attempt: number;
  amount: number;
  /** The invoice's due date: the charge's due day, unless too close for the BCB's window. */
  dueAt: string;
  description: string;
  /** The attempt's time (the workflow's), from which the BCB's window counts. */
  at: string;
}

/** The active mandate of each of these subscriptions (one statement). */
export async function activeMandates(em: EntityManager, subscriptionIds: string[]): Promise<Map<string, Mandate>> {
  if (subscriptionIds.length === 0) return new Map();
  const rows = await em.find(Mandate, { subscriptionId: { $in: subscriptionIds }, status: 'active' });
  return new Map(rows.map((m) => [m.subscriptionId, m]));
}

/**
 * The due date of an invoice issued at `issuedAt`: a subscription that charges automatically and
 * has no card but an active mandate is paid by the mandate, due `MANDATE_DAYS_UNTIL_DUE` later
 * (the charge is scheduled at the PSP when the invoice is issued); every other keeps `dueAt`.
 */
export function dueAtFor(s: { collectionMethod: string; defaultPaymentMethodRef: string | null }, hasMandate: boolean, issuedAt: string, dueAt: string): string {
  return paidByMandate(s, hasMandate) ? mandateInvoiceDueAt(issuedAt) : dueAt;
}

export const paidByMandate = (s: { collectionMethod: string; defaultPaymentMethodRef: string | null }, hasMandate: boolean): boolean =>
  s.collectionMethod === 'charge_automatically' && s.defaultPaymentMethodRef === null && hasMandate;

function mandatesOf(rail: PixRail | null): PixMandates | null {
  return rail?.psp.mandates ?? null;
}

/** An attempt's charge: its transaction (`found` when an earlier call made it), or why the PSP refused it. */
export type MandateChargeOutcome = { transactionId: string; found?: true } | { refused: string };

/** `chargeMandates` for one attempt. */
export async function chargeMandate(deps: AppDeps, mandate: Mandate, req: MandateChargeRequest): Promise<MandateChargeOutcome> {
  const [outcome] = await chargeMandates(deps, [{ mandate, req }]);
  return outcome;
}

/**
 * Creates (or finds) each attempt's charge: first `PUT /cobr/{txid}` (the txid derived from the
 * invoice and the attempt, so a retry asks for the same charge), then its Pix transaction. A
 * charge the PSP refuses (outside the mandate's period, the mandate ended meanwhile) answers
 * `refused` with why: the attempt failed. A PSP that does not answer throws (the step is retried).
 * A billing run's page passes a chunk: one read of the transactions already made, the PSP calls
 * at once, the new transactions written in one database transaction with their events dispatched
 * in it; a chunk whose write meets a concurrent run's (a referenceCode taken) is written one
 * charge at a time, which finds the other run's.
 */
export async function chargeMandates(deps: AppDeps, charges: Array<{ mandate: Mandate; req: MandateChargeRequest }>): Promise<MandateChargeOutcome[]> {
  if (charges.length === 0) return [];
  const em = deps.orm.em.fork() as unknown as EntityManager;
  const referenceCode = (req: MandateChargeRequest) => `${req.invoiceId}-${req.attempt}`;
  const outcomes: Array<MandateChargeOutcome | undefined> = charges.map(() => undefined);
  const made = await em.find(
    Transaction,
    { $or: charges.map(({ req }) => ({ companyId: req.companyId, referenceCode: referenceCode(req) })) },
    { fields: ['id', 'companyId', 'referenceCode'] },
  );
  const madeBy = new Map(made.map((t) => [`${t.companyId}:${t.referenceCode}`, t.id]));
  charges.forEach(({ req }, i) => {
    const id = madeBy.get(`${req.companyId}:${referenceCode(req)}`);
    if (id) outcomes[i] = { transactionId: id, found: true };
  });

  const rails = new Map<string, Promise<PixRail | null>>();
  const railOf = (connectionId: string) => rails.get(connectionId) ?? rails.set(connectionId, processorsOf(deps).pixById(em, connectionId)).get(connectionId)!;
  const lookups = splitLookups(em);
  const todo = charges.map((c, i) => ({ ...c, i })).filter(({ i }) => !outcomes[i]);
  const companies = new Map((todo.length > 0 ? await em.find(Company, { id: { $in: [...new Set(todo.map((c) => c.req.companyId))] } }) : []).map((c) => [c.id, c]));
  const prepared = await Promise.all(
    todo.map(async ({ mandate, req, i }) => {
      const rail = await railOf(mandate.connectionId);
      const mandates = mandatesOf(rail);
      if (!rail || !mandates) return void (outcomes[i] = { refused: 'mandate_unavailable' });
      // The account the charge settles into is the connection's (a mandate is started only on one that has it).
      const account = rail.connection.receiverAccount;
      if (!account) return void (outcomes[i] = { refused: 'mandate_receiver_account_missing' });
      const paymentId = mandateChargePaymentId(req.invoiceId, req.attempt);
      const txid = pixTxid(paymentId);
      const dueDate = mandateChargeDueDate(req.dueAt, req.at);
      try {
        await mandates.createMandateCharge({ txid, mandateId: mandate.pspMandateId, dueDate, amount: req.amount, account, description: req.description });
      } catch (err) {
        if (err instanceof PixPspError && !err.retryable) {
          deps.logger.warn({ invoiceId: req.invoiceId, attempt: req.attempt, problem: err.problem }, 'mandate charge refused by the PSP');
          return void (outcomes[i] = { refused: 'mandate_charge_refused' });
        }
        throw err;
      }
      const company = companies.get(req.companyId);
      if (!company) throw new Error(`Company ${req.companyId} not found`);
      const input = createTransactionBody.parse({
        referenceCode: referenceCode(req),
        customerId: req.customerId,
        items: [{ description: req.description, quantity: 1, amount: req.amount }],
        payments: [{ paymentMethod: 'pix', amount: req.amount }],
        metadata: { invoiceId: req.invoiceId, subscriptionId: req.subscriptionId, mandateId: mandate.id },
      });
      const transaction: PreparedTransaction = {
        input,
        amount: req.amount,
        splits: await checkSplits(em, company.id, [], req.amount, input.payments, lookups),
        paymentIds: [paymentId],
        // No BR Code: the payer's bank debits the charge on its due day, nobody scans it.
        pix: new Map([[0, { artifact: { qrCode: '', txid, expiresAt: mandateChargeExpiresAt(dueDate) }, gateway: rail.connection.adapter, processorConnectionId: rail.connection.id }]]),
        boletos: new Map(),
        cardConnectionId: null,
        feeTables: await feeTablesRead(lookups.fees),
        // The charge stays at the PSP: the retried attempt writes the same payment for it.
        discard: async () => {},
      };
      return { i, company, transaction };
    }),
  );
  const toWrite = prepared.filter((p) => p !== undefined);
  if (toWrite.length > 0) {
    try {
      const dispatched = await em.fork().transactional(async (tem) => {
        const created = [];
        for (const { i, company, transaction } of toWrite) {
          const txn = await createTransaction(tem, company, transaction, deps.config.urls.publicBase, { origin: 'subscription' });
          created.push(txn);
          outcomes[i] = { transactionId: txn.transaction.id };
        }
        // Nothing to decide: their events are dispatched here (no workflow: the PSP's report starts it).
        const events = created.flatMap((c) => c.events);
        return deps.dispatcher.dispatchWithin(tem, events).catch(() => () => deps.dispatcher.dispatchSoon(events.map((e) => e.id), events));
      });
      dispatched();
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'reference_code_taken')) throw err;
      // A concurrent run of some attempt wrote it first: each charge alone, which finds that run's.
      if (charges.length === 1) {
        const won = await em.fork().findOne(Transaction, { companyId: charges[0].req.companyId, referenceCode: referenceCode(charges[0].req) }, { fields: ['id'] });
        if (won) return [{ transactionId: won.id, found: true }];
        throw err;
      }
      return Promise.all(charges.map(({ mandate, req }) => chargeMandate(deps, mandate, req)));
    }
  }
  return outcomes.map((o) => o!);
}

/**
 * What the PSP's `/cobr` callback reports, read back from the PSP charge by charge (never taken
 * from the callback): a concluded charge's Pix is received as every Pix is; a charge that ended
 * unpaid cancels its transaction (reason: why, which the subscription workflow records as the
 * attempt's failure); a refused settlement with nothing scheduled asks the PSP for a retry on
 * the next day, while the rules' window lasts. Charges of other systems are left alone.
 */
export async function followMandateCharges(deps: AppDeps, rail: PixRail, txids: string[]): Promise<number> {
  const mandates = mandatesOf(rail);
  if (!mandates) return 0;
  const em = deps.orm.em.fork() as unknown as EntityManager;
  let followed = 0;
  for (const txid of txids) {
    const paymentId = paymentIdOfTxid(txid);
    if (!paymentId) continue;
    const [payment] = await em.execute<Array<{ transaction_id: string; status: string }>>(
      `select transaction_id, status from payments where id = ? and method = 'pix' and processor_connection_id = ?`,
      [paymentId, rail.connection.id],
    );
    if (!payment) continue;
    const charge = await mandates.getMandateCharge(txid);
    if (!charge) continue;
    followed++;
    const state = mandateChargeState(charge);
    if (state.kind === 'paid') {
      await receivePix(deps, rail.connection.id, mandateChargePix(charge));
    } else if (state.kind === 'failed' && payment.status === 'waiting_payment') {
      await signalTransactionWorkflow(deps, payment.transaction_id, cancelTransactionSignal, { reason: state.code });
    } else if (state.kind === 'retry') {
      const refused = charge.attempts[charge.attempts.length - 1];
      const date = mandateRetryDate(refused.date, charge.dueDate);
      if (date) {
        await mandates.retryMandateCharge(txid, date).catch((err: unknown) => {
          // Refused (no retry left): the PSP ends the charge, whose callback fails the attempt.
          if (err instanceof PixPspError && !err.retryable) deps.logger.info({ txid, problem: err.problem }, 'mandate charge retry refused by the PSP');
          else throw err;
        });
      }
    }
  }
  return followed;
}

/**
 * The mandate charges among these transactions still waiting, rechecked when their subscription
 * reads them again (`mandateChargeRecheck`): from their due day on, read back at the PSP as a
 * callback would make them (`followMandateCharges`), for a callback that was lost; past their
 * expiry, given their transaction workflow, which ends them. Other transactions are left alone.
 */
export async function recheckMandateCharges(deps: AppDeps, transactionIds: string[], at: string): Promise<void> {
  if (transactionIds.length === 0) return;
  const em = deps.orm.em.fork() as unknown as EntityManager;
  const rows = await em.execute<Array<{ id: string; transaction_id: string; processor_connection_id: string; expires_at: Date }>>(
    `select p.id, p.transaction_id, p.processor_connection_id, p.expires_at from payments p join transactions t on t.id = p.transaction_id
      where p.transaction_id = any(array(select jsonb_array_elements_text(?::jsonb))) and p.method = 'pix' and p.status = 'waiting_payment'
        and p.expires_at is not null and p.processor_connection_id is not null and t.origin = 'subscription' and t.metadata->>'mandateId' is not null`,
    [JSON.stringify(transactionIds)],
  );
  const follow = new Map<string, string[]>();
  const expire: string[] = [];
  for (const row of rows) {
    const recheck = mandateChargeRecheck(new Date(row.expires_at).toISOString(), at);
    if (recheck === 'wait') continue;
    if (recheck === 'expire') expire.push(row.transaction_id);
    else follow.set(row.processor_connection_id, [...(follow.get(row.processor_connection_id) ?? []), pixTxid(row.id)]);
  }
  for (const [connectionId, txids] of follow) {
    const rail = await processorsOf(deps).pixById(em, connectionId);
    if (rail) await followMandateCharges(deps, rail, txids);
  }
  for (const transactionId of expire) await ensureTransactionWorkflow(deps.temporal, deps.config.temporal.taskQueue, transactionId);
}

/**
 * A mandate charge's transaction paid, recorded on its locked invoice: an invoice still open is
 * paid by it as its attempt (`recordCollection`: invoice.payment_attempted, invoice.paid), so a
 * card or link paying at the same moment meets a paid invoice; an invoice already paid by another
 * transaction, voided or uncollectible records it as an overpayment (`recordInvoicePayment`:
 * invoice.overpaid, the merchant refunds it). Known when already recorded either way.
 */
export async function recordMandateChargePayment(em: EntityManager, invoiceId: string, attempt: number, payment: { transactionId: string; amount: number }, now = new Date()): Promise<InvoicePaymentOutcome> {
  const invoice = await getInvoice(em, null, invoiceId, true);
  if (invoice.status === 'open' || invoice.status === 'past_due') {
    const { events } = await recordCollection(em, { invoiceId, attempt, at: now.toISOString(), charged: true, paid: true, code: null, transactionId: payment.transactionId, method: 'pix_automatico' });
    // Narrowed above, but recordCollection moved it.
    if ((invoice.status as string) === 'paid') return { kind: 'paid', invoice, events };
  }
  return recordInvoicePayment(em, invoiceId, payment, now);
}
