import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import { Company, type CompanyRecord } from '../companies/company.entity';
import { Customer } from '../customers/customer.entity';
import { createCustomer } from '../customers/customers.service';
import type { Event } from '../events/event.entity';
import { badRequest, bodyIdNotFound, conflict } from '../http/errors';
import { Coupon } from '../billing/coupon.entity';
import { applyCouponToSubscription } from '../billing/coupons.service';
import { startMandateAuthorization } from '../billing/mandates.service';
import { mandatePeriodOf } from '../billing/mandates.rules';
import { saveCard } from '../billing/saved-cards.service';
import { billedItemOf, cancelSubscription, createSubscription, getSubscription, planItems, sameCadence } from '../billing/subscriptions.service';
import { Mandate } from '../billing/mandates.entity';
import { isFinished } from '../billing/subscription.rules';
import { startSubscriptionWorkflowAfterCommit } from '../billing/subscription-workflow.client';
import { documentKind, normalizeDocument } from '../shared/documents';
import { CheckoutSession, type SessionSubscription } from './checkout-session.entity';
import { buyerProblems, customFieldProblems, type RuleProblem } from './checkout-session.rules';
import type { SessionState } from './checkout-session-views';
import type { ConfirmSessionInput } from './checkout-sessions.schemas';
import { customerOf, getSession, insertSession, loadSessionState, sessionUrls, syncSession } from './checkout-sessions.service';
import { assertLive } from './checkout-confirm.service';
import { sessionMethodOf } from './checkout-subscription-progress';
import { canRetrySubscription, subscriptionAmounts, subscriptionLines } from './checkout-subscription.rules';
import type { SubscriptionPaymentInput } from './checkout-subscription-offer.schemas';
import type { CreateSubscriptionSessionInput } from './checkout-subscriptions.schemas';

/**
 * Checkout sessions in subscription mode: the buyer subscribes to a published plan from the
 * hosted page. The confirmation makes the customer, the subscription (billing's own
 * `createSubscription`, with the session's coupon) and its way of paying: a card saved for the
 * renewals, whose first invoice the subscription's workflow charges, or a Pix Automático mandate
 * by QR, which starts the subscription once the payer approves it. One subscription per session.
 */

const idsOf = (events: Event[]) => events.map((e) => e.id);

const invalid = (problems: RuleProblem[]) => badRequest('validation_failed', `${problems[0].path}: ${problems[0].message}`, problems);

/** The buyer's fields a new customer needs (customers have an email, a CPF/CNPJ and a phone). */
const NEW_CUSTOMER_FIELDS = ['email', 'document', 'phone'] as const;

/** The plan's items as the session shows them, with the checks POST /subscriptions makes (404, 409 plan_not_active, plan_not_priced, 400). */
async function offerOf(em: EntityManager, companyId: string, input: CreateSubscriptionSessionInput) {
  const drafts = await planItems(em, companyId, { planId: input.planId, items: input.items }, input.currency);
  const recurring = drafts.filter((d) => d.recurrence !== null);
  const cadence = recurring[0].recurrence!;
  if (!recurring.every((d) => sameCadence(d.recurrence!, cadence))) {
    throw invalid([{ path: 'items', message: 'The chosen components bill on different cadences; one subscription has one cadence' }]);
  }
  const items = drafts.map(billedItemOf);
  const trialDays = Math.max(0, ...recurring.map((d) => d.trialDays));
  return { items, cadence, trialDays };
}

/** The 409s a Pix Automático session would meet at the buyer's confirmation, told to the merchant now. */
function assertPixAutomaticoFits(currency: string, cadence: Parameters<typeof mandatePeriodOf>[0]): void {
  if (currency !== 'BRL') throw conflict('currency_not_supported', `Pix Automático charges in BRL only; the plan is offered in ${currency}`);
  if (!mandatePeriodOf(cadence)) throw conflict('recurrence_not_supported', "Pix Automático takes weekly, monthly, quarterly, semiannual or annual cycles; the plan's prices bill on another");
}

