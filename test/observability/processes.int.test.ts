import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startWebhookReceiver, type WebhookReceiver } from '../chaos/webhook-receiver';
import { createTestDatabase } from '../helpers/stack';
import { freePort } from '../helpers/ports';
import { eventually } from '../payments/fixtures';
import { createApiKey, createCompany } from '../../src/companies/companies.service';
import { createOrm } from '../../src/db/orm';
import { startTemporalDevServer, type DevTemporal } from '../../src/dev/temporal-dev-server';
import { TEMPORAL_DASHBOARD_METRICS } from '../../src/observability/metrics/temporal-runtime';
import { pipeLines, stopChild } from '../../src/shared/processes';
import { scrape, total, type Sample } from './exposition';
import { embeddedPixPspEnv } from '../../src/dev/embedded-pix-psp';
import { embeddedCardAcquirerEnv, openEmbeddedStore, type EmbeddedCieloInfo } from '../../src/dev/embedded-cielo';

/**
 * The API and the worker as the processes `npm run start:api` / `start:worker` run, on a
 * Temporal dev server (the worker's main creates Schedules, which the time-skipping test server
 * lacks): each serves its own /metrics on OPS_PORT=0, the worker's with the Temporal SDK's own
 * metrics appended, and a card payment shows up across the two scrapes.
 */
const root = path.resolve(__dirname, '..', '..');

interface Started {
  child: ChildProcess;
  lines: string[];
  opsUrl: Promise<string>;
  exited: Promise<number | null>;
}

function start(entry: string, env: NodeJS.ProcessEnv): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, entry)], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const opsUrl = new Promise<string>((resolve, reject) => {
    pipeLines(child, (line) => {
      lines.push(line);
      const url = /"opsUrl":"([^"]+)"/.exec(line)?.[1];
      if (url) resolve(url);
    });
    void exited.then((code) => reject(new Error(`${entry} exited (${code}):\n${lines.slice(-30).join('\n')}`)));
  });
  opsUrl.catch(() => undefined);
  return { child, lines, opsUrl, exited };
}

