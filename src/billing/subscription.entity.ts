import { BigIntType, EntitySchema, type Opt } from '@mikro-orm/core';
import { BaseEntity, BaseEntitySchema } from '../db/base.entity';
import type { BillingScheme, PriceTier } from './pricing.rules';
import type { Recurrence } from './price.rules';
import type { SubscriptionStatus, InvoiceStatus } from './subscription.rules';
import type { InvoiceBolepix, InvoiceOverpayment, LateFees } from './bolepix.rules';

export type CollectionMethod = 'charge_automatically' | 'send_invoice';
export type InvoiceGenerationMode = 'just_in_time' | 'upfront';

/**
 * A subscription (`sub_…`). The row is the truth the API shows; its workflow (same id) moves
 * it through cycles. `scheduleStart` is the instant cycle 0 starts (the trial end when there is
 * a trial); pauses re-base it (see subscription.rules.ts).
 */
export class Subscription extends BaseEntity {
  companyId!: string;
  customerId!: string;
  planId: Opt<string> | null = null;
  status!: SubscriptionStatus;
  currency!: string;
  collectionMethod!: CollectionMethod;
  defaultPaymentMethodRef: Opt<string> | null = null;
  invoiceGenerationMode!: InvoiceGenerationMode;
  maxCycles: Opt<number> | null = null;
  recurrence!: Recurrence;
  startedAt!: Date;
  trialEndsAt: Opt<Date> | null = null;
  /** Cycles paid so far. */
  cyclesCompleted: Opt<number> = 0;
  currentPeriodStart: Opt<Date> | null = null;
  currentPeriodEnd: Opt<Date> | null = null;
  nextInvoiceAt: Opt<Date> | null = null;
  cancelAtPeriodEnd: Opt<boolean> = false;
  canceledAt: Opt<Date> | null = null;
  cancellationReason: Opt<string> | null = null;
  pausedAt: Opt<Date> | null = null;
  endedAt: Opt<Date> | null = null;
  metadata: Opt<Record<string, string>> = {};
  /** Set once the API's own start of the workflow succeeded; the outbox subscriber acts only without it. */
  workflowStartedAt: Opt<Date> | null = null;
  /** Where the schedule stands (cycle `scheduleBaseCycle` starts at `scheduleStart`); null: cycle 0 at the trial end or start. */
  scheduleStart: Opt<Date> | null = null;
  scheduleBaseCycle: Opt<number> = 0;
  /** The next cycle to invoice. */
  nextCycle: Opt<number> = 0;
  /** Parked: no workflow runs for it; the billing run starts one at `wakeAt`. */
  parkedAt: Opt<Date> | null = null;
  wakeAt: Opt<Date> | null = null;
  /** The billing run that claimed it (its run id), until the workflow that run started takes it. */
  renewalClaim: Opt<string> | null = null;
  /** send_invoice: the fine, interest and discount of its invoices' boletos (replaces the plan's). */
  lateFees: Opt<LateFees> | null = null;
}

export const SubscriptionSchema = new EntitySchema<Subscription, BaseEntity>({
  class: Subscription,
  extends: BaseEntitySchema,
  tableName: 'billing_subscriptions',
  properties: {
    companyId: { type: 'string', length: 40 },
    customerId: { type: 'string', length: 40 },
    planId: { type: 'string', length: 40, nullable: true },
    status: { type: 'string', length: 16 },
    currency: { type: 'string', length: 3 },
    collectionMethod: { type: 'string', length: 24 },
    defaultPaymentMethodRef: { type: 'string', length: 40, nullable: true },
    invoiceGenerationMode: { type: 'string', length: 16 },
    maxCycles: { type: 'integer', nullable: true },
    recurrence: { type: 'json' },
    startedAt: { type: 'Date', columnType: 'timestamptz' },
    trialEndsAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    cyclesCompleted: { type: 'integer' },
    currentPeriodStart: { type: 'Date', columnType: 'timestamptz', nullable: true },
    currentPeriodEnd: { type: 'Date', columnType: 'timestamptz', nullable: true },
    nextInvoiceAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    cancelAtPeriodEnd: { type: 'boolean' },
    canceledAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    cancellationReason: { type: 'string', length: 40, nullable: true },
    pausedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    endedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    workflowStartedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    scheduleStart: { type: 'Date', columnType: 'timestamptz', nullable: true },
    scheduleBaseCycle: { type: 'integer' },
    nextCycle: { type: 'integer' },
    parkedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    wakeAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    renewalClaim: { type: 'string', length: 64, nullable: true },
    lateFees: { type: 'json', nullable: true },
    metadata: { type: 'json' },
  },
});

