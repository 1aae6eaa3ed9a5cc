import { randomUUID } from 'node:crypto';
import { useTestStack } from '../helpers/stack';
import { setCompanyFees, cardToken } from '../payments/fixtures';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createSubscription } from '../../src/billing/subscriptions.service';
import { createSubscriptionBody } from '../../src/billing/subscriptions.schemas';
import { seedDueSubscriptions } from '../../scripts/bench/billing-seed';
import { BILLING_RUN_WORKFLOW, billingRunProgressQuery, type BillingRunInput, type BillingRunProgress } from '../../workflows/billing/billing-run.contract';
import { renewDueSubscriptions } from '../../src/billing/billing-run.service';
import { WorkflowNotFoundError } from '@temporalio/client';
import { eventually } from './eventually';

/**
 * Billing runs on the real stack (PostgreSQL, the Temporal test server, the worker): subscriptions
 * park between cycles, and a run renews those that fell due. "A month passing" is the parked rows'
 * schedule moved back a month, so their next cycle is due now.
 */

const post = (path: string, body: object = {}) => t.stack.http.post(path).set(t.company.Acme.headers).send(body);
const get = (path: string) => t.stack.http.get(path).set(t.company.Acme.headers);
const brl = (amount: number) => ({ amount, currency: 'BRL' });
let customerId: string;
let planId: string;
let cardId: string;

const t = useTestStack({
  companies: ['Acme'],
  owners: ['Acme'],
  async setup(t) {
    await setCompanyFees(t.stack, t.company.Acme, { creditCard: { 1: { percentage: 2, fixed: 0 } } });
    customerId = (await post('/customers', { name: 'Ana Souza', email: 'ana@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990000' })).body.id;
    planId = (await post('/plans', { code: 'monthly', name: 'Monthly' })).body.id;
    await post(`/plans/${planId}/prices`, { money: brl(1990), recurrence: { interval: 1, unit: 'month' } });
    expect((await post(`/plans/${planId}/publish`)).status).toBe(200);
    const token = await cardToken(t.stack, t.company.Acme);
    cardId = (await post('/payment-methods/cards', { customerId, token })).body.id;
  },
});


interface Row {
  id: string;
  status: string;
  next_cycle: number;
  cycles_completed: number;
  parked: boolean;
  wake_at: Date | null;
}
const rows = (ids: string[]) =>
  t.stack.em().execute<Row[]>(`select id, status, next_cycle, cycles_completed, parked_at is not null as parked, wake_at from billing_subscriptions where id in (${ids.map(() => '?').join(', ')}) order by id`, ids);
/** Every one's workflow ended parked (a signal landing as it completes retries its last task: the row is parked when the run is over). */
const parkedAll = async (ids: string[]) => {
  const outcomes = await Promise.all(ids.map((id) => t.stack.client.workflow.getHandle(id).result()));
  return outcomes.every((o) => o.status === 'parked') && (await rows(ids)).every((x) => x.parked);
};
const eventTypes = async (id: string) => (await t.stack.em().execute<{ type: string }[]>(`select type from events where entity_id = ? order by created_at, id`, [id])).map((e) => e.type);
/** Copies of a subscription made through the service (never started), parked with cycle 0 due now. */
async function dueCopies(n: number, extra: object = {}): Promise<string[]> {
  const body = createSubscriptionBody.parse({ customerId, planId, defaultPaymentMethodRef: cardId, ...extra });
  const { subscription: template } = await t.stack.em().transactional((em) => createSubscription(em as EntityManager, t.company.Acme.company.id, body));
  return seedDueSubscriptions(t.stack.em(), template.id, n, `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`);
}
const transactionsOf = (invoiceId: string) =>
  t.stack.em().execute<{ id: string; status: string; reference_code: string }[]>(`select id, status, reference_code from transactions where metadata->>'invoiceId' = ? order by id`, [invoiceId]);
const hasWorkflow = (id: string) =>
  t.stack.client.workflow
    .getHandle(id)
    .describe()
    .then((d) => d.status.name as string)
    .catch((err) => {
      if (err instanceof WorkflowNotFoundError) return null;
      throw err;
    });
