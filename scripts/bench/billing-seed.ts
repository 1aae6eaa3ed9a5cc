import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * `count` copies of a template subscription (same company, customer, card, items), written
 * set-based in one transaction and **parked with cycle 0 due now**: the state every
 * subscription is in when its month comes round, without a workflow. The billing benchmark and
 * the billing chaos test renew them with one billing run. Copies are `sub_<tag>NNNNNNNN`, their
 * items `<sub id>_iN` like the API's. Every other column is the template's (so columns added
 * later are copied too).
 */
export async function seedDueSubscriptions(em: EntityManager, templateId: string, count: number, tag: string): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `sub_${tag}${String(i + 1).padStart(8, '0')}`);
  await em.transactional(async (tem) => {
    // `lateral`: a function expanded with `(f(…)).*` in the select list runs once per column (100,000 copies took 330 s, not 15).
    await tem.execute(
      `insert into billing_subscriptions
       select r.* from billing_subscriptions t, generate_series(1, ?) g,
         lateral jsonb_populate_record(null::billing_subscriptions, to_jsonb(t) || jsonb_build_object(
         'id', 'sub_' || ? || lpad(g::text, 8, '0'), 'status', 'active', 'trial_ends_at', null, 'cycles_completed', 0,
         'current_period_start', null, 'current_period_end', null, 'cancel_at_period_end', false, 'paused_at', null,
         'started_at', now() - interval '1 second', 'schedule_start', now() - interval '1 second', 'schedule_base_cycle', 0, 'next_cycle', 0,
         'next_invoice_at', now() - interval '1 second', 'parked_at', now(), 'wake_at', now() - interval '1 second', 'renewal_claim', null,
         'created_at', now(), 'updated_at', now())) r
       where t.id = ?`,
      [count, tag, templateId],
      'run',
    );
    await tem.execute(
      `insert into billing_subscription_items
       select r.* from billing_subscription_items i, generate_series(1, ?) g,
         lateral jsonb_populate_record(null::billing_subscription_items, to_jsonb(i) || jsonb_build_object(
         'id', 'sub_' || ? || lpad(g::text, 8, '0') || substr(i.id, length(i.subscription_id) + 1),
         'subscription_id', 'sub_' || ? || lpad(g::text, 8, '0'), 'created_at', now(), 'updated_at', now())) r
       where i.subscription_id = ?`,
      [count, tag, tag, templateId],
      'run',
    );
  });
  return ids;
}
