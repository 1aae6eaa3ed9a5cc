import { randomUUID } from 'node:crypto';
import { startWebhookReceiver, type WebhookReceiver } from '../chaos/webhook-receiver';
import { useTestStack } from '../helpers/stack';
import { cardBody, cardToken, eventually, pixBody } from '../payments/fixtures';
import type { OpsListener } from '../../src/observability/metrics/ops-listener';
import { startApiOps, startWorkerOps } from '../../src/observability/metrics/process-ops';
import { PIX_RECONCILIATION_WORKFLOW } from '../../workflows/payments/pix-reconciliation.contract';
import { scrape, total, type Sample } from './exposition';

/**
 * The operator listeners of the API and the worker, scraped around real requests: the series
 * move by what the requests did. The two run in this one process here, so they share a
 * registry; test/observability/processes.int.test.ts scrapes them as separate processes.
 */
let receiver: WebhookReceiver;
let api: OpsListener;
let worker: OpsListener;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await api?.close();
  await worker?.close();
});
const t = useTestStack({
  companies: ['Acme'],
  owners: ['Acme'],
  env: () => ({ WEBHOOK_ALLOWLIST: receiver.hostPort, OPS_PORT: '0' }),
  async setup({ stack }) {
    api = await startApiOps(stack.deps);
    worker = await startWorkerOps({ ...stack.deps, worker: stack.worker });
  },
});
afterAll(() => receiver?.close());

const delta = (before: Sample[], after: Sample[], name: string, where: Record<string, string> = {}) => total(after, name, where) - total(before, name, where);

