import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import { destroyCardCvvSql, openSealedCard, revealCardForAuthorization, revealSavedCards, savedCardKey, type RevealedCard, type SealedCard } from '../cards/card-vault.service';
import type { EventDispatcher } from '../events/dispatcher';
import type { Logger } from '../shared/logger';
import { ApiError } from '../http/errors';
import type { Event } from '../events/event.entity';
import { processorsOf, type CardRail, type Processors } from '../processors/processors';
import { pinCardRails, type PinnedRail } from './card-acquirers.service';
import { OUTBOX_GRACE_MS } from '../../workflows/maintenance/maintenance.contract';
import { authorizeAll, type AuthorizationRequest, type AuthorizationResult, type PaymentGateway } from './payment-gateway';
import type { Payment } from './payment.entity';
import { knowFeeTables, type KnownFeeTables } from './payment-fee.service';
import { settleTransactions } from './settlement.service';
import { runParts } from '../ledger/ledger.service';
import { directTransactional } from '../db/direct-sql-connection';
import { activeTracing } from '../observability/tracing/state';
import { TurnBatches } from '../shared/turn-batches';
import { changesMany, changesWrite, finishUnpaidTransaction, markTransactionWaiting, recordCardOutcome, type Changes } from './transaction-lifecycle.service';
import { loadTransaction, type CreatedTransaction } from './transactions.service';
import type { TransactionAggregate } from './transaction-views';

export interface CardDeciding {
  fork: () => EntityManager;
  /** Where each company's acquirer is found (its card connection, else the deployment default). */
  processors: Processors;
  mode: 'sandbox' | 'production';
  publicBaseUrl: string;
  /** Wraps each acquirer adapter before it is called (deps.wrapCardAcquirer: tests crash a process right after the acquirer charged). */
  wrap?: (acquirer: PaymentGateway) => PaymentGateway;
  /** When given, the decision's events (and each item's `dispatchWith`) are dispatched in the decision's own database transaction (`EventDispatcher.dispatchWithin`). */
  dispatcher?: EventDispatcher;
  logger?: Logger;
}

/** The deciding context of a process: its processors, its mode. */
export const cardDecidingOf = (deps: Pick<AppDeps, 'orm' | 'config' | 'wrapCardAcquirer'>): CardDeciding => ({
  fork: () => deps.orm.em.fork() as unknown as EntityManager,
  processors: processorsOf(deps),
  mode: deps.config.mode,
  publicBaseUrl: deps.config.urls.publicBase,
  wrap: deps.wrapCardAcquirer,
});

/** What a card payment whose company has no acquirer answers: failed, nothing sent anywhere. */
const notConfigured = (err: ApiError): AuthorizationResult => ({ status: 'failed', code: err.code, reference: '', authorizationCode: null });

export interface CardDecision {
  /** The transaction, its payments and splits as the decision left them. */
  aggregate: TransactionAggregate;
  /** Recorded with the decision, to dispatch once it committed (none when it was decided already). */
  events: Event[];
  /** Present when the decision's transaction dispatched its events (`CardDeciding.dispatcher`): call it once, after that commit. */
  dispatched?: () => void;
}

/** A transaction to decide, with what its caller already has of it. */
export interface DecisionItem {
  transactionId: string;
  known?: TransactionAggregate;
  firstAttemptUntil?: number;
  /** The cards its creation claimed in the same call, sealed, by payment id: opened without reading them again. */
  sealed?: Map<string, SealedCard>;
  /** Events committed earlier (its creation's) to dispatch with the decision's, in its transaction (with `CardDeciding.dispatcher`). */
  dispatchWith?: Event[];
  /** The fee tables its creation read in the same call: its settlement books those (`knowFeeTables`). */
  feeTables?: KnownFeeTables;
}

/**
 * Decides a transaction's card payments, the one path whoever runs it: the API right after the
 * transaction committed (so the merchant's answer comes from the database, without waiting on
 * Temporal), the transaction workflow's activity when the API could not (a crash, a gateway
 * error), or a billing run's batch of subscription charges (`decideCardsMany`, of which this is
 * a batch of one).
 *
 * 1. Each pending card is pinned to its company's acquirer store (`pinCardRails`), then authorized
 *    there in order, the first refusal stopping the rest. The card is revealed from the vault
 *    right before its acquirer call and stays in this function's locals; the idempotency key is
 *    the payment id (Cielo's MerchantOrderId). The call that created the transaction sends its
 *    sales at once (`firstAttemptUntil`); every other decider queries the key before any sale,
 *    so deciding again after a crash gets the same answer back instead of a second charge. A
 *    company with no
 *    acquirer fails the card `processor_not_configured` without a call.
 * 2. A refusal voids the cards already approved (idempotent at the acquirer).
 * 3. One database transaction records it all, under the transaction's row locks: the CVVs are
 *    destroyed, each outcome recorded, then the transaction refused/failed, waiting for its
 *    Pix/boleto, or paid and settled (sale postings). Every change is made only from the state
 *    it expects, so two deciders at once (API and workflow) write each change and event once.
 */
