import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Company } from '../companies/company.entity';
import { Customer } from '../customers/customer.entity';
import { newEvent } from '../events/outbox';
import type { Event } from '../events/event.entity';
import type { EventDispatcher } from '../events/dispatcher';
import { ApiError, badRequest, bodyIdNotFound, conflict, notFound } from '../http/errors';
import { creationPage } from '../http/pagination';
import { newCapabilityId, newId } from '../shared/ids';
import { directTransactional, prepared } from '../db/direct-sql-connection';
import { activeTracing } from '../observability/tracing/state';
import { TurnBatches } from '../shared/turn-batches';
import { claimSealedCard, type SealedCard } from '../cards/card-vault.service';
import { addCalendarDays, boletoExpiresAt, brasiliaToday, buildBoletoArtifact } from './artifacts';
import type { CompanyRails } from '../processors/processors';
import { registerBoletos, type RegisteredBoleto } from './boleto-registration.service';
import { openPixCharges, removeOpenedPixCharges, type OpenedPixCharge } from './pix-charges.service';
import { BOLETO_MAX_CENTS } from './boleto.rules';
import { PIX_MAX_CENTS } from './pix.rules';
import { Payment } from './payment.entity';
import { TransactionSplit } from './split.entity';
import { insertTransactions, newPayment, newSplit, newTransaction, paymentOfRow, transactionOfRow } from './transaction-rows';
import { Transaction, type TransactionOrigin } from './transaction.entity';
import { BOLETO_DEFAULT_DUE_DAYS, PIX_EXPIRES_IN, type CreateTransactionInput, type ListTransactionsQuery, type PaymentInput } from './transactions.schemas';
import { toPaymentView, toTransactionView, type TransactionAggregate } from './transaction-views';
import { checkSplits, splitLookups, type CheckedSplit } from './split-check.service';
import { feeTablesRead, type KnownFeeTables } from './payment-fee.service';

export interface CreatedTransaction extends TransactionAggregate {
  events: Event[];
  /** The cards its card payments claimed, by payment id, sealed: their authorization in the same call opens them without reading them again. */
  sealedCards?: Map<string, SealedCard>;
  /** The fee tables its creation's checks read (`PreparedTransaction.feeTables`). */
  feeTables?: KnownFeeTables;
  /** Present when its events were dispatched in its own transaction (`dispatcher`, nothing to decide): call it once, after that commit. */
  dispatched?: () => void;
}

const itemsTotal = (items: CreateTransactionInput['items']): number => items.reduce((a, i) => a + i.quantity * i.amount, 0);

/**
 * A creation's first half, done outside any database transaction: every check a client can fix
 * (400/404/409), then the processors' calls (a Pix payment's charge at the company's PSP), so no
 * pooled connection is held across a processor's round trip. The second half, createTransaction,
 * writes it in the caller's database transaction; `writePrepared` removes what the processors
 * opened when that write fails.
 */
export interface PreparedTransaction {
  input: CreateTransactionInput;
  amount: number;
  splits: CheckedSplit[];
  /** The payments' ids by position, fixed before the processors' calls that name them. */
  paymentIds: string[];
  /** The Pix charges opened at the PSP, by payment position. */
  pix: Map<number, OpenedPixCharge>;
  /** The boletos registered at the issuer (with their bolepix charge), by payment position. */
  boletos: Map<number, RegisteredBoleto>;
  /** The card connection the card payments are pinned to (their processorConnectionId), resolved before anything is written. */
  cardConnectionId: string | null;
  /** The fee tables its checks read: its card decision's settlement, in the same call, books the fee they checked. */
  feeTables: KnownFeeTables;
  /** The cards claimed beside the checks, by payment position, when it was prepared in its write's transaction (`inWrite`). */
  claimed?: Map<number, ClaimedCard>;
  /** Removes the charges opened; never throws (a charge left behind expires at the PSP unseen). */
  discard(): Promise<void>;
}

