import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import type { Company } from '../companies/company.entity';
import { lockRowById } from '../db/row-lock';
import { recordEvent } from '../events/outbox';
import type { EventType } from '../events/catalog';
import type { Event } from '../events/event.entity';
import { conflict, notFound } from '../http/errors';
import { creationPage } from '../http/pagination';
import { Payment } from '../payments/payment.entity';
import { Transaction } from '../payments/transaction.entity';
import { normalizeDocument } from '../shared/documents';
import { newCapabilityId } from '../shared/ids';
import { copyCheckoutContent, type CheckoutContentFields } from './checkout-content.entity';
import { CheckoutLink } from './checkout-link.entity';
import { CheckoutSession, type CheckoutSessionStatus, type SessionCustomer } from './checkout-session.entity';
import { CANCELLABLE_SESSION_STATUSES, sessionStatusFrom, type TxnStatus } from './checkout-session.rules';
import { attemptStates, toPublicSessionView, toSessionView, type SessionState, type SessionUrls } from './checkout-session-views';
import { ensureSessionWorkflow } from './checkout-session-workflow.client';
import { checkItems, checkSplits } from './checkout-content.service';
import { itemsTotal } from './checkout.rules';
import type { CreateChargeInput, CustomerPrefill, ListChargesQuery } from './checkout-sessions.schemas';
import { storedContent } from './checkout-links.service';
import { sessionMandate, subscriptionProgressOf } from './checkout-subscription-progress';
import { subscriptionSessionStatus } from './checkout-subscription.rules';

export { toPublicSessionView, toSessionView };

const MINUTE_MS = 60_000;

export const sessionUrls = (deps: Pick<AppDeps, 'config'>): SessionUrls => ({ publicBase: deps.config.urls.publicBase, checkoutPage: deps.config.urls.checkoutPage });

/** The session's payments and the status of each attempt's transaction. */
export async function loadSessionState(em: EntityManager, session: CheckoutSession): Promise<SessionState> {
  if (session.mode === 'subscription') return { session, payments: [], transactionStatus: {}, mandate: await sessionMandate(em, session) };
  const ids = session.attempts.map((a) => a.transactionId);
  if (ids.length === 0) return { session, payments: [], transactionStatus: {} };
  const [payments, txns] = await Promise.all([
    em.find(Payment, { transactionId: { $in: ids } }, { orderBy: { position: 'asc', id: 'asc' } }),
    em.find(Transaction, { id: { $in: ids } }, { fields: ['id', 'status'] }),
  ]);
  // Attempt by attempt, then in each attempt's order (payment ids are random, not an order).
  payments.sort((a, b) => ids.indexOf(a.transactionId) - ids.indexOf(b.transactionId) || a.position - b.position);
  return { session, payments, transactionStatus: Object.fromEntries(txns.map((t) => [t.id, t.status as TxnStatus])) };
}

/** Records a checkout.session.* event: the session as the merchant sees it (its metadata is the link's, for a link session). */
export async function recordSessionEvent(em: EntityManager, type: EventType, state: SessionState, urls: SessionUrls): Promise<Event> {
  // Flushed first so that the event shows the stored updatedAt.
  await em.flush();
  return recordEvent(em, { companyId: state.session.companyId, type, entityType: 'checkout_session', data: toSessionView(state, urls) });
}

export function customerOf(c: CustomerPrefill | undefined): SessionCustomer | null {
  if (!c || Object.keys(c).length === 0) return null;
  const a = c.address;
  return {
    name: c.name ?? null,
    email: c.email ?? null,
    document: c.document ? normalizeDocument(c.document) : null,
    phone: c.phone ?? null,
    address: a
      ? { street: a.street, number: a.number, complement: a.complement ?? null, neighborhood: a.neighborhood ?? null, city: a.city, state: a.state, zipCode: a.zipCode, country: a.country }
      : null,
  };
}


/** A new session with its content, and checkout.session.created; a subscription session states its own amount (its first invoice). */
export async function insertSession(
  em: EntityManager,
  deps: Pick<AppDeps, 'config'>,
  owner: { companyId: string; tenantId: string },
  content: CheckoutContentFields,
  extra: { linkId: string | null; linkVersion: number | null; customer: SessionCustomer | null } & Partial<Pick<CheckoutSession, 'subscription' | 'customerId' | 'amount'>>,
): Promise<{ session: CheckoutSession; event: Event }> {
  const now = new Date();
  const session = em.create(CheckoutSession, {
    id: newCapabilityId('cs'),
    ...owner,
    ...content,
    amount: itemsTotal(content.items),
    ...extra,
    expiresAt: new Date(now.getTime() + content.expirationMinutes * MINUTE_MS),
    createdAt: now,
    updatedAt: now,
  });
  em.persist(session);
  const event = await recordSessionEvent(em, 'checkout.session.created', { session, payments: [], transactionStatus: {} }, sessionUrls(deps));
  return { session, event };
}

