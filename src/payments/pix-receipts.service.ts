import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import { paymentReceivedSignal, type PaymentReceived } from '../../workflows/payments/transaction.contract';
import type { ReceivedPix } from '../processors/pix/pix-psp.port';
import { paymentIdOfTxid } from './pix.rules';
import { receiveBolepix } from './boleto-receipts.service';
import { signalTransactionWorkflow } from './transaction-workflow.client';

/** What one batch of Pix reported by a PSP (a callback, a reconciliation window) came to. */
export interface PixReceiptReport {
  /** Pix in the batch. */
  received: number;
  /** Payments told they were paid now: a waiting payment this batch settles. */
  settled: number;
  /** Pix this connection had already reported (a duplicate, a late or reordered callback). */
  alreadySettled: number;
  /** Pix that name no payment of this connection: a static key, another system's txid, or a charge whose creation never committed. */
  unknown: number;
  /** Pix whose amount is not the charge's, or a second Pix for a payment already paid by another: left for an operator. */
  rejected: number;
  /** Pix that arrived for a transaction already finished (canceled or expired): left for an operator to return. */
  late: number;
  /** The payments this batch told they were paid (settled now, or again after a crash). */
  paid: PaymentReceived[];
}

interface PaymentRow {
  id: string;
  transaction_id: string;
  amount: string | number;
  status: string;
  gateway_reference: string | null;
}

/**
 * Records Pix a PSP reports on one connection and tells each paid payment's transaction workflow,
 * exactly as a buyer's payment always reaches it (`paymentReceived`). The callback route and
 * the reconciliation run both come here, so whichever reports a Pix first settles it and the other
 * finds it done:
 * - the end-to-end id is written on the payment once (`gateway_reference`, unique among Pix
 *   payments), so a duplicate or reordered report settles nothing twice;
 * - the payment must be one this connection opened (a PSP cannot pay another company's charge)
 *   and the amount must be the charge's;
 * - the signal is idempotent (the workflow keeps the first `paidAt` per payment), so a report
 *   repeated after a crash between the write and the signal finishes the job.
 */
export async function receivePix(deps: Pick<AppDeps, 'orm' | 'temporal' | 'config' | 'logger'>, connectionId: string, pix: ReceivedPix[]): Promise<PixReceiptReport> {
  const report: PixReceiptReport = { received: pix.length, settled: 0, alreadySettled: 0, unknown: 0, rejected: 0, late: 0, paid: [] };
  const byPayment = new Map<string, ReceivedPix>();
  for (const p of pix) {
    const paymentId = p.txid ? paymentIdOfTxid(p.txid) : null;
    if (paymentId && !byPayment.has(paymentId)) byPayment.set(paymentId, p);
    else if (paymentId) report.alreadySettled++;
    else report.unknown++;
  }
  if (byPayment.size === 0) return report;

  const em = deps.orm.em.fork() as unknown as EntityManager;
  const rows = await em.execute<PaymentRow[]>(
    `select id, transaction_id, amount, status, gateway_reference from payments
      where id = any(array(select jsonb_array_elements_text(?::jsonb))) and method = 'pix' and processor_connection_id = ?`,
    [JSON.stringify([...byPayment.keys()]), connectionId],
  );
  // Not a Pix payment's cob: perhaps a boleto's cobv (bolepix), settled by the boleto receipts.
  const found = new Set(rows.map((r) => r.id));
  const others = [...byPayment.entries()].filter(([id]) => !found.has(id)).map(([, p]) => p);
  if (others.length > 0) {
    const bolepix = await receiveBolepix(deps, connectionId, others);
    report.unknown += bolepix.unknown;
    report.settled += bolepix.settled;
    report.alreadySettled += bolepix.alreadySettled;
    report.rejected += bolepix.doubled;
    report.late += bolepix.late;
    report.paid.push(...bolepix.paid);
  }

  const toClaim: PaymentRow[] = [];
  const toSignal: PaymentRow[] = [];
  const settling = new Set<string>();
  for (const row of rows) {
    const p = byPayment.get(row.id)!;
    if (row.gateway_reference === p.endToEndId) {
      report.alreadySettled++;
      if (row.status === 'waiting_payment') toSignal.push(row);
    } else if (row.gateway_reference !== null || Number(row.amount) !== p.amount) {
      report.rejected++;
      deps.logger.error({ paymentId: row.id, connectionId, endToEndId: p.endToEndId }, 'Pix not settled: a second Pix for a paid charge, or an amount other than the charge\'s; return it to the payer');
    } else if (row.status !== 'waiting_payment') {
      report.late++;
      deps.logger.error({ paymentId: row.id, connectionId, endToEndId: p.endToEndId, status: row.status }, 'Pix received for a payment no longer waiting; return it to the payer');
    } else {
      toClaim.push(row);
    }
  }
  if (toClaim.length > 0) {
    // Written once: a concurrent report of the same Pix finds it written and signals too (harmless).
    const claimed = await em.execute<{ id: string }[]>(
      `update payments p set gateway_reference = r.e2e, updated_at = now()
         from jsonb_to_recordset(?::jsonb) as r(id text, e2e text)
        where p.id = r.id and p.id = any(array(select jsonb_array_elements_text(?::jsonb))) and p.gateway_reference is null returning p.id`,
      [JSON.stringify(toClaim.map((r) => ({ id: r.id, e2e: byPayment.get(r.id)!.endToEndId }))), JSON.stringify(toClaim.map((r) => r.id))],
    );
    for (const { id } of claimed) settling.add(id);
    // The others were claimed by a concurrent report of the same Pix between the read and the write: it signals them.
    report.alreadySettled += toClaim.length - claimed.length;
    toSignal.push(...toClaim.filter((row) => settling.has(row.id)));
  }
  await Promise.all(
    toSignal.map(async (row) => {
      const paidAt = byPayment.get(row.id)!.paidAt;
      if (await signalTransactionWorkflow(deps, row.transaction_id, paymentReceivedSignal, { paymentId: row.id, paidAt })) {
        if (settling.has(row.id)) report.settled++;
        report.paid.push({ paymentId: row.id, paidAt });
      } else {
        report.late++;
        deps.logger.error({ paymentId: row.id, connectionId }, 'Pix received for a finished transaction; return it to the payer');
      }
    }),
  );
  return report;
}