async function assertCustomer(em: EntityManager, companyId: string, id: string): Promise<void> {
  const customer = await em.findOne(Customer, { id, companyId }, { fields: ['id', 'deletedAt'] });
  if (!customer) throw bodyIdNotFound('customerId', 'Customer');
  if (customer.deletedAt) throw conflict('customer_deleted', 'A deleted customer cannot subscribe');
}

/** POST /checkout/sessions with mode subscription: a session that offers the plan (items chosen, coupon, methods). */
export async function createSubscriptionSession(em: EntityManager, deps: AppDeps, company: Company, input: CreateSubscriptionSessionInput): Promise<{ session: CheckoutSession; event: Event }> {
  const { items, cadence, trialDays } = await offerOf(em, company.id, input);
  const methods = { card: Boolean(input.paymentMethods.card?.enabled), pixAutomatico: Boolean(input.paymentMethods.pixAutomatico?.enabled) };
  if (methods.pixAutomatico) assertPixAutomaticoFits(input.currency, cadence);
  if (input.couponId && !(await em.findOne(Coupon, { id: input.couponId, companyId: company.id }, { fields: ['id'] }))) throw bodyIdNotFound('couponId', 'Coupon');
  if (input.customerId) await assertCustomer(em, company.id, input.customerId);
  const amounts = subscriptionAmounts(items, trialDays);
  const subscription: SessionSubscription = {
    planId: input.planId,
    items: input.items ?? [],
    couponId: input.couponId ?? null,
    methods,
    recurrence: { interval: cadence.interval, unit: cadence.unit },
    trialDays,
    lines: subscriptionLines(items),
    ...amounts,
  };
  return insertSession(
    em,
    deps,
    { companyId: company.id, tenantId: company.tenantId },
    {
      mode: 'subscription',
      currency: input.currency,
      locale: input.locale,
      items: [],
      // The page's card form: one payment, no installments (a subscription's invoices are charged whole).
      paymentMethods: { card: { enabled: methods.card, multipleCards: false, installments: { maxInstallments: 1, freeInstallments: 0, interestRate: 0, interestType: 'compound' } } },
      splits: [],
      branding: input.branding ?? null,
      // An existing customer has them; a new one is made from them.
      requiredFields: input.customerId ? [] : [...NEW_CUSTOMER_FIELDS],
      customFields: input.customFields ?? [],
      successUrl: input.successUrl ?? null,
      cancelUrl: input.cancelUrl ?? null,
      metadata: input.metadata ?? {},
      expirationMinutes: input.expirationMinutes,
    },
    { linkId: null, linkVersion: null, customer: customerOf(input.customer), subscription, customerId: input.customerId ?? null, amount: amounts.amountDueNow },
  );
}

function confirmProblems(session: CheckoutSession, input: ConfirmSessionInput): RuleProblem[] {
  const problems = [...buyerProblems(session.requiredFields, input.customer), ...customFieldProblems(session.customFields, input.customFields ?? {})];
  if (input.payments) problems.push({ path: 'payments', message: 'A subscription session takes paymentMethod, not payments' });
  const method = input.paymentMethod?.method;
  const offered = session.subscription!.methods;
  if (!method) problems.push({ path: 'paymentMethod', message: 'Required' });
  else if ((method === 'credit_card' && !offered.card) || (method === 'pix_automatico' && !offered.pixAutomatico)) problems.push({ path: 'paymentMethod.method', message: 'Not offered by this checkout' });
  // A Pix Automático mandate names its payer by CPF or CNPJ (a passport cannot authorize one).
  if (method === 'pix_automatico' && !session.customerId && input.customer.document && !documentKind(input.customer.document)) {
    problems.push({ path: 'customer.document', message: 'A Pix Automático payer is named by a valid CPF or CNPJ' });
  }
  return problems;
}