/** Starts the session's workflow and dispatches its events, once the session has committed. */
export function afterSessionCommit(deps: AppDeps, session: CheckoutSession, eventIds: string[]): () => Promise<void> {
  return async () => {
    try {
      await ensureSessionWorkflow(deps.temporal, deps.config.temporal.taskQueue, { sessionId: session.id, expiresAt: session.expiresAt.toISOString() });
    } catch (err) {
      deps.logger.warn({ err, sessionId: session.id }, 'checkout session workflow not reached; the outbox subscriber will start it');
    }
    deps.dispatcher.dispatchSoon(eventIds);
  };
}

/** An active link of the company (or, without a company, anywhere) by id, or by slug; archived or unknown is 404. */
async function findActiveLink(em: EntityManager, company: Company | null | undefined, idOrSlug: string): Promise<CheckoutLink> {
  const scope = company ? { companyId: company.id } : {};
  const byId = await em.findOne(CheckoutLink, { id: idOrSlug, status: 'active', ...scope });
  if (byId) return byId;
  // A slug belongs to one company for good and names at most one of its live links (checkout-links.service).
  const bySlug = await em.findOne(CheckoutLink, { slug: idOrSlug, status: 'active', ...scope });
  if (bySlug) return bySlug;
  throw notFound('Checkout link');
}

/**
 * A buyer's visit to a link: a new, independent session holding a snapshot of the link now
 * (its content and version). Commits on its own (it is called from page GETs), then starts
 * the session's workflow. Archived or unknown links are 404.
 */
export async function startSessionFromLink(
  em: EntityManager,
  deps: AppDeps,
  company: Company | null | undefined,
  linkIdOrSlug: string,
  /** Throws to refuse the visit once the link is known (the public page's per-link limit). */
  admit: (link: CheckoutLink) => Promise<void> | void = () => undefined,
): Promise<CheckoutSession> {
  const { session, event } = await em.transactional(async (tem) => {
    const link = await findActiveLink(tem, company, linkIdOrSlug);
    await admit(link);
    return insertSession(tem, deps, { companyId: link.companyId, tenantId: link.tenantId }, copyCheckoutContent(link), { linkId: link.id, linkVersion: link.version, customer: null });
  });
  await afterSessionCommit(deps, session, [event.id])();
  return session;
}

/** POST /checkout/charges: an ad-hoc session (linkId null) with the same content rules as a link. */
export async function createCharge(em: EntityManager, deps: AppDeps, company: Company, input: CreateChargeInput): Promise<{ session: CheckoutSession; event: Event }> {
  checkItems(input.items);
  await checkSplits(em, company.id, input.splits ?? []);
  return insertSession(
    em,
    deps,
    { companyId: company.id, tenantId: company.tenantId },
    storedContent(input),
    { linkId: null, linkVersion: null, customer: customerOf(input.customer) },
  );
}

/** The company's session (link session or charge), or 404; without a company (the public page) any session by id. */
export async function getSession(em: EntityManager, companyId: string | null, id: string, lock = false): Promise<CheckoutSession> {
  if (lock && !(await lockRowById(em, 'checkout_sessions', id))) throw notFound('Checkout session');
  const session = await em.findOne(CheckoutSession, companyId ? { id, companyId } : { id }, lock ? { refresh: true } : {});
  if (!session) throw notFound('Checkout session');
  return session;
}


export async function listSessions(em: EntityManager, companyId: string, q: ListChargesQuery, only: 'charges' | 'all'): Promise<{ states: SessionState[]; total: number }> {
  const where: Record<string, unknown> = { companyId };
  if (only === 'charges') where.linkId = null;
  else if (q.linkId) where.linkId = q.linkId;
  if (q.status) where.status = { $in: q.status };
  if (q.search) {
    const term = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.$or = [
      { id: q.search },
      { customer: { name: { $ilike: term } } },
      { customer: { email: { $ilike: term } } },
      { customer: { document: { $ilike: `%${normalizeDocument(q.search).replace(/[\\%_]/g, (c) => `\\${c}`)}%` } } },
    ];
  }
  const page = await creationPage(em, CheckoutSession, { companyId }, q, 'desc', 'Checkout session');
  const [found, total] = await em.findAndCount(CheckoutSession, page.where(where), page.options);
  const rows = page.inListOrder(found);
  return { states: await Promise.all(rows.map((s) => loadSessionState(em, s))), total };
}