export async function decideCards(ctx: CardDeciding, transactionId: string, known?: TransactionAggregate): Promise<CardDecision> {
  const [decided] = await decideCardsMany(ctx, [{ transactionId, known }]);
  if ('error' in decided) throw decided.error;
  return decided;
}

/**
 * `decideCards` for many transactions together, set-based: their saved cards revealed in one
 * statement, each acquirer store asked once per round (`authorizeAll`: the n-th pending card of every
 * transaction whose earlier cards were approved, the stores side by side), and one database transaction for all of them
 * (CVVs destroyed in one statement, the transactions and payments locked in two, the status
 * changes and events written in one flush, the sale postings in one `postMany`). A transaction
 * whose card could not be revealed or authorized answers its error and is left pending (its
 * workflow decides it); the others are decided. Answers in the input's order.
 */
export async function decideCardsMany(ctx: CardDeciding, items: DecisionItem[]): Promise<Array<CardDecision | { error: unknown }>> {
  const befores = await Promise.all(items.map((i) => i.known ?? loadTransaction(ctx.fork(), null, i.transactionId)));
  const results: Array<CardDecision | { error: unknown } | null> = befores.map((b) => (b.transaction.status !== 'pending' ? { aggregate: b, events: [] } : null));

  // Authorizations, one gateway round per card position.
  const deciding = befores.map((agg, n) => ({ agg, n, firstAttemptUntil: items[n].firstAttemptUntil, cards: agg.payments.filter((p) => p.method === 'credit_card' && p.status === 'pending'), outcomes: new Map<string, AuthorizationResult>() }));
  const open = deciding.filter((d) => results[d.n] === null);
  // Every card a decision may call the acquirer for: the pending ones, and the paid ones a refusal voids.
  // One EntityManager for the decision's reads and its transaction: a fork costs more than the statements it runs here.
  const em = ctx.fork();
  const pinned = await pinCardRails(
    em,
    ctx.processors,
    ctx.mode,
    open.flatMap((d) => d.agg.payments.filter((p) => p.method === 'credit_card' && (p.status === 'pending' || p.status === 'paid'))),
  );
  const acquirerNames = new Map<string, string | null>();
  for (let round = 0; ; round++) {
    const due = open.filter((d) => results[d.n] === null && round < d.cards.length && [...d.outcomes.values()].every((r) => r.status === 'approved'));
    if (due.length === 0) break;
    const asked = due.filter((d) => {
      const pin = pinned.get(d.cards[round].id);
      if (!pin || 'rail' in pin) return true;
      if (pin.error instanceof ApiError && pin.error.code === 'processor_not_configured') {
        d.outcomes.set(d.cards[round].id, notConfigured(pin.error));
        acquirerNames.set(d.cards[round].id, null);
      } else results[d.n] = { error: pin.error };
      return false;
    });
    const cards = await revealCards(em, asked.map((d) => ({ agg: d.agg, payment: d.cards[round], sealed: items[d.n].sealed?.get(d.cards[round].id) })));
    const requests = asked.flatMap((d, i) => {
      const card = cards[i];
      if (card.status === 'rejected') {
        results[d.n] = { error: card.reason };
        return [];
      }
      const payment = d.cards[round];
      const { pan, cvv, holder, expMonth, expYear, document } = card.value;
      const rail = (pinned.get(payment.id) as { rail: CardRail }).rail;
      const request: AuthorizationRequest = {
        idempotencyKey: payment.id,
        amount: payment.amount,
        currency: payment.currency,
        installments: payment.installments,
        card: { pan, cvv, holder, expMonth, expYear, document },
        initiator: isMerchantInitiated(d.agg, payment) ? 'merchant' : 'customer',
        firstAttemptUntil: d.firstAttemptUntil,
      };
      return [{ d, rail, request }];
    });
    const answers = await authorizeByRail(requests, ctx.wrap);
    requests.forEach(({ d, rail, request }, i) => {
      const answer = answers[i];
      if (answer.status === 'rejected') results[d.n] = { error: answer.reason };
      else {
        d.outcomes.set(request.idempotencyKey, answer.value);
        acquirerNames.set(request.idempotencyKey, rail.acquirer.name);
      }
    });
  }

  const recording = open.filter((d) => results[d.n] === null);
  const refusals = new Map<number, { refusal: AuthorizationResult; approved: string[] }>();
  for (const d of recording) {
    const refusal = [...d.outcomes.values()].find((r) => r.status !== 'approved');
    if (!refusal) continue;
    const approved = d.agg.payments.filter((p) => p.method === 'credit_card' && (p.status === 'paid' || d.outcomes.get(p.id)?.status === 'approved')).map((p) => p.id);
    refusals.set(d.n, { refusal, approved });
    for (const id of approved) await acquirerOf(railOf(pinned, id), ctx.wrap).void(id);
  }

  if (recording.length > 0) {
    // Written-out statements only (the locks, the changes, the postings, the dispatch): a direct transaction, without the ORM's.
    const recorded = await directTransactional(em, async (em) => {
      for (const d of recording) knowFeeTables(em, items[d.n].feeTables ?? new Map());
      const paymentIds = recording.flatMap((d) => [...d.outcomes.keys()]);
      const ids = recording.map((d) => d.agg.transaction.id);
      // The CVVs destroyed in the statement that locks the rows.
      const destroyCvvs = paymentIds.length > 0 ? { sql: destroyCardCvvSql(paymentIds), params: paymentIds } : undefined;
      // What the dispatch at its end reads (the companies' webhooks) goes in the round trip of the lock.
      ctx.dispatcher?.prefetchWithin(em, [...new Set(recording.map((d) => d.agg.transaction.companyId))]);
      const cs = new Map((await changesMany(em, ids, ctx.publicBaseUrl, new Map(recording.map((d) => [d.agg.transaction.id, d.agg.splits])), destroyCvvs)).map((c) => [c.agg.transaction.id, c]));
      const toSettle: Changes[] = [];
      for (const d of recording) {
        const c = cs.get(d.agg.transaction.id)!;
        if (c.agg.transaction.status !== 'pending') continue;
        for (const [paymentId, result] of d.outcomes) recordCardOutcome(c, paymentId, result, acquirerNames.get(paymentId) ?? null);
        const refused = refusals.get(d.n);
        if (refused) finishUnpaidTransaction(c, { status: refused.refusal.status as 'refused' | 'failed', reason: refused.refusal.code ?? refused.refusal.status, voidedPaymentIds: refused.approved });
        else if (c.agg.payments.some((p) => p.method !== 'credit_card')) markTransactionWaiting(c);
        else toSettle.push(c);
      }
      // The sales' postings with every status change and event in one statement, sent with the
      // COMMIT: each was pending under this lock, so none was posted before. The decisions that settle nothing in one more.
      await settleTransactions(em, toSettle, {}, { replayRuledOut: true });
      await runParts(em, changesWrite([...cs.values()]));
      let dispatched: (() => void) | undefined;
      if (ctx.dispatcher) {
        const events = recording.flatMap((d) => [...(items[d.n].dispatchWith ?? []), ...cs.get(d.agg.transaction.id)!.events]);
        // A subscriber that fails leaves the decision standing: its events go to the dispatch after commit, as without a dispatcher.
        dispatched = await ctx.dispatcher.dispatchWithin(em, events).catch((err: unknown) => {
          ctx.logger?.warn({ err }, 'events not dispatched with the card decision; dispatched after its commit');
          return () => ctx.dispatcher!.dispatchSoon(events.map((e) => e.id), events);
        });
      }
      return recording.map((d, i): CardDecision => {
        const c = cs.get(d.agg.transaction.id)!;
        // One after-commit call for the batch: the first decision carries it.
        return { aggregate: c.agg, events: c.events, ...(dispatched ? { dispatched: i === 0 ? dispatched : () => undefined } : {}) };
      });
    });
    recording.forEach((d, i) => (results[d.n] = recorded[i]));
  }
  return results.map((r) => r!);
}