export async function prepareTransaction(
  em: EntityManager,
  company: Company,
  input: CreateTransactionInput,
  /** `inWrite`: `em` is the write's own transaction (a creation that calls no processor, `callsNoProcessor`): its cards are claimed there, beside the checks. */
  options: { now?: Date; rails: CompanyRails; inWrite?: boolean },
): Promise<PreparedTransaction> {
  const { now = new Date() } = options;
  const amount = itemsTotal(input.items);
  const paid = input.payments.reduce((a, p) => a + p.amount, 0);
  if (amount !== paid) {
    throw badRequest('validation_failed', `payments: the payments sum to ${paid} but the items sum to ${amount}`, [{ path: 'payments', message: `Sum of payments (${paid}) must equal sum of items (${amount})` }]);
  }
  const today = brasiliaToday(now);
  for (const [i, p] of input.payments.entries()) {
    const largest = METHOD_MAX_CENTS[p.paymentMethod];
    if (largest !== undefined && p.amount > largest) {
      const message = `A ${p.paymentMethod} payment is at most ${largest} cents`;
      throw badRequest('validation_failed', `payments[${i}].amount: ${message}`, [{ path: `payments.${i}.amount`, message }]);
    }
    if (p.paymentMethod === 'boleto' && p.boleto?.dueDate !== undefined && p.boleto.dueDate < today) {
      throw badRequest('validation_failed', `payments[${i}].boleto.dueDate: must not be in the past`, [{ path: `payments.${i}.boleto.dueDate`, message: 'Must be today or later (Brasília time)' }]);
    }
  }
  if (input.customerId && !(await em.findOne(Customer, { id: input.customerId, companyId: company.id }, { fields: ['id'] }))) {
    throw bodyIdNotFound('customerId', 'Customer');
  }
  const lookups = splitLookups(em);
  const paymentIds = input.payments.map(() => newCapabilityId('pay'));
  // A company with no acquirer: 409 processor_not_configured before any Pix charge is opened. Its
  // card connection is read beside the split checks (two statements at once), and in the write's
  // transaction the cards' claims too (one round trip with its BEGIN), their errors in that order.
  const [checked, cardRailRead, claims] = await Promise.allSettled([
    checkSplits(em, company.id, input.splits ?? [], amount, input.payments, lookups),
    input.payments.some((p) => p.paymentMethod === 'credit_card') ? options.rails.card() : null,
    options.inWrite ? claimCards(em, company, input, paymentIds) : undefined,
  ]);
  const splits = settled(checked);
  const cardRail = settled(cardRailRead);
  const claimed = settled(claims);

  const pixInputs = input.payments.flatMap((p, position) => {
    if (p.paymentMethod !== 'pix') return [];
    const expiresIn = p.pix?.expiresIn ?? PIX_EXPIRES_IN.default;
    return [{ position, paymentId: paymentIds[position], amount: p.amount, expiresIn, expiresAt: new Date(now.getTime() + expiresIn * 1000) }];
  });
  const boletos = await registerBoletos(em, company, input, paymentIds, now, options.rails);
  const undoBoletos = async (err: unknown): Promise<never> => {
    await boletos.discard();
    throw err;
  };
  const rail = pixInputs.length > 0 ? await options.rails.pix().catch(undoBoletos) : null;
  const opened = rail ? await openPixCharges(rail, pixInputs, company.name).catch(undoBoletos) : [];
  return {
    input,
    amount,
    splits,
    paymentIds,
    pix: new Map(opened.map((charge, i) => [pixInputs[i].position, charge])),
    boletos: boletos.byPosition,
    cardConnectionId: cardRail?.connection.id ?? null,
    feeTables: await feeTablesRead(lookups.fees),
    claimed,
    discard: async () => {
      if (rail) await removeOpenedPixCharges(rail, opened);
      await boletos.discard();
    },
  };
}

const settled = <T>(r: PromiseSettledResult<T>): T => {
  if (r.status === 'rejected') throw r.reason;
  return r.value;
};

/** Whether a creation calls no processor before its write (cards only: a Pix opens its charge, a boleto registers): its preparation may run in its write's transaction. */
const callsNoProcessor = (input: CreateTransactionInput): boolean => input.payments.every((p) => p.paymentMethod === 'credit_card');

