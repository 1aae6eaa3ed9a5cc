import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError } from '../http/errors';
import { prepared, readWithNext } from '../db/direct-sql-connection';
import { newCapabilityId, newId } from '../shared/ids';
import { openSecret, sealSecret } from './card-vault.crypto';
import { vaultKey, type VaultKey } from './card-vault.key';
import { StoredCard } from './stored-card.entity';

/**
 * The card vault: what tokenization writes and what payments read. Card numbers and CVVs
 * leave this module only through `revealCardForAuthorization`, for the gateway call inside
 * an activity; everything a workflow, an event or a log may carry is a `CardSummary`.
 */

/** A token is valid for 24 hours (spec, Limits). */
export const TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export interface CardSummary {
  /** The vault record id (`crd_…`). */
  cardId: string;
  brand: string;
  first6: string;
  last4: string;
  holder: string;
  expMonth: number;
  expYear: number;
  /** The holder's CPF or CNPJ, normalized. */
  document: string;
}

export type RevealedCard = CardSummary & { pan: string; cvv: string | null };

/** Card data already validated and normalized by the tokenization schema. */
export interface CardToStore {
  number: string;
  holder: string;
  document: string;
  cvv: string;
  brand: string;
  expMonth: number;
  expYear: number;
}

/** A token is a bearer credential for 24 hours: a capability id (src/shared/ids.ts). */
export const newCardTokenId = (): string => newCapabilityId('tok');

/** Stores a card and returns its single-use token. The caller flushes (or runs in a transaction). */
export function storeCard(em: EntityManager, companyId: string, card: CardToStore, now = new Date(), key: VaultKey = vaultKey()): StoredCard {
  const id = newId('crd');
  const stored = em.create(StoredCard, {
    id,
    companyId,
    tokenId: newCardTokenId(),
    brand: card.brand,
    first6: card.number.slice(0, 6),
    last4: card.number.slice(-4),
    holder: card.holder,
    document: card.document,
    expMonth: card.expMonth,
    expYear: card.expYear,
    panSealed: sealSecret(key.key, id, 'pan', card.number),
    cvvSealed: sealSecret(key.key, id, 'cvv', card.cvv),
    keyId: key.id,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS),
  });
  em.persist(stored);
  return stored;
}

const SUMMARY_COLUMNS = 'id, brand, first6, last4, holder, exp_month, exp_year, document';

interface SummaryRow {
  id: string;
  brand: string;
  first6: string;
  last4: string;
  holder: string;
  exp_month: number;
  exp_year: number;
  document: string;
}

function toSummary(row: SummaryRow): CardSummary {
  return {
    cardId: row.id,
    brand: row.brand,
    first6: row.first6,
    last4: row.last4,
    holder: row.holder,
    expMonth: Number(row.exp_month),
    expYear: Number(row.exp_year),
    document: row.document,
  };
}

export const invalidCardToken = (): ApiError =>
  new ApiError(400, 'card_token_invalid', 'The card token is unknown, expired or already used; tokenize the card again');

/**
 * Binds an unused, unexpired token of the company to a payment, atomically: one UPDATE whose
 * WHERE clause re-checks `used_at IS NULL` after any concurrent claim commits, so of two
 * concurrent claims exactly one gets the row. The loser, and unknown, expired or another
 * company's tokens, get 400 `card_token_invalid` (one answer for all: no existence leak).
 *
 * Claiming again for the SAME payment returns the same card (an activity retried after its
 * claim committed must not fail the payment). Runs in the caller's transaction, if any.
 */
export async function claimCardToken(
  em: EntityManager,
  input: { companyId: string; tokenId: string; paymentId: string },
): Promise<CardSummary> {
  return (await claimSealedCard(em, input)).summary;
}

/**
 * A card's sealed secrets as a claim read them, for the authorization that follows in the same
 * call (`openSealedCard`), so it need not read them again. Opaque: its fields are private, so
 * it serializes to nothing (a log or an event that got hold of it would show `{}`).
 */
export class SealedCard {
  readonly #row: SealedRow;
  constructor(row: SealedRow) {
    this.#row = row;
  }
  /** For openSealedCard only. */
  static rowOf(card: SealedCard): SealedRow {
    return card.#row;
  }
}

type SealedRow = SummaryRow & { pan_sealed: Buffer; cvv_sealed: Buffer | null; cvv_live: boolean; key_id: string };
const SEALED_COLUMNS = `${SUMMARY_COLUMNS}, pan_sealed, cvv_sealed, key_id, expires_at > now() as cvv_live`;

