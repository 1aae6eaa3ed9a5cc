import { BigIntType, EntitySchema, type Opt } from '@mikro-orm/core';
import { BaseEntitySchema, type BaseEntity } from '../db/base.entity';
import { CheckoutContent, checkoutContentProperties } from './checkout-content.entity';

export const SESSION_STATUSES = ['created', 'opened', 'paying', 'partially_paid', 'paid', 'failed', 'expired', 'canceled'] as const;
export type CheckoutSessionStatus = (typeof SESSION_STATUSES)[number];

export interface SessionAddress {
  street: string | null;
  number: string | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
}

export interface SessionCustomer {
  name: string | null;
  email: string | null;
  document: string | null;
  phone: string | null;
  address: SessionAddress | null;
}

/** One confirmation: one transaction, and the part of the session total each payment covers (cards may add interest on top). */
export interface SessionAttempt {
  transactionId: string;
  createdAt: string;
  payments: { paymentId: string; method: 'credit_card' | 'pix' | 'boleto'; baseAmount: number }[];
}

/** A line of what a subscription session subscribes to: a plan component at its price. */
export interface SubscriptionLine {
  description: string;
  kind: 'recurring' | 'activation';
  quantity: number;
  /** Per cycle (recurring) or once (activation), quantity included; null for metered usage. */
  amount: number | null;
}

/** What a subscription-mode session subscribes the buyer to, fixed at its creation. */
export interface SessionSubscription {
  planId: string;
  items: { planItemId?: string; planItemKey?: string; quantity?: number }[];
  couponId: string | null;
  /** The ways the buyer may pay its invoices. */
  methods: { card: boolean; pixAutomatico: boolean };
  recurrence: { interval: number; unit: string };
  trialDays: number;
  lines: SubscriptionLine[];
  /** The recurring items of one cycle (metered usage apart). */
  amountPerCycle: number;
  /** The first invoice before any coupon: 0 during a trial. */
  amountDueNow: number;
}

/**
 * A checkout session (cs_): a link visit or an ad-hoc charge. It holds its own copy of the
 * content (a snapshot of the link at the visit), so later link changes never reach it.
 */
export class CheckoutSession extends CheckoutContent {
  companyId!: string;
  tenantId!: string;
  /** null for an ad-hoc charge. */
  linkId: Opt<string> | null = null;
  linkVersion: Opt<number> | null = null;
  status: Opt<CheckoutSessionStatus> = 'created';
  /** Sum of the items (integer cents): what the buyer owes before any card interest. */
  amount!: number;
  customer: Opt<SessionCustomer> | null = null;
  customFieldValues: Opt<Record<string, string | boolean>> = {};
  attempts: Opt<SessionAttempt[]> = [];
  expiresAt!: Date;
  openedAt: Opt<Date> | null = null;
  paidAt: Opt<Date> | null = null;
  canceledAt: Opt<Date> | null = null;
  expiredAt: Opt<Date> | null = null;
  /** Subscription mode only: what it subscribes to, and what its confirmation made. */
  subscription: Opt<SessionSubscription> | null = null;
  subscriptionId: Opt<string> | null = null;
  customerId: Opt<string> | null = null;
  mandateId: Opt<string> | null = null;
}

export const CheckoutSessionSchema = new EntitySchema<CheckoutSession, BaseEntity>({
  class: CheckoutSession,
  extends: BaseEntitySchema,
  tableName: 'checkout_sessions',
  properties: {
    companyId: { type: 'string', length: 40 },
    tenantId: { type: 'string', length: 40 },
    linkId: { type: 'string', length: 40, nullable: true },
    linkVersion: { type: 'integer', nullable: true },
    status: { type: 'string', length: 16 },
    ...checkoutContentProperties,
    amount: { type: new BigIntType('number') },
    customer: { type: 'json', nullable: true },
    customFieldValues: { type: 'json' },
    attempts: { type: 'json' },
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
    openedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    paidAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    canceledAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    expiredAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    subscription: { type: 'json', nullable: true },
    subscriptionId: { type: 'string', length: 40, nullable: true },
    customerId: { type: 'string', length: 40, nullable: true },
    mandateId: { type: 'string', length: 40, nullable: true },
  },
});