/**
 * A creation from its checks to its commit, for a caller with nothing else to write in its
 * transaction (the API, the portal). One that calls no processor (`callsNoProcessor`) is prepared
 * in its write's direct transaction: its checks and its cards' claims go with BEGIN in one round
 * trip, its insert with the COMMIT in a second, shared with the other such creations of the
 * process in the same turn of the event loop (`createTogether`). Any other is prepared first,
 * outside a database transaction, then written (`writePrepared`): a card beside a Pix or boleto
 * in a direct transaction, else in the ORM's (its events are dispatched in it).
 */
export async function prepareAndCreateTransaction(
  em: EntityManager,
  company: Company,
  input: CreateTransactionInput,
  options: { rails: (em: EntityManager) => CompanyRails; publicBaseUrl: string; idempotencyKey?: string | null; origin?: TransactionOrigin; dispatcher: EventDispatcher },
): Promise<CreatedTransaction> {
  const { rails, publicBaseUrl, ...writing } = options;
  const write = (tem: EntityManager, prepared: PreparedTransaction) => createTransaction(tem, company, prepared, publicBaseUrl, writing);
  if (callsNoProcessor(input)) return createTogether(options.dispatcher, { em, company, input, rails, publicBaseUrl, writing });
  const prepared = await prepareTransaction(em, company, input, { rails: rails(em) });
  // A card sale's creation runs written-out statements only (the cards' claims, one insert) and
  // dispatches nothing in it: a direct transaction, without the ORM's (docs/performance.md).
  return writePrepared(prepared, () => (prepared.cardConnectionId ? directTransactional(em, (tem) => write(tem, prepared)) : em.transactional((tem) => write(tem, prepared))));
}

/** A creation that calls no processor, as `createTogether` takes it. */
interface CardsOnlyCreation {
  em: EntityManager;
  company: Company;
  input: CreateTransactionInput;
  rails: (em: EntityManager) => CompanyRails;
  publicBaseUrl: string;
  writing: { idempotencyKey?: string | null; origin?: TransactionOrigin; dispatcher: EventDispatcher };
}

/** Prepares and writes `c` in `tem` (its checks and claims held for the next round trip); `insert` as `createTransaction` takes it. */
const prepareAndWrite = async (tem: EntityManager, c: CardsOnlyCreation, insert?: InsertRows) =>
  createTransaction(tem, c.company, await prepareTransaction(tem, c.company, c.input, { rails: c.rails(tem), inWrite: true }), c.publicBaseUrl, { ...c.writing, insert });

/**
 * Creations of one process (its dispatcher) that call no processor, reaching `createTogether` in
 * one turn of the event loop, written in one direct transaction: every one's checks and claims
 * with BEGIN, all their rows in one insert with the COMMIT. When one of them fails (a check, a
 * token already used, a referenceCode taken), nothing of the batch is written and each is made
 * again alone, to answer its own error: a creation calls nothing outside the database, so making
 * it twice is safe.
 */
const creationBatches = new TurnBatches<CardsOnlyCreation, CreatedTransaction>(async (batch) => {
  if (batch.length === 1) return Promise.allSettled([directTransactional(batch[0].em, (tem) => prepareAndWrite(tem, batch[0]))]);
  try {
    const created = await directTransactional(batch[0].em, async (tem) => {
      const rows: Array<{ aggregate: TransactionAggregate; events: Event[] }> = [];
      const made = await Promise.allSettled(batch.map((c) => prepareAndWrite(tem, c, async (aggregate, events) => void rows.push({ aggregate, events }))));
      if (made.some((m) => m.status === 'rejected')) throw new Error('A creation of the batch failed');
      await insertTransactions(tem, rows.map((r) => r.aggregate), rows.flatMap((r) => r.events), { mapError: (err) => err });
      return made.map((m) => (m as PromiseFulfilledResult<CreatedTransaction>).value);
    });
    return created.map((value) => ({ status: 'fulfilled', value }));
  } catch {
    return Promise.allSettled(batch.map((c) => directTransactional(c.em, (tem) => prepareAndWrite(tem, c))));
  }
}, 32);

/** `c` created with the others of its turn (`creationBatches`); alone, in its request's trace, with tracing on. */
function createTogether(dispatcher: EventDispatcher, c: CardsOnlyCreation): Promise<CreatedTransaction> {
  return activeTracing() ? directTransactional(c.em, (tem) => prepareAndWrite(tem, c)) : creationBatches.add(dispatcher, c);
}

