import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import type { Event } from '../events/event.entity';
import type { CollectionResult, IssuedInvoice, PendingCharge } from '../../workflows/billing/subscription.contract';
import { BillingCharger } from './billing-charger';
import { attemptMethod } from './dunning.rules';
import { issueInvoiceBolepix } from './invoice-bolepix.service';
import { ensureInvoicePaymentLink } from './invoice-payment-link.service';
import { MANDATE_CHARGE_RECHECK_MS, activeMandates, chargeMandate, dueAtFor, paidByMandate, recheckMandateCharges } from './mandate-charges.service';
import { issueCycleInvoice, recordCollection, rescheduleAttempt } from './subscription-lifecycle.service';
import { nextRetryOf } from './dunning.service';
import { Invoice, Subscription } from './subscription.entity';
import { Transaction } from '../payments/transaction.entity';
import { attemptPaymentMethod, type InvoicePaymentMethod } from './invoice-payment.rules';
import { isMandateCharge } from './mandate-charges.rules';

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

  /**
   * The invoice of a cycle, issued once; a send_invoice one gets its payment link. One paid by a
   * mandate is due some days after it is issued and collected from its issue (`collectFrom`): its
   * charge is scheduled at the PSP days before its due day.
   */
  async issue(subscriptionId: string, input: Parameters<typeof issueCycleInvoice>[2]): Promise<IssuedInvoice> {
    const em = this.fork();
    const sub = await em.findOneOrFail(Subscription, { id: subscriptionId }, { fields: ['collectionMethod', 'defaultPaymentMethodRef'] });
    const hasMandate = (await activeMandates(em, [subscriptionId])).has(subscriptionId);
    const dueAt = dueAtFor(sub, hasMandate, input.issuedAt, input.dueAt);
    const { sendInvoice, ...issued } = await this.move((tem) => issueCycleInvoice(tem, subscriptionId, { ...input, dueAt }));
    if (sendInvoice) await this.paymentLink(issued.invoiceId);
    return paidByMandate(sub, hasMandate) && issued.status === 'open' ? { ...issued, collectFrom: input.issuedAt } : issued;
  }

  /** Starts one attempt: decided at once (nothing to charge, send_invoice, no card, already recorded), or a card charge pending. */
  async start({ invoiceId, attempt, at }: Attempt): Promise<CollectionResult | PendingCharge> {
    const em = this.fork();
    const invoice = await em.findOneOrFail(Invoice, { id: invoiceId });
    const done = recorded(invoice);
    if (done) return done;
    const sub = await em.findOneOrFail(Subscription, { id: invoice.subscriptionId });
    const { dispatch, ...started } = await this.attempt(invoice, sub, attempt, at);
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
    if (!decision) {
      // A mandate charge whose report never came: asked at the PSP (its report then wakes the workflow), or ended past its expiry.
      await recheckMandateCharges(this.deps, [transactionId], at);
      return { pending: true, transactionId };
    }
    const method = await this.methodOf(transactionId);
    return this.move((tem) => recordCollection(tem, { invoiceId, attempt, at, charged: true, transactionId, method, ...decision }));
  }

  /** How a charge's transaction was made: a mandate's recurring charge names its mandate. */
  private async methodOf(transactionId: string): Promise<InvoicePaymentMethod> {
    const txn = await this.fork().findOne(Transaction, { id: transactionId }, { fields: ['metadata'] });
    return isMandateCharge(txn?.metadata) ? 'pix_automatico' : 'card';
  }

  /** After a failed attempt: the next one's date on the company's retry schedule (invoice.rescheduled), or null when it is spent. */
  async reschedule({ invoiceId, attempt, dueAt }: { invoiceId: string; attempt: number; dueAt: string }): Promise<string | null> {
    const em = this.fork();
    const { companyId } = await em.findOneOrFail(Invoice, { id: invoiceId }, { fields: ['companyId'] });
    const next = await nextRetryOf(em, { companyId, dueAt }, attempt);
    if (next !== null) await this.move((tem) => rescheduleAttempt(tem, invoiceId, next));
    return next;
  }

  /** A send_invoice invoice's payment link; one that cannot be made (e.g. no owner recipient) never stops the billing. */
  private async paymentLink(invoiceId: string): Promise<void> {
    try {
      await ensureInvoicePaymentLink(this.deps, invoiceId);
    } catch (err) {
      this.deps.logger.warn({ err, invoiceId }, 'invoice payment link not made; retried when the invoice falls due');
    }
  }

  /** Offers the invoice to be paid by hand: its bolepix, else (no boleto issuer, not in BRL) its payment link. True when its bolepix is offered. */
  private async byHand(invoiceId: string, at: string): Promise<boolean> {
    try {
      if (await issueInvoiceBolepix(this.deps, invoiceId, new Date(at))) return true;
    } catch (err) {
      this.deps.logger.warn({ err, invoiceId }, 'invoice bolepix not issued; its payment link is offered');
    }
    await this.paymentLink(invoiceId);
    return false;
  }

  /**
   * Decides how this attempt is collected (`attemptMethod`: the card, the mandate, or by hand)
   * and starts it: nothing to charge, a send_invoice check, a card or mandate charge (pending
   * until decided), with the dispatch of its events for after it is recorded.
   */
  private async attempt(invoice: Invoice, sub: Subscription, attempt: number, at: string): Promise<((CollectionResult & { charged: boolean; method?: InvoicePaymentMethod }) | PendingCharge) & { dispatch?: () => void }> {
    if (invoice.total === 0) return { paid: true, code: null, transactionId: null, charged: false };
    if (sub.collectionMethod === 'send_invoice') {
      // Upfront invoices were issued by the API: their payment link is made when they fall due.
      await this.paymentLink(invoice.id);
      return { paid: false, code: 'unpaid', transactionId: null, charged: false };
    }
    const mandate = (await activeMandates(this.fork(), [sub.id])).get(sub.id);
    const method = attemptMethod(attempt, { hasCard: sub.defaultPaymentMethodRef !== null, hasMandate: mandate !== undefined });
    const description = `Subscription ${sub.id}, cycle ${invoice.cycle + 1}`;
    if (method === 'none') return { paid: false, code: 'no_payment_method', transactionId: null, charged: false };
    if (method === 'by_hand') {
      const bolepix = await this.byHand(invoice.id, at);
      return { paid: false, code: 'awaiting_payment', transactionId: null, charged: true, method: attemptPaymentMethod(method, bolepix) };
    }
    if (method === 'mandate') {
      const made = await chargeMandate(this.deps, mandate!, {
        companyId: invoice.companyId,
        customerId: invoice.customerId,
        subscriptionId: sub.id,
        invoiceId: invoice.id,
        attempt,
        amount: invoice.total,
        dueAt: invoice.dueAt.toISOString(),
        description,
        at,
      });
      if ('refused' in made) return { paid: false, code: made.refused, transactionId: null, charged: true, method: 'pix_automatico' };
      const decision = await this.charger.decisionOf(invoice.companyId, made.transactionId);
      return decision ? { ...decision, transactionId: made.transactionId, charged: true, method: 'pix_automatico' } : { pending: true, transactionId: made.transactionId, recheckAfterMs: MANDATE_CHARGE_RECHECK_MS };
    }
    const { transactionId, decision, dispatch } = await this.charger.charge({
      companyId: invoice.companyId,
      customerId: invoice.customerId,
      subscriptionId: sub.id,
      invoiceId: invoice.id,
      attempt,
      amount: invoice.total,
      currency: invoice.currency,
      savedCardId: sub.defaultPaymentMethodRef!,
      description,
    });
    return decision ? { ...decision, transactionId, charged: true, method: 'card', dispatch } : { pending: true, transactionId, dispatch };
  }
}

/** The invoice's attempt as already recorded, or null when it is still to be collected. */
function recorded(invoice: Invoice): CollectionResult | null {
  if (invoice.status === 'paid') return { paid: true, code: null, transactionId: invoice.lastTransactionId };
  if (invoice.status === 'void' || invoice.status === 'uncollectible') return { paid: false, code: invoice.status, transactionId: null };
  return null;
}
