import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict, notFound } from '../http/errors';
import { newId } from '../shared/ids';
import { executeWithNext, prepared } from '../db/direct-sql-connection';
import { assertCents } from '../shared/money';
import { foldBalances, lockBalances } from './balance-fold';
import type { PlatformBucket, WalletBucket } from './ledger.entity';
import { applyLines, debitedAccounts, overdrawnLine, postingProblem, reversalType, type PostingSource, type StatementType } from './ledger.rules';

/**
 * The posting API: every money movement of every module goes through `post` (or one of the
 * helpers below, which build its lines). Guarantees:
 *
 * - Double entry: lines sum to zero per currency (checked here, and by the database at the entries' insert).
 * - Idempotency: a posting is made once per `key` (retried activities post again safely,
 *   concurrent ones too: the key's unique index makes the later one a replay).
 * - No negative wallet bucket, under any concurrency: the wallet accounts a posting takes money
 *   from are locked in id order (so two postings never deadlock) and folded (balance-fold.ts),
 *   the new balances are checked (409 `insufficient_balance`), and a CHECK constraint on the
 *   folded rows backs it up. Credits lock nothing: a sale costs its two inserts.
 * - Immutability: corrections are reversing postings (`reversePosting`), never edits.
 * - Tenancy: a wallet line names a recipient; the wallet is that recipient's wallet of the
 *   posting's company (`companyId`, required for any wallet line). The company is the
 *   posting's, not each line's, so one posting can never move money between two companies'
 *   wallets; a database trigger refuses an entry whose wallet is not its posting's company's.
 *
 * Call it inside the caller's transaction (a route's `em`, an activity's `transactional`) so
 * the posting commits together with the change that caused it; outside one it opens its own.
 */

export type AccountRef =
  | { recipientId: string; bucket: WalletBucket; currency: string }
  | { platform: PlatformBucket; currency: string };

export interface PostingLine {
  account: AccountRef;
  /** Signed integer cents: positive credits the account, negative debits it. */
  amount: number;
  type: StatementType;
  /** Shown in the recipient's statement; moves between a wallet's own buckets are not. */
  inStatement: boolean;
  releaseAt?: string | null;
}

export interface PostingInput {
  /** Unique per movement, e.g. `sale:pay_…:1`; a repeat returns the first posting. */
  key: string;
  kind: string;
  companyId?: string | null;
  source: PostingSource;
  sourceId?: string | null;
  description?: string | null;
  reversesPostingId?: string | null;
  releasesPostingId?: string | null;
  lines: PostingLine[];
}

export interface PostingResult {
  postingId: string;
  /** True when the key had already been posted (nothing new was written). */
  replayed: boolean;
}

const PLATFORM_OWNER = 'platform';

async function inTransaction<T>(em: EntityManager, fn: (em: EntityManager) => Promise<T>): Promise<T> {
  return em.isInTransaction() ? fn(em) : em.transactional(fn);
}

/**
 * Account and wallet ids known to be committed, per database connection: rows are never
 * deleted, so a posting need not ensure them again (the hot path of every sale). Only ids this
 * transaction did not insert are kept: an insert of ours may still roll back.
 */
interface KnownAccounts {
  platform: Map<string, string>;
  wallets: Map<string, { walletId: string; buckets: Record<string, string> }>;
}
const knownByConnection = new WeakMap<object, KnownAccounts>();
/** Keys whose rows the current database transaction inserted: not committed yet, so not known. */
const insertedInTransaction = new WeakMap<object, Set<string>>();

function insertedHere(em: EntityManager): Set<string> {
  const trx = (em.getTransactionContext() ?? em) as object;
  let keys = insertedInTransaction.get(trx);
  if (!keys) insertedInTransaction.set(trx, (keys = new Set()));
  return keys;
}

function knownAccounts(em: EntityManager): KnownAccounts {
  const connection = em.getConnection();
  let known = knownByConnection.get(connection);
  if (!known) knownByConnection.set(connection, (known = { platform: new Map(), wallets: new Map() }));
  return known;
}