it('serves health and metrics on the operator listener, never on the API port', async () => {
  const live = await fetch(`${api.url}/health/live`);
  expect(live.status).toBe(200);
  expect(await live.json()).toEqual({ status: 'ok', process: 'api' });

  const ready = await fetch(`${api.url}/health/ready`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ok', postgres: 'ok' });
  const workerReady = await fetch(`${worker.url}/health/ready`);
  expect(await workerReady.json()).toEqual({ status: 'ok', postgres: 'ok', temporal: 'ok', worker: 'ok' });

  expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect((await t.stack.http.get('/metrics')).status).toBe(404);
  expect((await fetch(`${api.url}/nothing`)).status).toBe(404);

  const { samples } = await scrape(api.url);
  expect(samples.find((s) => s.name === 'lastro_process_cpu_user_seconds_total')?.labels).toEqual({ process: 'api' });
  expect(total(samples, 'lastro_nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
});

it('counts requests by route template, transactions by method and outcome, money by currency and webhook attempts', async () => {
  const key = t.company.Acme.headers;
  const webhook = await t.stack.http.post('/webhooks').set(key).send({ name: 'Orders', url: `${receiver.url}/lastro`, events: ['transaction.paid'] });
  expect(webhook.status).toBe(201);
  const { samples: before } = await scrape(api.url);

  const card = await t.stack.http.post('/v1/transactions').set(key).send(cardBody(await cardToken(t.stack, t.company.Acme), 5990));
  expect(card.body.status).toBe('paid');
  const pix = await t.stack.http.post('/v1/transactions').set(key).send(pixBody(3500));
  expect(pix.status).toBe(201);
  expect((await t.stack.http.post(`/sandbox/payments/${pix.body.payments[0].id}/pay`).set(key)).status).toBeLessThan(300);
  await eventually(async () => (await t.stack.http.get(`/v1/transactions/${pix.body.id}`).set(key)).body.status === 'paid');

  // Events are counted when dispatched and attempts once answered: both follow the responses.
  const after = await eventually(async () => {
    const { samples } = await scrape(api.url);
    const attempts = delta(before, samples, 'lastro_webhook_attempts_total', { outcome: 'success' });
    return attempts >= 2 && delta(before, samples, 'lastro_transactions_total', { method: 'pix', status: 'paid' }) >= 1 && samples;
  }, 60_000);

  expect(delta(before, after, 'lastro_http_requests_total', { method: 'POST', route: '/v1/transactions', status_class: '2xx' })).toBe(2);
  expect(delta(before, after, 'lastro_http_route_seconds_total', { method: 'POST', route: '/v1/transactions', status_class: '2xx' })).toBeGreaterThan(0);
  expect(delta(before, after, 'lastro_http_request_duration_seconds_count', { method: 'POST', status_class: '2xx' })).toBeGreaterThanOrEqual(2);
  expect(delta(before, after, 'lastro_http_requests_total', { method: 'GET', route: '/v1/transactions/:id', status_class: '2xx' })).toBeGreaterThanOrEqual(1);
  expect(delta(before, after, 'lastro_http_requests_total', { method: 'POST', route: '/sandbox/payments/:payId/pay' })).toBe(1);
  // Route templates only: no raw id becomes a label value.
  expect(after.filter((s) => /txn_|pay_/.test(s.labels.route ?? ''))).toEqual([]);

  expect(delta(before, after, 'lastro_transactions_total', { method: 'card', status: 'paid' })).toBe(1);
  expect(delta(before, after, 'lastro_transactions_total', { method: 'pix', status: 'waiting_payment' })).toBe(1);
  expect(delta(before, after, 'lastro_transactions_total', { method: 'pix', status: 'paid' })).toBe(1);
  expect(delta(before, after, 'lastro_money_authorized_cents_total', { currency: 'BRL' })).toBe(5990);
  expect(delta(before, after, 'lastro_money_settled_cents_total', { currency: 'BRL', method: 'card' })).toBe(5990);
  expect(delta(before, after, 'lastro_money_settled_cents_total', { currency: 'BRL', method: 'pix' })).toBe(3500);
  expect(delta(before, after, 'lastro_events_dispatched_total', { type: 'transaction.paid' })).toBe(2);

  expect(delta(before, after, 'lastro_webhook_attempts_total', { outcome: 'success' })).toBe(2);
  expect(delta(before, after, 'lastro_webhook_attempt_duration_seconds_count', { outcome: 'success' })).toBe(2);
  expect(delta(before, after, 'lastro_webhook_attempt_duration_seconds_sum', { outcome: 'success' })).toBeGreaterThan(0);
});

it('counts a request no route matched under (unmatched), not under its path', async () => {
  const { samples: before } = await scrape(api.url);
  expect((await t.stack.http.get('/no/such/path/123')).status).toBe(404);
  const { samples: after } = await scrape(api.url);
  expect(delta(before, after, 'lastro_http_requests_total', { method: 'GET', route: '(unmatched)', status_class: '4xx' })).toBe(1);
  expect(after.filter((s) => s.labels.route?.includes('/no/such'))).toEqual([]);
});

it('reports the webhook backlog per endpoint and the outbox lag from the database', async () => {
  const key = t.company.Acme.headers;
  // With the lanes stopped, deliveries wait for their first attempt: the backlog.
  await t.stack.lanes.stop();
  const webhook = await t.stack.http.post('/webhooks').set(key).send({ name: 'Everything', url: `${receiver.url}/all`, events: [] });
  expect((await t.stack.http.post('/v1/transactions').set(key).send(pixBody(1200))).status).toBe(201);
  const waitingFor = async () => Number((await t.stack.em().execute(`select count(*) as n from webhook_deliveries where webhook_id = ? and attempt_requested_at is not null`, [webhook.body.id]))[0].n);
  // The events are dispatched (and their deliveries created) just after the answer; the gauges are read at most every 5 s.
  const waiting = await eventually(waitingFor);
  const samples = await eventually(async () => {
    const { samples } = await scrape(worker.url);
    return total(samples, 'lastro_webhook_backlog', { webhook_id: webhook.body.id }) === waiting && samples;
  }, 30_000);
  expect(total(samples, 'lastro_webhook_backlog_all')).toBeGreaterThanOrEqual(waiting);
  expect(samples.filter((s) => s.name === 'lastro_webhook_backlog').length).toBeLessThanOrEqual(20);
  expect(samples.find((s) => s.name === 'lastro_outbox_lag_seconds')?.value).toBeGreaterThanOrEqual(0);
  expect(samples.find((s) => s.name === 'lastro_outbox_undispatched')?.value).toBeGreaterThanOrEqual(0);
});

it('counts a Pix reconciliation run\'s windows and the Pix it found, and stamps its success', async () => {
  const { samples: before } = await scrape(worker.url);
  const result = await t.stack.client.workflow.execute(PIX_RECONCILIATION_WORKFLOW, { taskQueue: t.stack.config.temporal.taskQueue, workflowId: `pix-reconciliation-${randomUUID()}`, args: [] });
  const reconciled = result.connections.filter((c: { error?: string }) => !c.error);
  expect(reconciled.length).toBeGreaterThanOrEqual(1);
  const { samples: after } = await scrape(worker.url);
  expect(delta(before, after, 'lastro_pix_reconciliation_windows_total', { result: 'reconciled' })).toBe(reconciled.length);
  const found = (outcome: string) => delta(before, after, 'lastro_pix_reconciliation_pix_total', { outcome });
  const sum = (field: 'settled' | 'alreadySettled' | 'unknown') => reconciled.reduce((a: number, c: Record<string, number>) => a + c[field], 0);
  expect([found('settled'), found('already_settled'), found('unknown')]).toEqual([sum('settled'), sum('alreadySettled'), sum('unknown')]);
  expect(total(after, 'lastro_pix_reconciliation_last_success_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 600);
});