/** The rail of a pinned card (throws what kept it from having one). */
function railOf(pinned: Map<string, PinnedRail>, paymentId: string): CardRail {
  const pin = pinned.get(paymentId);
  if (!pin) throw new Error(`Card payment ${paymentId} was not pinned to an acquirer`);
  if ('error' in pin) throw pin.error;
  return pin.rail;
}

const acquirerOf = (rail: CardRail, wrap: CardDeciding['wrap']): PaymentGateway => (wrap ? wrap(rail.acquirer) : rail.acquirer);

/** Each store's requests in one `authorizeAll`, the stores side by side; the outcomes in the requests' order. */
async function authorizeByRail(requests: Array<{ rail: CardRail; request: AuthorizationRequest }>, wrap: CardDeciding['wrap']): Promise<Array<PromiseSettledResult<AuthorizationResult>>> {
  const byRail = new Map<CardRail, number[]>();
  requests.forEach(({ rail }, i) => byRail.set(rail, [...(byRail.get(rail) ?? []), i]));
  const out: Array<PromiseSettledResult<AuthorizationResult>> = new Array(requests.length);
  await Promise.all(
    [...byRail].map(async ([rail, at]) => {
      const answers = await authorizeAll(acquirerOf(rail, wrap), at.map((i) => requests[i].request));
      at.forEach((i, k) => (out[i] = answers[k]));
    }),
  );
  return out;
}

