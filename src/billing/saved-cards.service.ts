import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError, badRequest, bodyIdNotFound } from '../http/errors';
import { saveCardFromToken } from '../cards/card-vault.service';
import { Customer } from '../customers/customer.entity';
import { SavedCard } from './subscription.entity';

/**
 * Saving a card for recurring charges: the vault keeps the tokenized card for
 * merchant-initiated charges (`saveCardFromToken`: token consumed, CVV destroyed) and billing
 * records whose card it is. The saved card's id is the vault record's `crd_` id; a retried
 * save with the same token returns the same card.
 */
export async function saveCard(em: EntityManager, companyId: string, input: { customerId: string; token: string }): Promise<SavedCard> {
  const customer = await em.findOne(Customer, { id: input.customerId, companyId });
  if (!customer || customer.deletedAt) throw bodyIdNotFound('customerId', 'Customer');
  const card = await saveCardFromToken(em, { companyId, tokenId: input.token }).catch((err: unknown) => {
    if (err instanceof ApiError) throw new ApiError(err.status, err.code, `token: ${err.message}`, [{ path: 'token', message: err.message }]);
    throw err;
  });
  const existing = await em.findOne(SavedCard, { id: card.cardId });
  if (existing) return existing;
  const saved = em.create(SavedCard, {
    id: card.cardId,
    companyId,
    customerId: customer.id,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
  });
  em.persist(saved);
  return saved;
}

/** A saved card of this customer, or a 400 naming the field. */
export async function customerCard(em: EntityManager, companyId: string, customerId: string, ref: string, path = 'defaultPaymentMethodRef'): Promise<SavedCard> {
  const card = await em.findOne(SavedCard, { id: ref, companyId, customerId, deletedAt: null });
  if (!card) throw badRequest('validation_failed', `${path}: not a saved card of this customer`, [{ path, message: 'Save the card first: POST /payment-methods/cards' }]);
  return card;
}
