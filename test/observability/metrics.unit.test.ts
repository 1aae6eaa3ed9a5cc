import { countDispatchedEvents } from '../../src/observability/metrics/business';
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
