import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import { ApiError } from '../http/errors';
import type { CardRail } from '../processors/processors';
import type { AcquirerChargeback } from './payment-gateway';
import { Payment } from './payment.entity';
import { chargeableAmount, openChargeback, type ChargebackRequest } from './chargeback.service';
import { disputeOfChargeback, openDispute, resolveDispute } from '../disputes/disputes.service';
import { signalDisputeResolved, startDisputeWorkflow } from '../disputes/dispute-workflow.client';

/**
 * The chargebacks an acquirer reports (the sandbox's come the same way: the embedded acquirer
 * notifies as Cielo does), each opened directly: `openChargeback` in its own database
 * transaction, once per chargeback id, its events dispatched after the commit. No workflow: a
 * chargeback can come any time after the sale.
 */

/**
 * The chargeback id of one dispute at one store: derived from the connection, the sale and the
 * acquirer's case number, so a notification sent again (Cielo retries, a reconciliation reads the
 * same sale) names the same chargeback and it is opened once.
 */
export function acquirerChargebackId(connectionId: string, saleReference: string, caseNumber: string): string {
  const digest = createHash('sha256').update(`${connectionId}\n${saleReference}\n${caseNumber}`).digest();
  return `cbk_${BigInt(`0x${digest.subarray(0, 17).toString('hex')}`).toString(32).slice(-26).padStart(26, '0')}`;
}

export interface ChargebackNoticeOutcome {
  /** Chargebacks this notice opened. */
  opened: ChargebackRequest[];
  /** Disputes this notice decided (won or lost at the acquirer). */
  decided: string[];
  /** Why nothing (more) was opened, for the log. */
  ignored: string | null;
}

/**
 * A store's notification that a sale changed: the sale is read back from the acquirer (the
 * notification is not the record: a forged one opens nothing the acquirer does not show), then
 * each of its chargebacks not yet opened in Lastro is opened, up to what is still chargeable of
 * the payment, with its dispute (docs/disputes.md); a chargeback the acquirer lists as won or lost
 * decides its dispute. The sale must belong to a card payment authorized on this very connection. An
 * acquirer that cannot answer is a 503 (the acquirer notifies again).
 */
export async function receiveChargebackNotice(deps: Pick<AppDeps, 'config' | 'dispatcher' | 'temporal'>, em: EntityManager, rail: CardRail, saleReference: string): Promise<ChargebackNoticeOutcome> {
  const sale = await rail.acquirer.sale(saleReference).catch((err: unknown) => {
    throw new ApiError(503, 'processor_unavailable', `The acquirer could not confirm this notification; send it again (${(err as Error).message})`);
  });
  if (!sale) return { opened: [], decided: [], ignored: 'the acquirer has no such sale' };
  if (sale.chargebacks.length === 0) return { opened: [], decided: [], ignored: 'the sale has no chargeback' };
  const payment = sale.idempotencyKey
    ? await em.findOne(Payment, { id: sale.idempotencyKey, method: 'credit_card', processorConnectionId: rail.connection.id, gatewayReference: sale.reference })
    : null;
  if (!payment) return { opened: [], decided: [], ignored: 'no card payment of this connection was authorized as this sale' };
  const known = new Set(payment.chargebacks.map((c) => c.id));
  let open = await chargeableAmount(em, payment);
  const opened: Array<ChargebackRequest & { amount: number }> = [];
  const decided: string[] = [];
  for (const cb of sale.chargebacks) {
    const request = chargebackRequest(rail.connection.id, sale.reference, payment.id, cb, open);
    if (!known.has(request.chargebackId) && request.amount > 0) {
      const eventIds = await em.fork().transactional(async (tem) => {
        const events = await openChargeback(tem as EntityManager, { ...request, transactionId: payment.transactionId }, deps.config.urls.publicBase);
        if (events.length === 0) return [];
        const dispute = await openDispute(tem as EntityManager, {
          companyId: payment.companyId,
          transactionId: payment.transactionId,
          paymentId: payment.id,
          chargebackId: request.chargebackId,
          connectionId: rail.connection.id,
          saleReference: sale.reference,
          caseNumber: cb.caseNumber,
          amount: request.amount,
          currency: payment.currency,
          reason: request.reason,
          acquirerDueDate: cb.dueDate ?? null,
        });
        // Inside the transaction: no workflow, no dispute (the acquirer notifies again).
        if (dispute) await startDisputeWorkflow(deps.temporal, deps.config.temporal.taskQueue, { disputeId: dispute.dispute.id, dueBy: dispute.dispute.dueBy });
        return [...events.map((e) => e.id), ...(dispute?.eventIds ?? [])];
      });
      deps.dispatcher.dispatchSoon(eventIds);
      opened.push(request);
      open -= request.amount;
    }
    // The acquirer's outcome of a dispute (Cielo lists it on the chargeback), booked once.
    if (cb.status === 'won' || cb.status === 'lost') {
      const outcome = cb.status;
      const dispute = await disputeOfChargeback(em, request.chargebackId);
      if (!dispute || dispute.status === 'won' || dispute.status === 'lost') continue;
      const done = await em.fork().transactional((tem) => resolveDispute(tem as EntityManager, dispute.id, outcome));
      if (!done) continue;
      deps.dispatcher.dispatchSoon(done.eventIds);
      await signalDisputeResolved(deps.temporal, dispute.id, outcome);
      decided.push(dispute.id);
    }
  }
  const nothing = opened.length === 0 && decided.length === 0;
  return { opened, decided, ignored: nothing ? 'every chargeback of the sale is opened already (and none newly decided), or nothing is left to charge back' : null };
}

/** The request for one of the acquirer's chargebacks: its amount, at most what is still chargeable; its reason the dispute's reason code (the payment's statusReason). */
function chargebackRequest(connectionId: string, saleReference: string, paymentId: string, cb: AcquirerChargeback, open: number): ChargebackRequest & { amount: number } {
  return {
    chargebackId: acquirerChargebackId(connectionId, saleReference, cb.caseNumber),
    paymentId,
    amount: Math.min(cb.amount, open),
    reason: (cb.reasonCode ?? 'chargeback').slice(0, 64),
  };
}