/** One billed line of a subscription: a plan component at its price, or a standalone item. */
export class SubscriptionItem extends BaseEntity {
  companyId!: string;
  subscriptionId!: string;
  planItemId: Opt<string> | null = null;
  priceId: Opt<string> | null = null;
  kind!: 'recurring' | 'activation';
  description!: string;
  quantity!: number;
  quantityIncluded: Opt<number> = 0;
  billingScheme!: BillingScheme;
  amount!: number;
  tiers: Opt<PriceTier[]> | null = null;
  packageSize: Opt<number> | null = null;
  meterId: Opt<string> | null = null;
}

export const SubscriptionItemSchema = new EntitySchema<SubscriptionItem, BaseEntity>({
  class: SubscriptionItem,
  extends: BaseEntitySchema,
  tableName: 'billing_subscription_items',
  properties: {
    companyId: { type: 'string', length: 40 },
    subscriptionId: { type: 'string', length: 40 },
    planItemId: { type: 'string', length: 40, nullable: true },
    priceId: { type: 'string', length: 40, nullable: true },
    kind: { type: 'string', length: 16 },
    description: { type: 'string', length: 255 },
    quantity: { type: 'integer' },
    quantityIncluded: { type: 'integer' },
    billingScheme: { type: 'string', length: 16 },
    amount: { type: new BigIntType('number') },
    tiers: { type: 'json', nullable: true },
    packageSize: { type: 'integer', nullable: true },
    meterId: { type: 'string', length: 100, nullable: true },
  },
});

/** An invoice (`inv_…`), one per subscription cycle (unique), with its line items. */
export class Invoice extends BaseEntity {
  companyId!: string;
  subscriptionId!: string;
  customerId!: string;
  cycle!: number;
  status!: InvoiceStatus;
  currency!: string;
  total!: number;
  /** Cents its coupon took off (its `discount` line, negated). */
  discountAmount: Opt<number> = 0;
  collectionMethod!: CollectionMethod;
  periodStart!: Date;
  periodEnd!: Date;
  issuedAt!: Date;
  dueAt!: Date;
  paidAt: Opt<Date> | null = null;
  voidedAt: Opt<Date> | null = null;
  attemptCount: Opt<number> = 0;
  nextAttemptAt: Opt<Date> | null = null;
  lastTransactionId: Opt<string> | null = null;
  lastFailureCode: Opt<string> | null = null;
  /** Cents refunded of the transaction that paid it (the invoice stays `paid`: the spec has no refunded state). */
  amountRefunded: Opt<number> = 0;
  /** send_invoice: the checkout charge (`cs_…`) that pays this invoice, and its page (the payment link). */
  checkoutSessionId: Opt<string> | null = null;
  paymentUrl: Opt<string> | null = null;
  /** send_invoice: its boleto with the Pix QR (issueInvoiceBolepix), once made. */
  bolepix: Opt<InvoiceBolepix> | null = null;
  /** Payments that came after it was paid (the other way of paying it): the merchant refunds them. */
  overpayments: Opt<InvoiceOverpayment[]> = [];
}