// Every card sale claims its token: prepared once per connection.
const CLAIM_SEALED_CARD_SQL = prepared(`update stored_cards
    set used_at = coalesce(used_at, now()), payment_id = ?, updated_at = now()
  where token_id = ? and company_id = ? and deleted_at is null
    and ((used_at is null and expires_at > now()) or payment_id = ?)
  returning ${SEALED_COLUMNS}`);

/** `claimCardToken`, with the card's sealed secrets kept for its authorization in the same call (same statement). */
export async function claimSealedCard(em: EntityManager, input: { companyId: string; tokenId: string; paymentId: string }): Promise<{ summary: CardSummary; sealed: SealedCard }> {
  // In a direct transaction it goes with the next statement (a creation's checks, started beside it).
  const rows = await readWithNext<SealedRow[]>(em, CLAIM_SEALED_CARD_SQL, [input.paymentId, input.tokenId, input.companyId, input.paymentId]);
  if (rows.length === 0) throw invalidCardToken();
  return { summary: toSummary(rows[0]), sealed: new SealedCard(rows[0]) };
}

/**
 * A claimed card in clear, from what its claim read (`claimSealedCard`), under the rules of
 * `revealCardForAuthorization`. The CVV is the one the claim saw live: nothing destroys it
 * between a claim and the authorization of the same call but that authorization's decision.
 */
export function openSealedCard(card: SealedCard, key: VaultKey = vaultKey()): RevealedCard {
  return openRow(SealedCard.rowOf(card), key);
}

/**
 * The card bound to a payment, with its PAN and (while it lives) its CVV in clear. For the
 * gateway call inside an activity only: never return it to a workflow, put it in an event or
 * log it. `cvv` is null once destroyed or once the token's 24 hours are over, even if the
 * scheduled purge has not run yet.
 */
export async function revealCardForAuthorization(em: EntityManager, input: { paymentId: string }, key: VaultKey = vaultKey()): Promise<RevealedCard> {
  const rows: SealedRow[] = await em.execute(`select ${SEALED_COLUMNS} from stored_cards where payment_id = ? and deleted_at is null`, [input.paymentId], 'all');
  const row = rows[0];
  if (!row) throw new ApiError(404, 'not_found', `No card is bound to payment ${input.paymentId}`);
  return openRow(row, key);
}

function openRow(row: SealedRow, key: VaultKey): RevealedCard {
  const pan = openPan(row, key);
  const cvv = row.cvv_sealed && row.cvv_live ? openSecret(key.key, row.id, 'cvv', row.cvv_sealed) : null;
  return { ...toSummary(row), pan, cvv };
}

function openPan(row: { id: string; pan_sealed: Buffer; key_id: string }, key: VaultKey): string {
  if (row.key_id !== key.id) {
    throw new Error(`Card vault: ${row.id} was sealed with key ${row.key_id}, this process has key ${key.id} (CARD_VAULT_KEY differs between processes?)`);
  }
  return openSecret(key.key, row.id, 'pan', row.pan_sealed);
}

/**
 * Keeps a tokenized card for merchant-initiated charges (a subscription's saved card): the
 * token is consumed like a payment's claim, the CVV is destroyed at once (a stored card keeps
 * no CVV, decisions.md), and the record becomes readable by `revealSavedCard` for as long as
 * it lives. Saving the same token again returns the same card, so a retried save succeeds.
 * Unknown, used, expired or another company's tokens are 400 `card_token_invalid`.
 */
export async function saveCardFromToken(em: EntityManager, input: { companyId: string; tokenId: string }): Promise<CardSummary> {
  const rows: SummaryRow[] = await em.execute(
    `update stored_cards
        set used_at = coalesce(used_at, now()), saved_at = coalesce(saved_at, now()),
            cvv_sealed = null, cvv_destroyed_at = coalesce(cvv_destroyed_at, now()), updated_at = now()
      where token_id = ? and company_id = ? and deleted_at is null
        and ((used_at is null and expires_at > now()) or saved_at is not null)
      returning ${SUMMARY_COLUMNS}`,
    [input.tokenId, input.companyId],
    'all',
  );
  if (rows.length === 0) throw invalidCardToken();
  return toSummary(rows[0]);
}

/** A saved card's summary (no secret), or null when `cardId` is not a saved card of the company. */
export async function savedCardSummary(em: EntityManager, input: { companyId: string; cardId: string }): Promise<CardSummary | null> {
  return (await savedCardSummaries(em, [input])).get(savedCardKey(input)) ?? null;
}

/** The key of a saved card in the maps below. */
export const savedCardKey = (ref: { companyId: string; cardId: string }): string => `${ref.companyId}:${ref.cardId}`;

