import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import type { CompanyRecord } from '../companies/company.entity';
import { Customer } from '../customers/customer.entity';
import { ApiError, badRequest, conflict, notFound } from '../http/errors';
import { newId } from '../shared/ids';
import { documentKind, normalizeDocument } from '../shared/documents';
import { processorsOf, type PixRail } from '../processors/processors';
import { PixPspError, type PixMandate, type PixMandates } from '../processors/pix/pix-psp.port';
import { Mandate } from './mandates.entity';
import { firstPaymentReference, isLive, mandatePeriodOf, mandateStartDate, mandateStatusOf, type MandateAuthorization } from './mandates.rules';
import { Invoice } from './subscription.entity';
import { Company } from '../companies/company.entity';
import { Transaction } from '../payments/transaction.entity';
import { createTransactionBody, PIX_EXPIRES_IN } from '../payments/transactions.schemas';
import { createTransaction, loadTransactionPayments, prepareTransaction, writePrepared } from '../payments/transactions.service';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Config } from '../config';
import { liveSubscription, subscriptionEvent } from './subscriptions.service';
import { signalSubscription } from './subscription-workflow.client';
import { paymentMethodAttachedSignal } from '../../workflows/billing/subscription.contract';
import type { Event } from '../events/event.entity';
import { Subscription } from './subscription.entity';
import { CheckoutSession } from '../checkout/checkout-session.entity';
import { signalSessionWorkflow } from '../checkout/checkout-session-workflow.client';
import { sessionPaymentsChangedSignal } from '../../workflows/checkout/checkout-session.contract';

/**
 * Pix Automático mandates of subscriptions: starting the payer's authorization at the company's
 * Pix PSP (the mandate's QR; the open invoice's immediate Pix charge and the mandate in one QR,
 * journey 3; or a request sent to the payer's bank account), and following the
 * mandate as the PSP's callbacks report it (each read back from the PSP, never taken from the
 * callback). A refused, expired or cancelled mandate leaves an active subscription that has no
 * card past due (dunning).
 */

export interface StartMandateInput {
  authorization: MandateAuthorization;
  /** `request`: the payer's account the request goes to (the PSP's ISPB, branch, number). */
  payerAccount?: { ispb: string; branch?: string | null; number: string } | null;
}

/** How long a request at the payer's bank waits for the payer's answer. */
const BANK_REQUEST_DAYS = 3;

function pspError(err: unknown): never {
  if (!(err instanceof PixPspError)) throw err;
  if (err.retryable) throw new ApiError(503, 'processor_unavailable', 'The Pix processor did not answer; try again', undefined, { 'retry-after': '5' });
  throw new ApiError(502, 'processor_rejected', `The Pix processor refused the mandate${err.problem ? ` (${err.problem})` : ''}`);
}

function mandatesOf(rail: PixRail): PixMandates {
  if (!rail.psp.mandates) throw conflict('pix_automatico_unavailable', "The company's Pix processor does not offer Pix Automático");
  return rail.psp.mandates;
}


/** The live (pending or active) mandate of a subscription of this company, or null. */
export async function liveMandate(em: EntityManager, companyId: string, subscriptionId: string): Promise<Mandate | null> {
  return em.findOne(Mandate, { companyId, subscriptionId, status: { $in: ['pending', 'active'] } });
}

/** The subscription's latest mandate; 404 when the subscription is another company's or has none. */
export async function currentMandate(em: EntityManager, companyId: string, subscriptionId: string): Promise<Mandate> {
  await em.findOneOrFail(Subscription, { id: subscriptionId, companyId }, { failHandler: () => notFound('Subscription') });
  const [latest] = await em.find(Mandate, { companyId, subscriptionId }, { orderBy: { id: 'desc' }, limit: 1 });
  if (!latest) throw notFound('Mandate');
  return latest;
}

/** The subscription's oldest invoice still to pay (open or past due, with something to pay), or null. */
async function openInvoiceOf(em: EntityManager, companyId: string, subscriptionId: string): Promise<Invoice | null> {
  const [invoice] = await em.find(Invoice, { companyId, subscriptionId, status: { $in: ['open', 'past_due'] }, total: { $gt: 0 } }, { orderBy: { dueAt: 'asc', id: 'asc' }, limit: 1 });
  return invoice ?? null;
}

