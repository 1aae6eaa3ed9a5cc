import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Company } from '../companies/company.entity';
import { savedCardSummary } from '../cards/card-vault.service';
import { recordEvent } from '../events/outbox';
import { badRequest, conflict } from '../http/errors';
import { newCapabilityId, newId } from '../shared/ids';
import { Payment } from './payment.entity';
import { checkSplits } from './split-check.service';
import { TransactionSplit } from './split.entity';
import { Transaction, type TransactionItem, type TransactionOrigin } from './transaction.entity';
import { toPaymentView, toTransactionView } from './transaction-views';
import type { CreatedTransaction } from './transactions.service';

export interface SavedCardChargeInput {
  /** A saved vault card of the company (`saveCardFromToken`). */
  cardId: string;
  referenceCode: string;
  customerId: string | null;
  items: TransactionItem[];
  metadata: Record<string, string>;
  /** A merchant-initiated origin (a subscription's recurring charge). */
  origin: Exclude<TransactionOrigin, 'api'>;
}

/**
 * Creates a merchant-initiated card transaction on a saved card, in the caller's database
 * transaction: one credit card payment, no token and no CVV. The transaction workflow then
 * authorizes it like any card transaction (`decideCards` reads the saved card through
 * `revealSavedCard` because of its origin). Records transaction.created and payment.created.
 */
export async function createSavedCardTransaction(em: EntityManager, company: Company, input: SavedCardChargeInput, publicBaseUrl: string): Promise<CreatedTransaction> {
  const card = await savedCardSummary(em, { companyId: company.id, cardId: input.cardId });
  if (!card) throw badRequest('validation_failed', 'cardId: not a saved card of this company', [{ path: 'cardId', message: 'Not a saved card' }]);
  const amount = input.items.reduce((a, i) => a + i.amount, 0);
  // Like a transaction without split items: the whole amount to the owner recipient, and the fee must fit.
  const splitInputs = await checkSplits(em, company.id, [], amount, [{ paymentMethod: 'credit_card', amount, creditCard: { token: input.cardId, installments: 1, capture: true } }]);
  const transaction = em.create(Transaction, {
    id: newId('txn'),
    companyId: company.id,
    referenceCode: input.referenceCode,
    customerId: input.customerId,
    amount,
    items: input.items,
    metadata: input.metadata,
    origin: input.origin,
  });
  const { document: _document, ...shown } = card;
  const payment = em.create(Payment, { id: newCapabilityId('pay'), companyId: company.id, transactionId: transaction.id, method: 'credit_card', amount, installments: 1, capture: true, card: shown });
  const splits = splitInputs.map((sp) => em.create(TransactionSplit, { id: newId('spl'), transactionId: transaction.id, ...sp }));
  em.persist([transaction, payment, ...splits]);
  try {
    await em.flush();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) throw conflict('reference_code_taken', `A transaction with referenceCode '${input.referenceCode}' already exists`);
    throw err;
  }
  const aggregate = { transaction, payments: [payment], splits };
  const events = [
    recordEvent(em, { companyId: company.id, type: 'transaction.created', entityType: 'transaction', data: toTransactionView(aggregate, publicBaseUrl) }),
    recordEvent(em, { companyId: company.id, type: 'payment.created', entityType: 'payment', data: toPaymentView(payment, publicBaseUrl) }),
  ];
  return { ...aggregate, events };
}
