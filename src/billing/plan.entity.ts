import { BigIntType, EntitySchema, type Opt } from '@mikro-orm/core';
import { BaseEntity, BaseEntitySchema } from '../db/base.entity';
import type { BillingScheme, PriceTier } from './pricing.rules';
import type { Recurrence, TrialSpec } from './price.rules';
import type { LateFees } from './bolepix.rules';

export type PlanStatus = 'draft' | 'active' | 'inactive' | 'archived';
export type PlanItemKind = 'recurring' | 'activation';

/** A plan (`plan_…`): a catalog entry subscriptions are created from once it is active. */
export class Plan extends BaseEntity {
  companyId!: string;
  code!: string;
  name!: string;
  description: Opt<string> | null = null;
  status: Opt<PlanStatus> = 'draft';
  metadata: Opt<Record<string, string>> = {};
  /** send_invoice: the fine, interest and discount of its subscriptions' invoice boletos. */
  lateFees: Opt<LateFees> | null = null;
}

export const PlanSchema = new EntitySchema<Plan, BaseEntity>({
  class: Plan,
  extends: BaseEntitySchema,
  tableName: 'billing_plans',
  properties: {
    companyId: { type: 'string', length: 40 },
    code: { type: 'string', length: 100 },
    name: { type: 'string', length: 255 },
    description: { type: 'string', length: 1000, nullable: true },
    status: { type: 'string', length: 16 },
    metadata: { type: 'json' },
    lateFees: { type: 'json', nullable: true },
  },
});

/**
 * A plan component (`pli_…`). Archiving sets `deletedAt` (the spec's soft delete). The
 * default component of a legacy plan has `isDefault` and cannot be archived.
 */
export class PlanItem extends BaseEntity {
  companyId!: string;
  planId!: string;
  key!: string;
  name!: string;
  kind: Opt<PlanItemKind> = 'recurring';
  quantityDefault: Opt<number> = 1;
  quantityIncluded: Opt<number> = 0;
  optional: Opt<boolean> = false;
  displayOrder: Opt<number> = 0;
  description: Opt<string> | null = null;
  metadata: Opt<Record<string, string>> = {};
  isDefault: Opt<boolean> = false;
}

export const PlanItemSchema = new EntitySchema<PlanItem, BaseEntity>({
  class: PlanItem,
  extends: BaseEntitySchema,
  tableName: 'billing_plan_items',
  properties: {
    companyId: { type: 'string', length: 40 },
    planId: { type: 'string', length: 40 },
    key: { type: 'string', length: 100 },
    name: { type: 'string', length: 255 },
    kind: { type: 'string', length: 16 },
    quantityDefault: { type: 'integer' },
    quantityIncluded: { type: 'integer' },
    optional: { type: 'boolean' },
    displayOrder: { type: 'integer' },
    description: { type: 'string', length: 1000, nullable: true },
    metadata: { type: 'json' },
    isDefault: { type: 'boolean' },
  },
});

/**
 * A price version (`price_…`) of one component. `versionKey` groups the versions that replace
 * each other (component, currency, recurrence cadence): at most one of them is current.
 */
export class Price extends BaseEntity {
  companyId!: string;
  planId!: string;
  planItemId!: string;
  billingScheme!: BillingScheme;
  amount!: number;
  currency!: string;
  recurrence!: Recurrence;
  tiers: Opt<PriceTier[]> | null = null;
  packageSize: Opt<number> | null = null;
  meterId: Opt<string> | null = null;
  trialSpec: Opt<TrialSpec> | null = null;
  versionKey!: string;
  isCurrent: Opt<boolean> = true;
  publishedAt: Opt<Date> = new Date();
  archivedAt: Opt<Date> | null = null;
}

export const PriceSchema = new EntitySchema<Price, BaseEntity>({
  class: Price,
  extends: BaseEntitySchema,
  tableName: 'billing_prices',
  properties: {
    companyId: { type: 'string', length: 40 },
    planId: { type: 'string', length: 40 },
    planItemId: { type: 'string', length: 40 },
    billingScheme: { type: 'string', length: 16 },
    amount: { type: new BigIntType('number') },
    currency: { type: 'string', length: 3 },
    recurrence: { type: 'json' },
    tiers: { type: 'json', nullable: true },
    packageSize: { type: 'integer', nullable: true },
    meterId: { type: 'string', length: 100, nullable: true },
    trialSpec: { type: 'json', nullable: true },
    versionKey: { type: 'string', length: 200 },
    isCurrent: { type: 'boolean' },
    publishedAt: { type: 'Date', columnType: 'timestamptz' },
    archivedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
