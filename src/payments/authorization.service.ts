import type { EntityManager } from '@mikro-orm/postgresql';
import { destroyCardCvv, revealCardForAuthorization, revealSavedCard } from '../cards/card-vault.service';
import type { Event } from '../events/event.entity';
import type { AuthorizationStatus, PaymentGateway } from './payment-gateway';
import { Payment } from './payment.entity';
import { recordCardOutcome } from './transaction-lifecycle.service';
import { Transaction } from './transaction.entity';

export interface CardOutcome {
  status: AuthorizationStatus;
  code: string | null;
}

const outcomeOf = (p: Payment): CardOutcome => ({
  status: p.status === 'paid' || (p.status === 'canceled' && p.statusReason === 'voided') ? 'approved' : p.status === 'refused' ? 'refused' : 'failed',
  code: p.statusReason === 'voided' ? null : p.statusReason,
});

/**
 * Authorizes one card payment, safe to repeat at any step:
 * 1. a payment already decided answers its stored outcome (nothing is sent again);
 * 2. the card is revealed from the vault right before the gateway call, and its PAN and CVV
 *    stay in this function's locals (never returned, logged or put in an event);
 * 3. the gateway call carries the payment id as idempotency key, so a retry after a crash
 *    between the call and step 4 gets the same charge back instead of a second one;
 * 4. in one database transaction: the CVV is destroyed and the outcome recorded with its event.
 */
export async function authorizeCardPayment(
  fork: () => EntityManager,
  gateway: PaymentGateway,
  paymentId: string,
  publicBaseUrl: string,
): Promise<{ outcome: CardOutcome; events: Event[] }> {
  const em = fork();
  const payment = await em.findOneOrFail(Payment, { id: paymentId });
  if (payment.status !== 'pending') return { outcome: outcomeOf(payment), events: [] };

  const card = await revealCardOf(em, payment);
  const result = await gateway.authorize({
    idempotencyKey: paymentId,
    amount: payment.amount,
    currency: payment.currency,
    installments: payment.installments,
    card: { pan: card.pan, cvv: card.cvv, holder: card.holder, expMonth: card.expMonth, expYear: card.expYear, document: card.document },
  });

  const events = await fork().transactional(async (tem) => {
    await destroyCardCvv(tem, { paymentId });
    return recordCardOutcome(tem, payment.transactionId, paymentId, result, gateway.name, publicBaseUrl);
  });
  return { outcome: { status: result.status, code: result.code }, events };
}

/**
 * The card to send for a payment: a subscription's charge is merchant-initiated on a saved card
 * (no CVV); every other card payment uses the card its token bound to it.
 */
async function revealCardOf(em: EntityManager, payment: Payment) {
  const { origin } = await em.findOneOrFail(Transaction, payment.transactionId, { fields: ['origin'] });
  if (origin === 'subscription' && payment.card) return revealSavedCard(em, { companyId: payment.companyId, cardId: payment.card.cardId });
  return revealCardForAuthorization(em, { paymentId: payment.id });
}
