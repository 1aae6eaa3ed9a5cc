import { randomUUID } from 'node:crypto';
import { BILLING_RUN_WORKFLOW, type BillingRunProgress } from '../../workflows/billing/billing-run.contract';
import type { UsedTestStack } from '../helpers/stack';
import { eventually } from './eventually';

type Row = Record<string, any>;
type Company = 'Acme' | 'Other';
export const DAY = 86_400_000;

/**
 * Whole cycles of subscriptions on the real stack under time skipping: PostgreSQL, the Temporal
 * time-skipping server with the worker's real workflows and activities. Months pass as they do in
 * production: the test server's clock is moved (`env.sleep`) to the instant parked subscriptions
 * fall due, and a billing run at that workflow time renews them (issues their invoices, charges
 * them, or starts their workflows); a retry or a charge's wait inside a running workflow is a
 * timer, which the same move fires.
 *
 * The API's clock is the host's: a subscription the API creates after the test server's clock
 * moved ahead starts its period by the host's clock, long before the workflow time, and the next
 * run renews it at once for every cycle it "missed". A file therefore creates every subscription
 * before its first move (or holds one whole-cycles test), and each run renews all of those that
 * fell due together: `nextCycleFalls` takes them all.
 */
export function useWholeCycles(t: UsedTestStack<Company>, hooks: { beforeRun?: () => Promise<void> } = {}) {
  const post = (path: string, body: object = {}, c: Company = 'Acme') => t.stack.http.post(path).set(t.company[c].headers).send(body);
  const put = (path: string, body: object, c: Company = 'Acme') => t.stack.http.put(path).set(t.company[c].headers).send(body);
  const get = (path: string, c: Company = 'Acme') => t.stack.http.get(path).set(t.company[c].headers);
  const workflowNow = async () => new Date(await t.stack.env.currentTimeMs()).toISOString();
  const invoicesOf = async (id: string, c: Company = 'Acme') => ((await get(`/invoices?subscriptionId=${id}&limit=100`, c)).body.data as Row[]).sort((a, b) => a.cycle - b.cycle);
  const linesOf = async (invoiceId: string, c: Company = 'Acme') => ((await get(`/invoices/${invoiceId}/line-items`, c)).body as Row[]).map((l) => [l.kind, l.amount]);
  const transactionOf = async (referenceCode: string, c: Company = 'Acme') => (await get(`/transactions?referenceCode=${referenceCode}`, c)).body.data?.[0] as Row | undefined;
  const rowOf = async (id: string) => (await t.stack.em().execute<Row[]>(`select status, next_cycle, cycles_completed, parked_at is not null as parked, wake_at from billing_subscriptions where id = ?`, [id]))[0];
  const parked = (id: string, cycles: number) => eventually(() => rowOf(id), (r) => r.parked && r.cycles_completed === cycles);
  /** The invoice events of an entity in the order they were recorded, with what their data says. */
  const eventsOf = async (entityId: string) =>
    (await t.stack.em().execute<Array<{ type: string; payload: { data: Row } }>>(`select type, payload from events where entity_id = ? order by created_at, id`, [entityId])).map((e) => ({ type: e.type, data: e.payload.data }));

  /** A billing run at the workflow time, as the schedule starts one. */
  async function billingRun(): Promise<BillingRunProgress> {
    const handle = await t.stack.client.workflow.start(BILLING_RUN_WORKFLOW, { taskQueue: t.stack.config.temporal.taskQueue, workflowId: `billing-run-${randomUUID()}`, args: [{ at: await workflowNow() }] });
    return handle.result();
  }

  /** The test server's clock moved to `at` (never back): the timers due by then fire on the way. */
  async function until(at: string | number): Promise<void> {
    const ms = new Date(at).getTime() - (await t.stack.env.currentTimeMs());
    if (ms > 0) await t.stack.env.sleep(ms);
  }

  /** The test server's clock moved to the latest wake time of these parked rows (plus a minute). */
  async function untilWake(...ids: string[]): Promise<void> {
    const rows = await Promise.all(ids.map(rowOf));
    for (const row of rows) expect(row.parked).toBe(true);
    await until(Math.max(...rows.map((r) => new Date(r.wake_at).getTime())) + 60_000);
  }

  /** A cycle passes for these parked subscriptions: the clock moves to their wake time, and one billing run renews them all there. */
  async function nextCycleFalls(...ids: string[]): Promise<BillingRunProgress> {
    await untilWake(...ids);
    await hooks.beforeRun?.();
    const run = await billingRun();
    expect(run).toMatchObject({ claimed: ids.length, issued: ids.length, done: true });
    return run;
  }

  return { post, put, get, workflowNow, invoicesOf, linesOf, transactionOf, rowOf, parked, eventsOf, billingRun, until, untilWake, nextCycleFalls };
}