/** The company's physical wallet (wlt_) for the recipient in a currency and its three bucket accounts, created when first needed. */
async function walletAccounts(em: EntityManager, companyId: string, recipientId: string, currency: string): Promise<{ walletId: string; buckets: Record<string, string> }> {
  const known = knownAccounts(em).wallets;
  const key = `${companyId}:${recipientId}:${currency}`;
  const cached = known.get(key);
  if (cached) return cached;
  const created = await em.execute<{ id: string }[]>(
    `insert into wallets (id, created_at, updated_at, company_id, recipient_id, currency) values (?, now(), now(), ?, ?, ?)
     on conflict (company_id, recipient_id, currency) do nothing returning id`,
    [newId('wlt'), companyId, recipientId, currency],
  );
  const [wallet] = created.length > 0 ? created : await em.execute<{ id: string }[]>(`select id from wallets where company_id = ? and recipient_id = ? and currency = ?`, [companyId, recipientId, currency]);
  let inserted = created.length > 0;
  for (const bucket of ['pending', 'available', 'blocked']) {
    const account = await em.execute<{ id: string }[]>(
      `insert into ledger_accounts (id, created_at, owner_type, owner_id, wallet_id, currency, bucket) values (?, now(), 'wallet', ?, ?, ?, ?)
       on conflict (owner_type, owner_id, currency, bucket) do nothing returning id`,
      [newId('led'), wallet.id, wallet.id, currency, bucket],
    );
    inserted ||= account.length > 0;
  }
  const rows = await em.execute<{ id: string; bucket: string }[]>(`select id, bucket from ledger_accounts where owner_type = 'wallet' and owner_id = ?`, [wallet.id]);
  const accounts = { walletId: wallet.id, buckets: Object.fromEntries(rows.map((r) => [r.bucket, r.id])) };
  const ours = insertedHere(em);
  if (inserted) ours.add(key);
  else if (!ours.has(key)) known.set(key, accounts);
  return accounts;
}

interface ResolvedAccount {
  id: string;
  walletId: string | null;
}

async function resolveAccount(em: EntityManager, ref: AccountRef, companyId: string | null): Promise<ResolvedAccount> {
  if ('platform' in ref) {
    const known = knownAccounts(em).platform;
    const key = `${ref.currency}:${ref.platform}`;
    const cached = known.get(key);
    if (cached) return { id: cached, walletId: null };
    const created = await em.execute<{ id: string }[]>(
      `insert into ledger_accounts (id, created_at, owner_type, owner_id, wallet_id, currency, bucket) values (?, now(), 'platform', ?, null, ?, ?)
       on conflict (owner_type, owner_id, currency, bucket) do nothing returning id`,
      [newId('led'), PLATFORM_OWNER, ref.currency, ref.platform],
    );
    const ours = insertedHere(em);
    if (created.length > 0) {
      ours.add(key);
      return { id: created[0].id, walletId: null };
    }
    const [row] = await em.execute<{ id: string }[]>(
      `select id from ledger_accounts where owner_type = 'platform' and owner_id = ? and currency = ? and bucket = ?`,
      [PLATFORM_OWNER, ref.currency, ref.platform],
    );
    if (!ours.has(key)) known.set(key, row.id);
    return { id: row.id, walletId: null };
  }
  if (!companyId) throw new RangeError('A posting that touches a wallet names its company');
  const { walletId, buckets } = await walletAccounts(em, companyId, ref.recipientId, ref.currency);
  return { id: buckets[ref.bucket], walletId };
}

const currencyOf = (ref: AccountRef): string => ref.currency;

/** A data-modifying SQL statement with its parameters, run as a `with` part of another statement (so both cost one). */
export interface StatementPart {
  sql: string;
  params: unknown[];
}

/** Runs statement parts together, as one statement (none: nothing). */
export async function runParts(em: EntityManager, parts: StatementPart[]): Promise<void> {
  if (parts.length === 0) return;
  await em.execute(`with ${parts.map((part, i) => `part${i} as (${part.sql})`).join(', ')} select 1`, parts.flatMap((part) => part.params), 'run');
}