/** A subscription's charge on a saved card: the merchant starts it, the buyer is not there (Mastercard's MIT). */
const isMerchantInitiated = (agg: TransactionAggregate, payment: Payment): boolean => agg.transaction.origin === 'subscription' && payment.card !== null && payment.card !== undefined;

/**
 * The cards to authorize, in order. A subscription's charge is merchant-initiated on a saved card
 * (no CVV; the batch's saved cards read in one statement): the vault keeps the card, and its
 * number reaches the acquirer on each charge. Every other card payment uses the card its token
 * bound to it.
 */
async function revealCards(em: EntityManager, asked: Array<{ agg: TransactionAggregate; payment: Payment; sealed?: SealedCard }>): Promise<Array<PromiseSettledResult<RevealedCard>>> {
  const savedRef = (a: { agg: TransactionAggregate; payment: Payment }) => (isMerchantInitiated(a.agg, a.payment) ? { companyId: a.payment.companyId, cardId: a.payment.card!.cardId } : null);
  const refs = asked.map(savedRef).filter((r) => r !== null);
  const saved = refs.length > 0 ? await revealSavedCards(em, refs) : new Map<string, RevealedCard>();
  return Promise.allSettled(
    asked.map(async (a) => {
      const ref = savedRef(a);
      if (!ref) return a.sealed ? openSealedCard(a.sealed) : revealCardForAuthorization(em, { paymentId: a.payment.id });
      const card = saved.get(savedCardKey(ref));
      if (!card) throw new ApiError(404, 'not_found', `No saved card ${ref.cardId}`);
      return card;
    }),
  );
}

/**
 * What follows a transaction's commit in the process that created it (the API, the checkout):
 * its cards decided here, then its events dispatched, which starts its workflow (the
 * transaction.created subscriber; the outbox sweeper after a crash). The answer needs nothing
 * from Temporal. A gateway or database error while deciding leaves the cards pending: the
 * answer says so, and the workflow decides them (with its retries) and sends the webhooks.
 *
 * The creations of one process that commit in the same turn of its event loop (concurrent
 * requests) are decided together (`decideTogether`): their acquirer calls side by side, then one
 * database transaction records every decision, as a billing run's batch does.
 */
export async function decideCreatedTransaction(
  deps: DecidingDeps,
  created: CreatedTransaction,
): Promise<TransactionAggregate> {
  const dispatchSoon = (events: Event[]) => deps.dispatcher.dispatchSoon(events.map((e) => e.id), events);
  if (created.transaction.status !== 'pending') {
    if (created.dispatched) created.dispatched();
    else dispatchSoon(created.events);
    return created;
  }
  const decided = await decideTogether(deps, created);
  if ('error' in decided) {
    deps.logger.warn({ err: decided.error, transactionId: created.transaction.id }, 'cards not decided in the request; the transaction workflow decides them');
    dispatchSoon(created.events);
    return created;
  }
  if (decided.dispatched) decided.dispatched();
  else dispatchSoon([...created.events, ...decided.events]);
  return decided.aggregate;
}

type DecidingDeps = Pick<AppDeps, 'orm' | 'config' | 'dispatcher' | 'logger'>;

/** Decides created transactions in one `decideCardsMany`; an error that fails it is each one's. */
const decideCreations = (deps: DecidingDeps, created: CreatedTransaction[]): Promise<Array<CardDecision | { error: unknown }>> =>
  decideCardsMany({ ...cardDecidingOf(deps), dispatcher: deps.dispatcher, logger: deps.logger }, created.map(decisionItemOf)).catch((err: unknown) => created.map(() => ({ error: err })));