/** The buyer as a customer of the company: the merchant's (customerId at creation), or a new one from the buyer's fields. */
async function subscriberOf(em: EntityManager, session: CheckoutSession, buyer: ConfirmSessionInput['customer']): Promise<{ customerId: string; eventIds: string[] }> {
  if (session.customerId) return { customerId: session.customerId, eventIds: [] };
  const kind = documentKind(buyer.document!) ?? 'cpf';
  const { customer, event } = await createCustomer(em, session.companyId, {
    name: buyer.name,
    email: buyer.email!,
    type: kind === 'cnpj' ? 'company' : 'individual',
    document: normalizeDocument(buyer.document!),
    documentType: kind,
    phone: buyer.phone!,
    address: buyer.address ? { ...buyer.address, complement: buyer.address.complement ?? null, neighborhood: buyer.address.neighborhood ?? null } : undefined,
    metadata: { checkoutSessionId: session.id },
  });
  await em.flush();
  return { customerId: customer.id, eventIds: [event.id] };
}

interface Subscribed {
  session: CheckoutSession;
  eventIds: string[];
  /** The subscription made now (its workflow to start), null when the session already had one. */
  started: string | null;
}

/** Under the session's lock: the customer, the card or the mandate, the subscription and its coupon. */
async function subscribe(deps: AppDeps, em: EntityManager, company: CompanyRecord, s: CheckoutSession, input: ConfirmSessionInput, payment: SubscriptionPaymentInput): Promise<Subscribed> {
  const offer = s.subscription!;
  const { customerId, eventIds: customerEvents } = await subscriberOf(em, s, input.customer);
  const card = payment.method === 'credit_card' ? await saveCard(em, s.companyId, { customerId, token: payment.cardToken }) : null;
  if (card) await em.flush();
  const { subscription, eventIds } = await createSubscription(em, s.companyId, {
    customerId,
    planId: offer.planId,
    items: offer.items,
    currency: s.currency,
    collectionMethod: 'charge_automatically',
    defaultPaymentMethodRef: card?.id,
    invoiceGenerationMode: 'just_in_time',
    metadata: { ...s.metadata, checkoutSessionId: s.id },
  });
  const ids = [...customerEvents, ...eventIds];
  if (offer.couponId) ids.push(...(await applyCouponToSubscription(em, s.companyId, subscription.id, offer.couponId)).events.map((e) => e.id));
  // journey `qr`: the subscription is incomplete, so no invoice exists yet for `qr_with_payment` to pay with the mandate.
  const mandate = payment.method === 'pix_automatico' ? await startMandateAuthorization(deps, em, company, subscription.id, { authorization: 'qr' }) : null;
  s.subscriptionId = subscription.id;
  s.customerId = customerId;
  s.mandateId = mandate?.id ?? null;
  s.customer = customerOf(input.customer);
  s.customFieldValues = input.customFields ?? {};
  s.status = 'paying';
  return { session: s, eventIds: ids, started: subscription.id };
}

/**
 * The buyer confirms a subscription session: checks the buyer's fields and the method, then,
 * under the session's row lock, makes the subscription once. A double submit or a retried
 * request finds the session's subscription and answers it (never a second one). A refused or
 * expired mandate lets the buyer authorize a new one for the same subscription.
 */