export interface PostManyOptions {
  /**
   * Writes of the caller's run in the statement that inserts the postings and their entries
   * (the sale's receivables, the status changes that caused them), given the id each posting
   * will have when this call inserts it (null: a replay found before). A part may read
   * `posted (id, key)`: the postings the statement inserted (a key posted meanwhile is not).
   */
  also?: (postingIds: Array<string | null>) => StatementPart[];
  /**
   * The caller's lock rules out that any key was posted before (a sale decided from pending under
   * its transaction's lock): when the postings debit nothing, their statement goes with the
   * transaction's next round trip (`executeWithNext`: a direct transaction's COMMIT) unread, and
   * every posting is reported fresh. A key posted after all would insert nothing, as a replay.
   */
  replayRuledOut?: boolean;
}

/** Makes one balanced posting (see the module comment). 409 `insufficient_balance` if a wallet bucket would go negative. */
export async function post(em: EntityManager, input: PostingInput): Promise<PostingResult> {
  const [result] = await postMany(em, [input]);
  return result;
}

/**
 * Makes balanced postings together, with the guarantees of `post` for each (it is `post`'s one
 * path, a batch of one): the accounts of all of them resolved and locked in one fixed order in
 * one statement, each posting's balances checked in turn on top of the ones before it, the
 * postings inserted in one statement (a key already posted is a replay, as in `post`) and all
 * their entries in one. A set-based writer (a billing run's batch of sales) posts N movements in
 * a few statements instead of a few each. The whole call fails (409) when one posting would
 * overdraw a wallet. Each key at most once per call.
 */