/** Writes a creation's rows and events: by default its own insert (`insertTransactions`); a batch gathers them for one. */
type InsertRows = (aggregate: TransactionAggregate, events: Event[]) => Promise<void>;

/** Runs the write of a prepared transaction; when it fails, what the processors opened is removed before the error goes on. */
export async function writePrepared<T>(prepared: PreparedTransaction, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    await prepared.discard();
    throw err;
  }
}

/**
 * Writes a prepared transaction with its payments and split items in the caller's database
 * transaction and records transaction.created and payment.created (plus waiting_payment for Pix
 * and boleto, which wait from the start). Card tokens are claimed here, in the same transaction:
 * a token is bound to exactly one payment, and a creation that fails later releases nothing
 * because nothing committed.
 */
export async function createTransaction(
  em: EntityManager,
  company: Company,
  prepared: PreparedTransaction,
  publicBaseUrl: string,
  options: { now?: Date; idempotencyKey?: string | null; origin?: TransactionOrigin; dispatcher?: EventDispatcher; insert?: InsertRows } = {},
): Promise<CreatedTransaction> {
  const { now = new Date(), idempotencyKey = null, origin = 'api' } = options;
  const { input, amount } = prepared;
  const hasCard = input.payments.some((p) => p.paymentMethod === 'credit_card');
  const transaction = newTransaction({
    id: newId('txn'),
    companyId: company.id,
    referenceCode: input.referenceCode,
    customerId: input.customerId ?? null,
    status: hasCard ? 'pending' : 'waiting_payment',
    amount,
    items: input.items,
    metadata: input.metadata ?? {},
    idempotencyKey,
    origin,
  });
  const splits = prepared.splits.map((s) => newSplit({ id: newId('spl'), transactionId: transaction.id, ...s }));

  const payments: Payment[] = [];
  const sealedCards = new Map<string, SealedCard>();
  for (const [i, p] of input.payments.entries()) payments.push(await createPayment(em, company, transaction.id, prepared, p, i, now, sealedCards));

  const aggregate = { transaction, payments, splits };
  const events: Event[] = [];
  // Its events carry its creation time: the workflow's first read finds transaction.created by it (`loadTransactionPayments`).
  const at = transaction.createdAt;
  const txnEvent = (type: 'transaction.created' | 'transaction.waiting_payment') =>
    events.push(newEvent({ companyId: company.id, type, entityType: 'transaction', data: toTransactionView(aggregate, publicBaseUrl) }, at));
  txnEvent('transaction.created');
  for (const p of payments) {
    const data = toPaymentView(p, publicBaseUrl);
    events.push(newEvent({ companyId: company.id, type: 'payment.created', entityType: 'payment', data }, at));
    if (p.status === 'waiting_payment') events.push(newEvent({ companyId: company.id, type: 'payment.waiting_payment', entityType: 'payment', data }, at));
  }
  if (transaction.status === 'waiting_payment') txnEvent('transaction.waiting_payment');
  // A referenceCode taken (now or by a concurrent creation): the unique index lets exactly one commit.
  const referenceCodeConflict = (err: unknown) => (err instanceof UniqueConstraintViolationException ? referenceCodeTaken(input.referenceCode) : err);
  const dispatchHere = options.dispatcher !== undefined && !hasCard;
  // The rows and their events in one statement: the transaction's last write unless its events are
  // dispatched in it, so a card sale's direct transaction sends it with the COMMIT (its error read there too).
  const insert = options.insert ?? ((a: TransactionAggregate, e: Event[]) => insertTransactions(em, [a], e, dispatchHere ? undefined : { mapError: referenceCodeConflict }));
  await insert(aggregate, events).catch((err: unknown) => {
    throw referenceCodeConflict(err);
  });
  // Nothing to decide (no card): its events are dispatched in its own transaction, not in one of their own.
  let dispatched: (() => void) | undefined;
  if (dispatchHere) {
    const dispatcher = options.dispatcher!;
    // A subscriber that fails leaves the creation standing: its events go to the dispatch after commit.
    dispatched = await dispatcher.dispatchWithin(em, events).catch(() => () => dispatcher.dispatchSoon(events.map((e) => e.id), events));
  }
  return { ...aggregate, events, sealedCards, feeTables: prepared.feeTables, dispatched };
}