export async function confirmSubscriptionSession(em: EntityManager, deps: AppDeps, sessionId: string, input: ConfirmSessionInput, admit: () => Promise<void> | void = () => undefined): Promise<SessionState> {
  const urls = sessionUrls(deps);
  const now = new Date();
  const seen = await getSession(em, null, sessionId);
  assertLive(seen, now);
  const problems = confirmProblems(seen, input);
  if (problems.length) throw invalid(problems);
  const payment = input.paymentMethod!;
  const company = (await em.findOneOrFail(Company, { id: seen.companyId })) as CompanyRecord;
  const done = await em.transactional(async (tem): Promise<Subscribed> => {
    const synced = await syncSession(tem, sessionId, urls);
    const s = synced.state.session;
    assertLive(s, now);
    if (s.subscriptionId) {
      if (!canRetrySubscription(s.status, payment.method, sessionMethodOf(s))) {
        if (s.status === 'failed') throw conflict('session_not_payable', 'The first payment of this subscription failed: its invoice is in dunning, which the merchant follows');
        return { session: s, eventIds: idsOf(synced.events), started: null };
      }
      const mandate = await startMandateAuthorization(deps, tem, company, s.subscriptionId, { authorization: 'qr' });
      s.mandateId = mandate.id;
      s.status = 'paying';
      return { session: s, eventIds: idsOf(synced.events), started: null };
    }
    await admit();
    const made = await subscribe(deps, tem, company, s, input, payment);
    return { ...made, eventIds: [...idsOf(synced.events), ...made.eventIds] };
  });
  if (done.started) {
    const started = done.started;
    await startSubscriptionWorkflowAfterCommit(em.fork() as EntityManager, deps.temporal, deps.config.temporal.taskQueue, started).catch((err: unknown) =>
      deps.logger.warn({ err, subscriptionId: started }, 'subscription workflow not reached; the outbox subscriber will start it'),
    );
  }
  deps.dispatcher.dispatchSoon(done.eventIds);
  // A trial starts at once: the session is complete now.
  const after = await em.fork().transactional((tem) => syncSession(tem, sessionId, urls));
  deps.dispatcher.dispatchSoon(after.events.map((e) => e.id));
  return loadSessionState(em.fork(), await getSession(em.fork(), null, sessionId));
}

/** What ending a session's subscription left for after the commit. */
export interface EndedSessionSubscription {
  subscriptionId: string;
  /** Its events (subscription.canceled, invoice.voided): empty when it had ended already. */
  events: Event[];
  /** Canceled now: its workflow, waiting for a way to pay, is told to end. */
  canceled: boolean;
  /** The session's mandate still pending, to cancel at the PSP; null without one. */
  pendingMandateId: string | null;
}

/**
 * A subscription session that ended unpaid (expired, or canceled by the merchant) ends the
 * subscription its confirmation made while it is still `incomplete` (its mandate never approved):
 * canceled as `POST /subscriptions/:id/cancel` cancels one (its unpaid invoices voided,
 * subscription.canceled), with cancellationReason `checkout_session_expired` or
 * `checkout_session_canceled`; the session's mandate still pending is returned, for the PSP to
 * cancel after the commit. A subscription that started (a trial, a card, an approved mandate)
 * is the merchant's and is left alone. Idempotent: a second call finds the subscription ended and
 * only the mandate, if the PSP has not cancelled it yet. null when there is nothing to end.
 */
export async function endUnpaidSessionSubscription(em: EntityManager, sessionId: string, now = new Date()): Promise<EndedSessionSubscription | null> {
  const s = await em.findOne(CheckoutSession, { id: sessionId }, { fields: ['id', 'companyId', 'mode', 'status', 'subscriptionId', 'mandateId'] });
  if (!s || s.mode !== 'subscription' || !s.subscriptionId || (s.status !== 'expired' && s.status !== 'canceled')) return null;
  const sub = await getSubscription(em, s.companyId, s.subscriptionId, true);
  const canceled = sub.status === 'incomplete';
  const events = canceled ? (await cancelSubscription(em, s.companyId, sub.id, 'immediately', now, `checkout_session_${s.status}`)).events : [];
  const mandate = s.mandateId && isFinished(sub.status) ? await em.findOne(Mandate, { id: s.mandateId, status: 'pending' }, { fields: ['id'] }) : null;
  if (!canceled && !mandate) return null;
  return { subscriptionId: sub.id, events, canceled, pendingMandateId: mandate?.id ?? null };
}
