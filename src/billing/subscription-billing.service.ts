import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import type { Event } from '../events/event.entity';
import type { CollectionResult, IssuedInvoice, PendingCharge } from '../../workflows/billing/subscription.contract';
import { BillingCharger } from './billing-charger';
import { ensureInvoicePaymentLink } from './invoice-payment-link.service';
import { issueCycleInvoice, recordCollection } from './subscription-lifecycle.service';
import { Invoice, Subscription } from './subscription.entity';

type Attempt = { invoiceId: string; attempt: number; at: string };

/**
 * The database side of the subscription workflow's steps. Invoices: a send_invoice one gets its
 * payment link, a charge_automatically one is charged to the saved card through the payments
 * module (never waiting for the card: the decision comes back as a signal), and each attempt is
 * recorded once. Each move is one database transaction with its outbox events, dispatched after
 * commit.
 */
export class SubscriptionBilling {
  private readonly charger: BillingCharger;

  constructor(private readonly deps: AppDeps) {
    this.charger = new BillingCharger(deps);
  }

  private readonly fork = () => this.deps.orm.em.fork() as EntityManager;

  async move<T>(fn: (em: EntityManager) => Promise<{ result: T; events: Event[]; eventIds?: string[] }>): Promise<T> {
    const { result, events, eventIds = [] } = await this.fork().transactional(fn);
    this.deps.dispatcher.dispatchSoon([...events.map((e) => e.id), ...eventIds]);
    return result;
  }

  /** The invoice of a cycle, issued once; a send_invoice one gets its payment link. */
  async issue(subscriptionId: string, input: Parameters<typeof issueCycleInvoice>[2]): Promise<IssuedInvoice> {
    const { sendInvoice, ...issued } = await this.move((em) => issueCycleInvoice(em, subscriptionId, input));
    if (sendInvoice) await this.paymentLink(issued.invoiceId);
    return issued;
  }

  /** Starts one attempt: decided at once (nothing to charge, send_invoice, no card, already recorded), or a card charge pending. */
  async start({ invoiceId, attempt, at }: Attempt): Promise<CollectionResult | PendingCharge> {
    const em = this.fork();
    const invoice = await em.findOneOrFail(Invoice, { id: invoiceId });
    const done = recorded(invoice);
    if (done) return done;
    const sub = await em.findOneOrFail(Subscription, { id: invoice.subscriptionId });
    const { dispatch, ...started } = await this.attempt(invoice, sub, attempt);
    try {
      if ('pending' in started) return started;
      const { charged, ...result } = started;
      return await this.move((tem) => recordCollection(tem, { invoiceId, attempt, at, charged, ...result }));
    } finally {
      dispatch?.();
    }
  }

  /** Records the attempt once its transaction is decided; pending while it is not. */
  async settle({ invoiceId, attempt, at, transactionId }: Attempt & { transactionId: string }): Promise<CollectionResult | PendingCharge> {
    const invoice = await this.fork().findOneOrFail(Invoice, { id: invoiceId });
    const done = recorded(invoice);
    if (done) return done;
    const decision = await this.charger.decisionOf(invoice.companyId, transactionId);
    if (!decision) return { pending: true, transactionId };
    return this.move((tem) => recordCollection(tem, { invoiceId, attempt, at, charged: true, transactionId, ...decision }));
  }

  /** A send_invoice invoice's payment link; one that cannot be made (e.g. no owner recipient) never stops the billing. */
  private async paymentLink(invoiceId: string): Promise<void> {
    try {
      await ensureInvoicePaymentLink(this.deps, invoiceId);
    } catch (err) {
      this.deps.logger.warn({ err, invoiceId }, 'invoice payment link not made; retried when the invoice falls due');
    }
  }

  /**
   * Decides how this attempt is collected: nothing to charge, a send_invoice check, or a card
   * charge (pending until decided), with the dispatch of its events for after it is recorded.
   */
  private async attempt(invoice: Invoice, sub: Subscription, attempt: number): Promise<((CollectionResult & { charged: boolean }) | PendingCharge) & { dispatch?: () => void }> {
    if (invoice.total === 0) return { paid: true, code: null, transactionId: null, charged: false };
    if (sub.collectionMethod === 'send_invoice') {
      // Upfront invoices were issued by the API: their payment link is made when they fall due.
      await this.paymentLink(invoice.id);
      return { paid: false, code: 'unpaid', transactionId: null, charged: false };
    }
    if (!sub.defaultPaymentMethodRef) return { paid: false, code: 'no_payment_method', transactionId: null, charged: false };
    const { transactionId, decision, dispatch } = await this.charger.charge({
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
    return decision ? { ...decision, transactionId, charged: true, dispatch } : { pending: true, transactionId, dispatch };
  }
}

/** The invoice's attempt as already recorded, or null when it is still to be collected. */
function recorded(invoice: Invoice): CollectionResult | null {
  if (invoice.status === 'paid') return { paid: true, code: null, transactionId: invoice.lastTransactionId };
  if (invoice.status === 'void' || invoice.status === 'uncollectible') return { paid: false, code: invoice.status, transactionId: null };
  return null;
}