// What a BR Code and a boleto barcode can carry: a larger amount is refused, never a 500.
const METHOD_MAX_CENTS: Partial<Record<PaymentInput['paymentMethod'], number>> = { pix: PIX_MAX_CENTS, boleto: BOLETO_MAX_CENTS };

const referenceCodeTaken = (code: string): ApiError => conflict('reference_code_taken', `A transaction with referenceCode '${code}' already exists`);

async function createPayment(
  em: EntityManager,
  company: Company,
  transactionId: string,
  prepared: PreparedTransaction,
  input: PaymentInput,
  index: number,
  now: Date,
  sealedCards: Map<string, SealedCard>,
): Promise<Payment> {
  const id = prepared.paymentIds[index];
  const base = { id, companyId: company.id, transactionId, position: index, method: input.paymentMethod, amount: input.amount };
  let payment: Payment;
  if (input.paymentMethod === 'credit_card') {
    const cc = input.creditCard!;
    const { summary, sealed } = prepared.claimed?.get(index) ?? (await claimCard(em, company, cc.token, id, index));
    sealedCards.set(id, sealed);
    const { document: _document, ...shown } = summary;
    payment = newPayment({ ...base, installments: cc.installments, capture: true, card: shown, processorConnectionId: prepared.cardConnectionId });
  } else if (input.paymentMethod === 'pix') {
    const { artifact, gateway, processorConnectionId } = prepared.pix.get(index)!;
    payment = newPayment({ ...base, status: 'waiting_payment', expiresAt: new Date(artifact.expiresAt), pix: artifact, gateway, processorConnectionId });
  } else {
    const registered = prepared.boletos.get(index);
    if (registered) {
      const { artifact, expiresAt, gateway, processorConnectionId } = registered;
      payment = newPayment({ ...base, status: 'waiting_payment', boleto: artifact, expiresAt, gateway, processorConnectionId });
      return payment;
    }
    const dueDate = input.boleto?.dueDate ?? addCalendarDays(brasiliaToday(now), BOLETO_DEFAULT_DUE_DAYS);
    const boleto = buildBoletoArtifact({ paymentId: id, amount: input.amount, dueDate, instructions: input.boleto?.instructions ?? null });
    payment = newPayment({ ...base, status: 'waiting_payment', boleto, expiresAt: boletoExpiresAt(dueDate) });
  }
  return payment;
}

type ClaimedCard = Awaited<ReturnType<typeof claimSealedCard>>;

/** Claims the token of the payment at `index` for it; an invalid token answers on its field. */
function claimCard(em: EntityManager, company: Company, tokenId: string, paymentId: string, index: number): Promise<ClaimedCard> {
  return claimSealedCard(em, { companyId: company.id, tokenId, paymentId }).catch((err: unknown) => {
    if (err instanceof ApiError) throw new ApiError(err.status, err.code, `payments[${index}].creditCard.token: ${err.message}`, [{ path: `payments.${index}.creditCard.token`, message: err.message }]);
    throw err;
  });
}

/** Every card payment's claim at once (in a direct transaction, their statements share a round trip), by payment position. */
async function claimCards(em: EntityManager, company: Company, input: CreateTransactionInput, paymentIds: string[]): Promise<Map<number, ClaimedCard>> {
  const cards = input.payments.flatMap((p, index) => (p.paymentMethod === 'credit_card' ? [{ index, token: p.creditCard!.token }] : []));
  const claims = await Promise.all(cards.map(({ index, token }) => claimCard(em, company, token, paymentIds[index], index)));
  return new Map(cards.map(({ index }, i) => [index, claims[i]]));
}

/**
 * The transaction with its payments and splits, scoped to the company (404 otherwise). Split
 * items never change once created, so a caller that has them passes them (`knownSplits`).
 */
export async function loadTransaction(em: EntityManager, companyId: string | null, id: string, lock = false, knownSplits?: TransactionSplit[]): Promise<TransactionAggregate> {
  // Written out and mapped (em.map), not built by find(): this runs for every status change of
  // every payment, and building the query cost more than running it (docs/performance.md).
  const { transaction, payments } = lock ? await lockTransactionRows(em, companyId, id) : await readTransactionRows(em, companyId, id);
  const splits = knownSplits ?? (await em.find(TransactionSplit, { transactionId: id }, { orderBy: { id: 'asc' } }));
  return { transaction, payments, splits };
}