/** Saved cards' summaries in one statement, by `savedCardKey`; a card that is not a saved card of its company is absent. */
export async function savedCardSummaries(em: EntityManager, refs: Array<{ companyId: string; cardId: string }>): Promise<Map<string, CardSummary>> {
  const rows = await savedCardRows<SummaryRow & { company_id: string }>(em, refs, SUMMARY_COLUMNS);
  return new Map(rows.map((r) => [savedCardKey({ companyId: r.company_id, cardId: r.id }), toSummary(r)]));
}

async function savedCardRows<Row>(em: EntityManager, refs: Array<{ companyId: string; cardId: string }>, columns: string): Promise<Row[]> {
  if (refs.length === 0) return [];
  return em.execute(
    // The ids as an array: an index scan, where the join alone (estimated at 100 rows) reads a mid-sized table whole.
    `select ${columns}, c.company_id from stored_cards c join jsonb_to_recordset(?::jsonb) as r(company_id text, card_id text) on c.id = r.card_id and c.company_id = r.company_id
      where c.id = any(array(select jsonb_array_elements_text(?::jsonb))) and c.saved_at is not null and c.deleted_at is null`,
    [JSON.stringify(refs.map((r) => ({ company_id: r.companyId, card_id: r.cardId }))), JSON.stringify(refs.map((r) => r.cardId))],
    'all',
  );
}

/**
 * A saved card with its PAN in clear, for authorizing a merchant-initiated charge inside an
 * activity only (same rules as `revealCardForAuthorization`). `cvv` is always null: such
 * charges carry none.
 */
export async function revealSavedCard(em: EntityManager, input: { companyId: string; cardId: string }, key: VaultKey = vaultKey()): Promise<RevealedCard> {
  const card = (await revealSavedCards(em, [input], key)).get(savedCardKey(input));
  if (!card) throw new ApiError(404, 'not_found', `No saved card ${input.cardId}`);
  return card;
}

/** `revealSavedCard` for many cards in one statement, by `savedCardKey`; a card that is not a saved card of its company is absent. */
export async function revealSavedCards(em: EntityManager, refs: Array<{ companyId: string; cardId: string }>, key: VaultKey = vaultKey()): Promise<Map<string, RevealedCard>> {
  const rows = await savedCardRows<SummaryRow & { company_id: string; pan_sealed: Buffer; key_id: string }>(em, refs, `${SUMMARY_COLUMNS}, pan_sealed, key_id`);
  return new Map(rows.map((r) => [savedCardKey({ companyId: r.company_id, cardId: r.id }), { ...toSummary(r), pan: openPan(r, key), cvv: null }]));
}

/** Destroys the CVVs of payments' cards (after their first authorization). Idempotent. */
export async function destroyCardCvv(em: EntityManager, input: { paymentIds: string[] }): Promise<void> {
  await em.execute(destroyCardCvvSql(input.paymentIds), input.paymentIds, 'run');
}

/**
 * `destroyCardCvv`'s statement, for a caller that runs it inside another (a data-modifying
 * `with`, which PostgreSQL runs whether or not the rest reads it); its parameters are the ids.
 */
export const destroyCardCvvSql = (paymentIds: string[]): string =>
  `update stored_cards set cvv_sealed = null, cvv_destroyed_at = coalesce(cvv_destroyed_at, now()), updated_at = now()
    where payment_id in (${paymentIds.map(() => '?').join(', ')}) and cvv_sealed is not null`;

/**
 * The scheduled purge: destroys every CVV whose token expired by `asOf` (claimed or not),
 * and deletes tokens that expired unclaimed (they can never be used, so their PAN has no
 * reason to be kept). Claimed cards keep their sealed PAN for the payment's later needs.
 */
export async function purgeExpiredCardSecrets(em: EntityManager, asOf: Date): Promise<{ cvvsDestroyed: number; unusedTokensDeleted: number }> {
  const destroyed = await em.execute(
    `update stored_cards set cvv_sealed = null, cvv_destroyed_at = ?, updated_at = now()
      where cvv_sealed is not null and expires_at <= ?`,
    [asOf, asOf],
    'run',
  );
  const deleted = await em.execute(`delete from stored_cards where used_at is null and expires_at <= ?`, [asOf], 'run');
  return { cvvsDestroyed: affected(destroyed), unusedTokensDeleted: affected(deleted) };
}

function affected(result: unknown): number {
  return Number((result as { affectedRows?: number; rowCount?: number }).affectedRows ?? (result as { rowCount?: number }).rowCount ?? 0);
}