/**
 * Journey 3's Pix transaction of the invoice: a Lastro Pix transaction like any other (the
 * invoice's total, metadata invoiceId and subscriptionId, origin checkout: the payer pays it as on
 * a hosted page), whose `cob` txid the mandate names. A retried start (after a crash between the
 * transaction and the mandate, or a race) finds the one still waiting by its reference instead of
 * charging twice; one that ended unpaid is followed by the next reference.
 */
async function firstPaymentOf(deps: AppDeps, em: EntityManager, companyId: string, invoice: Invoice): Promise<{ transactionId: string; txid: string }> {
  const earlier = await em.fork().find(Transaction, { companyId, referenceCode: { $like: `${invoice.id}-pixauto-%` } }, { orderBy: { createdAt: 'desc' } });
  const waiting = earlier.find((t) => t.status === 'waiting_payment');
  if (waiting) return txidOf(em, waiting.id);
  const referenceCode = firstPaymentReference(invoice.id, earlier.length + 1);
  const company = await em.findOneOrFail(Company, { id: companyId });
  const body = createTransactionBody.parse({
    referenceCode,
    customerId: invoice.customerId,
    items: [{ description: `Invoice ${invoice.id}`, quantity: 1, amount: invoice.total }],
    // A day to scan: the longest an immediate charge lives, the payer's decision on the mandate included.
    payments: [{ paymentMethod: 'pix', amount: invoice.total, pix: { expiresIn: PIX_EXPIRES_IN.max } }],
    metadata: { invoiceId: invoice.id, subscriptionId: invoice.subscriptionId },
  });
  try {
    const prepared = await prepareTransaction(em, company, body, { rails: processorsOf(deps).railsOf(em, company) });
    const created = await writePrepared(prepared, () => em.transactional((tem) => createTransaction(tem, company, prepared, deps.config.urls.publicBase, { origin: 'checkout', dispatcher: deps.dispatcher })));
    if (created.dispatched) created.dispatched();
    else deps.dispatcher.dispatchSoon(created.events.map((e) => e.id), created.events);
    return txidOf(em, created.transaction.id);
  } catch (err) {
    // A concurrent start made it first: its transaction, never a second charge.
    const raced = await em.fork().findOne(Transaction, { companyId, referenceCode });
    if (raced?.status === 'waiting_payment') return txidOf(em, raced.id);
    throw err;
  }
}

async function txidOf(em: EntityManager, transactionId: string): Promise<{ transactionId: string; txid: string }> {
  const { payments } = await loadTransactionPayments(em, transactionId);
  const txid = payments.find((p) => p.pix)?.pix?.txid;
  if (!txid) throw new Error(`transaction ${transactionId} has no Pix charge`);
  return { transactionId, txid };
}

/**
 * Creates the mandate at the PSP and records it pending. The PSP is called before the row is
 * written: should the commit fail, the PSP keeps an unused mandate that expires unapproved.
 * Journey 3 first opens (or finds) the open invoice's Pix transaction, whose charge the mandate
 * names: the PSP answers one BR Code for both.
 */
