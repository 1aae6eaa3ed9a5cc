import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Company } from '../companies/company.entity';
import { savedCardKey, savedCardSummaries } from '../cards/card-vault.service';
import { newEvent } from '../events/outbox';
import { ApiError, badRequest, conflict } from '../http/errors';
import { newCapabilityId, newId } from '../shared/ids';
import { checkSplits, splitLookups, type CheckedSplit } from './split-check.service';
import { type TransactionItem, type TransactionOrigin } from './transaction.entity';
import { insertTransactions, newPayment, newSplit, newTransaction } from './transaction-rows';
import { toPaymentView, toTransactionView } from './transaction-views';
import type { CreatedTransaction } from './transactions.service';

export interface SavedCardChargeInput {
  /** A saved vault card of the company (`saveCardFromToken`). */
  cardId: string;
  referenceCode: string;
  customerId: string | null;
  items: TransactionItem[];
  /** ISO 4217: the transaction's and its payment's (a subscription in USD is charged in USD). */
  currency: string;
  metadata: Record<string, string>;
  /** A merchant-initiated origin (a subscription's recurring charge). */
  origin: Exclude<TransactionOrigin, 'api'>;
}

/**
 * Creates a merchant-initiated card transaction on a saved card, in the caller's database
 * transaction: one credit card payment, no token and no CVV. The transaction workflow then
 * authorizes it like any card transaction (`decideCards` reads the saved card through
 * `revealSavedCard` because of its origin). Records transaction.created and payment.created.
 * A batch of one of `createSavedCardTransactions`.
 */
export async function createSavedCardTransaction(em: EntityManager, company: Company, input: SavedCardChargeInput, publicBaseUrl: string): Promise<CreatedTransaction> {
  const [created] = await createSavedCardTransactions(em, [{ company, input }], publicBaseUrl);
  if ('error' in created) throw created.error;
  return created;
}

/**
 * Saved-card transactions created together (a billing run's batch of subscription charges), in
 * the caller's database transaction, each exactly as `createSavedCardTransaction` makes it: the
 * cards read in one statement, each company's owner link and fee table once, then the
 * transactions, payments, split items and events written by one statement (`insertTransactions`). A charge that fails its checks (not a saved card, no owner recipient, an amount
 * below the fee) answers its error and is not created; the others are. A referenceCode taken
 * fails the whole statement (409 `reference_code_taken`): the caller retries without it.
 */
export async function createSavedCardTransactions(
  em: EntityManager,
  charges: Array<{ company: Company; input: SavedCardChargeInput }>,
  publicBaseUrl: string,
): Promise<Array<CreatedTransaction | { error: ApiError }>> {
  const cards = await savedCardSummaries(
    em,
    charges.map(({ company, input }) => ({ companyId: company.id, cardId: input.cardId })),
  );
  const lookups = splitLookups(em);
  const out: Array<CreatedTransaction | { error: ApiError }> = [];
  for (const { company, input } of charges) {
    const card = cards.get(savedCardKey({ companyId: company.id, cardId: input.cardId }));
    if (!card) {
      out.push({ error: badRequest('validation_failed', 'cardId: not a saved card of this company', [{ path: 'cardId', message: 'Not a saved card' }]) });
      continue;
    }
    const amount = input.items.reduce((a, i) => a + i.amount, 0);
    let splitInputs: CheckedSplit[];
    try {
      // Like a transaction without split items: the whole amount to the owner recipient, and the fee (of the charge's currency's table) must fit.
      splitInputs = await checkSplits(em, company.id, [], amount, [{ paymentMethod: 'credit_card', amount, creditCard: { token: input.cardId, installments: 1, capture: true } }], lookups, input.currency);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      out.push({ error: err });
      continue;
    }
    const transaction = newTransaction({
      id: newId('txn'),
      companyId: company.id,
      referenceCode: input.referenceCode,
      customerId: input.customerId,
      amount,
      currency: input.currency,
      items: input.items,
      metadata: input.metadata,
      origin: input.origin,
    });
    const { document: _document, ...shown } = card;
    const payment = newPayment({ id: newCapabilityId('pay'), companyId: company.id, transactionId: transaction.id, method: 'credit_card', amount, currency: input.currency, installments: 1, capture: true, card: shown });
    const splits = splitInputs.map((sp) => newSplit({ id: newId('spl'), transactionId: transaction.id, ...sp }));
    out.push({ transaction, payments: [payment], splits, events: [] });
  }
  const made = out.filter((c): c is CreatedTransaction => !('error' in c));
  if (made.length === 0) return out;
  for (const c of made) {
    const { transaction, payments } = c;
    c.events.push(
      // At the transaction's creation time, as createTransaction's (`loadTransactionPayments` finds transaction.created by it).
      newEvent({ companyId: transaction.companyId, type: 'transaction.created', entityType: 'transaction', data: toTransactionView(c, publicBaseUrl) }, transaction.createdAt),
      newEvent({ companyId: transaction.companyId, type: 'payment.created', entityType: 'payment', data: toPaymentView(payments[0], publicBaseUrl) }, transaction.createdAt),
    );
  }
  try {
    await insertTransactions(em, made, made.flatMap((c) => c.events));
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) {
      const codes = made.map((c) => c.transaction.referenceCode);
      throw conflict('reference_code_taken', codes.length === 1 ? `A transaction with referenceCode '${codes[0]}' already exists` : `A transaction with one of the referenceCodes ${codes.join(', ')} already exists`);
    }
    throw err;
  }
  return out;
}