const invoicesOf = async (id: string) => (await get(`/invoices?subscriptionId=${id}&limit=100`)).body.data as Array<{ id: string; cycle: number; status: string }>;

/** A month passes for these parked subscriptions: their schedule moves back a month, so the cycle they wait for is due now. */
async function monthPasses(ids: string[]): Promise<void> {
  await t.stack.em().execute(
    `update billing_subscriptions set schedule_start = coalesce(schedule_start, trial_ends_at, started_at) - interval '1 month', wake_at = wake_at - interval '1 month'
      where id in (${ids.map(() => '?').join(', ')})`,
    ids,
  );
}

async function subscribe(n: number, extra: object = {}): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await post('/subscriptions', { customerId, planId, defaultPaymentMethodRef: cardId, ...extra })).body.id);
  return ids;
}

async function billingRun(input: BillingRunInput): Promise<BillingRunProgress> {
  const handle = await t.stack.client.workflow.start(BILLING_RUN_WORKFLOW, { taskQueue: t.stack.config.temporal.taskQueue, workflowId: `billing-run-${randomUUID()}`, args: [input] });
  const result = await handle.result();
  expect(await handle.query(billingRunProgressQuery)).toEqual(result);
  return result;
}

describe('billing runs', () => {
  it('a subscription parks between cycles: no workflow runs while nothing is due', async () => {
    const [id] = await subscribe(1);
    expect(await parkedAll([id])).toBe(true);
    const [row] = await rows([id]);
    expect(row).toMatchObject({ status: 'active', next_cycle: 1, cycles_completed: 1 });
    const [inv] = await invoicesOf(id);
    expect(new Date(row.wake_at!).toISOString()).toBe((await get(`/invoices/${inv.id}`)).body.periodEnd);
    expect(await t.stack.client.workflow.getHandle(id).result()).toMatchObject({ status: 'parked', cyclesBilled: 1 });
  });

  it('renews every parked subscription that fell due, page by page: one invoice each, charged and paid, parked again; overlapping and repeated runs renew nothing twice', async () => {
    const ids = await subscribe(5);
    expect(await parkedAll(ids)).toBe(true);
    await monthPasses(ids);
    const at = new Date().toISOString();
    // Two runs over the same instant at once, then the same run again.
    const [a, b] = await Promise.all([billingRun({ at, pageSize: 2, parallelism: 2 }), billingRun({ at, pageSize: 2, parallelism: 2 })]);
    expect(a.claimed + b.claimed).toBe(5);
    expect(a.issued + b.issued).toBe(5);
    expect(a.done && b.done).toBe(true);
    expect((await billingRun({ at, pageSize: 2 })).claimed).toBe(0);

    const renewed = await eventually(() => rows(ids), (r) => r.every((x) => x.parked && x.cycles_completed === 2));
    expect(renewed.map((r) => [r.status, r.next_cycle, r.cycles_completed, r.parked])).toEqual(Array(5).fill(['active', 2, 2, true]));
    for (const id of ids) {
      const invoices = await invoicesOf(id);
      expect(invoices.map((i) => [i.cycle, i.status]).sort()).toEqual([
        [0, 'paid'],
        [1, 'paid'],
      ]);
    }
    const [{ invoices, issued, txns }] = await t.stack.em().execute<{ invoices: string; issued: string; txns: string }[]>(
      `select (select count(*) from billing_invoices where subscription_id = any(string_to_array(?, ','))) as invoices,
              (select count(*) from events e join billing_invoices i on i.id = e.entity_id where e.type = 'invoice.issued' and i.subscription_id = any(string_to_array(?, ','))) as issued,
              (select count(*) from transactions where metadata->>'subscriptionId' = any(string_to_array(?, ','))) as txns`,
      [ids.join(','), ids.join(','), ids.join(',')],
    );
    expect([Number(invoices), Number(issued), Number(txns)]).toEqual([10, 10, 10]);
  });

  it('ends instead of invoicing what is due to end: maxCycles reached, or a prepaid cancellation at period end', async () => {
    const [last] = await subscribe(1, { maxCycles: 1 });
    const [canceling] = await subscribe(1);
    expect(await parkedAll([last, canceling])).toBe(true);
    expect((await post(`/subscriptions/${canceling}/cancel`, { mode: 'at_period_end' })).body.cancelAtPeriodEnd).toBe(true);
    await monthPasses([last, canceling]);
    const run = await billingRun({ at: new Date().toISOString() });
    expect(run).toMatchObject({ claimed: 2, issued: 0 });
    const ended = await eventually(() => Promise.all([get(`/subscriptions/${last}`), get(`/subscriptions/${canceling}`)]), ([x, y]) => x.body.status === 'ended' && y.body.status === 'canceled');
    expect(ended.map((r) => [r.body.status, r.body.cancellationReason])).toEqual([
      ['ended', 'max_cycles'],
      ['canceled', 'canceled_at_period_end'],
    ]);
    expect((await invoicesOf(last)).length + (await invoicesOf(canceling)).length).toBe(2);
  });

  it('the test clock renews one parked subscription alone, at once; a paused one is skipped by runs and its resume moves its schedule', async () => {
    const [advanced, other, paused] = await subscribe(3);
    expect(await parkedAll([advanced, other, paused])).toBe(true);
    expect((await post(`/sandbox/subscriptions/${advanced}/advance`)).status).toBe(202);
    await eventually(() => invoicesOf(advanced), (l) => l.length === 2 && l.every((i) => i.status === 'paid'));
    expect(await invoicesOf(other)).toHaveLength(1);

    const before = new Date((await rows([paused]))[0].wake_at!).getTime();
    await post(`/subscriptions/${paused}/pause`);
    await monthPasses([paused]);
    expect((await billingRun({ at: new Date().toISOString() })).claimed).toBe(0);
    await new Promise((r) => setTimeout(r, 50));
    expect((await post(`/subscriptions/${paused}/resume`)).body.status).toBe('active');
    const [resumed] = await rows([paused]);
    // The boundary it waited for (moved back a month above) moved by the time it spent paused.
    expect(resumed.parked).toBe(true);
    expect(new Date(resumed.wake_at!).getTime()).toBeGreaterThan(before - 31 * 86_400_000);
    // Out of the next test's runs (its moved-back month makes it due).
    expect((await post(`/subscriptions/${paused}/cancel`)).body.status).toBe('canceled');
  });

  it('a page renews the paid charges itself (no workflow) and starts a workflow only for what must wait: a refused card (dunning), send_invoice', async () => {
    const ok = await dueCopies(2);
    const declinedCard = (await post('/payment-methods/cards', { customerId, token: await cardToken(t.stack, t.company.Acme, '4000000000000002') })).body.id;
    const [declined] = await dueCopies(1, { defaultPaymentMethodRef: declinedCard });
    const [sendInvoice] = await dueCopies(1, { collectionMethod: 'send_invoice', defaultPaymentMethodRef: undefined });
    const run = await billingRun({ at: new Date().toISOString() });
    expect(run).toMatchObject({ claimed: 4, issued: 4, renewed: 2, workflows: 2 });

    expect((await rows(ok)).map((r) => [r.status, r.cycles_completed, r.next_cycle, r.parked])).toEqual(Array(2).fill(['active', 1, 1, true]));
    for (const id of ok) {
      expect(await hasWorkflow(id)).toBeNull();
      const [inv] = await invoicesOf(id);
      // The same events, in the same order, as a renewal recorded by the workflow.
      expect(await eventTypes(inv.id)).toEqual(['invoice.issued', 'invoice.payment_attempted', 'invoice.paid']);
      expect(await eventTypes(id)).toEqual(['subscription.cycle_advanced']);
      const body = (await get(`/invoices/${inv.id}`)).body;
      expect(body).toMatchObject({ status: 'paid', attemptCount: 1, paidAt: expect.any(String), lastTransactionId: expect.stringMatching(/^txn_/) });
      expect((await transactionsOf(inv.id)).map((x) => [x.status, x.reference_code])).toEqual([['paid', `${inv.id}-1`]]);
      expect((await get(`/subscriptions/${id}`)).body).toMatchObject({ cyclesCompleted: 1, currentPeriodStart: body.periodStart, currentPeriodEnd: body.periodEnd, nextInvoiceAt: body.periodEnd });
    }

    // The refused charge: its workflow's first attempt finds the page's transaction and runs the dunning.
    const [failed] = await eventually(() => invoicesOf(declined), (l) => l[0]?.status === 'past_due' && !!(l[0] as { nextAttemptAt?: string }).nextAttemptAt);
    expect(failed).toMatchObject({ status: 'past_due', attemptCount: 1, lastFailureCode: 'card_declined' });
    expect(await eventTypes(failed.id)).toEqual(['invoice.issued', 'invoice.payment_attempted', 'invoice.rescheduled']);
    expect((await transactionsOf(failed.id)).map((x) => [x.status, x.reference_code])).toEqual([['refused', `${failed.id}-1`]]);
    expect(await hasWorkflow(declined)).toBe('RUNNING');
    expect((await get(`/subscriptions/${declined}`)).body.status).toBe('past_due');

    // send_invoice waits for its payment in its workflow.
    const [waiting] = await invoicesOf(sendInvoice);
    expect(waiting).toMatchObject({ status: 'open', collectionMethod: 'send_invoice', paymentUrl: expect.any(String) });
    expect(await hasWorkflow(sendInvoice)).toBe('RUNNING');
    // Out of later runs.
    for (const id of [declined, sendInvoice]) expect((await post(`/subscriptions/${id}/cancel`)).body.status).toBe('canceled');
  });

  it('a page killed after its charges and before their record resumes where it stopped: one charge, one record, one set of events', async () => {
    const ids = await dueCopies(2);
    const at = new Date().toISOString();
    const claim = `test-claim-${randomUUID()}`;
    let beats = 0;
    // A page heartbeats after its claim and after each charge: the worker "dies" once both are charged.
    const dying = () => {
      if (++beats === 3) throw new Error('worker killed');
    };
    await expect(renewDueSubscriptions(t.stack.deps, { at, claim, ids }, dying)).rejects.toThrow('worker killed');
    const charged = await Promise.all(ids.map(async (id) => (await invoicesOf(id))[0]));
    expect(charged.map((i) => i.status)).toEqual(['open', 'open']);
    for (const inv of charged) expect((await transactionsOf(inv.id)).map((x) => x.status)).toEqual(['paid']);
    expect((await rows(ids)).map((r) => r.parked)).toEqual([false, false]);

    expect(await renewDueSubscriptions(t.stack.deps, { at, claim, ids })).toEqual({ claimed: 2, issued: 2, renewed: 2, workflows: 0, awaiting: 0 });
    expect(await renewDueSubscriptions(t.stack.deps, { at, claim, ids })).toEqual({ claimed: 0, issued: 0, renewed: 0, workflows: 0, awaiting: 0 });
    expect((await rows(ids)).map((r) => [r.cycles_completed, r.next_cycle, r.parked])).toEqual([
      [1, 1, true],
      [1, 1, true],
    ]);
    for (const [n, id] of ids.entries()) {
      const invoices = await invoicesOf(id);
      expect(invoices.map((i) => [i.id, i.status])).toEqual([[charged[n].id, 'paid']]);
      expect((await transactionsOf(charged[n].id)).length).toBe(1);
      expect(await eventTypes(charged[n].id)).toEqual(['invoice.issued', 'invoice.payment_attempted', 'invoice.paid']);
      expect(await eventTypes(id)).toEqual(['subscription.cycle_advanced']);
    }
  });

  it('pages by (wake time, id) at full precision: rows due at the same instant are listed once each', async () => {
    const body = createSubscriptionBody.parse({ customerId, planId, defaultPaymentMethodRef: cardId });
    const { subscription: template } = await t.stack.em().transactional((em) => createSubscription(em as EntityManager, t.company.Acme.company.id, body));
    const ids = await seedDueSubscriptions(t.stack.em(), template.id, 5, `same${Date.now().toString(36)}`);
    const run = await billingRun({ at: new Date().toISOString(), pageSize: 2 });
    expect(run).toMatchObject({ pagesListed: 3, pagesDone: 3, claimed: 5, issued: 5, renewed: 5, workflows: 0 });
    // Renewed by the pages themselves: parked again when the run ends.
    expect((await rows(ids)).map((r) => [r.cycles_completed, r.parked])).toEqual(Array(5).fill([1, true]));
  });
});