export const InvoiceSchema = new EntitySchema<Invoice, BaseEntity>({
  class: Invoice,
  extends: BaseEntitySchema,
  tableName: 'billing_invoices',
  properties: {
    companyId: { type: 'string', length: 40 },
    subscriptionId: { type: 'string', length: 40 },
    customerId: { type: 'string', length: 40 },
    cycle: { type: 'integer' },
    status: { type: 'string', length: 16 },
    currency: { type: 'string', length: 3 },
    total: { type: new BigIntType('number') },
    discountAmount: { type: new BigIntType('number') },
    collectionMethod: { type: 'string', length: 24 },
    periodStart: { type: 'Date', columnType: 'timestamptz' },
    periodEnd: { type: 'Date', columnType: 'timestamptz' },
    issuedAt: { type: 'Date', columnType: 'timestamptz' },
    dueAt: { type: 'Date', columnType: 'timestamptz' },
    paidAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    voidedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    attemptCount: { type: 'integer' },
    nextAttemptAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    lastTransactionId: { type: 'string', length: 40, nullable: true },
    lastFailureCode: { type: 'string', length: 64, nullable: true },
    amountRefunded: { type: new BigIntType('number') },
    checkoutSessionId: { type: 'string', length: 40, nullable: true },
    paymentUrl: { type: 'string', length: 2048, nullable: true },
    bolepix: { type: 'json', nullable: true },
    overpayments: { type: 'json' },
  },
});

export class InvoiceLineItem extends BaseEntity {
  invoiceId!: string;
  subscriptionItemId: Opt<string> | null = null;
  /** `discount`: a coupon's (negative); `proration`: a plan change's credit or charge. */
  kind!: 'recurring' | 'activation' | 'usage' | 'discount' | 'proration';
  description!: string;
  quantity!: number;
  amount!: number;
  periodStart!: Date;
  periodEnd!: Date;
}

export const InvoiceLineItemSchema = new EntitySchema<InvoiceLineItem, BaseEntity>({
  class: InvoiceLineItem,
  extends: BaseEntitySchema,
  tableName: 'billing_invoice_line_items',
  properties: {
    invoiceId: { type: 'string', length: 40 },
    subscriptionItemId: { type: 'string', length: 40, nullable: true },
    kind: { type: 'string', length: 16 },
    description: { type: 'string', length: 255 },
    quantity: { type: 'integer' },
    amount: { type: new BigIntType('number') },
    periodStart: { type: 'Date', columnType: 'timestamptz' },
    periodEnd: { type: 'Date', columnType: 'timestamptz' },
  },
});

/** Reported usage of a metered item (`usg_…`), billed on the invoice of the period it falls in. */
export class UsageRecord extends BaseEntity {
  companyId!: string;
  subscriptionId!: string;
  meterId!: string;
  quantity!: number;
  timestamp!: Date;
}

export const UsageRecordSchema = new EntitySchema<UsageRecord, BaseEntity>({
  class: UsageRecord,
  extends: BaseEntitySchema,
  tableName: 'billing_usage_records',
  properties: {
    companyId: { type: 'string', length: 40 },
    subscriptionId: { type: 'string', length: 40 },
    meterId: { type: 'string', length: 100 },
    quantity: { type: 'integer' },
    timestamp: { type: 'Date', columnType: 'timestamptz' },
  },
});

/** A card saved for a customer from a single-use token (`crd_…` = the vault record). */
export class SavedCard extends BaseEntity {
  companyId!: string;
  customerId!: string;
  brand!: string;
  last4!: string;
  expMonth!: number;
  expYear!: number;
}

export const SavedCardSchema = new EntitySchema<SavedCard, BaseEntity>({
  class: SavedCard,
  extends: BaseEntitySchema,
  tableName: 'billing_saved_cards',
  properties: {
    companyId: { type: 'string', length: 40 },
    customerId: { type: 'string', length: 40 },
    brand: { type: 'string', length: 16 },
    last4: { type: 'string', length: 4 },
    expMonth: { type: 'smallint' },
    expYear: { type: 'smallint' },
  },
});
