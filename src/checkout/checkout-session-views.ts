import { iso } from '../db/base.entity';
import { formattedLine } from '../payments/artifacts';
import { boletoPageUrl, pixQrImageUrl } from '../payments/transaction-views';
import type { Payment } from '../payments/payment.entity';
import type { CheckoutSession } from './checkout-session.entity';
import { amountPaidOf, cardInstallmentOptions, successUrlFor, type AttemptState, type TxnStatus } from './checkout-session.rules';
import type { PublicSessionView, SessionPaymentView, SessionView } from './checkout-sessions.schemas';
import type { PublicSessionSubscriptionView, SessionSubscriptionView } from './checkout-subscription-offer.schemas';

export interface SessionUrls {
  publicBase: string;
  checkoutPage: string;
}

/** A session with the payments of its attempts, as read for a view or a status change. */
export interface SessionState {
  session: CheckoutSession;
  payments: Payment[];
  transactionStatus: Record<string, TxnStatus>;
  /** Subscription mode: the session's Pix Automático mandate, when it started one. */
  mandate?: { status: string; qrCode: string | null } | null;
}

export const sessionUrl = (checkoutPageUrl: string, sessionId: string): string => `${checkoutPageUrl}/pay/${sessionId}`;

export function attemptStates({ session, payments, transactionStatus }: SessionState): AttemptState[] {
  const byId = new Map(payments.map((p) => [p.id, p]));
  return session.attempts.map((a) => ({
    transactionStatus: transactionStatus[a.transactionId] ?? 'pending',
    payments: a.payments.map((p) => ({ status: byId.get(p.paymentId)?.status ?? 'pending', baseAmount: p.baseAmount })),
  }));
}

function toSessionPayment(p: Payment, publicBase: string): SessionPaymentView {
  const failed = p.status === 'refused' || p.status === 'failed';
  return {
    id: p.id,
    method: p.method,
    amount: p.amount,
    // A charged-back payment was paid: the session's view of it does not change.
    status: failed ? 'failed' : p.status === 'chargeback' ? 'paid' : (p.status as SessionPaymentView['status']),
    failureCode: failed || p.status === 'canceled' ? p.statusReason : null,
    installments: p.installments,
    card: p.card ? { brand: p.card.brand, last4: p.card.last4 } : null,
    pix: p.pix ? { copyPaste: p.pix.qrCode, qrCodeUrl: pixQrImageUrl(publicBase, p.id), expiresAt: p.pix.expiresAt } : null,
    boleto: p.boleto ? { digitableLine: formattedLine(p.boleto.line), barcode: p.boleto.barcode, url: boletoPageUrl(publicBase, p.id), dueDate: p.boleto.dueDate } : null,
  };
}

function subscriptionOffer(s: CheckoutSession) {
  const o = s.subscription!;
  return {
    planId: o.planId,
    currency: s.currency,
    recurrence: o.recurrence,
    trialDays: o.trialDays,
    lines: o.lines,
    amountPerCycle: o.amountPerCycle,
    amountDueNow: o.amountDueNow,
    paymentMethods: o.methods,
  };
}

function toSessionSubscription(s: CheckoutSession): SessionSubscriptionView {
  if (!s.subscription) return null;
  return { ...subscriptionOffer(s), items: s.subscription.items, couponId: s.subscription.couponId, subscriptionId: s.subscriptionId, customerId: s.customerId, mandateId: s.mandateId };
}

/** The image of a subscription session's pending mandate QR (checkout-public.routes). */
export const mandateQrImageUrl = (base: string, sessionId: string): string => `${base}/checkout/public/sessions/${sessionId}/mandate-qrcode.png`;

function toPublicSessionSubscription(state: SessionState, urls: SessionUrls): PublicSessionSubscriptionView {
  const s = state.session;
  if (!s.subscription) return null;
  const m = state.mandate;
  const qrCode = m?.status === 'pending' ? m.qrCode : null;
  return { ...subscriptionOffer(s), subscriptionId: s.subscriptionId, mandate: m ? { status: m.status, qrCode, qrCodeUrl: qrCode ? mandateQrImageUrl(urls.publicBase, s.id) : null } : null };
}

/** Payments in the order they were asked for, attempt after attempt. */
function orderedPayments(state: SessionState): Payment[] {
  const byId = new Map(state.payments.map((p) => [p.id, p]));
  return state.session.attempts.flatMap((a) => a.payments.map((p) => byId.get(p.paymentId)).filter((p): p is Payment => Boolean(p)));
}