/**
 * The transaction and its payments locked, for a change: the transaction row first, as every
 * writer of its payments locks it, so the payments read after it are those of the same state.
 */
async function lockTransactionRows(em: EntityManager, companyId: string | null, id: string): Promise<Pick<TransactionAggregate, 'transaction' | 'payments'>> {
  const [locked] = await lockTransactionsRows(em, companyId, [id]);
  if (!locked) throw notFound('Transaction');
  return locked;
}

/**
 * Many transactions and their payments locked (`lockTransactionRows`'s one path), in one
 * statement: each transaction row, then its payments, in transaction id order, so two lockers
 * of overlapping sets never wait on each other in a cycle (every transaction has a payment).
 * `alsoRun`, a data-modifying statement of the caller's, runs in the same one (a `with`).
 * Missing ones are left out.
 */
async function lockTransactionsRows(
  em: EntityManager,
  companyId: string | null,
  ids: string[],
  alsoRun?: { sql: string; params: unknown[] },
  map: RowMapping = managedRows(em),
): Promise<Array<Pick<TransactionAggregate, 'transaction' | 'payments'>>> {
  const marks = ids.map(() => '?').join(', ');
  // Every card decision locks its transaction here: prepared once per connection (one text per number of ids and `alsoRun`).
  const rows = await em.execute<Array<{ t: Record<string, unknown>; p: Record<string, unknown> }>>(
    prepared(`${alsoRun ? `with also as (${alsoRun.sql}) ` : ''}select to_jsonb(t) as t, to_jsonb(p) as p
       from transactions t join payments p on p.transaction_id = t.id
      where t.id in (${marks})${companyId ? ' and t.company_id = ?' : ''}
      order by t.id, p.position, p.id for update of t, p`),
    [...(alsoRun?.params ?? []), ...ids, ...(companyId ? [companyId] : [])],
  );
  const byId = new Map<string, Pick<TransactionAggregate, 'transaction' | 'payments'>>();
  for (const r of rows) {
    const id = r.t.id as string;
    if (!byId.has(id)) byId.set(id, { transaction: map.transaction(r.t), payments: [] });
    byId.get(id)!.payments.push(map.payment(r.p));
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** How a read builds its entities from rows: managed by the `em` (its flush writes their changes), or detached. */
interface RowMapping {
  transaction(row: Record<string, unknown>): Transaction;
  payment(row: Record<string, unknown>): Payment;
}
const managedRows = (em: EntityManager): RowMapping => ({ transaction: (r) => em.map(Transaction, r), payment: (r) => em.map(Payment, r) });
const detachedRows: RowMapping = { transaction: transactionOfRow, payment: paymentOfRow };

/**
 * Transactions with their payments and splits, locked for a change (in id order), in the
 * order of `ids`; splits read in one statement unless known. Missing ones are left out.
 * Detached: no unit of work writes their changes (`changesWrite` does).
 */
export async function loadTransactionsLocked(
  em: EntityManager,
  ids: string[],
  knownSplits: Map<string, TransactionSplit[]> = new Map(),
  alsoRun?: { sql: string; params: unknown[] },
): Promise<TransactionAggregate[]> {
  if (ids.length === 0) return [];
  const locked = await lockTransactionsRows(em, null, ids, alsoRun, detachedRows);
  const unknown = locked.map((l) => l.transaction.id).filter((id) => !knownSplits.has(id));
  const read = unknown.length > 0 ? await em.find(TransactionSplit, { transactionId: { $in: unknown } }, { orderBy: { id: 'asc' } }) : [];
  return locked.map((l) => ({ ...l, splits: knownSplits.get(l.transaction.id) ?? read.filter((s) => s.transactionId === l.transaction.id) }));
}

/**
 * The transaction and its payments as one statement sees them: read apart, a change committing
 * between the two reads would show a transaction still paid beside its charged-back payment.
 */
async function readTransactionRows(em: EntityManager, companyId: string | null, id: string, markCreated = false): Promise<Pick<TransactionAggregate, 'transaction' | 'payments'>> {
  const [row] = await em.execute<{ t: Record<string, unknown>; payments: Record<string, unknown>[] }[]>(
    `${markCreated ? MARK_CREATED_SQL : ''}select to_jsonb(t) as t,
            coalesce((select jsonb_agg(to_jsonb(p) order by p.position, p.id) from payments p where p.transaction_id = t.id), '[]'::jsonb) as payments
       from transactions t where t.id = ?${companyId ? ' and t.company_id = ?' : ''}`,
    [...(markCreated ? [id] : []), ...(companyId ? [id, companyId] : [id])],
  );
  if (!row) throw notFound('Transaction');
  return { transaction: em.map(Transaction, row.t), payments: row.payments.map((p) => em.map(Payment, p)) };
}

/**
 * Marks a transaction's transaction.created dispatched, as a `with` part: found through the
 * events' (company, created_at) index, its creation events having the transaction's own
 * creation time. The dispatch that started the workflow leaves the mark to this read
 * (`MARKED_BY_WORK`), so it costs no statement of its own.
 */
const MARK_CREATED_SQL = `with marked as (
  update events e set dispatched_at = now() from transactions c
   where c.id = ? and e.company_id = c.company_id and e.created_at = c.created_at and e.entity_id = c.id
     and e.type = 'transaction.created' and e.dispatched_at is null) `;

/**
 * The transaction and its payments, without its splits: what the workflow plans its steps from,
 * in its first activity. A run the transaction.created dispatch started (its subscribers
 * committed) marks the event dispatched in this read (`markCreated`): that dispatch leaves the
 * mark to it. Any other reader leaves the event alone, or its webhooks would never be created.
 */
export async function loadTransactionPayments(em: EntityManager, id: string, markCreated = false): Promise<Pick<TransactionAggregate, 'transaction' | 'payments'>> {
  return readTransactionRows(em, null, id, markCreated);
}

export async function listTransactions(em: EntityManager, companyId: string, q: ListTransactionsQuery): Promise<{ items: TransactionAggregate[]; total: number }> {
  const where: Record<string, unknown> = { companyId };
  if (q.status) where.status = q.status;
  if (q.referenceCode) where.referenceCode = q.referenceCode;
  if (q.customerId) where.customerId = q.customerId;
  if (q.createdFrom || q.createdTo) {
    where.createdAt = { ...(q.createdFrom ? { $gte: new Date(q.createdFrom) } : {}), ...(q.createdTo ? { $lte: new Date(q.createdTo) } : {}) };
  }
  const page = await creationPage(em, Transaction, { companyId }, q, 'desc', 'Transaction');
  const [found, total] = await em.findAndCount(Transaction, page.where(where), page.options);
  const rows = page.inListOrder(found);
  const ids = rows.map((t) => t.id);
  const payments = ids.length ? await em.find(Payment, { transactionId: { $in: ids } }, { orderBy: { position: 'asc', id: 'asc' } }) : [];
  const splits = ids.length ? await em.find(TransactionSplit, { transactionId: { $in: ids } }, { orderBy: { id: 'asc' } }) : [];
  const items = rows.map((transaction) => ({
    transaction,
    payments: payments.filter((p) => p.transactionId === transaction.id),
    splits: splits.filter((s) => s.transactionId === transaction.id),
  }));
  return { items, total };
}

/**
 * The transaction an earlier attempt of this same request committed: same company, same
 * referenceCode, created under this Idempotency-Key within its retention. The key's claim
 * already proved the body identical (fingerprint), so its answer is that transaction.
 */
export async function findCreatedByIdempotencyKey(em: EntityManager, companyId: string, referenceCode: string, idempotencyKey: string, retentionHours: number): Promise<Transaction | null> {
  const since = new Date(Date.now() - retentionHours * 3_600_000);
  return em.findOne(Transaction, { companyId, referenceCode, idempotencyKey, createdAt: { $gte: since } });
}

/** The payment of the company (404 otherwise). */
export async function getCompanyPayment(em: EntityManager, companyId: string, paymentId: string): Promise<Payment> {
  const payment = await em.findOne(Payment, { id: paymentId, companyId });
  if (!payment) throw notFound('Payment');
  return payment;
}
