import { BigIntType, EntitySchema, type Opt } from '@mikro-orm/core';
import { BaseEntity, BaseEntitySchema } from '../db/base.entity';
import type { ChangedItem, PlanChangeEffective, PlanChangeStatus, ProrationBehavior, ProrationLine } from './plan-changes.rules';

/**
 * A change of a subscription's plan, prices or quantities (`sch_…`): applied at once (`now`),
 * or `pending` until the invoice of `fromCycle` is issued (`cycle_end`), when the issue applies
 * it; a pending one can be canceled before.
 */
export class PlanChange extends BaseEntity {
  companyId!: string;
  subscriptionId!: string;
  status!: PlanChangeStatus;
  effective!: PlanChangeEffective;
  prorationBehavior!: ProrationBehavior;
  /** The first invoice cycle billed with the new items (cycle_end). */
  fromCycle: Opt<number> | null = null;
  planId: Opt<string> | null = null;
  items!: ChangedItem[];
  /** The plan and items before the change. */
  previous!: { planId: string | null; items: ChangedItem[] };
  prorationLines: Opt<ProrationLine[]> = [];
  appliedAt: Opt<Date> | null = null;
  canceledAt: Opt<Date> | null = null;
}

export const PlanChangeSchema = new EntitySchema<PlanChange, BaseEntity>({
  class: PlanChange,
  extends: BaseEntitySchema,
  tableName: 'billing_plan_changes',
  properties: {
    companyId: { type: 'string', length: 40 },
    subscriptionId: { type: 'string', length: 40 },
    status: { type: 'string', length: 16 },
    effective: { type: 'string', length: 16 },
    prorationBehavior: { type: 'string', length: 24 },
    fromCycle: { type: 'integer', nullable: true },
    planId: { type: 'string', length: 40, nullable: true },
    items: { type: 'json' },
    previous: { type: 'json' },
    prorationLines: { type: 'json' },
    appliedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    canceledAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});

/** A line waiting for the subscription's next invoice (`ii_…`): a plan change's proration; `invoiceId` once issued on one. */
export class PendingInvoiceItem extends BaseEntity {
  companyId!: string;
  subscriptionId!: string;
  planChangeId: Opt<string> | null = null;
  kind!: 'proration';
  description!: string;
  amount!: number;
  periodStart!: Date;
  periodEnd!: Date;
  invoiceId: Opt<string> | null = null;
}

export const PendingInvoiceItemSchema = new EntitySchema<PendingInvoiceItem, BaseEntity>({
  class: PendingInvoiceItem,
  extends: BaseEntitySchema,
  tableName: 'billing_invoice_items',
  properties: {
    companyId: { type: 'string', length: 40 },
    subscriptionId: { type: 'string', length: 40 },
    planChangeId: { type: 'string', length: 40, nullable: true },
    kind: { type: 'string', length: 16 },
    description: { type: 'string', length: 255 },
    amount: { type: new BigIntType('number') },
    periodStart: { type: 'Date', columnType: 'timestamptz' },
    periodEnd: { type: 'Date', columnType: 'timestamptz' },
    invoiceId: { type: 'string', length: 40, nullable: true },
  },
});
