import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import { paymentReceivedSignal, type PaymentReceived } from '../../workflows/payments/transaction.contract';
import type { PaidBoleto } from '../processors/boletos/boleto-issuer.port';
import type { ReceivedPix } from '../processors/pix/pix-psp.port';
import { processorsOf } from '../processors/processors';
import type { BoletoArtifact } from './payment.entity';
import { paymentIdOfTxid } from './pix.rules';
import { signalTransactionWorkflow } from './transaction-workflow.client';

type Deps = Pick<AppDeps, 'orm' | 'temporal' | 'config' | 'logger'>;

/**
 * Records the payments of boletos, made either way (bolepix): at the issuer (a liquidation, by
 * its number) or by the boleto's cobv at the company's PSP (a Pix, by its txid). The issuer's
 * webhook, the Pix callback, the reconciliation runs and the expiry step all come here, so
 * whichever reports a payment first settles it and the others find it done:
 * - what settled a payment is written on it once (`gateway_reference`: `boleto:<number>` or
 *   `pix:<end-to-end id>`), so a repeated report settles nothing twice;
 * - the first payment settles it (the workflow's `paymentReceived`, the ledger posting), and the
 *   other way is cancelled: the cobv removed at the PSP, or the boleto's baixa at the issuer;
 * - a payment of both (the buyer paid the two before either cancel landed) keeps the boleto's
 *   money and returns the Pix by devolução, whichever came first: a boleto payment cannot be sent
 *   back on any wire (the payer's account is unknown to the beneficiary), a Pix can, to the
 *   account it came from. The ledger posted the payment once, at the paid amount of the way that
 *   settled it first (settlement.rules `receivedAmount`), and is not touched: a boleto liquidated
 *   for another amount than the Pix it replaces leaves that difference to an operator (docs/ledger.md).
 */

export interface BoletoReceiptReport {
  received: number;
  settled: number;
  alreadySettled: number;
  /** Reports naming no boleto payment of this connection. */
  unknown: number;
  /** Second payments of a boleto already paid the other way: the Pix returned. */
  doubled: number;
  /** Payments for a transaction already finished: a Pix returned, a boleto left to an operator. */
  late: number;
  paid: PaymentReceived[];
}

interface Row {
  id: string;
  transaction_id: string;
  status: string;
  gateway_reference: string | null;
  processor_connection_id: string | null;
  boleto: BoletoArtifact;
}

type Receipt = { via: 'boleto'; number: string; paidAmount: number } | { via: 'pix'; pix: ReceivedPix };

const emptyReport = (received: number): BoletoReceiptReport => ({ received, settled: 0, alreadySettled: 0, unknown: 0, doubled: 0, late: 0, paid: [] });
const referenceOf = (r: Receipt): string => (r.via === 'boleto' ? `boleto:${r.number}` : `pix:${r.pix.endToEndId}`);
const fork = (deps: Deps) => deps.orm.em.fork() as unknown as EntityManager;
const COLUMNS = 'id, transaction_id, status, gateway_reference, processor_connection_id, boleto';

/** Boletos the issuer of `connectionId` reports paid (already read back from it). */
export async function receiveBoletos(deps: Deps, connectionId: string, paid: PaidBoleto[]): Promise<BoletoReceiptReport> {
  const report = emptyReport(paid.length);
  if (paid.length === 0) return report;
  const rows = await fork(deps).execute<Row[]>(
    `select ${COLUMNS} from payments where method = 'boleto' and processor_connection_id = ? and boleto->>'number' = any(array(select jsonb_array_elements_text(?::jsonb)))`,
    [connectionId, JSON.stringify(paid.map((b) => b.number))],
  );
  const byNumber = new Map(rows.map((r) => [r.boleto.number!, r]));
  for (const b of paid) {
    const row = byNumber.get(b.number);
    if (!row) report.unknown++;
    else await settle(deps, row, { via: 'boleto', number: b.number, paidAmount: b.paidAmount }, report);
  }
  return report;
}

/** Pix a PSP reports on `pixConnectionId` whose txid is a boleto payment's cobv; the others are counted `unknown`. */
export async function receiveBolepix(deps: Deps, pixConnectionId: string, pix: ReceivedPix[]): Promise<BoletoReceiptReport> {
  const report = emptyReport(pix.length);
  const ids = pix.map((p) => (p.txid ? paymentIdOfTxid(p.txid) : null));
  const wanted = ids.filter((id): id is string => id !== null);
  const rows = wanted.length
    ? await fork(deps).execute<Row[]>(
      `select ${COLUMNS} from payments where method = 'boleto' and id = any(array(select jsonb_array_elements_text(?::jsonb))) and boleto->'pix'->>'connectionId' = ?`,
      [JSON.stringify(wanted), pixConnectionId],
    )
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const [i, p] of pix.entries()) {
    const row = ids[i] ? byId.get(ids[i]!) : undefined;
    if (!row) report.unknown++;
    else await settle(deps, row, { via: 'pix', pix: p }, report);
  }
  return report;
}

