import type { Client } from '@temporalio/client';
import type { Config } from '../config';
import type { EventSubscriber } from '../events/dispatcher';
import { invoiceTransactionSubscriber } from '../portal/portal-payments.subscriber';
import { Mandate } from './mandates.entity';
import { isFirstPaymentReference } from './mandates.rules';
import { cancelLiveMandate } from './mandates.service';

type TransactionData = { referenceCode?: string; metadata?: Record<string, unknown> };

/**
 * Pix Automático's journey 3: the Pix of the open invoice the mandate's QR carried is paid
 * (`transaction.paid`, after the usual Pix path: the PSP's callback read back, the ledger's sale)
 * and pays that invoice as its payment link or a portal card would: invoice.paid, the workflow
 * told (`invoicePaid`), its other ways closed; an invoice paid meanwhile by another way records
 * an overpayment. Whether the payer also approved the mandate comes by the `/rec` callback.
 */
export const mandateFirstPaymentSubscriber = (deps: { temporal: Client; config: Config }, dispatchSoon: (eventIds: string[]) => void): EventSubscriber =>
  invoiceTransactionSubscriber('mandate-first-payments', isFirstPaymentReference, deps, dispatchSoon);

/**
 * Journey 3's Pix ended unpaid (`transaction.canceled`: expired after its day, or canceled): the
 * mandate its QR carried would stay pending at the PSP until the PSP expires it, and a new start
 * be 409 mandate_exists meanwhile. It is cancelled at the PSP and ends `canceled` in Lastro
 * (`cancelLiveMandate`), after the dispatch commits; a PSP that fails leaves the event to the
 * outbox sweeper, which asks again.
 */
export const mandateFirstPaymentEndedSubscriber = (deps: { config: Config }, dispatchSoon: (eventIds: string[]) => void): EventSubscriber => ({
  name: 'mandate-first-payment-ended',
  async handle(em, event) {
    if (event.type !== 'transaction.canceled' || !event.entityId) return;
    const data = (event.payload as { data?: TransactionData }).data ?? {};
    const invoiceId = data.metadata?.invoiceId;
    if (typeof invoiceId !== 'string' || !isFirstPaymentReference(invoiceId, data.referenceCode)) return;
    const mandate = await em.findOne(Mandate, { firstTransactionId: event.entityId, status: 'pending' }, { fields: ['id'] });
    if (!mandate) return;
    return async () => {
      const ended = await cancelLiveMandate(deps, em.fork(), mandate.id);
      if (ended?.events.length) dispatchSoon(ended.events.map((e) => e.id));
    };
  },
});

/**
 * A subscription that ends (`subscription.canceled`: by the merchant, at period end, after its
 * last retry, its last cycle, its checkout session unpaid) has no use for its mandate: a pending
 * one is cancelled before the payer approves it, an active one so the payer's bank stops showing
 * an authorization to a merchant who will charge nothing more (`cancelLiveMandate`), after the
 * dispatch commits; a PSP that fails leaves the event to the outbox sweeper, which asks again.
 * Its scheduled charges were cancelled with its open invoices (mandate-charges.subscriber).
 */
export const mandateSubscriptionEndedSubscriber = (deps: { config: Config }, dispatchSoon: (eventIds: string[]) => void): EventSubscriber => ({
  name: 'mandate-subscription-ended',
  async handle(em, event) {
    if (event.type !== 'subscription.canceled' || !event.entityId) return;
    const live = await em.find(Mandate, { subscriptionId: event.entityId, status: { $in: ['pending', 'active'] } }, { fields: ['id'] });
    if (live.length === 0) return;
    return async () => {
      for (const { id } of live) {
        const ended = await cancelLiveMandate(deps, em.fork(), id);
        if (ended?.events.length) dispatchSoon(ended.events.map((e) => e.id));
      }
    };
  },
});
