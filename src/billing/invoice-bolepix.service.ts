import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import { Company } from '../companies/company.entity';
import { decideCreatedTransaction } from '../payments/card-decision.service';
import { brasiliaToday, formattedLine } from '../payments/artifacts';
import { createTransaction, loadTransaction, prepareTransaction, writePrepared } from '../payments/transactions.service';
import { createTransactionBody } from '../payments/transactions.schemas';
import { boletoPageUrl, boletoPdfUrl } from '../payments/transaction-views';
import type { Payment } from '../payments/payment.entity';
import { processorsOf } from '../processors/processors';
import { ApiError } from '../http/errors';
import { bolepixDueDate, bolepixTerms, effectiveLateFees, type InvoiceBolepix } from './bolepix.rules';
import { Plan } from './plan.entity';
import { Subscription } from './subscription.entity';
import { getInvoice } from './invoices.service';

/** The bolepix's Pix QR code as an image (public, hidden: invoice-bolepix.routes.ts); the payment id is unguessable. */
export const bolepixQrImageUrl = (base: string, paymentId: string): string => `${base}/bolepix/${paymentId}/qrcode.png`;

/** The referenceCode of an invoice's bolepix transaction: one per invoice, so a second issue finds the first. */
export const bolepixReference = (invoiceId: string): string => `${invoiceId}-bolepix`;

/**
 * An invoice's bolepix: a boleto registered through the company's boleto issuer, with its Pix QR
 * (the due-date cobv on the company's Pix rail), for the invoice's total, due on its due date
 * (never before today), with the late fees of the subscription or its plan. It is a transaction
 * of its own (referenceCode `<inv_id>-bolepix`, metadata invoiceId / subscriptionId), so paying
 * either way settles it once (the boleto receipts return a second Pix), and its `transaction.paid`
 * pays the invoice (`invoiceBolepixSubscriber`). Idempotent: the invoice keeps it, and a
 * concurrent second issue meets the taken referenceCode and reads the first. Returns null for an
 * invoice that cannot carry one (paid, void, free, not in BRL); an issuer or payer problem is
 * the caller's (an ApiError: 409 processor_not_configured, 422 boleto_payer_required, …).
 */
export async function issueInvoiceBolepix(deps: AppDeps, invoiceId: string, now = new Date()): Promise<InvoiceBolepix | null> {
  const em = deps.orm.em.fork() as unknown as EntityManager;
  const invoice = await getInvoice(em, null, invoiceId);
  if (invoice.bolepix) return invoice.bolepix;
  if ((invoice.status !== 'open' && invoice.status !== 'past_due') || invoice.total === 0 || invoice.currency !== 'BRL') return null;
  const company = await em.findOneOrFail(Company, { id: invoice.companyId });
  const base = deps.config.urls.publicBase;
  const reference = bolepixReference(invoice.id);
  const existing = await em.execute<{ id: string }[]>(`select id from transactions where company_id = ? and reference_code = ?`, [company.id, reference]);
  if (existing.length > 0) return recordBolepix(em, invoice.id, existing[0].id, base);

  const subscription = await em.findOneOrFail(Subscription, { id: invoice.subscriptionId });
  const plan = subscription.planId ? await em.findOne(Plan, { id: subscription.planId }) : null;
  const dueDate = bolepixDueDate(invoice.dueAt, now);
  const terms = bolepixTerms(effectiveLateFees(subscription.lateFees, plan?.lateFees ?? null), invoice.total, dueDate, brasiliaToday(now));
  const input = createTransactionBody.parse({
    referenceCode: reference,
    customerId: invoice.customerId,
    items: [{ description: `Invoice ${invoice.id}`, quantity: 1, amount: invoice.total }],
    payments: [{ paymentMethod: 'boleto', amount: invoice.total, boleto: { ...terms, instructions: `Fatura ${invoice.id}` } }],
    metadata: { invoiceId: invoice.id, subscriptionId: invoice.subscriptionId },
  });
  try {
    const prepared = await prepareTransaction(em, company, input, { now, rails: processorsOf(deps).railsOf(em, company) });
    const created = await writePrepared(prepared, () => em.transactional((tem) => createTransaction(tem, company, prepared, base, { now, dispatcher: deps.dispatcher })));
    // No card to decide: this dispatches its events and starts its workflow (expiry, cancel).
    await decideCreatedTransaction(deps, created);
    return await recordBolepix(em, invoice.id, created.transaction.id, base);
  } catch (err) {
    // A concurrent issue won the referenceCode: its transaction is this invoice's bolepix.
    if (err instanceof ApiError && err.code === 'reference_code_taken') {
      const [won] = await em.execute<{ id: string }[]>(`select id from transactions where company_id = ? and reference_code = ?`, [company.id, reference]);
      if (won) return recordBolepix(em, invoice.id, won.id, base);
    }
    throw err;
  }
}

/** Writes the bolepix onto the invoice (once: the first writer's stays) and answers what the invoice holds. */
async function recordBolepix(em: EntityManager, invoiceId: string, transactionId: string, base: string): Promise<InvoiceBolepix | null> {
  const { payments } = await loadTransaction(em.fork(), null, transactionId);
  const payment = payments.find((p) => p.method === 'boleto');
  if (!payment?.boleto) return null;
  return em.fork().transactional(async (tem) => {
    const invoice = await getInvoice(tem, null, invoiceId, true);
    invoice.bolepix ??= bolepixView(payment, base);
    return invoice.bolepix;
  });
}

function bolepixView(p: Payment, base: string): InvoiceBolepix {
  const b = p.boleto!;
  const fine = b.fine && 'percent' in b.fine ? { percent: b.fine.percent } : null;
  const interest = b.interest && 'monthlyPercent' in b.interest ? { monthlyPercent: b.interest.monthlyPercent } : null;
  return {
    transactionId: p.transactionId,
    paymentId: p.id,
    dueDate: b.dueDate,
    amount: p.amount,
    boleto: { digitableLine: b.line, formattedLine: formattedLine(b.line), barcode: b.barcode, url: boletoPageUrl(base, p.id), pdfUrl: boletoPdfUrl(base, p.id) },
    pixQrCode: b.pix ? { copyPaste: b.pix.qrCode, imageUrl: bolepixQrImageUrl(base, p.id) } : null,
    fine,
    interest,
    discount: b.discount ?? null,
  };
}
