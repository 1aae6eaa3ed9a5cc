import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict, notFound } from '../http/errors';
import { newId } from '../shared/ids';
import { PlanItem, type Plan } from './plan.entity';
import { getEditablePlan, getPlan } from './plans.service';
import type { CreatePlanItemInput, UpdatePlanItemInput } from './catalog.schemas';

export const itemKeyTaken = (key: string) => conflict('item_key_taken', `A component with key '${key}' already exists in this plan`);

/** Components of a plan (archived ones excluded), in display order. */
export async function listPlanItems(em: EntityManager, companyId: string, planId: string): Promise<PlanItem[]> {
  await getPlan(em, companyId, planId);
  return em.find(PlanItem, { planId, companyId, deletedAt: null }, { orderBy: { displayOrder: 'asc', id: 'asc' } });
}

/** Adds a component; the plan row lock serializes concurrent creations, so the key check holds. */
export async function addPlanItem(em: EntityManager, plan: Plan, input: CreatePlanItemInput): Promise<PlanItem> {
  if (await em.findOne(PlanItem, { planId: plan.id, key: input.key }, { fields: ['id'] })) throw itemKeyTaken(input.key);
  const item = em.create(PlanItem, {
    id: newId('pli'),
    companyId: plan.companyId,
    planId: plan.id,
    key: input.key,
    name: input.name,
    kind: input.kind,
    quantityDefault: input.quantityDefault,
    quantityIncluded: input.quantityIncluded,
    optional: input.optional,
    displayOrder: input.displayOrder,
    description: input.description ?? null,
    metadata: input.metadata ?? {},
  });
  em.persist(item);
  return item;
}

export async function createPlanItem(em: EntityManager, companyId: string, planId: string, input: CreatePlanItemInput): Promise<PlanItem> {
  return addPlanItem(em, await getEditablePlan(em, companyId, planId), input);
}

async function getPlanItem(em: EntityManager, companyId: string, planId: string, itemId: string): Promise<PlanItem> {
  const item = await em.findOne(PlanItem, { id: itemId, planId, companyId });
  if (!item) throw notFound('Plan component');
  return item;
}

export async function updatePlanItem(em: EntityManager, companyId: string, planId: string, itemId: string, input: UpdatePlanItemInput): Promise<PlanItem> {
  await getEditablePlan(em, companyId, planId);
  const item = await getPlanItem(em, companyId, planId, itemId);
  if (item.deletedAt) throw conflict('item_archived', 'An archived component cannot be changed');
  const { key: _key, kind: _kind, ...editable } = input;
  for (const [field, value] of Object.entries(editable)) {
    if (value !== undefined) (item as unknown as Record<string, unknown>)[field] = value;
  }
  return item;
}

/** DELETE archives (soft delete); again is a no-op. The default component stays (409). */
export async function archivePlanItem(em: EntityManager, companyId: string, planId: string, itemId: string): Promise<PlanItem> {
  await getPlan(em, companyId, planId, true);
  const item = await getPlanItem(em, companyId, planId, itemId);
  if (item.isDefault) throw conflict('default_item_not_archivable', 'The default component of a plan cannot be archived');
  item.deletedAt ??= new Date();
  return item;
}

/**
 * The default component of a legacy plan, created the first time a price arrives without
 * planItemId or planItemKey. Key `default` (or `default-component` if the merchant already
 * used `default`), recurring, named after the plan.
 */
export async function defaultPlanItem(em: EntityManager, plan: Plan): Promise<PlanItem> {
  const existing = await em.findOne(PlanItem, { planId: plan.id, isDefault: true });
  if (existing) return existing;
  const keyTaken = await em.findOne(PlanItem, { planId: plan.id, key: 'default' }, { fields: ['id'] });
  const item = em.create(PlanItem, {
    id: newId('pli'),
    companyId: plan.companyId,
    planId: plan.id,
    key: keyTaken ? 'default-component' : 'default',
    name: plan.name,
    isDefault: true,
  });
  em.persist(item);
  return item;
}

/** The component a price names (by id or key), which must be live in this plan; 400 otherwise. */
export async function namedPlanItem(em: EntityManager, plan: Plan, ref: { planItemId?: string; planItemKey?: string }): Promise<PlanItem | null> {
  const where = ref.planItemId ? { id: ref.planItemId } : ref.planItemKey ? { key: ref.planItemKey } : null;
  if (!where) return null;
  return em.findOne(PlanItem, { ...where, planId: plan.id, deletedAt: null });
}
