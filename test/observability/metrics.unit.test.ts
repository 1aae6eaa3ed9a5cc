import { countDispatchedEvents } from '../../src/observability/metrics/business';
import { methodLabel, observeHttpRequest, statusClass } from '../../src/observability/metrics/http';
import { observePixReconciled, observePixReconciliationFailed } from '../../src/observability/metrics/reconciliation';
import { startOpsListener } from '../../src/observability/metrics/ops-listener';
import { registry, setMetricsRecording } from '../../src/observability/metrics/registry';
import { parseExposition, total } from './exposition';

const event = (id: string, type: string, data: Record<string, unknown>) => ({ id, type, payload: { data } });
const samples = async () => parseExposition(await registry.metrics());

describe('business counters', () => {
  it('count the events a dispatch marked, by method, status and currency', async () => {
    const before = await samples();
    countDispatchedEvents(
      [
        event('e1', 'transaction.paid', { currency: 'BRL', payments: [{ paymentMethod: 'credit_card' }, { paymentMethod: 'pix' }] }),
        event('e2', 'payment.paid', { paymentMethod: 'boleto', amount: 1234, currency: 'BRL' }),
        event('e3', 'refund.refunded', { amount: 500, currency: 'USD' }),
        event('e4', 'transaction.paid', { payments: [{ paymentMethod: 'credit_card' }] }),
      ],
      // e4 was not marked by this dispatch (another dispatcher holds it): not counted.
      new Set(['e1', 'e2', 'e3']),
    );
    const after = await samples();
    const delta = (name: string, where: Record<string, string>) => total(after, name, where) - total(before, name, where);
    expect(delta('lastro_transactions_total', { method: 'mixed', status: 'paid' })).toBe(1);
    expect(delta('lastro_transactions_total', { method: 'card', status: 'paid' })).toBe(0);
    expect(delta('lastro_money_settled_cents_total', { currency: 'BRL', method: 'boleto' })).toBe(1234);
    expect(delta('lastro_money_authorized_cents_total', { currency: 'BRL' })).toBe(0);
    expect(delta('lastro_refunds_total', { status: 'refunded' })).toBe(1);
    expect(delta('lastro_money_refunded_cents_total', { currency: 'USD' })).toBe(500);
    expect(delta('lastro_events_dispatched_total', { type: 'transaction.paid' })).toBe(1);
  });
});

describe('HTTP labels', () => {
  it('carry the status class and a bounded method, never the full code', async () => {
    expect([200, 201, 204, 302, 400, 404, 409, 422, 429, 500, 503].map(statusClass)).toEqual(['2xx', '2xx', '2xx', '3xx', '4xx', '4xx', '4xx', '4xx', '4xx', '5xx', '5xx']);
    expect([0, 99, 600].map(statusClass)).toEqual(['other', 'other', 'other']);
    expect(['GET', 'POST', 'PATCH', 'PROPFIND', 'M-SEARCH'].map(methodLabel)).toEqual(['GET', 'POST', 'PATCH', 'OTHER', 'OTHER']);
    observeHttpRequest('PURGE', '/v1/things/:id', 418, performance.now());
    observeHttpRequest('PROPFIND', '/v1/things/:id', 404, performance.now());
    const after = await samples();
    expect(total(after, 'lastro_http_requests_total', { method: 'OTHER', route: '/v1/things/:id', status_class: '4xx' })).toBe(2);
    expect(total(after, 'lastro_http_request_duration_seconds_count', { method: 'OTHER', status_class: '4xx' })).toBe(2);
    expect(after.filter((s) => s.name.startsWith('lastro_http_') && ('status' in s.labels || s.labels.method === 'PURGE'))).toEqual([]);
    expect(after.filter((s) => s.name.startsWith('lastro_http_request_duration_seconds') && 'route' in s.labels)).toEqual([]);
  });
});

describe('Pix reconciliation', () => {
  it('counts windows by result, the Pix by outcome, and stamps the last success', async () => {
    const before = await samples();
    observePixReconciled({ received: 9, settled: 2, alreadySettled: 4, unknown: 1, rejected: 1, late: 1 }, 1_800_000_000_000);
    observePixReconciliationFailed();
    const after = await samples();
    const delta = (name: string, where: Record<string, string>) => total(after, name, where) - total(before, name, where);
    expect(delta('lastro_pix_reconciliation_windows_total', { result: 'reconciled' })).toBe(1);
    expect(delta('lastro_pix_reconciliation_windows_total', { result: 'failed' })).toBe(1);
    expect(['settled', 'already_settled', 'unknown', 'rejected', 'late'].map((outcome) => delta('lastro_pix_reconciliation_pix_total', { outcome }))).toEqual([2, 4, 1, 1, 1]);
    expect(total(after, 'lastro_pix_reconciliation_last_success_timestamp_seconds')).toBe(1_800_000_000);
  });
});

describe('METRICS=off', () => {
  afterEach(() => setMetricsRecording(true));

  it('records nothing and answers /metrics 404, while the health checks still answer', async () => {
    setMetricsRecording(false);
    const before = await samples();
    countDispatchedEvents([event('e1', 'payment.paid', { paymentMethod: 'pix', amount: 700, currency: 'BRL' })], new Set(['e1']));
    expect(total(await samples(), 'lastro_money_settled_cents_total', { currency: 'BRL', method: 'pix' })).toBe(total(before, 'lastro_money_settled_cents_total', { currency: 'BRL', method: 'pix' }));
    const ops = await startOpsListener({ role: 'api', host: '127.0.0.1', port: 0, metrics: false, checks: { postgres: async () => undefined } });
    try {
      expect((await fetch(`${ops.url}/metrics`)).status).toBe(404);
      expect((await fetch(`${ops.url}/health/ready`)).status).toBe(200);
    } finally {
      await ops.close();
    }
  });
});

describe('operator listener', () => {
  it('answers 503 naming the dependency that fails, 404 and 405 elsewhere', async () => {
    const ops = await startOpsListener({ role: 'api', host: '127.0.0.1', port: 0, checks: { postgres: async () => undefined, temporal: () => Promise.reject(new Error('down')) } });
    try {
      const ready = await fetch(`${ops.url}/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'degraded', postgres: 'ok', temporal: 'unreachable' });
      expect((await fetch(`${ops.url}/health/live`)).status).toBe(200);
      expect((await fetch(`${ops.url}/other`)).status).toBe(404);
      expect((await fetch(`${ops.url}/metrics`, { method: 'POST' })).status).toBe(405);
      const metrics = await fetch(`${ops.url}/metrics`);
      expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    } finally {
      await ops.close();
    }
  });

  it('appends extra sources to the scrape and refuses a taken port by name', async () => {
    const first = await startOpsListener({ role: 'worker', host: '127.0.0.1', port: 0, checks: {}, extraMetrics: [async () => '# TYPE temporal_x gauge\ntemporal_x 3\n'] });
    try {
      expect(total(parseExposition(await (await fetch(`${first.url}/metrics`)).text()), 'temporal_x')).toBe(3);
      await expect(startOpsListener({ role: 'worker', host: '127.0.0.1', port: first.port, checks: {} })).rejects.toThrow(
        `The worker operator listener cannot listen on 127.0.0.1:${first.port} (EADDRINUSE): stop the process that holds it, or set OPS_PORT`,
      );
    } finally {
      await first.close();
    }
  });
});
