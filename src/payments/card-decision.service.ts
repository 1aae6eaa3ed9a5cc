import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import { destroyCardCvv, revealCardForAuthorization, revealSavedCard } from '../cards/card-vault.service';
import type { Event } from '../events/event.entity';
import type { AuthorizationResult, PaymentGateway } from './payment-gateway';
import type { Payment } from './payment.entity';
import { paymentGatewayOf } from './sandbox-gateway';
import { settleTransaction, type ScheduledRelease } from './settlement.service';
import { changes, finishUnpaidTransaction, markTransactionWaiting, recordCardOutcome } from './transaction-lifecycle.service';
import { loadTransaction } from './transactions.service';
import type { TransactionAggregate } from './transaction-views';

export interface CardDeciding {
  fork: () => EntityManager;
  gateway: PaymentGateway;
  publicBaseUrl: string;
}

export interface CardDecision {
  /** The transaction, its payments and splits as the decision left them. */
  aggregate: TransactionAggregate;
  /** Paid now: the releases its sale postings scheduled. */
  releases: ScheduledRelease[];
  /** Recorded with the decision, to dispatch once it committed (none when it was decided already). */
  events: Event[];
}

/**
 * Decides a transaction's card payments, the one path whoever runs it: the API right after the
 * transaction committed (so the merchant's answer comes from the database, without waiting on
 * Temporal), or the transaction workflow's activity when the API could not (a crash, a gateway
 * error, a charge created by the billing worker).
 *
 * 1. Each pending card is authorized in order, the first refusal stopping the rest. The card is
 *    revealed from the vault right before its gateway call and stays in this function's locals;
 *    the gateway's idempotency key is the payment id, so deciding again after a crash gets the
 *    same answer back instead of a second charge.
 * 2. A refusal voids the cards already approved (idempotent at the gateway).
 * 3. One database transaction records it all, under the transaction's row locks: the CVVs are
 *    destroyed, each outcome recorded, then the transaction refused/failed, waiting for its
 *    Pix/boleto, or paid and settled (sale postings). Every change is made only from the state
 *    it expects, so two deciders at once (API and workflow) write each change and event once.
 */
export async function decideCards(ctx: CardDeciding, transactionId: string, known?: TransactionAggregate): Promise<CardDecision> {
  const before = known ?? (await loadTransaction(ctx.fork(), null, transactionId));
  if (before.transaction.status !== 'pending') return { aggregate: before, releases: [], events: [] };

  const outcomes = new Map<string, AuthorizationResult>();
  for (const card of before.payments.filter((p) => p.method === 'credit_card' && p.status === 'pending')) {
    const result = await authorize(ctx, before, card);
    outcomes.set(card.id, result);
    if (result.status !== 'approved') break;
  }
  const refusal = [...outcomes.values()].find((r) => r.status !== 'approved');
  const approved = refusal
    ? before.payments.filter((p) => p.method === 'credit_card' && (p.status === 'paid' || outcomes.get(p.id)?.status === 'approved')).map((p) => p.id)
    : [];
  for (const id of approved) await ctx.gateway.void(id);

  return ctx.fork().transactional(async (em) => {
    if (outcomes.size > 0) await destroyCardCvv(em, { paymentIds: [...outcomes.keys()] });
    const c = await changes(em, transactionId, ctx.publicBaseUrl, before.splits);
    if (c.agg.transaction.status !== 'pending') return { aggregate: c.agg, releases: [], events: [] };
    for (const [paymentId, result] of outcomes) recordCardOutcome(c, paymentId, result, ctx.gateway.name);
    let releases: ScheduledRelease[] = [];
    if (refusal) finishUnpaidTransaction(c, { status: refusal.status as 'refused' | 'failed', reason: refusal.code ?? refusal.status, voidedPaymentIds: approved });
    else if (c.agg.payments.some((p) => p.method !== 'credit_card')) markTransactionWaiting(c);
    else releases = await settleTransaction(em, c, {});
    return { aggregate: c.agg, releases, events: c.events };
  });
}

/**
 * One gateway call. A subscription's charge is merchant-initiated on a saved card (no CVV);
 * every other card payment uses the card its token bound to it.
 */
async function authorize(ctx: CardDeciding, agg: TransactionAggregate, payment: Payment): Promise<AuthorizationResult> {
  const em = ctx.fork();
  const card =
    agg.transaction.origin === 'subscription' && payment.card
      ? await revealSavedCard(em, { companyId: payment.companyId, cardId: payment.card.cardId })
      : await revealCardForAuthorization(em, { paymentId: payment.id });
  return ctx.gateway.authorize({
    idempotencyKey: payment.id,
    amount: payment.amount,
    currency: payment.currency,
    installments: payment.installments,
    card: { pan: card.pan, cvv: card.cvv, holder: card.holder, expMonth: card.expMonth, expYear: card.expYear, document: card.document },
  });
}

/**
 * What follows a transaction's commit in the process that created it (the API, the checkout):
 * its cards decided here, then its events dispatched, which starts its workflow (the
 * transaction.created subscriber; the outbox sweeper after a crash). The answer needs nothing
 * from Temporal. A gateway or database error while deciding leaves the cards pending: the
 * answer says so, and the workflow decides them (with its retries) and sends the webhooks.
 */
export async function decideCreatedTransaction(
  deps: Pick<AppDeps, 'orm' | 'config' | 'dispatcher' | 'logger' | 'paymentGateway'>,
  created: TransactionAggregate & { events: Event[] },
): Promise<TransactionAggregate> {
  const { aggregate, events } = await decideCreatedTransactionUndispatched(deps, created);
  deps.dispatcher.dispatchSoon(events.map((e) => e.id), events);
  return aggregate;
}

/**
 * `decideCreatedTransaction` without the dispatch: the caller dispatches the returned events
 * (its creation's and its decision's, all committed) once, together with those of other
 * transactions it decided (a billing run's batch of subscription charges), so their dispatch
 * costs one round of statements for the batch instead of one per transaction.
 */
export async function decideCreatedTransactionUndispatched(
  deps: Pick<AppDeps, 'orm' | 'config' | 'logger' | 'paymentGateway'>,
  created: TransactionAggregate & { events: Event[] },
): Promise<{ aggregate: TransactionAggregate; events: Event[] }> {
  let aggregate: TransactionAggregate = created;
  const events = [...created.events];
  if (created.transaction.status === 'pending') {
    const ctx = { fork: () => deps.orm.em.fork() as unknown as EntityManager, gateway: paymentGatewayOf(deps), publicBaseUrl: deps.config.urls.publicBase };
    try {
      const decided = await decideCards(ctx, created.transaction.id, created);
      aggregate = decided.aggregate;
      events.push(...decided.events);
    } catch (err) {
      deps.logger.warn({ err, transactionId: created.transaction.id }, 'cards not decided in the request; the transaction workflow decides them');
    }
  }
  return { aggregate, events };
}
