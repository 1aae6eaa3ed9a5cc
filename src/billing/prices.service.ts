import type { EntityManager } from '@mikro-orm/postgresql';
import { badRequest, notFound } from '../http/errors';
import { newId } from '../shared/ids';
import { Price, type Plan, type PlanItem } from './plan.entity';
import { getEditablePlan, getPlan } from './plans.service';
import { defaultPlanItem, namedPlanItem } from './plan-items.service';
import { priceVersionKey, type Recurrence } from './price.rules';
import type { CreatePriceInput, PriceFieldsInput } from './catalog.schemas';

/**
 * Adds a price version to a component. It is current; the previous current version with the
 * same component, currency and cadence stops being current (spec, Versioning). Runs under the
 * plan's row lock, so two concurrent versions cannot both stay current.
 */
export async function addPrice(em: EntityManager, plan: Plan, item: PlanItem, input: PriceFieldsInput): Promise<Price> {
  const recurrence: Recurrence = {
    interval: input.recurrence.interval,
    unit: input.recurrence.unit,
    anchor: input.recurrence.anchor,
    anchorDay: input.recurrence.anchorDay ?? null,
    collectionTiming: input.recurrence.collectionTiming,
  };
  const versionKey = priceVersionKey(item.id, input.money.currency, recurrence);
  const now = new Date();
  const previous = await em.find(Price, { planItemId: item.id, versionKey, isCurrent: true });
  for (const p of previous) p.isCurrent = false;
  // Written before the new row: the partial unique index allows one current version, and a
  // component created in this request must exist before its price references it.
  await em.flush();
  const price = em.create(Price, {
    id: newId('price'),
    companyId: plan.companyId,
    planId: plan.id,
    planItemId: item.id,
    billingScheme: input.billingScheme,
    amount: input.money.amount,
    currency: input.money.currency,
    recurrence,
    tiers: input.tiers ?? null,
    packageSize: input.packageSize ?? null,
    meterId: input.meterId ?? null,
    trialSpec: input.trialSpec ? { durationDays: input.trialSpec.durationDays, requiresPaymentMethod: input.trialSpec.requiresPaymentMethod } : null,
    versionKey,
    publishedAt: now,
  });
  em.persist(price);
  return price;
}

export async function createPrice(em: EntityManager, companyId: string, planId: string, input: CreatePriceInput): Promise<Price> {
  const plan = await getEditablePlan(em, companyId, planId);
  const { planItemId, planItemKey, ...fields } = input;
  let item: PlanItem | null;
  if (planItemId || planItemKey) {
    item = await namedPlanItem(em, plan, { planItemId, planItemKey });
    if (!item) {
      const path = planItemId ? 'planItemId' : 'planItemKey';
      throw badRequest('validation_failed', `${path}: No live component of this plan has this ${planItemId ? 'id' : 'key'}`, [{ path, message: 'Component not found in this plan' }]);
    }
  } else {
    item = await defaultPlanItem(em, plan);
  }
  return addPrice(em, plan, item, fields);
}

/** Every version of every component, newest first (archived ones included). */
export async function listPrices(em: EntityManager, companyId: string, planId: string): Promise<Price[]> {
  await getPlan(em, companyId, planId);
  return em.find(Price, { planId, companyId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
}

/** Archived prices are never current; archiving again is a no-op. No earlier version is revived. */
export async function archivePrice(em: EntityManager, companyId: string, planId: string, priceId: string): Promise<Price> {
  await getPlan(em, companyId, planId, true);
  const price = await em.findOne(Price, { id: priceId, planId, companyId });
  if (!price) throw notFound('Price');
  price.archivedAt ??= new Date();
  price.isCurrent = false;
  return price;
}

/** The current prices of a plan's live components, optionally in one currency, newest first. */
export async function currentPrices(em: EntityManager, planId: string, currency?: string): Promise<Price[]> {
  return em.find(Price, { planId, isCurrent: true, archivedAt: null, ...(currency ? { currency } : {}) }, { orderBy: { createdAt: 'desc', id: 'desc' } });
}