let receiver: WebhookReceiver;
let temporal: DevTemporal;
let env: NodeJS.ProcessEnv;
let api: Started;
let worker: Started;
let apiUrl: string;
let key: { 'x-api-key': string };
let companyId: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const databaseUrl = await createTestDatabase();
  // Temporal comes up only after the worker has found it missing (a rollout, a restart): the worker waits for it.
  const temporalPort = await freePort();
  const port = await freePort();
  apiUrl = `http://127.0.0.1:${port}`;
  env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: `127.0.0.1:${temporalPort}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_BASE_URL: apiUrl,
    WEBHOOK_ALLOWLIST: receiver.hostPort,
    OPS_PORT: '0',
    LOG_LEVEL: 'info',
    // The run's embedded Pix PSP as the default connection (the worker registers the webhook).
    ...embeddedPixPspEnv(JSON.parse(process.env.LASTRO_TEST_PIX_PSP!)),
    // A store of this file's own on the run's embedded card acquirer, as the default card connection.
    ...embeddedCardAcquirerEnv(await openEmbeddedStore(JSON.parse(process.env.LASTRO_TEST_CARD_ACQUIRER!) as EmbeddedCieloInfo)),
  };
  worker = start('worker/index.ts', env);
  const gaveUp = worker.exited.then((code) => Promise.reject(new Error(`the worker exited (${code}) instead of waiting for Temporal:\n${worker.lines.slice(-20).join('\n')}`)));
  await Promise.race([eventually(async () => worker.lines.some((l) => l.includes('Temporal unreachable')), 120_000), gaveUp]);
  temporal = await startTemporalDevServer({ root, dbFile: null, port: temporalPort, uiPort: await freePort(), log: () => undefined });
  api = start('src/server.ts', env);

  const orm = await createOrm(databaseUrl);
  const em = orm.em.fork();
  const company = await createCompany(em, { name: 'Metrics Co', mode: 'sandbox' });
  const { apiKey } = await createApiKey(em, company);
  await em.flush();
  await orm.close();
  key = { 'x-api-key': apiKey };
  companyId = company.id;

  // Ready: PostgreSQL and Temporal answer, and the worker polls (after bundling its workflows).
  for (const p of [api, worker]) {
    const url = await p.opsUrl;
    await eventually(async () => (await fetch(`${url}/health/ready`).catch(() => null))?.status === 200, 240_000);
  }
}, 300_000);

afterAll(async () => {
  for (const p of [api, worker]) if (p) await stopChild(p.child, 20_000);
  await temporal?.stop();
  await receiver?.close();
});

async function post(pathname: string, body: unknown, headers: Record<string, string> = key): Promise<{ status: number; body: any }> {
  const res = await fetch(`${apiUrl}${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

const both = async (): Promise<{ api: Sample[]; worker: Sample[] }> => ({ api: (await scrape(await api.opsUrl)).samples, worker: (await scrape(await worker.opsUrl)).samples });

it('serves each process its own /metrics, labelled by process, the worker with Temporal’s metrics', async () => {
  expect(await api.opsUrl).not.toBe(await worker.opsUrl);
  expect(await api.opsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

  const webhook = await post('/webhooks', { name: 'Orders', url: `${receiver.url}/hook`, events: ['transaction.paid'] });
  expect(webhook.status).toBe(201);
  const token = await post('/v1/tokens/cards', { companyId, card: { number: '4111111111111111', holder: 'Maria Silva', document: '52998224725', cvv: '123', expiration: '12/2030' } }, {});
  expect(token.status).toBe(201);
  const card = await post('/v1/transactions', {
    referenceCode: 'metrics-1',
    items: [{ description: 'Camiseta', quantity: 1, amount: 5990 }],
    payments: [{ paymentMethod: 'credit_card', amount: 5990, creditCard: { token: token.body.tokenId, installments: 1 } }],
  });
  expect(card.body.status).toBe('paid');
  // A paid card's workflow waits for its release with no task yet; a Pix's runs at once (it waits for the payment): the worker's task metrics.
  const pix = await post('/v1/transactions', { referenceCode: 'metrics-2', items: [{ description: 'Boné', quantity: 1, amount: 2500 }], payments: [{ paymentMethod: 'pix', amount: 2500 }] });
  expect(pix.body.status).toBe('waiting_payment');

  // The lanes (worker) send the webhook; whichever process dispatched an event counted it, once
  // its dispatch committed (the webhook can arrive first: the lanes are woken by that commit).
  const paid = { method: 'card', status: 'paid' };
  const s = await eventually(async () => {
    const s = await both();
    const counted = total(s.api, 'lastro_transactions_total', paid) + total(s.worker, 'lastro_transactions_total', paid);
    const taskRan = s.worker.some((x) => x.name === 'temporal_workflow_task_schedule_to_start_latency_bucket');
    return total(s.worker, 'lastro_webhook_attempts_total', { outcome: 'success' }) === 1 && counted > 0 && taskRan && s;
  }, 60_000);

  expect(total(s.api, 'lastro_http_requests_total', { method: 'POST', route: '/v1/transactions', status_class: '2xx' })).toBe(2);
  expect(total(s.worker, 'lastro_http_requests_total')).toBe(0);
  expect(total(s.api, 'lastro_transactions_total', paid) + total(s.worker, 'lastro_transactions_total', paid)).toBe(1);
  const money = { currency: 'BRL' };
  expect(total(s.api, 'lastro_money_authorized_cents_total', money) + total(s.worker, 'lastro_money_authorized_cents_total', money)).toBe(5990);

  expect(s.api.find((x) => x.name === 'lastro_process_cpu_user_seconds_total')?.labels).toEqual({ process: 'api' });
  expect(s.worker.find((x) => x.name === 'lastro_process_cpu_user_seconds_total')?.labels).toEqual({ process: 'worker' });
  expect(s.worker.some((x) => x.name === 'lastro_outbox_lag_seconds')).toBe(true);
  expect(s.api.some((x) => x.name === 'lastro_outbox_lag_seconds')).toBe(false);

  // The SDK's worker metrics, in the same scrape: every one the dashboard uses.
  const names = new Set(s.worker.map((x) => x.name));
  for (const name of TEMPORAL_DASHBOARD_METRICS) expect({ name, present: names.has(name) }).toEqual({ name, present: true });
  // The labels the dashboard groups by.
  expect(s.worker.find((x) => x.name === 'temporal_worker_task_slots_available')?.labels).toEqual(expect.objectContaining({ task_queue: 'lastro', worker_type: expect.any(String) }));
  expect(s.worker.find((x) => x.name === 'temporal_num_pollers')?.labels).toEqual(expect.objectContaining({ poller_type: expect.any(String) }));
});

it('a worker started before its Temporal waits for it, logging each attempt, and starts once it answers', async () => {
  const waits = worker.lines.filter((l) => l.includes('Temporal unreachable')).map((l) => JSON.parse(l) as { level: number; attempt: number; pauseMs: number });
  expect(waits[0]).toMatchObject({ level: 40, attempt: 1, pauseMs: 1_000 });
  expect(waits.map((w) => w.attempt)).toEqual(waits.map((_, i) => i + 1));
  await eventually(async () => worker.lines.some((l) => l.includes('"msg":"worker started"')));
});

it('stops with a message naming OPS_PORT when its operator port is taken', async () => {
  const taken = new URL(await worker.opsUrl).port;
  const second = start('src/server.ts', { ...env, PORT: String(await freePort()), OPS_PORT: taken });
  expect(await second.exited).toBe(1);
  expect(second.lines.join('\n')).toMatch(new RegExp(`api operator listener cannot listen on 127\\.0\\.0\\.1:${taken} \\(EADDRINUSE\\).*OPS_PORT`));
});

it('the worker exits cleanly on SIGTERM, its operator listener closed', async () => {
  worker.child.kill('SIGTERM');
  expect(await worker.exited).toBe(0);
});
