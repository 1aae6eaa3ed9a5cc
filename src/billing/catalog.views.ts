import { iso } from '../db/base.entity';
import type { Plan, PlanItem, Price } from './plan.entity';
import type { PlanItemView, PlanView, PriceView } from './catalog.schemas';

export function toPlanView(p: Plan): PlanView {
  return {
    id: p.id,
    companyId: p.companyId,
    code: p.code,
    name: p.name,
    description: p.description,
    status: p.status,
    metadata: p.metadata,
    lateFees: p.lateFees,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
    deletedAt: iso(p.deletedAt),
  };
}

export function toPlanItemView(i: PlanItem): PlanItemView {
  return {
    id: i.id,
    companyId: i.companyId,
    planId: i.planId,
    key: i.key,
    name: i.name,
    kind: i.kind,
    quantityDefault: i.quantityDefault,
    quantityIncluded: i.quantityIncluded,
    optional: i.optional,
    displayOrder: i.displayOrder,
    description: i.description,
    metadata: i.metadata,
    isDefault: i.isDefault,
    createdAt: iso(i.createdAt),
    updatedAt: iso(i.updatedAt),
    deletedAt: iso(i.deletedAt),
  };
}

/** The money object of the request is flattened into amount and currency (spec, Price). */
export function toPriceView(p: Price): PriceView {
  return {
    id: p.id,
    planId: p.planId,
    planItemId: p.planItemId,
    billingScheme: p.billingScheme,
    amount: p.amount,
    currency: p.currency,
    recurrence: p.recurrence,
    tiers: p.tiers,
    packageSize: p.packageSize,
    meterId: p.meterId,
    trialSpec: p.trialSpec,
    isCurrent: p.isCurrent,
    publishedAt: iso(p.publishedAt),
    archivedAt: iso(p.archivedAt),
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
  };
}
