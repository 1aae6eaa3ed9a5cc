import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { AppDeps } from '../app-deps';
import type { Config } from '../config';
import { cancelSessionSignal } from '../../workflows/checkout/checkout-session.contract';
import { invoicePaidSignal } from '../../workflows/billing/subscription.contract';
import { cancelTransactionSignal } from '../../workflows/payments/transaction.contract';
import { closeSession } from '../billing/invoice-bolepix.subscriber';
import { recordInvoicePayment } from '../billing/invoice-payment.service';
import { signalSubscription } from '../billing/subscription-workflow.client';
import type { Invoice } from '../billing/subscription.entity';
import { signalSessionWorkflow } from '../checkout/checkout-session-workflow.client';
import { Company } from '../companies/company.entity';
import { conflict } from '../http/errors';
import { decideCreatedTransaction } from '../payments/card-decision.service';
import { signalTransactionWorkflow } from '../payments/transaction-workflow.client';
import { Transaction } from '../payments/transaction.entity';
import { createTransactionBody } from '../payments/transactions.schemas';
import { prepareAndCreateTransaction } from '../payments/transactions.service';
import { processorsOf } from '../processors/processors';
import type { PortalSession } from './portal-session.entity';
import { portalCardOutcome, portalCardReference, type PortalCardStatus, type PortalRefusal } from './portal-payments.rules';
import { portalInvoice } from './portal.service';

/**
 * An open invoice paid by card from the portal: the card tokenized in the customer's browser
 * (the token reaches this server, never the number), charged as one customer-initiated card
 * transaction for the invoice's total (`<inv_id>-portal-<attempt>`, metadata `invoiceId`,
 * `subscriptionId`, `portalSessionId`), decided in the request as the API decides cards. A paid
 * card pays the invoice through `recordInvoicePayment` (the path its payment link and bolepix
 * take): invoice.paid, the workflow told (`invoicePaid`), its other ways closed (the payment
 * link's session canceled when it still can be, the bolepix canceled). A card decided later by
 * its workflow reaches the same recording through `transaction.paid` (portalCardPaymentSubscriber).
 */
export interface PortalCardPayment {
  transactionId: string;
  status: PortalCardStatus;
  reason: PortalRefusal | null;
}

const PAYABLE: Invoice['status'][] = ['open', 'past_due'];

async function attemptOf(em: EntityManager, companyId: string, referenceCode: string): Promise<Transaction | null> {
  return em.fork().findOne(Transaction, { companyId, referenceCode });
}

const answerOf = (txn: Pick<Transaction, 'id' | 'status' | 'statusReason'>): PortalCardPayment => ({ transactionId: txn.id, ...portalCardOutcome(txn.status, txn.statusReason ?? null) });

export async function payInvoiceByCard(deps: AppDeps, em: EntityManager, session: PortalSession, invoiceId: string, input: { cardToken: string; attemptKey: string }): Promise<PortalCardPayment> {
  const invoice = await portalInvoice(em, session, invoiceId);
  const referenceCode = portalCardReference(invoice.id, input.attemptKey);
  // The same click again (a double submit, a retried request): its transaction, never a second.
  const earlier = await attemptOf(em, session.companyId, referenceCode);
  if (earlier) return settled(deps, invoice.id, earlier);
  if (!PAYABLE.includes(invoice.status) || invoice.total <= 0) throw conflict('invoice_not_payable', `This invoice is ${invoice.status}: there is nothing to pay`);
  // Card transactions are in reais; an invoice in another currency is paid by its own means.
  if (invoice.currency !== 'BRL') throw conflict('invoice_not_payable_by_card', 'Only invoices in BRL are paid by card in the portal');

  const company = await em.findOneOrFail(Company, { id: session.companyId });
  const body = createTransactionBody.parse({
    referenceCode,
    customerId: invoice.customerId,
    items: [{ description: `Invoice ${invoice.id}`, quantity: 1, amount: invoice.total }],
    payments: [{ paymentMethod: 'credit_card', amount: invoice.total, creditCard: { token: input.cardToken, installments: 1, capture: true } }],
    metadata: { invoiceId: invoice.id, subscriptionId: invoice.subscriptionId, portalSessionId: session.id },
  });
  let created;
  try {
    created = await prepareAndCreateTransaction(em, company, body, { rails: (tem) => processorsOf(deps).railsOf(tem, company), publicBaseUrl: deps.config.urls.publicBase, origin: 'checkout', dispatcher: deps.dispatcher });
  } catch (err) {
    // A concurrent double submit: the other request made the transaction (its token is spent).
    const raced = await attemptOf(em, session.companyId, referenceCode);
    if (raced) return settled(deps, invoice.id, raced);
    throw err;
  }
  const decided = await decideCreatedTransaction(deps, created);
  return settled(deps, invoice.id, { ...decided.transaction, statusReason: decided.transaction.statusReason ?? decided.payments.find((p) => p.statusReason)?.statusReason ?? null });
}

/** The answer, and a paid card's invoice recorded paid now (the subscriber would, a moment later). */
async function settled(deps: AppDeps, invoiceId: string, txn: Pick<Transaction, 'id' | 'status' | 'statusReason' | 'amount'>): Promise<PortalCardPayment> {
  const answer = answerOf(txn);
  if (answer.status !== 'paid') return answer;
  const fork = deps.orm.em.fork() as unknown as EntityManager;
  const recorded = await fork.transactional((tem) => recordInvoiceTransactionPayment(tem, deps.config, invoiceId, { transactionId: txn.id, amount: Number(txn.amount) }));
  if (recorded) {
    deps.dispatcher.dispatchSoon(recorded.eventIds);
    await recorded.after(deps.temporal);
  }
  return answer;
}

/**
 * Records a paid transaction the payer made for an invoice (a portal card, a Pix Automático
 * journey-3 Pix) on its invoice (locked): paid, or an overpayment when another way paid it first. Null when already recorded. `after` runs once committed: the
 * workflow told, the payment link's session and the bolepix closed.
 */
export async function recordInvoiceTransactionPayment(
  em: EntityManager,
  config: Config,
  invoiceId: string,
  payment: { transactionId: string; amount: number },
): Promise<{ eventIds: string[]; after: (temporal: Client) => Promise<void> } | null> {
  const outcome = await recordInvoicePayment(em, invoiceId, payment);
  if (outcome.kind === 'known') return null;
  const { invoice } = outcome;
  const closing = outcome.kind === 'paid' && invoice.checkoutSessionId ? await closeSession(em, invoice.companyId, invoice.checkoutSessionId, config) : null;
  await em.flush();
  return {
    eventIds: [...outcome.events.map((e) => e.id), ...(closing ? [closing] : [])],
    async after(temporal) {
      if (outcome.kind !== 'paid') return;
      await signalSubscription(temporal, invoice.subscriptionId, invoicePaidSignal, { invoiceId: invoice.id });
      if (closing) await signalSessionWorkflow(temporal, invoice.checkoutSessionId!, (h) => h.signal(cancelSessionSignal));
      if (invoice.bolepix) await signalTransactionWorkflow({ temporal, config }, invoice.bolepix.transactionId, cancelTransactionSignal, { reason: 'invoice_paid' });
    },
  };
}
