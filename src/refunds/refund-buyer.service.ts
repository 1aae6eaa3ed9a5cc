import type { EntityManager } from '@mikro-orm/postgresql';
import { CheckoutSession } from '../checkout/checkout-session.entity';
import { Customer } from '../customers/customer.entity';
import { Transaction } from '../payments/transaction.entity';
import { buyerDocument } from './refund-buyer.rules';
import type { Refund } from './refund.entity';

/**
 * The buyer's CPF/CNPJ as the sale recorded it (refund-buyer.rules `buyerDocument`), or null.
 * Every place Lastro records a buyer document for a transaction is read here:
 * - the customer the transaction names (`customerId`, API and subscription sales);
 * - the hosted checkout form (`CheckoutSession.customer.document`) of the session whose
 *   attempt created the transaction (checkout sales never carry a `customerId`);
 * - the payment's payer data: no rail records one today (the sandbox Pix PSP and boleto
 *   issuer take no payer), so it is null until an adapter stores it on the payment.
 */
export async function saleBuyerDocument(em: EntityManager, refund: Pick<Refund, 'companyId' | 'transactionId'>): Promise<string | null> {
  const txn = await em.findOneOrFail(Transaction, { id: refund.transactionId, companyId: refund.companyId });
  const customer = txn.customerId ? await em.findOne(Customer, { id: txn.customerId, companyId: refund.companyId }, { fields: ['document'] }) : null;
  return buyerDocument({ payer: null, checkoutForm: await checkoutFormDocument(em, txn), customer: customer?.document ?? null });
}

/**
 * The document typed on the checkout form, when a checkout session of the company created this
 * transaction. The session is found by the id the confirmation wrote into the metadata, and
 * trusted only if one of its attempts is this transaction: metadata a merchant wrote through
 * the API never names a form that did not create the sale.
 */
async function checkoutFormDocument(em: EntityManager, txn: Transaction): Promise<string | null> {
  const sessionId = txn.origin === 'checkout' ? txn.metadata.checkoutSessionId : undefined;
  if (!sessionId) return null;
  const session = await em.findOne(CheckoutSession, { id: sessionId, companyId: txn.companyId }, { fields: ['customer', 'attempts'] });
  if (!session?.attempts.some((a) => a.transactionId === txn.id)) return null;
  return session.customer?.document ?? null;
}
