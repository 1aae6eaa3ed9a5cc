import type { EntityManager } from '@mikro-orm/postgresql';
import { insertEvents, type RecordEventInput } from '../events/outbox';
import { newId } from '../shared/ids';
import { PlanChange } from './plan-changes.entity';
import type { ChangedItem } from './plan-changes.rules';
import { Subscription } from './subscription.entity';
import { updatedEventData } from './plan-changes.service';

/**
 * What the issue of invoices takes from plan changes (docs/billing.md "Plan changes"): the
 * changes pending for a cycle being issued, applied first, and the proration lines waiting for
 * the next invoice. Data-driven: whoever issues (the workflow, a billing run's page) applies them.
 */

export interface WaitingLine {
  id: string;
  description: string;
  amount: number;
}

interface Waiting {
  changes: Map<string, { id: string; fromCycle: number }>;
  lines: Map<string, WaitingLine[]>;
}

/** The pending changes and waiting proration lines of these subscriptions, in one statement. */
export async function waitingFor(em: EntityManager, subscriptionIds: string[]): Promise<Waiting> {
  const rows = await em.execute<Array<{ what: 'change' | 'line'; subscription_id: string; id: string; from_cycle: number | null; description: string | null; amount: string | null }>>(
    `select 'change' as what, subscription_id, id, from_cycle, null::text as description, null::bigint as amount
       from billing_plan_changes where status = 'pending' and subscription_id = any(array(select jsonb_array_elements_text(?::jsonb)))
     union all
     select 'line', subscription_id, id, null, description, amount
       from billing_invoice_items where invoice_id is null and subscription_id = any(array(select jsonb_array_elements_text(?::jsonb)))
     order by what, id`,
    [JSON.stringify(subscriptionIds), JSON.stringify(subscriptionIds)],
  );
  const waiting: Waiting = { changes: new Map(), lines: new Map() };
  for (const r of rows) {
    if (r.what === 'change') waiting.changes.set(r.subscription_id, { id: r.id, fromCycle: Number(r.from_cycle) });
    else waiting.lines.set(r.subscription_id, [...(waiting.lines.get(r.subscription_id) ?? []), { id: r.id, description: r.description!, amount: Number(r.amount) }]);
  }
  return waiting;
}

/**
 * Applies the pending changes due by the cycles being issued (`fromCycle` ≤ the cycle): the
 * subscription's items replaced, its plan set, the change `applied` (only from `pending`, so a
 * cancel at the same moment leaves one of the two), subscription.updated. Answers the events' ids.
 */
export async function applyDueChanges(em: EntityManager, waiting: Waiting, cycles: Map<string, number>, at: Date): Promise<string[]> {
  const events: RecordEventInput[] = [];
  for (const [subscriptionId, pending] of waiting.changes) {
    const cycle = cycles.get(subscriptionId);
    if (cycle === undefined || pending.fromCycle > cycle) continue;
    const taken = await em.execute(`update billing_plan_changes set status = 'applied', applied_at = ?, updated_at = ? where id = ? and status = 'pending' returning id`, [at, at, pending.id]);
    if (taken.length === 0) continue;
    const change = await em.findOneOrFail(PlanChange, { id: pending.id }, { refresh: true });
    await em.execute(`update billing_subscription_items set deleted_at = ?, updated_at = ? where subscription_id = ? and deleted_at is null`, [at, at, subscriptionId]);
    await em.execute(
      `insert into billing_subscription_items (id, created_at, updated_at, company_id, subscription_id, plan_item_id, price_id, kind, description, quantity, quantity_included, billing_scheme, amount, tiers, package_size, meter_id)
       select ? || '_i' || ((select count(*) from billing_subscription_items where subscription_id = ?) + r.n), ?::timestamptz, ?::timestamptz, ?, ?, r.plan_item_id, r.price_id, r.kind, r.description, r.quantity, r.quantity_included, r.billing_scheme, r.amount, r.tiers, r.package_size, r.meter_id
         from jsonb_to_recordset(?::jsonb) as r(n int, plan_item_id text, price_id text, kind text, description text, quantity int, quantity_included int, billing_scheme text, amount bigint, tiers jsonb, package_size int, meter_id text)`,
      [subscriptionId, subscriptionId, at, at, change.companyId, subscriptionId, JSON.stringify(change.items.map((i: ChangedItem, n) => ({ n: n + 1, plan_item_id: i.planItemId, price_id: i.priceId, kind: i.kind, description: i.description, quantity: i.quantity, quantity_included: i.quantityIncluded, billing_scheme: i.billingScheme, amount: i.amount, tiers: i.tiers, package_size: i.packageSize, meter_id: i.meterId })))],
    );
    await em.execute(`update billing_subscriptions set plan_id = ?, updated_at = ? where id = ?`, [change.planId, at, subscriptionId]);
    const s = await em.findOneOrFail(Subscription, { id: subscriptionId }, { refresh: true });
    events.push({ companyId: change.companyId, type: 'subscription.updated', entityType: 'subscription', data: updatedEventData(s, change) });
  }
  return insertEvents(em, events);
}

/**
 * Marks the waiting lines issued on their invoices, and keeps for the next invoice what a credit
 * left beyond one (an invoice never goes below 0): `carried`, a line per subscription.
 */
export async function settleWaitingLines(
  em: EntityManager,
  taken: Array<{ id: string; invoiceId: string }>,
  carried: Array<{ companyId: string; subscriptionId: string; amount: number; periodStart: Date; periodEnd: Date }>,
): Promise<void> {
  if (taken.length > 0) {
    await em.execute(
      `update billing_invoice_items i set invoice_id = r.invoice_id, updated_at = now() from jsonb_to_recordset(?::jsonb) as r(id text, invoice_id text) where i.id = r.id and i.id = any(array(select jsonb_array_elements_text(?::jsonb))) and i.invoice_id is null`,
      [JSON.stringify(taken.map((t) => ({ id: t.id, invoice_id: t.invoiceId }))), JSON.stringify(taken.map((t) => t.id))],
    );
  }
  if (carried.length > 0) {
    await em.execute(
      `insert into billing_invoice_items (id, created_at, updated_at, company_id, subscription_id, kind, description, amount, period_start, period_end)
       select id, now(), now(), company_id, subscription_id, 'proration', 'Credit carried from the previous invoice', amount, period_start, period_end
         from jsonb_to_recordset(?::jsonb) as r(id text, company_id text, subscription_id text, amount bigint, period_start timestamptz, period_end timestamptz)`,
      [JSON.stringify(carried.map((c) => ({ id: newId('ii'), company_id: c.companyId, subscription_id: c.subscriptionId, amount: c.amount, period_start: c.periodStart.toISOString(), period_end: c.periodEnd.toISOString() })))],
    );
  }
}
