import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import { Company } from '../companies/company.entity';
import { Customer } from '../customers/customer.entity';
import { afterSessionCommit, createCharge } from '../checkout/checkout-sessions.service';
import { sessionUrl } from '../checkout/checkout-session-views';
import { createChargeBody } from '../checkout/checkout-sessions.schemas';
import { CHECKOUT_LIMITS } from '../checkout/checkout.schemas';
import { documentKind } from '../shared/documents';
import { Invoice } from './subscription.entity';
import { issueInvoiceBolepix } from './invoice-bolepix.service';

/**
 * The ways to pay an open send_invoice invoice by hand: its payment link and its bolepix
 * (`issueInvoiceBolepix`). A bolepix that cannot be made (no boleto issuer or Pix rail, a
 * customer without a CPF/CNPJ) is logged and leaves the link: it never stops the billing.
 */
export async function ensureInvoicePaymentLink(deps: AppDeps, invoiceId: string): Promise<string | null> {
  const url = await ensureLink(deps, invoiceId);
  const [row] = await deps.orm.em.fork().getConnection().execute<{ collection_method: string }[]>(`select collection_method from billing_invoices where id = ?`, [invoiceId]);
  if (row?.collection_method === 'send_invoice') {
    await issueInvoiceBolepix(deps, invoiceId).catch((err: unknown) => deps.logger.warn({ err, invoiceId }, 'the invoice has no bolepix; its payment link stays'));
  }
  return url;
}

/**
 * The payment link of an open send_invoice invoice: a checkout charge (Pix or boleto) for its
 * total, whose page is the invoice's `paymentUrl`; its metadata names the invoice, so the paid
 * session pays the invoice (`invoicePaymentSubscriber`). Made once per invoice (the invoice row
 * is locked and keeps the session id), so a retried activity finds the link it made. The
 * session lives the longest a checkout allows (30 days), past the due date and the dunning.
 */
async function ensureLink(deps: AppDeps, invoiceId: string): Promise<string | null> {
  const em = deps.orm.em.fork() as unknown as EntityManager;
  const made = await em.transactional(async (tem) => {
    const invoice = await tem.findOneOrFail(Invoice, { id: invoiceId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (invoice.checkoutSessionId || invoice.collectionMethod !== 'send_invoice' || invoice.total === 0) return null;
    if (invoice.status !== 'open' && invoice.status !== 'past_due') return null;
    const company = await tem.findOneOrFail(Company, { id: invoice.companyId });
    const customer = await tem.findOne(Customer, { id: invoice.customerId });
    const input = createChargeBody.parse({
      items: [{ name: `Invoice ${invoice.id}`, quantity: 1, unitAmount: invoice.total, description: `Subscription ${invoice.subscriptionId}, cycle ${invoice.cycle + 1}` }],
      paymentMethods: { pix: { enabled: true }, boleto: { enabled: true } },
      metadata: { invoiceId: invoice.id, subscriptionId: invoice.subscriptionId },
      expirationMinutes: CHECKOUT_LIMITS.expirationMinutes.max,
      // The subscription's customer, prefilled: its CPF/CNPJ is the payer a boleto is registered with.
      ...(customer ? { customer: { name: customer.name, email: customer.email, ...(documentKind(customer.document) ? { document: customer.document } : {}) } } : {}),
    });
    const { session, event } = await createCharge(tem, deps, company, input);
    invoice.checkoutSessionId = session.id;
    invoice.paymentUrl = sessionUrl(deps.config.urls.checkoutPage, session.id);
    return { session, event, url: invoice.paymentUrl };
  });
  if (!made) return null;
  await afterSessionCommit(deps, made.session, [made.event.id])();
  return made.url;
}