export async function postMany(em: EntityManager, inputs: PostingInput[], options: PostManyOptions = {}): Promise<PostingResult[]> {
  if (inputs.length === 0) return [];
  for (const input of inputs) {
    const problem = postingProblem(input.lines.map((l) => ({ currency: currencyOf(l.account), amount: l.amount })));
    if (problem) throw new RangeError(`Invalid posting ${input.key}: ${problem}`);
  }
  if (new Set(inputs.map((i) => i.key)).size !== inputs.length) throw new RangeError('postMany: each key at most once per call');

  return inTransaction(em, async (tem) => {
    // A repeat is found by the key's unique index at the insert below (or, for a debit it would
    // now overdraw, at the balance check): the first run's lines are never written twice.
    const postedAs = async (keys: string[]) =>
      new Map((await tem.execute<{ id: string; key: string }[]>(`select id, key from ledger_postings where key in (${keys.map(() => '?').join(', ')})`, keys)).map((r) => [r.key, r.id]));

    // Accounts (and wallets) are created in one fixed order too: two postings creating the
    // same two new wallets in opposite orders would otherwise wait on each other's inserts.
    const refKey = (ref: AccountRef, companyId: string | null) =>
      'platform' in ref ? `0:${ref.currency}:${ref.platform}` : `1:${companyId ?? ''}:${ref.recipientId}:${ref.currency}:${ref.bucket}`;
    const refs = new Map<string, { ref: AccountRef; companyId: string | null }>();
    for (const input of inputs) for (const l of input.lines) refs.set(refKey(l.account, input.companyId ?? null), { ref: l.account, companyId: input.companyId ?? null });
    const resolved = new Map<string, ResolvedAccount>();
    for (const key of [...refs.keys()].sort((a, b) => a.localeCompare(b))) {
      const { ref, companyId } = refs.get(key)!;
      resolved.set(key, await resolveAccount(tem, ref, companyId));
    }
    const accountsOf = inputs.map((input) => input.lines.map((l) => resolved.get(refKey(l.account, input.companyId ?? null))!));

    // Lock only the wallet accounts a posting takes money from (its net there is negative): those
    // could overdraw. A credit, and every platform account (which may go negative), is never
    // locked, so no row is locked by every sale. Folded under the lock, their balances are exact.
    const debited = [...new Set(inputs.flatMap((input, n) => debitedAccounts(input.lines.map((l, i) => ({ ...accountsOf[n][i], amount: l.amount })))))].sort();
    const locked = await lockBalances(tem, debited);
    const balances = new Map([...locked].map(([id, balance]) => [id, { ownerType: 'wallet', balance }]));
    const results: Array<PostingResult | null> = inputs.map(() => null);
    for (const [n, input] of inputs.entries()) {
      const lines = input.lines.map((l, i) => ({ accountId: accountsOf[n][i].id, amount: l.amount }));
      const overdrawn = overdrawnLine(balances, lines);
      if (overdrawn === null) {
        applyLines(balances, lines);
        continue;
      }
      // The same key posted by a concurrent caller while this one waited for the locks: a replay, not a shortfall.
      const concurrent = (await postedAs([input.key])).get(input.key);
      if (concurrent) {
        results[n] = { postingId: concurrent, replayed: true };
        continue;
      }
      const account = input.lines[overdrawn].account;
      const bucket = 'bucket' in account ? account.bucket : '';
      throw conflict('insufficient_balance', `Insufficient ${bucket === 'available' ? 'withdrawable' : bucket} balance for this ${input.kind}`);
    }

    // The key is unique: a concurrent posting of it waits here for the first to commit, then writes nothing.
    const now = new Date();
    const toInsert = inputs.map((input, n) => ({ input, n, postingId: newId('pst') })).filter(({ n }) => results[n] === null);
    const also = options.also?.(inputs.map((_, n) => toInsert.find((t) => t.n === n)?.postingId ?? null)) ?? [];
    if (toInsert.length === 0) {
      await runParts(tem, also);
      return results as PostingResult[];
    }
    const postings = toInsert.map(({ input, postingId }) => ({
      id: postingId,
      key: input.key,
      kind: input.kind,
      company_id: input.companyId ?? null,
      source: input.source,
      source_id: input.sourceId ?? null,
      description: input.description ?? null,
      reverses_posting_id: input.reversesPostingId ?? null,
      releases_posting_id: input.releasesPostingId ?? null,
    }));
    const entries = toInsert.flatMap(({ input, n }) =>
      input.lines.map((l, i) => ({
        n: 0,
        key: input.key,
        account_id: accountsOf[n][i].id,
        wallet_id: accountsOf[n][i].walletId,
        currency: currencyOf(l.account),
        amount: l.amount,
        type: l.type,
        in_statement: l.inStatement,
        release_at: l.releaseAt ?? null,
      })),
    );
    entries.forEach((e, i) => (e.n = i));
    // One statement: the postings (a key already posted inserts nothing), the entries of those it
    // inserted (by key, in the lines' order), and the caller's parts, which may read `posted`.
    // Every sale posts here (one text per shape of `also`): prepared once per connection.
    const sql = prepared(`with posted as (
         insert into ledger_postings (id, created_at, key, kind, company_id, source, source_id, description, reverses_posting_id, releases_posting_id)
         select id, ?::timestamptz, key, kind, company_id, source, source_id, description, reverses_posting_id, releases_posting_id
           from jsonb_to_recordset(?::jsonb) as x(id text, key text, kind text, company_id text, source text, source_id text, description text, reverses_posting_id text, releases_posting_id text)
         on conflict (key) do nothing returning id, key
       ), entries as (
         insert into ledger_entries (posting_id, account_id, wallet_id, currency, amount, type, in_statement, release_at, created_at)
         select posted.id, x.account_id, x.wallet_id, x.currency, x.amount, x.type, x.in_statement, x.release_at, ?::timestamptz
           from jsonb_to_recordset(?::jsonb) as x(n int, key text, account_id text, wallet_id text, currency text, amount bigint, type text, in_statement boolean, release_at timestamptz)
           join posted on posted.key = x.key
          order by x.n
       )${also.map((part, i) => `, also${i} as (${part.sql})`).join('')}
       select id, key from posted`);
    const params = [now, JSON.stringify(postings), now, JSON.stringify(entries), ...also.flatMap((part) => part.params)];
    if (options.replayRuledOut && debited.length === 0) {
      await executeWithNext(tem, sql, params);
      for (const { n, postingId } of toInsert) results[n] = { postingId, replayed: false };
      return results as PostingResult[];
    }
    const inserted = await tem.execute<{ id: string; key: string }[]>(sql, params);
    const fresh = new Set(inserted.map((r) => r.key));
    const replays = toInsert.filter(({ input }) => !fresh.has(input.key));
    const earlier = replays.length > 0 ? await postedAs(replays.map((r) => r.input.key)) : new Map<string, string>();
    for (const { input, n, postingId } of toInsert) {
      results[n] = fresh.has(input.key) ? { postingId, replayed: false } : { postingId: earlier.get(input.key)!, replayed: true };
    }
    // Folded again, the debited rows hold their new balances, so the CHECK on wallet rows
    // (never below zero) backs the check above, as the database's own guard.
    await foldBalances(tem, debited);
    return results as PostingResult[];
  });
}

