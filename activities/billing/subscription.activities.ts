import type { EntityManager } from '@mikro-orm/postgresql';
import type { Event } from '../../src/events/event.entity';
import { Invoice, Subscription } from '../../src/billing/subscription.entity';
import {
  activate,
  advanceCycle,
  endSubscriptionRow,
  issueCycleInvoice,
  recordCollection,
  rescheduleAttempt,
  subscriptionProgress,
} from '../../src/billing/subscription-lifecycle.service';
import type { CollectionResult, PendingCharge, SubscriptionActivities } from '../../workflows/billing/subscription.contract';
import type { ActivityDeps } from '../deps';
import { ensureInvoicePaymentLink } from '../../src/billing/invoice-payment-link.service';
import { PaymentsBillingCharger, type BillingCharger } from './billing-charger';

/**
 * Activities of the subscription workflow (signatures in its contract). Each database move runs
 * in one transaction on a forked EntityManager with its outbox events, dispatched after commit.
 */
export function createSubscriptionActivities(deps: ActivityDeps & { billingCharger?: BillingCharger }): SubscriptionActivities {
  const fork = () => deps.orm.em.fork() as EntityManager;
  const charger =
    deps.billingCharger ?? new PaymentsBillingCharger(fork, deps.temporal, deps.config.temporal.taskQueue, deps.config.urls.publicBase, deps.dispatcher);
  const move = async <T>(fn: (em: EntityManager) => Promise<{ result: T; events: Event[] }>): Promise<T> => {
    const { result, events } = await fork().transactional(fn);
    deps.dispatcher.dispatchSoon(events.map((e) => e.id));
    return result;
  };

  /** A send_invoice invoice's payment link; one that cannot be made (e.g. no owner recipient) never stops the billing. */
  async function paymentLink(invoiceId: string): Promise<void> {
    try {
      await ensureInvoicePaymentLink(deps, invoiceId);
    } catch (err) {
      deps.logger.warn({ err, invoiceId }, 'invoice payment link not made; retried when the invoice falls due');
    }
  }

  /** Decides how this attempt is collected: nothing to charge, a send_invoice check, or a card charge (pending until decided). */
  async function attemptCollection(invoice: Invoice, sub: Subscription, attempt: number): Promise<(CollectionResult & { charged: boolean }) | PendingCharge> {
    if (invoice.total === 0) return { paid: true, code: null, transactionId: null, charged: false };
    if (sub.collectionMethod === 'send_invoice') {
      // Upfront invoices were issued by the API: their payment link is made when they fall due.
      await paymentLink(invoice.id);
      return { paid: false, code: 'unpaid', transactionId: null, charged: false };
    }
    if (!sub.defaultPaymentMethodRef) return { paid: false, code: 'no_payment_method', transactionId: null, charged: false };
    const { transactionId, decision } = await charger.charge({
      companyId: invoice.companyId,
      customerId: invoice.customerId,
      subscriptionId: sub.id,
      invoiceId: invoice.id,
      attempt,
      amount: invoice.total,
      currency: invoice.currency,
      savedCardId: sub.defaultPaymentMethodRef,
      description: `Subscription ${sub.id}, cycle ${invoice.cycle + 1}`,
    });
    return decision ? { ...decision, transactionId, charged: true } : { pending: true, transactionId };
  }

  /** The invoice's attempt as already recorded, or null when it is still to be collected. */
  function recorded(invoice: Invoice): CollectionResult | null {
    if (invoice.status === 'paid') return { paid: true, code: null, transactionId: invoice.lastTransactionId };
    if (invoice.status === 'void' || invoice.status === 'uncollectible') return { paid: false, code: invoice.status, transactionId: null };
    return null;
  }

  async function startInvoiceCollection({ invoiceId, attempt, at }: { invoiceId: string; attempt: number; at: string }): Promise<CollectionResult | PendingCharge> {
    const em = fork();
    const invoice = await em.findOneOrFail(Invoice, { id: invoiceId });
    const done = recorded(invoice);
    if (done) return done;
    const sub = await em.findOneOrFail(Subscription, { id: invoice.subscriptionId });
    const started = await attemptCollection(invoice, sub, attempt);
    if ('pending' in started) return started;
    const { charged, ...result } = started;
    return move((tem) => recordCollection(tem, { invoiceId, attempt, at, charged, ...result }));
  }

  return {
    loadSubscriptionProgress: ({ subscriptionId }) => subscriptionProgress(fork(), subscriptionId),
    activateSubscription: ({ subscriptionId, status }) => move((em) => activate(em, subscriptionId, status)),
    async issueSubscriptionInvoice({ subscriptionId, ...input }) {
      const { issued, sendInvoice } = await move(async (em) => {
        const { result, events } = await issueCycleInvoice(em, subscriptionId, input);
        // From this transaction's identity map, no query: only a send_invoice invoice gets a link,
        // and asking for one costs a transaction of its own (docs/billing.md, benchmark).
        const invoice = await em.findOneOrFail(Invoice, { id: result.invoiceId });
        return { result: { issued: result, sendInvoice: invoice.collectionMethod === 'send_invoice' }, events };
      });
      if (sendInvoice) await paymentLink(issued.invoiceId);
      return issued;
    },
    startInvoiceCollection,
    async settleInvoiceCollection({ invoiceId, attempt, at, transactionId }) {
      const invoice = await fork().findOneOrFail(Invoice, { id: invoiceId });
      const done = recorded(invoice);
      if (done) return done;
      const decision = await charger.decisionOf(invoice.companyId, transactionId);
      if (!decision) return { pending: true, transactionId };
      return move((tem) => recordCollection(tem, { invoiceId, attempt, at, charged: true, transactionId, ...decision }));
    },
    rescheduleInvoice: ({ invoiceId, nextAttemptAt }) => move((em) => rescheduleAttempt(em, invoiceId, nextAttemptAt)),
    advanceSubscriptionCycle: (input) => move((em) => advanceCycle(em, input)),
    endSubscription: (input) => move((em) => endSubscriptionRow(em, input)),
  };
}
