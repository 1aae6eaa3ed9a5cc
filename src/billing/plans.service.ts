import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { conflict, notFound } from '../http/errors';
import { likeContains, sortedPage } from '../http/pagination';
import { newId } from '../shared/ids';
import { Plan, PlanItem, Price } from './plan.entity';
import type { CreatePlanInput, ListPlansQuery, UpdatePlanInput } from './catalog.schemas';

export const planCodeTaken = (code: string) => conflict('plan_code_taken', `A plan with code '${code}' already exists`);

export async function createPlan(em: EntityManager, companyId: string, input: CreatePlanInput): Promise<Plan> {
  if (await em.findOne(Plan, { companyId, code: input.code }, { fields: ['id'] })) throw planCodeTaken(input.code);
  const plan = em.create(Plan, {
    id: newId('plan'),
    companyId,
    code: input.code,
    name: input.name,
    description: input.description ?? null,
    metadata: input.metadata ?? {},
    lateFees: input.lateFees ?? null,
  });
  try {
    // Flushed here so that a concurrent creation with the same code loses on the unique index as a 409.
    await em.persist(plan).flush();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) throw planCodeTaken(input.code);
    throw err;
  }
  return plan;
}

/** The caller's plan or 404; `lock` takes a row lock so that catalog changes of one plan serialize. */
export async function getPlan(em: EntityManager, companyId: string, id: string, lock = false): Promise<Plan> {
  const plan = await em.findOne(Plan, { id, companyId }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!plan) throw notFound('Plan');
  return plan;
}

/** A plan whose catalog can still change (items, prices): archived plans are frozen. */
export async function getEditablePlan(em: EntityManager, companyId: string, id: string): Promise<Plan> {
  const plan = await getPlan(em, companyId, id, true);
  if (plan.status === 'archived') throw conflict('plan_archived', 'The plan is archived; its components and prices cannot change');
  return plan;
}

export async function updatePlan(em: EntityManager, companyId: string, id: string, input: UpdatePlanInput): Promise<Plan> {
  const plan = await getPlan(em, companyId, id, true);
  if (input.name !== undefined) plan.name = input.name;
  if (input.description !== undefined) plan.description = input.description;
  if (input.metadata !== undefined) plan.metadata = input.metadata;
  if (input.lateFees !== undefined) plan.lateFees = input.lateFees;
  return plan;
}

/** A recurring, non-archived component with a current price: what a subscription needs to bill. */
async function hasPricedRecurringItem(em: EntityManager, plan: Plan): Promise<boolean> {
  const items = await em.find(PlanItem, { planId: plan.id, kind: 'recurring', deletedAt: null }, { fields: ['id'] });
  if (items.length === 0) return false;
  const price = await em.findOne(Price, { planItemId: { $in: items.map((i) => i.id) }, isCurrent: true, archivedAt: null }, { fields: ['id'] });
  return price !== null;
}

/** draft (or inactive) → active; publishing an active plan again is a no-op. */
export async function publishPlan(em: EntityManager, companyId: string, id: string): Promise<Plan> {
  const plan = await getPlan(em, companyId, id, true);
  if (plan.status === 'active') return plan;
  if (plan.status === 'archived') throw conflict('plan_not_publishable', 'An archived plan cannot be published');
  if (!(await hasPricedRecurringItem(em, plan))) {
    throw conflict('plan_not_publishable', 'A plan needs at least one recurring component with a current price to be published');
  }
  plan.status = 'active';
  return plan;
}

/** Any state → archived (idempotent). Existing subscriptions keep running; new ones are refused. */
export async function archivePlan(em: EntityManager, companyId: string, id: string): Promise<Plan> {
  const plan = await getPlan(em, companyId, id, true);
  plan.status = 'archived';
  return plan;
}

/** Plans matching the spec's list query; text filters are partial and case-insensitive. */
export async function listPlans(em: EntityManager, companyId: string, q: ListPlansQuery): Promise<{ plans: Plan[]; total: number }> {
  const qb = em.createQueryBuilder(Plan, 'p').where({ companyId });
  if (q.status?.length) qb.andWhere({ status: { $in: q.status } });
  if (q.code) qb.andWhere({ code: { $ilike: likeContains(q.code) } });
  if (q.name) qb.andWhere({ name: { $ilike: likeContains(q.name) } });
  if (q.q) qb.andWhere({ $or: [{ code: { $ilike: likeContains(q.q) } }, { name: { $ilike: likeContains(q.q) } }] });
  if (q.createdFrom) qb.andWhere({ createdAt: { $gte: dayOrInstant(q.createdFrom, 'start') } });
  if (q.createdTo) qb.andWhere({ createdAt: { $lte: dayOrInstant(q.createdTo, 'end') } });
  if (q.item) {
    qb.andWhere(`exists (select 1 from billing_plan_items i where i.plan_id = p.id and i.deleted_at is null and i.name ilike ?)`, [likeContains(q.item)]);
  }
  if (q.priceMin !== undefined || q.priceMax !== undefined) {
    qb.andWhere(
      `exists (select 1 from billing_prices pr join billing_plan_items i on i.id = pr.plan_item_id and i.deleted_at is null
                where pr.plan_id = p.id and pr.is_current and pr.archived_at is null and pr.amount >= ? and pr.amount <= ?)`,
      [q.priceMin ?? 0, q.priceMax ?? Number.MAX_SAFE_INTEGER],
    );
  }
  const page = await sortedPage(em, Plan, { companyId }, q, { by: q.sortBy, order: q.sortDir }, 'Plan');
  qb.andWhere(page.where({}) as Record<string, unknown>).orderBy(page.options.orderBy).limit(page.options.limit).offset(page.options.offset);
  const [plans, total] = await qb.getResultAndCount();
  return { plans: page.inListOrder(plans), total };
}

/** A YYYY-MM-DD bound covers its whole UTC day (both bounds are inclusive); an instant is itself. */
function dayOrInstant(value: string, edge: 'start' | 'end'): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = Date.parse(`${value}T00:00:00Z`);
    return new Date(edge === 'start' ? start : start + 86_400_000 - 1);
  }
  return new Date(value);
}