// --- The movements other modules use ------------------------------------------------------

export async function loadPosting(em: EntityManager, postingId: string) {
  const [posting] = await em.execute<{ company_id: string | null; source: string; source_id: string | null; kind: string }[]>(
    'select company_id, source, source_id, kind from ledger_postings where id = ?',
    [postingId],
  );
  if (!posting) throw notFound('Posting');
  return posting;
}

interface WalletMovement {
  key: string;
  companyId: string;
  recipientId: string;
  currency: string;
  /** Positive integer cents. */
  amount: number;
  source: PostingSource;
  sourceId: string;
  description?: string;
}

function positive(amount: number): void {
  assertCents(amount);
  if (amount <= 0) throw new RangeError('amount must be > 0 cents');
}

/** Reserves withdrawable funds (available → blocked), e.g. for a withdrawal in flight. 409 when short. */
export async function reserveFunds(em: EntityManager, m: WalletMovement & { kind?: string }): Promise<PostingResult> {
  positive(m.amount);
  const w = (bucket: WalletBucket) => ({ recipientId: m.recipientId, bucket, currency: m.currency });
  return post(em, {
    ...m,
    kind: m.kind ?? 'reserve',
    lines: [
      { account: w('available'), amount: -m.amount, type: 'withdrawal', inStatement: false },
      { account: w('blocked'), amount: m.amount, type: 'withdrawal', inStatement: false },
    ],
  });
}

/** Gives reserved funds back (blocked → available), e.g. a rejected or cancelled withdrawal. */
export async function releaseReservation(em: EntityManager, m: WalletMovement): Promise<PostingResult> {
  positive(m.amount);
  const w = (bucket: WalletBucket) => ({ recipientId: m.recipientId, bucket, currency: m.currency });
  return post(em, {
    ...m,
    kind: 'unreserve',
    lines: [
      { account: w('blocked'), amount: -m.amount, type: 'withdrawal', inStatement: false },
      { account: w('available'), amount: m.amount, type: 'withdrawal', inStatement: false },
    ],
  });
}

/**
 * Money leaving a wallet: withdrawals and their fee (from `blocked`, after `reserveFunds`),
 * refunds, chargebacks and fees charged later (from `available`). The counterpart is the
 * platform's settlement account (money out) or revenue (fees), or another recipient
 * (a platform fee owed to the marketplace).
 */
export async function debitWallet(
  em: EntityManager,
  m: WalletMovement & {
    type: Extract<StatementType, 'withdrawal' | 'withdrawal_fee' | 'refund' | 'chargeback' | 'fee' | 'platform_fee' | 'adjustment'>;
    from?: WalletBucket;
    to?: PlatformBucket | { recipientId: string };
  },
): Promise<PostingResult> {
  positive(m.amount);
  const to = m.to ?? (m.type === 'fee' || m.type === 'withdrawal_fee' ? 'revenue' : 'settlement');
  const counterpart: PostingLine =
    typeof to === 'string'
      ? { account: { platform: to, currency: m.currency }, amount: m.amount, type: m.type, inStatement: false }
      : { account: { recipientId: to.recipientId, bucket: 'available', currency: m.currency }, amount: m.amount, type: m.type, inStatement: true };
  return post(em, {
    ...m,
    kind: m.type,
    lines: [{ account: { recipientId: m.recipientId, bucket: m.from ?? 'available', currency: m.currency }, amount: -m.amount, type: m.type, inStatement: true }, counterpart],
  });
}

/** Funds put straight into `available` from the platform: sandbox credits and manual adjustments. */
export async function creditAvailable(em: EntityManager, m: WalletMovement & { type?: 'adjustment' | 'withdrawal_reversal' }): Promise<PostingResult> {
  positive(m.amount);
  return post(em, {
    ...m,
    kind: m.type ?? 'adjustment',
    lines: [
      { account: { platform: 'settlement', currency: m.currency }, amount: -m.amount, type: m.type ?? 'adjustment', inStatement: false },
      { account: { recipientId: m.recipientId, bucket: 'available', currency: m.currency }, amount: m.amount, type: m.type ?? 'adjustment', inStatement: true },
    ],
  });
}

