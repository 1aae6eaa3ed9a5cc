import { iso } from '../db/base.entity';
import type { Invoice, InvoiceLineItem, SavedCard, Subscription, SubscriptionItem, UsageRecord } from './subscription.entity';
import type { InvoiceView, SubscriptionView } from './subscriptions.schemas';

export function toSubscriptionView(s: Subscription): SubscriptionView {
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
    createdAt: iso(s.createdAt),
    updatedAt: iso(s.updatedAt),
  };
}

export const toSubscriptionItemView = (i: SubscriptionItem) => ({
  id: i.id,
  subscriptionId: i.subscriptionId,
  planItemId: i.planItemId,
  priceId: i.priceId,
  kind: i.kind,
  description: i.description,
  quantity: i.quantity,
  quantityIncluded: i.quantityIncluded,
  billingScheme: i.billingScheme,
  amount: i.amount,
  tiers: i.tiers,
  packageSize: i.packageSize,
  meterId: i.meterId,
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