export async function startMandateAuthorization(deps: AppDeps, em: EntityManager, company: CompanyRecord, subscriptionId: string, input: StartMandateInput, now = new Date()): Promise<Mandate> {
  const sub = await liveSubscription(em, company.id, subscriptionId);
  // The subscription's state, not the request's: the same body is fine for a BRL subscription.
  if (sub.currency !== 'BRL') throw conflict('currency_not_supported', `Pix Automático charges in BRL only; the subscription is billed in ${sub.currency}`);
  const period = mandatePeriodOf(sub.recurrence);
  if (!period) throw conflict('recurrence_not_supported', 'Pix Automático takes weekly, monthly, quarterly, semiannual or annual cycles; the subscription bills on another');
  if (input.authorization === 'request' && !input.payerAccount) throw badRequest('validation_failed', 'payerAccount: required for a request to the payer\'s bank', [{ path: 'payerAccount', message: 'Required' }]);
  if (await liveMandate(em, company.id, sub.id)) throw conflict('mandate_exists', 'The subscription already has a pending or active Pix Automático mandate');
  const customer = await em.findOneOrFail(Customer, { id: sub.customerId, companyId: company.id });
  // The BCB names a mandate's payer by CPF or CNPJ: a passport customer cannot authorize one.
  if (!documentKind(customer.document)) throw new ApiError(409, 'mandate_payer_invalid', "The subscription's customer has no valid CPF or CNPJ, which a Pix Automático mandate names its payer by");
  const document = normalizeDocument(customer.document);

  const rail = await processorsOf(deps).pixFor(em, company);
  const mandates = mandatesOf(rail);
  if (!rail.connection.receiverAccount) throw conflict('pix_receiver_account_missing', "The company's Pix connection has no receiving account (receiverAccount: agência, conta, tipoConta) for Pix Automático charges to settle into; the operator sets it on the connection");
  let firstPayment: { invoice: Invoice; transactionId: string; txid: string } | null = null;
  if (input.authorization === 'qr_with_payment') {
    const invoice = await openInvoiceOf(em, company.id, sub.id);
    if (!invoice) throw conflict('no_open_invoice', 'The subscription has no open invoice for the QR to pay now; authorize by qr (or request) instead');
    firstPayment = { invoice, ...(await firstPaymentOf(deps, em, company.id, invoice)) };
  }
  // The PSP's mandate callbacks come to the connection's Pix callback URL, registered with it
  // (registerPixWebhook): `<url>/rec`.
  let created: PixMandate;
  try {
    created = await mandates.createMandate({
      contract: sub.id,
      object: 'Assinatura',
      debtor: { name: customer.name, document },
      startDate: mandateStartDate(now, sub.nextInvoiceAt ?? null),
      period,
      retryPolicy: 'PERMITE_3R_7D',
      withQr: input.authorization !== 'request',
      firstPaymentTxid: firstPayment?.txid ?? null,
    });
    if (input.authorization === 'request') {
      await mandates.requestMandateAtBank({ mandateId: created.id, expiresAt: new Date(now.getTime() + BANK_REQUEST_DAYS * 86_400_000), account: { ...input.payerAccount!, document } });
    }
  } catch (err) {
    pspError(err);
  }
  const mandate = em.create(Mandate, {
    id: newId('mdt'),
    companyId: company.id,
    subscriptionId: sub.id,
    customerId: sub.customerId,
    connectionId: rail.connection.id,
    pspMandateId: created.id,
    status: 'pending',
    journey: input.authorization,
    qrCode: created.pixCopiaECola,
    location: created.location,
    invoiceId: firstPayment?.invoice.id ?? null,
    firstTransactionId: firstPayment?.transactionId ?? null,
  });
  try {
    await em.persist(mandate).flush();
  } catch (err) {
    // A concurrent start recorded its mandate first (one live mandate per subscription).
    if (err instanceof UniqueConstraintViolationException) throw conflict('mandate_exists', 'The subscription already has a pending or active Pix Automático mandate');
    throw err;
  }
  return mandate;
}

/** What a refresh changed: the mandate, whether it became active now, and the events it recorded. */
export interface RefreshedMandate {
  mandate: Mandate;
  activated: boolean;
  events: Event[];
  /** Ended now and started by a checkout session: that session, whose status follows its mandate. */
  checkoutSessionId?: string | null;
}

/**
 * Brings the row of a mandate the PSP reported in line with the PSP (read back); `activated`
 * when this read made it active.
 */
export async function refreshMandate(em: EntityManager, rail: PixRail, pspMandateId: string, now = new Date()): Promise<RefreshedMandate | null> {
  const row = await em.findOne(Mandate, { connectionId: rail.connection.id, pspMandateId });
  if (!row) return null;
  const read = await mandatesOf(rail).getMandate(pspMandateId);
  if (!read) return null;
  return applyMandateRead(em, row, read, now);
}