/**
 * The correction of a posting: the same entries with opposite signs, on the same accounts.
 * At most one reversal per posting (a unique index). Withdrawal entries come back as
 * `withdrawal_reversal`, others as `adjustment`. 409 if the money has moved on meanwhile.
 */
export async function reversePosting(em: EntityManager, input: { postingId: string; description?: string }): Promise<PostingResult> {
  return inTransaction(em, async (tem) => {
    const posting = await loadPosting(tem, input.postingId);
    if (posting.kind === 'reversal') throw conflict('posting_is_reversal', 'A reversal cannot itself be reversed; post a new movement');
    const entries = await tem.execute<{ owner_type: string; recipient_id: string | null; bucket: string; currency: string; amount: string; type: StatementType; in_statement: boolean }[]>(
      `select a.owner_type, w.recipient_id, a.bucket, e.currency, e.amount, e.type, e.in_statement from ledger_entries e
         join ledger_accounts a on a.id = e.account_id left join wallets w on w.id = a.wallet_id
        where e.posting_id = ? order by e.id`,
      [input.postingId],
    );
    const lines = entries.map(
      (e): PostingLine => ({
        account: e.owner_type === 'platform' ? { platform: e.bucket as PlatformBucket, currency: e.currency } : { recipientId: e.recipient_id!, bucket: e.bucket as WalletBucket, currency: e.currency },
        amount: -Number(e.amount),
        type: reversalType(e.type),
        inStatement: e.in_statement,
      }),
    );
    return post(tem, {
      key: `reversal:${input.postingId}`,
      kind: 'reversal',
      companyId: posting.company_id,
      source: posting.source as PostingSource,
      sourceId: posting.source_id,
      description: input.description ?? null,
      reversesPostingId: input.postingId,
      lines,
    });
  });
}

/** One recipient's part of a refund posting (see `postRefund`). */
export interface RefundPostingShare {
  recipientId: string;
  /** Gross taken back (cents, statement type `refund`). */
  gross: number;
  /** Processing fee given back with it (cents, offsets the refund entry). */
  feeBack: number;
  /** Refund fee of the fee table (cents, statement type `fee`). */
  refundFee: number;
  /** The bucket the debit comes from: `blocked` when it was reserved while the refund was in flight. */
  from: WalletBucket;
}

/**
 * The money of a completed refund, one balanced posting (key `refund:<ref_…>`):
 *
 *   platform settlement   +amount                 (paid back to the buyer)
 *   recipient <from>      −(gross − feeBack)      type refund, per recipient
 *   recipient <from>      −refundFee              type fee, per fee payer
 *   platform revenue      −Σ feeBack + Σ refundFee
 *
 * The shares come from refund-money.rules (the sale's proportions, exact cents).
 */
export async function postRefund(
  em: EntityManager,
  input: { key: string; companyId: string; currency: string; refundId: string; amount: number; shares: RefundPostingShare[] },
): Promise<PostingResult> {
  positive(input.amount);
  const { currency } = input;
  const lines: PostingLine[] = [{ account: { platform: 'settlement', currency }, amount: input.amount, type: 'refund', inStatement: false }];
  let revenue = 0;
  for (const s of input.shares) {
    const account = { recipientId: s.recipientId, bucket: s.from, currency };
    if (s.gross - s.feeBack !== 0) lines.push({ account, amount: -(s.gross - s.feeBack), type: 'refund', inStatement: true });
    if (s.refundFee !== 0) lines.push({ account, amount: -s.refundFee, type: 'fee', inStatement: true });
    revenue += s.refundFee - s.feeBack;
  }
  if (revenue !== 0) lines.push({ account: { platform: 'revenue', currency }, amount: revenue, type: 'fee', inStatement: false });
  return post(em, { key: input.key, kind: 'refund', companyId: input.companyId, source: 'refund', sourceId: input.refundId, description: `refund ${input.refundId}`, lines });
}
