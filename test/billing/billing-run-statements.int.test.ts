import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { useTestStack } from '../helpers/stack';
import { setCompanyFees, cardToken } from '../payments/fixtures';
import { createSubscription } from '../../src/billing/subscriptions.service';
import { createSubscriptionBody } from '../../src/billing/subscriptions.schemas';
import { seedDueSubscriptions } from '../../scripts/bench/billing-seed';
import { BILLING_RUN_WORKFLOW } from '../../workflows/billing/billing-run.contract';
import { eventually } from './eventually';
import { countStatements, statementBreakdown } from './statement-count';

/**
 * SQL statements per renewed subscription, counted deterministically (every statement this
 * process sends, BEGIN/COMMIT included) for one billing run of N parked, due subscriptions on
 * a saved card: from the run's start until every invoice is paid, every row parked again and
 * every event dispatched (each charge's transaction workflow is created then, its first task
 * delayed to its release, D+30: settlement, not renewal). The benchmark's
 * pg_stat_statements figure counts the same work; this one does not depend on the machine's
 * load. `BILLING_SQL=1` prints the statements per subscription.
 */

const N = 20;
/**
 * What this design costs, with room for timing (the ledger accounts a first sale creates, the
 * outbox's batches): 5.5 at N = 20. A page's charges are created, decided and posted 16 at a time
 * in a few multi-row statements (under 1 per renewal for all of it); what is left per renewal is
 * the page's own claim, issue, checks, record and event dispatch. Renewals by one workflow each
 * cost 70.
 */
const MAX_PER_RENEWAL = Number(process.env.BILLING_MAX_STATEMENTS ?? 10);

const post = (path: string, body: object = {}) => t.stack.http.post(path).set(t.company.Acme.headers).send(body);
const brl = (amount: number) => ({ amount, currency: 'BRL' });
let template: string;

const t = useTestStack({
  companies: ['Acme'],
  owners: ['Acme'],
  async setup(t) {
    await setCompanyFees(t.stack, t.company.Acme, { creditCard: { 1: { percentage: 2, fixed: 0 } } });
    const customerId = (await post('/customers', { name: 'Ana Souza', email: 'ana@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990000' })).body.id;
    const planId = (await post('/plans', { code: 'monthly', name: 'Monthly' })).body.id;
    await post(`/plans/${planId}/prices`, { money: brl(1990), recurrence: { interval: 1, unit: 'month' } });
    expect((await post(`/plans/${planId}/publish`)).status).toBe(200);
    const token = await cardToken(t.stack, t.company.Acme);
    const cardId = (await post('/payment-methods/cards', { customerId, token })).body.id;
    const body = createSubscriptionBody.parse({ customerId, planId, defaultPaymentMethodRef: cardId });
    // Never started: only its copies are parked and renewed.
    template = (await t.stack.em().transactional((em) => createSubscription(em as EntityManager, t.company.Acme.company.id, body))).subscription.id;
  },
});

it(`a billing run of ${N} charge_automatically subscriptions: statements per renewed subscription`, async () => {
  const ids = await seedDueSubscriptions(t.stack.em(), template, N, `stmt${Date.now().toString(36)}`);
  const like = `${ids[0].slice(0, -8)}%`;
  // The test's own polls are counted too, and taken off.
  let polls = 0;
  const poll = async () => {
    polls++;
    const [row] = await t.stack.em().execute<{ paid: string; parked: string; undispatched: string }[]>(
      `select (select count(*) from billing_invoices where subscription_id like ? and status = 'paid') as paid,
              (select count(*) from billing_subscriptions where id like ? and parked_at is not null and cycles_completed = 1) as parked,
              (select count(*) from events where dispatched_at is null and created_at >= ?) as undispatched`,
      [like, like, since],
    );
    return row;
  };

  const since = new Date();
  const counter = countStatements();
  let texts: string[] = [];
  let count = 0;
  try {
    const run = await t.stack.client.workflow.start(BILLING_RUN_WORKFLOW, { taskQueue: t.stack.config.temporal.taskQueue, workflowId: `billing-run-${randomUUID()}`, args: [{}] });
    await run.result();
    const done = await eventually(poll, (r) => Number(r.paid) === N && Number(r.parked) === N && Number(r.undispatched) === 0, 240_000);
    expect(done).toMatchObject({ paid: String(N), parked: String(N), undispatched: '0' });
  } finally {
    ({ count, texts } = counter.stop());
  }
  const perRenewal = (count - polls) / N;
  const report = [`statements per renewed subscription (${N} subscriptions, one billing run): ${perRenewal.toFixed(1)}`];
  if (process.env.BILLING_SQL) report.push(...statementBreakdown(texts, N));
  console.log(report.join('\n'));
  expect(perRenewal).toBeLessThanOrEqual(MAX_PER_RENEWAL);
}, 300_000);
