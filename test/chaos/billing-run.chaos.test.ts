import { randomUUID } from 'node:crypto';
import { startChaosStack, type ChaosStack, type SeededChaosCompany } from './chaos-stack';
import { activeRecipient, tokenizeCard } from './fixtures';
import { expectInvariantsWithin } from './invariants';
import { createSubscription } from '../../src/billing/subscriptions.service';
import { createSubscriptionBody } from '../../src/billing/subscriptions.schemas';
import { seedDueSubscriptions } from '../../scripts/bench/billing-seed';
import { BILLING_RUN_WORKFLOW, billingRunProgressQuery, billingRunTaskQueue, type BillingRunProgress } from '../../workflows/billing/billing-run.contract';

/**
 * SIGKILL the worker in the middle of a billing run, start a new one, and check that every due
 * subscription is renewed exactly once: one invoice per subscription, one paid card charge per
 * invoice, every subscription parked again at its next cycle. `CHAOS_BILLING_COUNT`
 * subscriptions are seeded set-based as parked and due, like the billing benchmark's; the run
 * renews them in pages of 500, four at once, and the worker is killed once a quarter of the
 * invoices exist. CI runs 600 (two pages at once, so the kill lands among pages in
 * flight); the run of the billing-at-scale goal is `CHAOS_BILLING_COUNT=10000` (docs/chaos.md).
 */
const COUNT = Number(process.env.CHAOS_BILLING_COUNT ?? 600);
/** Per subscription, generously, on a loaded 2-core machine; plus a worker restart. */
const RENEWAL_BOUND_MS = 180_000 + COUNT * 600;

let stack: ChaosStack;
let acme: SeededChaosCompany;

beforeAll(async () => {
  stack = await startChaosStack();
  acme = await stack.seedCompany('Acme Billing Chaos');
  await activeRecipient(stack, acme, 'owner');
}, 300_000);

afterAll(async () => {
  await stack?.stop();
}, 120_000);

const count = async (sql: string, params: unknown[] = []) => Number((await stack.sql<{ n: string }>(sql, params))[0].n);

it(`billing run of ${COUNT}: the worker killed mid-run, the run resumes and every subscription has exactly one invoice, paid once`, async () => {
  const post = async (path: string, body: object = {}) => (await stack.http.post(path).set(acme.headers).send(body)).body as { id: string };
  const customer = await post('/customers', { name: 'Ana Souza', email: 'ana@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990000' });
  const plan = await post('/plans', { code: 'chaos-monthly', name: 'Monthly' });
  await post(`/plans/${plan.id}/prices`, { money: { amount: 1990, currency: 'BRL' }, recurrence: { interval: 1, unit: 'month' } });
  await post(`/plans/${plan.id}/publish`);
  const card = await post('/payment-methods/cards', { customerId: customer.id, token: await tokenizeCard(stack, acme) });
  const body = createSubscriptionBody.parse({ customerId: customer.id, planId: plan.id, defaultPaymentMethodRef: card.id });
  // The template is never started; its copies are parked with cycle 0 due now.
  const { subscription: template } = await stack.em().transactional((em) => createSubscription(em, acme.companyId, body));
  const tag = `chaos${Date.now().toString(36)}`;
  const ids = await seedDueSubscriptions(stack.em(), template.id, COUNT, tag);
  const like = `sub_${tag}%`;
  const invoices = () => count(`select count(*)::text as n from billing_invoices where subscription_id like $1`, [like]);

  const run = await stack.temporal.workflow.start(BILLING_RUN_WORKFLOW, { taskQueue: billingRunTaskQueue('lastro'), workflowId: `billing-run-chaos-${randomUUID()}`, args: [{ pageSize: 500, parallelism: 4 }] });
  await stack.waitFor('a quarter of the invoices', async () => (await invoices()) >= COUNT / 4, RENEWAL_BOUND_MS, 100);
  const before: BillingRunProgress = await run.query(billingRunProgressQuery);
  expect(before.done).toBe(false);
  await stack.killWorker();
  await stack.startWorker();

  // Its counts are what each page's last try found holding the run's claim (a workflow that took
  // its claim before the retry is not counted again): the rows below are what is asserted.
  const done: BillingRunProgress = await run.result();
  expect(done.done).toBe(true);
  expect(done.claimed).toBeLessThanOrEqual(COUNT);
  await stack.waitFor(
    'every subscription renewed and parked again',
    async () => (await count(`select count(*)::text as n from billing_subscriptions where id like $1 and parked_at is not null and next_cycle = 1 and cycles_completed = 1`, [like])) === COUNT,
    RENEWAL_BOUND_MS,
    1_000,
  );

  const [row] = await stack.sql<{ invoices: string; subs: string; paid: string; charges: string; charged: string; issued: string }>(
    `select (select count(*) from billing_invoices where subscription_id like $1)::text as invoices,
            (select count(distinct subscription_id) from billing_invoices where subscription_id like $1)::text as subs,
            (select count(*) from billing_invoices where subscription_id like $1 and status = 'paid')::text as paid,
            (select count(*) from transactions where company_id = $2 and origin = 'subscription' and metadata->>'subscriptionId' like $1)::text as charges,
            (select count(distinct metadata->>'invoiceId') from transactions where company_id = $2 and origin = 'subscription' and status = 'paid' and metadata->>'subscriptionId' like $1)::text as charged,
            (select count(*) from events e join billing_invoices i on i.id = e.entity_id where e.type = 'invoice.issued' and i.subscription_id like $1)::text as issued`,
    [like, acme.companyId],
  );
  expect(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]))).toEqual({ invoices: COUNT, subs: COUNT, paid: COUNT, charges: COUNT, charged: COUNT, issued: COUNT });
  expect(ids).toHaveLength(COUNT);
  await expectInvariantsWithin(stack, RENEWAL_BOUND_MS);
}, 3 * 3_600_000);