const notCancellable = (status: string) => conflict('session_not_cancellable', `Only a created, opened or failed session can be canceled; this one is ${status}`);

/** created, opened, failed → canceled (with its event); canceling again answers the session as it is. */
export async function cancelSession(em: EntityManager, companyId: string, id: string, urls: SessionUrls): Promise<{ state: SessionState; event: Event | null }> {
  const session = await getSession(em, companyId, id, true);
  const state = await syncedState(em, session);
  if (session.status === 'canceled') return { state, event: null };
  if (!CANCELLABLE_SESSION_STATUSES.includes(session.status) || session.expiresAt.getTime() <= Date.now()) throw notCancellable(session.expiresAt.getTime() <= Date.now() && session.status !== 'paid' ? 'expired' : session.status);
  session.status = 'canceled';
  session.canceledAt = new Date();
  return { state, event: await recordSessionEvent(em, 'checkout.session.canceled', state, urls) };
}

/** The buyer's page was viewed: created → opened, once (checkout.session.opened). */
export async function openSession(em: EntityManager, id: string, urls: SessionUrls): Promise<{ state: SessionState; event: Event | null }> {
  const session = await getSession(em, null, id, true);
  const state = await loadSessionState(em, session);
  if (session.status !== 'created' || session.expiresAt.getTime() <= Date.now()) return { state, event: null };
  session.status = 'opened';
  session.openedAt = new Date();
  return { state, event: await recordSessionEvent(em, 'checkout.session.opened', state, urls) };
}

const EVENT_OF: Partial<Record<CheckoutSessionStatus, EventType>> = {
  partially_paid: 'checkout.session.partially_paid',
  paid: 'checkout.session.paid',
  failed: 'checkout.session.failed',
};

/** The locked session's state with the status its payments imply applied (no event; see syncSession). */
async function syncedState(em: EntityManager, session: CheckoutSession): Promise<SessionState> {
  const state = await loadSessionState(em, session);
  applyStatus(session, sessionStatusFrom(session.status, attemptStates(state)));
  return state;
}

function applyStatus(session: CheckoutSession, next: CheckoutSessionStatus): boolean {
  if (next === session.status) return false;
  session.status = next;
  if (next === 'paid') session.paidAt = new Date();
  return true;
}

/**
 * Brings the session's status in line with its payments, under a row lock, and records the
 * event of the change (partially_paid, paid, failed) exactly once. Idempotent: called by the
 * workflow on each payment signal and by the confirm route for a current answer.
 */
export async function syncSession(em: EntityManager, sessionId: string, urls: SessionUrls): Promise<{ state: SessionState; events: Event[]; toCancel: string[] }> {
  const session = await getSession(em, null, sessionId, true);
  const state = await loadSessionState(em, session);
  const next = session.mode === 'subscription' ? subscriptionSessionStatus(session.status, await subscriptionProgressOf(em, session)) : sessionStatusFrom(session.status, attemptStates(state));
  const changed = applyStatus(session, next);
  const type = changed ? EVENT_OF[session.status as CheckoutSessionStatus] : undefined;
  // Paid by an attempt the buyer had replaced (a Pix paid just as they switched): any other
  // attempt still open is canceled, so the buyer is not charged twice.
  const toCancel = changed && session.status === 'paid' ? openTransactionIds(state) : [];
  return { state, events: type ? [await recordSessionEvent(em, type, state, urls)] : [], toCancel };
}

const openTransactionIds = (state: SessionState): string[] =>
  Object.entries(state.transactionStatus)
    .filter(([, s]) => s === 'pending' || s === 'waiting_payment')
    .map(([id]) => id);

/**
 * The expiry timer fired: unless paid or canceled meanwhile, the session is expired
 * (checkout.session.expired) and the transactions still open are returned, to be canceled:
 * their Pix/boleto payments are canceled and any approved card of them voided, so a partially
 * paid session never keeps the buyer's money (docs/checkout.md).
 */
export async function expireSession(em: EntityManager, sessionId: string, urls: SessionUrls): Promise<{ status: CheckoutSessionStatus; events: Event[]; openTransactionIds: string[] }> {
  if (!(await lockRowById(em, 'checkout_sessions', sessionId))) return { status: 'expired', events: [], openTransactionIds: [] };
  const { state, events, toCancel } = await syncSession(em, sessionId, urls);
  const session = state.session;
  if (session.status === 'paid' || session.status === 'canceled' || session.status === 'expired') return { status: session.status, events, openTransactionIds: toCancel };
  session.status = 'expired';
  session.expiredAt = new Date();
  events.push(await recordSessionEvent(em, 'checkout.session.expired', state, urls));
  return { status: 'expired', events, openTransactionIds: openTransactionIds(state) };
}
