import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { Config } from '../config';
import type { AfterDispatch, EventSubscriber } from '../events/dispatcher';
import type { Event } from '../events/event.entity';
import { chargeDecidedSignal } from '../../workflows/billing/subscription.contract';
import { cancelTransactionSignal } from '../../workflows/payments/transaction.contract';
import { signalTransactionWorkflow } from '../payments/transaction-workflow.client';
import { isMandateCharge, mandateChargeAttempt, mandateChargePaymentIds } from './mandate-charges.rules';
import { recordMandateChargePayment } from './mandate-charges.service';
import { closeSession } from './invoice-bolepix.subscriber';
import { signalSubscription } from './subscription-workflow.client';
import { signalSessionWorkflow } from '../checkout/checkout-session-workflow.client';
import { cancelSessionSignal } from '../../workflows/checkout/checkout-session.contract';

type InvoiceData = { id?: string; attemptCount?: number; lastTransactionId?: string | null };
type TransactionData = { referenceCode?: string; amount?: number; metadata?: Record<string, unknown> };

/** Why a mandate charge still scheduled is cancelled, by the event that closed its invoice. */
const CLOSING: Record<string, string> = { 'invoice.paid': 'invoice_paid', 'invoice.voided': 'invoice_voided', 'subscription.canceled': 'subscription_canceled' };

/**
 * A Pix Automático charge is never collected twice:
 * - an invoice closed another way (paid by its card, payment link, bolepix or the sandbox;
 *   voided; its subscription ended with it uncollectible) cancels every mandate charge of it
 *   still waiting (its transaction's cancel removes the `cobr` at the PSP: `removePixCharges`);
 * - a mandate charge paid anyway (the payer's bank debited it before the cancel reached the PSP,
 *   or another payment won the race) is recorded on the locked invoice
 *   (`recordMandateChargePayment`): it pays an invoice still open, else it is an overpayment
 *   (`invoice.overpaid`) for the merchant to refund, as a second payment by link or bolepix is.
 * Repeats are harmless: a cancelled charge answers as it is, a known payment is left alone.
 */
export function mandateChargeSubscriber(deps: { temporal: Client; config: Config }, dispatchSoon: (eventIds: string[]) => void): EventSubscriber {
  const subscriber: EventSubscriber = {
    name: 'mandate-charges',
    async handle(em, event) {
      return (await subscriber.handleAll!(em, [event]))?.get(event.id);
    },
    /** The closed invoices of a dispatch checked in one statement (a billing run dispatches its invoices together). */
    async handleAll(em, events) {
      const work = new Map<string, AfterDispatch>();
      const closing: Array<{ event: Event; invoices: Array<Required<InvoiceData>> }> = [];
      for (const event of events) {
        if (event.type === 'transaction.paid') {
          const w = await paidAnyway(em, event);
          if (w) work.set(event.id, w);
        } else if (event.type === 'invoice.paid' || event.type === 'invoice.voided') {
          const d = (event.payload as { data?: InvoiceData }).data ?? {};
          if (d.id) closing.push({ event, invoices: [{ id: d.id, attemptCount: d.attemptCount ?? 0, lastTransactionId: d.lastTransactionId ?? null }] });
        } else if (event.type === 'subscription.canceled' && event.entityId) {
          // Its open invoices are voided with it (invoice.voided); the one left uncollectible is not.
          const rows = await em.execute<Array<{ id: string; attempt_count: number }>>(`select id, attempt_count from billing_invoices where subscription_id = ? and status = 'uncollectible'`, [event.entityId]);
          if (rows.length) closing.push({ event, invoices: rows.map((r) => ({ id: r.id, attemptCount: r.attempt_count, lastTransactionId: null })) });
        }
      }
      if (closing.length === 0) return work;
      const ids = closing.flatMap((c) => c.invoices.flatMap((i) => mandateChargePaymentIds(i.id, i.attemptCount)));
      const waiting = await em.execute<Array<{ id: string; transaction_id: string }>>(
        `select id, transaction_id from payments where id = any(array(select jsonb_array_elements_text(?::jsonb))) and status = 'waiting_payment'`,
        [JSON.stringify(ids)],
      );
      const transactionOf = new Map(waiting.map((w) => [w.id, w.transaction_id]));
      for (const { event, invoices } of closing) {
        const cancel = invoices.flatMap((i) => mandateChargePaymentIds(i.id, i.attemptCount).flatMap((p) => transactionOf.get(p) ?? []).filter((t) => t !== i.lastTransactionId));
        if (cancel.length === 0) continue;
        const reason = CLOSING[event.type];
        work.set(event.id, async () => {
          for (const transactionId of cancel) await signalTransactionWorkflow(deps, transactionId, cancelTransactionSignal, { reason });
        });
      }
      return work;
    },
  };

  /** A mandate charge's transaction paid: recorded on its invoice once (paid, or an overpayment). */
  async function paidAnyway(em: EntityManager, event: Event): Promise<AfterDispatch | undefined> {
    const data = (event.payload as { data?: TransactionData }).data ?? {};
    const invoiceId = data.metadata?.invoiceId;
    if (!event.entityId || typeof invoiceId !== 'string' || !isMandateCharge(data.metadata)) return;
    const attempt = mandateChargeAttempt(invoiceId, data.referenceCode);
    if (attempt === null) return;
    const transactionId = event.entityId;
    const outcome = await recordMandateChargePayment(em, invoiceId, attempt, { transactionId, amount: data.amount ?? 0 });
    if (outcome.kind === 'known') return;
    const { invoice } = outcome;
    const session = outcome.kind === 'paid' && invoice.checkoutSessionId ? await closeSession(em, invoice.companyId, invoice.checkoutSessionId, deps.config) : null;
    await em.flush();
    return async () => {
      dispatchSoon([...outcome.events.map((e) => e.id), ...(session ? [session] : [])]);
      if (outcome.kind !== 'paid') return;
      // The workflow waits on this attempt's decision; the invoice already names it, so charge-decisions sends none.
      await signalSubscription(deps.temporal, invoice.subscriptionId, chargeDecidedSignal, { transactionId, paid: true, code: null });
      if (session) await signalSessionWorkflow(deps.temporal, invoice.checkoutSessionId!, (h) => h.signal(cancelSessionSignal));
      if (invoice.bolepix) await signalTransactionWorkflow(deps, invoice.bolepix.transactionId, cancelTransactionSignal, { reason: 'invoice_paid' });
    };
  }

  return subscriber;
}