async function settle(deps: Deps, row: Row, r: Receipt, report: BoletoReceiptReport): Promise<void> {
  const reference = referenceOf(r);
  const paidAt = r.via === 'pix' ? r.pix.paidAt : new Date().toISOString();
  if (row.gateway_reference === reference) {
    report.alreadySettled++;
    // A crash between the claim and the signal (or the cancel): finish the job.
    if (row.status === 'waiting_payment') await signal(deps, row, paidAt, report, false);
    await cancelOtherWay(deps, row, r.via);
    return;
  }
  if (row.gateway_reference !== null) {
    report.doubled++;
    await settleDouble(deps, row, r);
    return;
  }
  if (row.status !== 'waiting_payment') {
    report.late++;
    await paidTooLate(deps, row, r);
    return;
  }
  const em = fork(deps);
  const paidAmount = r.via === 'pix' ? r.pix.amount : r.paidAmount;
  const claimed = await em.execute<Array<{ id: string }>>(
    `update payments set gateway_reference = ?, boleto = boleto || ?::jsonb, updated_at = now() where id = ? and gateway_reference is null returning id`,
    [reference, JSON.stringify({ paidVia: r.via, paidAmount }), row.id],
  );
  if (claimed.length === 0) {
    // Another report claimed it between the read and the write: decide again on what it wrote.
    const [again] = await em.execute<Row[]>(`select ${COLUMNS} from payments where id = ?`, [row.id]);
    if (again.gateway_reference !== null) return settle(deps, again, r, report);
    return;
  }
  await signal(deps, row, paidAt, report, true);
  await cancelOtherWay(deps, row, r.via);
}

async function signal(deps: Deps, row: Row, paidAt: string, report: BoletoReceiptReport, now: boolean): Promise<void> {
  if (await signalTransactionWorkflow(deps, row.transaction_id, paymentReceivedSignal, { paymentId: row.id, paidAt })) {
    if (now) report.settled++;
    report.paid.push({ paymentId: row.id, paidAt });
  } else {
    deps.logger.error({ paymentId: row.id }, 'Boleto paid for a finished transaction; an operator returns it to the payer');
  }
}

/** The way not taken is closed: the cobv after a boleto payment, the boleto after a Pix. A payment that lands meanwhile is reported as its own and returned. */
async function cancelOtherWay(deps: Deps, row: Row, via: 'boleto' | 'pix'): Promise<void> {
  const em = fork(deps);
  try {
    if (via === 'boleto' && row.boleto.pix) {
      const rail = await processorsOf(deps).pixById(em, row.boleto.pix.connectionId);
      const charge = await rail?.psp.removeCharge('due_date', row.boleto.pix.txid);
      if (rail && charge?.status === 'CONCLUIDA' && charge.pix.length > 0) await receiveBolepix(deps, rail.connection.id, charge.pix);
    } else if (via === 'pix' && row.boleto.number && row.processor_connection_id) {
      const rail = await processorsOf(deps).boletoById(em, row.processor_connection_id);
      const boleto = await rail?.issuer.cancel(row.boleto.number);
      if (rail && boleto?.status === 'paid') await receiveBoletos(deps, rail.connection.id, [{ number: boleto.number, paidAmount: boleto.paidAmount ?? 0, paidOn: boleto.paidOn ?? '' }]);
    }
  } catch (err) {
    // Left open: a payment that comes later is reported, found doubled and its Pix returned.
    deps.logger.warn({ paymentId: row.id, via, error: err instanceof Error ? err.message : String(err) }, 'Boleto: the other way of payment was not cancelled');
  }
}

/**
 * Both ways were paid. The boleto's money is kept: a Pix that came second is returned; a Pix that
 * settled the payment first is returned when the boleto's liquidation comes, and the payment is
 * then recorded as paid by the boleto (same amount: the ledger does not change).
 */