export function toSessionView(state: SessionState, urls: SessionUrls): SessionView {
  const s = state.session;
  const amountPaid = amountPaidOf(attemptStates(state));
  return {
    id: s.id,
    companyId: s.companyId,
    tenantId: s.tenantId,
    linkId: s.linkId,
    linkVersion: s.linkVersion,
    status: s.status,
    mode: s.mode,
    currency: s.currency,
    locale: s.locale,
    items: s.items,
    amount: s.amount,
    amountPaid,
    amountDue: Math.max(0, s.amount - amountPaid),
    paymentMethods: s.paymentMethods,
    splits: s.splits,
    branding: s.branding,
    requiredFields: s.requiredFields,
    customFields: s.customFields,
    successUrl: s.successUrl,
    cancelUrl: s.cancelUrl,
    metadata: s.metadata,
    expirationMinutes: s.expirationMinutes,
    customer: s.customer,
    customFieldValues: s.customFieldValues,
    payments: orderedPayments(state).map((p) => ({ ...toSessionPayment(p, urls.publicBase), transactionId: p.transactionId })),
    url: sessionUrl(urls.checkoutPage, s.id),
    expiresAt: iso(s.expiresAt),
    openedAt: iso(s.openedAt),
    paidAt: iso(s.paidAt),
    canceledAt: iso(s.canceledAt),
    expiredAt: iso(s.expiredAt),
    createdAt: iso(s.createdAt),
    updatedAt: iso(s.updatedAt),
    subscription: toSessionSubscription(s),
  };
}

/**
 * What the buyer's page may see: this session's content, its payments and the public company
 * id for tokenization. No tenant id, splits, merchant metadata or other sessions.
 */
export function toPublicSessionView(state: SessionState, urls: SessionUrls): PublicSessionView {
  const s = state.session;
  const amountPaid = amountPaidOf(attemptStates(state));
  const amountDue = Math.max(0, s.amount - amountPaid);
  const pm = s.paymentMethods;
  return {
    id: s.id,
    status: s.status,
    linkId: s.linkId,
    locale: s.locale,
    mode: s.mode,
    currency: s.currency,
    items: s.items.map((i) => ({ name: i.name, description: i.description, unitAmount: i.unitAmount, quantity: i.quantity, imageUrl: i.imageUrl })),
    amount: s.amount,
    amountPaid,
    amountDue,
    expiresAt: iso(s.expiresAt),
    branding: {
      primaryColor: s.branding?.primaryColor ?? null,
      logoUrl: s.branding?.logoUrl ?? null,
      faviconUrl: s.branding?.faviconUrl ?? null,
      merchantName: s.branding?.merchantName ?? null,
      mobileLayout: s.branding?.mobileLayout ?? 'single-page',
    },
    paymentMethods: {
      card: {
        enabled: Boolean(pm.card?.enabled),
        maxInstallments: pm.card?.installments.maxInstallments ?? 1,
        multipleCards: Boolean(pm.card?.multipleCards),
        installmentOptions: pm.card?.enabled ? cardInstallmentOptions(amountDue, pm.card) : [],
      },
      pix: { enabled: Boolean(pm.pix?.enabled), expiresIn: pm.pix?.expiresIn ?? 0 },
      boleto: { enabled: Boolean(pm.boleto?.enabled), dueDateDays: pm.boleto?.dueDateDays ?? 0 },
      combined: {
        enabled: Boolean(pm.combined?.enabled),
        minAmountPerPayment: pm.combined?.minAmountPerPayment ?? 1,
        maxPaymentsCount: pm.combined?.enabled ? pm.combined.maxPaymentsCount : 1,
      },
    },
    requiredFields: s.requiredFields,
    customFields: s.customFields,
    customer: s.customer,
    payments: orderedPayments(state).map((p) => toSessionPayment(p, urls.publicBase)),
    successUrl: s.status === 'paid' && s.successUrl ? successUrlFor(s.successUrl, s.id) : null,
    cancelUrl: s.cancelUrl,
    companyId: s.companyId,
    sdkUrl: `${urls.publicBase}/sdk/lastro.js`,
    subscription: toPublicSessionSubscription(state, urls),
  };
}