/**
 * The creations of one process (its dispatcher) reaching `decideTogether` in one turn of the
 * event loop, at most 32: one database transaction records their decisions. The first one's
 * deps serve the batch (a process has one).
 */
const decisionBatches = new TurnBatches<{ deps: DecidingDeps; created: CreatedTransaction }, CardDecision | { error: unknown }>(
  async (batch) => (await decideCreations(batch[0].deps, batch.map((b) => b.created))).map((value) => ({ status: 'fulfilled', value })),
  32,
);

/** A creation's decision item: its creation's events go with the decision's, dispatched in the decision's transaction (`dispatchWith`). */
const decisionItemOf = (c: CreatedTransaction): DecisionItem => ({
  transactionId: c.transaction.id,
  known: c,
  firstAttemptUntil: firstAttemptUntil(c),
  sealed: c.sealedCards,
  dispatchWith: c.events,
  feeTables: c.feeTables,
});

/**
 * Decides `created` with the other creations of this process that reach here in the same turn
 * of the event loop (`decisionBatches`): the batch pays one decision's transaction, round trips
 * and commit instead of one each. An error that fails the batch's transaction leaves each of its
 * sales pending (their workflows decide them, asking the acquirer what it answered first):
 * retried here, a sale whose card was charged would be sent again. With tracing on, each
 * creation is decided alone, in its request's trace.
 */
function decideTogether(deps: DecidingDeps, created: CreatedTransaction): Promise<CardDecision | { error: unknown }> {
  return activeTracing() ? decideCreations(deps, [created]).then(([decided]) => decided) : decisionBatches.add(deps.dispatcher, { deps, created });
}

/**
 * `decideCreatedTransaction` without the dispatch: the caller dispatches the returned events
 * (its creation's and its decision's, all committed) once, together with those of other
 * transactions it decided (a billing run's batch of subscription charges), so their dispatch
 * costs one round of statements for the batch instead of one per transaction.
 */
export async function decideCreatedTransactionUndispatched(
  deps: Pick<AppDeps, 'orm' | 'config' | 'logger'>,
  created: TransactionAggregate & { events: Event[] },
): Promise<{ aggregate: TransactionAggregate; events: Event[] }> {
  const [decided] = await decideCreatedTransactionsUndispatched(deps, [created]);
  return decided;
}

/**
 * `decideCreatedTransactionUndispatched` for many created transactions (its one path): their
 * cards decided together by `decideCardsMany`. One whose cards could not be decided stays
 * pending (logged): its workflow decides it.
 */
export async function decideCreatedTransactionsUndispatched(
  deps: Pick<AppDeps, 'orm' | 'config' | 'logger'>,
  created: CreatedTransaction[],
): Promise<Array<{ aggregate: TransactionAggregate; events: Event[] }>> {
  const out = created.map((c) => ({ aggregate: c as TransactionAggregate, events: [...c.events] }));
  const pending = created.map((c, n) => ({ c, n })).filter(({ c }) => c.transaction.status === 'pending');
  if (pending.length === 0) return out;
  const ctx = cardDecidingOf(deps);
  let decided: Array<CardDecision | { error: unknown }>;
  try {
    decided = await decideCardsMany(
      ctx,
      pending.map(({ c }) => ({ ...decisionItemOf(c), dispatchWith: undefined })),
    );
  } catch (err) {
    decided = pending.map(() => ({ error: err }));
  }
  pending.forEach(({ c, n }, i) => {
    const d = decided[i];
    if ('error' in d) {
      deps.logger.warn({ err: d.error, transactionId: c.transaction.id }, 'cards not decided in the request; the transaction workflow decides them');
      return;
    }
    out[n].aggregate = d.aggregate;
    out[n].events.push(...d.events);
  });
  return out;
}

/**
 * Until when the call that created a transaction is the only one that can decide its cards, so its
 * acquirer calls are the first for their keys: the transaction's workflow starts from this call's
 * dispatch (after the decision) or from the outbox sweeper, which takes an event up only
 * OUTBOX_GRACE_MS after it was recorded (half of it kept as a margin). Undefined when the call
 * holds no creation events (it found an earlier creation, whose decider may have charged).
 */
function firstAttemptUntil(created: { events: Event[] }): number | undefined {
  if (created.events.length === 0) return undefined;
  return Math.min(...created.events.map((e) => e.createdAt.getTime())) + OUTBOX_GRACE_MS / 2;
}