async function settleDouble(deps: Deps, row: Row, r: Receipt): Promise<void> {
  const em = fork(deps);
  if (r.via === 'pix') {
    await returnPix(deps, row, r.pix);
    return;
  }
  const settledBy = row.gateway_reference!;
  if (!settledBy.startsWith('pix:') || !row.boleto.pix) {
    deps.logger.error({ paymentId: row.id, settledBy }, 'Boleto liquidated for a payment settled otherwise; an operator returns it');
    return;
  }
  const rail = await processorsOf(deps).pixById(em, row.boleto.pix.connectionId);
  const pix = await rail?.psp.getPix(settledBy.slice(4));
  if (!pix) {
    deps.logger.error({ paymentId: row.id, settledBy }, 'Boleto liquidated after a Pix its PSP no longer shows; an operator returns one of them');
    return;
  }
  await returnPix(deps, row, pix);
  if (pix.amount !== r.paidAmount) {
    deps.logger.error({ paymentId: row.id, pixAmount: pix.amount, boletoAmount: r.paidAmount }, 'Boleto liquidated for another amount than the Pix it replaces: the sale may be booked at the Pix amount; an operator checks the sale posting against the boleto');
  }
  await em.execute(`update payments set gateway_reference = ?, boleto = boleto || ?::jsonb, updated_at = now() where id = ? and gateway_reference = ?`, [
    referenceOf(r),
    JSON.stringify({ paidVia: 'boleto', paidAmount: r.paidAmount }),
    row.id,
    settledBy,
  ]);
}

/** A devolução of the whole Pix, its id the Pix's own (D + end-to-end id): asked again, it is the same devolução. */
async function returnPix(deps: Deps, row: Row, pix: ReceivedPix): Promise<void> {
  const rail = row.boleto.pix ? await processorsOf(deps).pixById(fork(deps), row.boleto.pix.connectionId) : null;
  if (!rail) {
    deps.logger.error({ paymentId: row.id, endToEndId: pix.endToEndId }, 'Bolepix paid twice but its Pix connection is gone; an operator returns the Pix');
    return;
  }
  const devolucaoId = `D${pix.endToEndId}`.slice(0, 35);
  await rail.psp.requestRefund({ endToEndId: pix.endToEndId, id: devolucaoId, amount: pix.amount, description: 'Boleto pago duas vezes: Pix devolvido' });
  await fork(deps).execute(`update payments set boleto = boleto || ?::jsonb, updated_at = now() where id = ?`, [
    JSON.stringify({ returnedPix: { endToEndId: pix.endToEndId, devolucaoId, amount: pix.amount } }),
    row.id,
  ]);
  deps.logger.warn({ paymentId: row.id, endToEndId: pix.endToEndId, devolucaoId }, 'Boleto paid both ways: the Pix is returned by devolução');
}

async function paidTooLate(deps: Deps, row: Row, r: Receipt): Promise<void> {
  if (r.via === 'pix') await returnPix(deps, row, r.pix);
  else deps.logger.error({ paymentId: row.id, status: row.status, number: r.number }, 'Boleto liquidated for a payment no longer waiting; an operator returns it to the payer');
}

/**
 * Before a transaction is canceled (expired, canceled by the merchant): each unpaid boleto is
 * cancelled at its issuer and its cobv removed at the PSP. One found paid is recorded as its
 * report would have been, and answered as paid, so the transaction settles instead.
 */
export async function withdrawBoletos(deps: Deps, transactionId: string): Promise<PaymentReceived[]> {
  const em = fork(deps);
  const rows = await em.execute<Row[]>(`select ${COLUMNS} from payments where transaction_id = ? and method = 'boleto' and status = 'waiting_payment' and boleto->>'number' is not null`, [transactionId]);
  const paid: PaymentReceived[] = [];
  for (const row of rows) {
    const rail = row.processor_connection_id ? await processorsOf(deps).boletoById(em, row.processor_connection_id) : null;
    const boleto = await rail?.issuer.cancel(row.boleto.number!);
    if (rail && boleto?.status === 'paid') {
      paid.push(...(await receiveBoletos(deps, rail.connection.id, [{ number: boleto.number, paidAmount: boleto.paidAmount ?? 0, paidOn: boleto.paidOn ?? '' }])).paid);
      continue;
    }
    if (row.boleto.pix) {
      const pixRail = await processorsOf(deps).pixById(em, row.boleto.pix.connectionId);
      const charge = await pixRail?.psp.removeCharge('due_date', row.boleto.pix.txid).catch(() => null);
      if (pixRail && charge?.status === 'CONCLUIDA' && charge.pix.length > 0) paid.push(...(await receiveBolepix(deps, pixRail.connection.id, charge.pix)).paid);
    }
  }
  return paid;
}
