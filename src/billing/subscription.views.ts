import { iso } from '../db/base.entity';
import { changedItemOf } from './plan-changes.rules';
import type { Invoice, InvoiceLineItem, SavedCard, Subscription, SubscriptionItem, UsageRecord } from './subscription.entity';
import type { InvoiceView, SubscriptionView } from './subscriptions.schemas';

/** The subscription; `discount` when the caller read it (GET /subscriptions/:id). */
export function toSubscriptionView(s: Subscription, discount?: SubscriptionView['discount']): SubscriptionView {
  return {
    id: s.id,
    companyId: s.companyId,
    customerId: s.customerId,
    planId: s.planId,
    status: s.status,
    currency: s.currency,
    collectionMethod: s.collectionMethod,
    defaultPaymentMethodRef: s.defaultPaymentMethodRef,
    invoiceGenerationMode: s.invoiceGenerationMode,
    maxCycles: s.maxCycles,
    recurrence: s.recurrence,
    startedAt: iso(s.startedAt),
    trialEndsAt: iso(s.trialEndsAt),
    cyclesCompleted: s.cyclesCompleted,
    currentPeriodStart: iso(s.currentPeriodStart),
    currentPeriodEnd: iso(s.currentPeriodEnd),
    nextInvoiceAt: iso(s.nextInvoiceAt),
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    canceledAt: iso(s.canceledAt),
    cancellationReason: s.cancellationReason,
    pausedAt: iso(s.pausedAt),
    endedAt: iso(s.endedAt),
    metadata: s.metadata,
    lateFees: s.lateFees,
    ...(discount === undefined ? {} : { discount }),
    createdAt: iso(s.createdAt),
    updatedAt: iso(s.updatedAt),
  };
}

export const toSubscriptionItemView = (i: SubscriptionItem) => ({
  id: i.id,
  subscriptionId: i.subscriptionId,
  ...changedItemOf(i),
  createdAt: iso(i.createdAt),
});

export function toInvoiceView(i: Invoice): InvoiceView {
  return {
    id: i.id,
    companyId: i.companyId,
    subscriptionId: i.subscriptionId,
    customerId: i.customerId,
    cycle: i.cycle,
    status: i.status,
    currency: i.currency,
    total: i.total,
    discountAmount: i.discountAmount,
    collectionMethod: i.collectionMethod,
    periodStart: iso(i.periodStart),
    periodEnd: iso(i.periodEnd),
    issuedAt: iso(i.issuedAt),
    dueAt: iso(i.dueAt),
    paidAt: iso(i.paidAt),
    voidedAt: iso(i.voidedAt),
    attemptCount: i.attemptCount,
    nextAttemptAt: iso(i.nextAttemptAt),
    lastTransactionId: i.lastTransactionId,
    lastFailureCode: i.lastFailureCode,
    amountRefunded: i.amountRefunded,
    paymentUrl: i.paymentUrl,
    checkoutSessionId: i.checkoutSessionId,
    ...bolepixFields(i),
    overpayments: i.overpayments,
    createdAt: iso(i.createdAt),
    updatedAt: iso(i.updatedAt),
  };
}

export const toInvoiceLineItemView = (l: InvoiceLineItem) => ({
  id: l.id,
  invoiceId: l.invoiceId,
  subscriptionItemId: l.subscriptionItemId,
  kind: l.kind,
  description: l.description,
  quantity: l.quantity,
  amount: l.amount,
  periodStart: iso(l.periodStart),
  periodEnd: iso(l.periodEnd),
});

export const toUsageRecordView = (u: UsageRecord) => ({
  id: u.id,
  subscriptionId: u.subscriptionId,
  meterId: u.meterId,
  quantity: u.quantity,
  timestamp: iso(u.timestamp),
  createdAt: iso(u.createdAt),
});

export const toSavedCardView = (c: SavedCard) => ({
  id: c.id,
  customerId: c.customerId,
  brand: c.brand,
  last4: c.last4,
  expMonth: c.expMonth,
  expYear: c.expYear,
  createdAt: iso(c.createdAt),
});

/** The invoice's bolepix as it shows: its boleto and Pix QR code apart, the rest (transaction, terms) under `bolepix`. */
function bolepixFields(i: Invoice): Pick<InvoiceView, 'bolepix' | 'boleto' | 'pixQrCode'> {
  if (!i.bolepix) return { bolepix: null, boleto: null, pixQrCode: null };
  const { boleto, pixQrCode, ...bolepix } = i.bolepix;
  return { bolepix, boleto, pixQrCode };
}