/** The row moved to what the PSP answered of it (a read, or the answer to a cancel). */
async function applyMandateRead(em: EntityManager, row: Mandate, read: PixMandate, now: Date): Promise<RefreshedMandate> {
  const status = mandateStatusOf(read.status);
  if (status === row.status || !isLive(row.status)) return { mandate: row, activated: false, events: [] };
  const wasActive = row.status === 'active';
  row.status = status;
  row.journey = read.journey === 'pending' ? row.journey : read.journey;
  if (status === 'active') {
    row.approvedAt = now;
    return { mandate: row, activated: true, events: [] };
  }
  row.endedAt = now;
  row.closingCode = read.closing?.code ?? null;
  row.closingReason = read.closing?.reason?.slice(0, 400) ?? null;
  row.closedBy = read.closing?.by ?? null;
  // A subscription session's status follows its mandate (refused or expired: failed), and no
  // subscription event says a pending mandate ended: the session is told after the commit.
  const checkoutSessionId = (await em.findOne(CheckoutSession, { subscriptionId: row.subscriptionId, mandateId: row.id }, { fields: ['id'] }))?.id ?? null;
  // Without its mandate, an active subscription that has no card either is past due: dunning
  // (subscription.updated tells the merchant; its open invoice's charge ends with the mandate).
  // A mandate the payer never approved was not its way of paying: nothing changes (journey 3's
  // payer who pays the invoice and declines the mandate leaves it paid, not past due).
  // A row parked by a billing run (no workflow) stays active: its ended charge wakes it, or its
  // next cycle comes, and the run gives it its workflow, whose attempt finds no mandate and dunns
  // (past due there). Set past due here, no run would claim it again.
  if (!wasActive) return { mandate: row, activated: false, events: [], checkoutSessionId };
  const sub = await em.findOne(Subscription, { id: row.subscriptionId, companyId: row.companyId });
  if (sub && sub.status === 'active' && !sub.defaultPaymentMethodRef && !sub.parkedAt) {
    sub.status = 'past_due';
    return { mandate: row, activated: false, events: [subscriptionEvent(em, sub, 'subscription.updated')], checkoutSessionId };
  }
  return { mandate: row, activated: false, events: [], checkoutSessionId };
}

/**
 * Lastro ends a mandate nobody should use any more (journey 3's Pix expired unpaid, a checkout
 * session that ended unpaid, its subscription ended): `PATCH /rec` to CANCELADA at the PSP
 * first, so the payer cannot approve a pending one afterwards and an active one leaves the
 * payer's bank app, then the row as the PSP answers (canceled by the receiving user, or ended
 * there meanwhile). Repeats are harmless: an ended row is left alone, and the PSP answers a
 * mandate already ended as it is. null for an unknown mandate. A PSP that fails throws
 * (PixPspError): the caller's retry asks again.
 */
export async function cancelLiveMandate(deps: { config: Config }, em: EntityManager, mandateId: string, now = new Date()): Promise<RefreshedMandate | null> {
  const seen = await em.findOne(Mandate, { id: mandateId });
  if (!seen || (seen.status !== 'pending' && seen.status !== 'active')) return seen ? { mandate: seen, activated: false, events: [] } : null;
  const rail = await processorsOf(deps).pixById(em, seen.connectionId);
  if (!rail) return null;
  const ended = await mandatesOf(rail).cancelMandate(seen.pspMandateId);
  if (!ended) return null;
  return em.transactional(async (tem) => {
    const row = await tem.findOneOrFail(Mandate, { id: mandateId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    return applyMandateRead(tem, row, ended, now);
  });
}

/**
 * After a refresh commits: its events dispatched, a mandate that became active is the
 * subscription's way of paying (`paymentMethodAttached`: an incomplete subscription starts), and
 * the checkout session of one that ended re-reads it (`paymentsChanged`).
 */
export async function mandateRefreshed(deps: Pick<AppDeps, 'temporal' | 'dispatcher'>, refreshed: RefreshedMandate): Promise<void> {
  if (refreshed.events.length > 0) deps.dispatcher.dispatchSoon(refreshed.events.map((e) => e.id));
  if (refreshed.activated) await signalSubscription(deps.temporal, refreshed.mandate.subscriptionId, paymentMethodAttachedSignal);
  const sessionId = refreshed.checkoutSessionId;
  if (sessionId) await signalSessionWorkflow(deps.temporal, sessionId, (h) => h.signal(sessionPaymentsChangedSignal, { transactionId: refreshed.mandate.id }));
}
