import { execFile, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { devStackEnv, startDevStack } from '../helpers/dev-stack-env';
import { MAINTENANCE_SCHEDULES } from '../../workflows/maintenance/maintenance.contract';
import { PIX_RECONCILIATION_SCHEDULE } from '../../workflows/payments/pix-reconciliation.contract';
import { markedCpf } from '../hardening/canary';

/**
 * The README's first command, for real: `npm run dev` on embedded PostgreSQL and the Temporal
 * dev server, in a private data folder and on free ports. It must come up, answer, keep its
 * data across a restart and stop cleanly on Ctrl-C.
 */
const root = path.resolve(__dirname, '..', '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lastro-e2e-'));
fs.chmodSync(dataDir, 0o755);
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  env = await devStackEnv(dataDir);
});

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const startDev = () => startDevStack(env);

const execFileAsync = promisify(execFile);

/** Async, so the event loop keeps serving fetch's keep-alive sockets while the CLI runs. */
async function lastro(args: string[]): Promise<string> {
  return (await execFileAsync('npm', ['run', '--silent', 'lastro', '--', ...args], { cwd: root, env, encoding: 'utf8' })).stdout;
}

/** Ctrl-C as a terminal sends it: SIGINT to the whole process group. npm then exits by that signal. */
function ctrlC(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGINT');
  });
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    sock.once('connect', () => (sock.destroy(), resolve(true)));
    sock.once('error', () => resolve(false));
  });
}

async function expectStopped(out: string): Promise<void> {
  expect(out).toContain('[dev] stopped');
  for (const port of [env.PORT, env.PGPORT, env.TEMPORAL_PORT]) expect(await portOpen(Number(port))).toBe(false);
}

it('runs the platform, seeds a working key, creates its schedules, survives a restart and stops cleanly', async () => {
  const first = startDev();
  const ready = await first.ready;
  try {
    expect(ready.apiKey).toMatch(/^sk_sandbox_[0-9A-Za-z]{32}$/);
    expect(ready.companyId).toMatch(/^comp_/);

    const health = await fetch(`${ready.apiUrl}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', postgres: 'ok', temporal: 'ok' });

    const created = await fetch(`${ready.apiUrl}/customers`, {
      method: 'POST',
      headers: { 'x-api-key': ready.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ana Souza', email: 'ana@example.com', type: 'individual', document: '52998224725', phone: '+5511999990000' }),
    });
    expect(created.status).toBe(201);

    // The README's Pix step: the charge opens at the embedded PSP, the sandbox pays it there, and
    // the PSP's callback (the webhook the worker registered at start) settles it.
    const auth = { 'x-api-key': ready.apiKey, 'content-type': 'application/json' };
    const pix = await fetch(`${ready.apiUrl}/v1/transactions`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ referenceCode: 'dev-pix-1', items: [{ description: 'Caneca', quantity: 1, amount: 3500 }], payments: [{ paymentMethod: 'pix', amount: 3500 }] }),
    });
    expect(pix.status).toBe(201);
    const txn = (await pix.json()) as { id: string; payments: Array<{ id: string }> };
    expect((await fetch(`${ready.apiUrl}/sandbox/payments/${txn.payments[0].id}/pay`, { method: 'POST', headers: auth })).status).toBe(202);
    const txnStatus = async () => ((await (await fetch(`${ready.apiUrl}/v1/transactions/${txn.id}`, { headers: auth })).json()) as { status: string }).status;
    while ((await txnStatus()) !== 'paid') await new Promise((r) => setTimeout(r, 250));

    // The operator CLI works beside the running stack (same configuration).
    const made = JSON.parse(await lastro(['companies', 'create', '--name', 'CLI Co']));
    expect(made).toMatchObject({ companyId: expect.stringMatching(/^comp_/), apiKey: expect.stringMatching(/^sk_sandbox_/) });
    const extra = JSON.parse(await lastro(['keys', 'create', '--company', made.companyId]));
    expect((await fetch(`${ready.apiUrl}/customers`, { headers: { 'x-api-key': extra.apiKey } })).status).toBe(200);
    await lastro(['keys', 'revoke', extra.keyId]);
    // Revoked by another process: the running API refuses it once its cached answer is API_KEY_CACHE_TTL_MS (5 s) old.
    const extraStatus = async () => (await fetch(`${ready.apiUrl}/customers`, { headers: { 'x-api-key': extra.apiKey } })).status;
    while ((await extraStatus()) !== 401) await new Promise((r) => setTimeout(r, 250));
    expect((await fetch(`${ready.apiUrl}/customers`, { headers: { 'x-api-key': made.apiKey } })).status).toBe(200);

    const ui = await fetch(ready.temporalUi);
    expect(ui.status).toBe(200);

    // The worker created the maintenance schedules on the dev server, and they run.
    const connection = await Connection.connect({ address: ready.temporalAddress });
    try {
      const client = new Client({ connection });
      for (const s of [...MAINTENANCE_SCHEDULES, PIX_RECONCILIATION_SCHEDULE]) {
        const description = await client.schedule.getHandle(s.scheduleId).describe();
        expect(description.action).toMatchObject({ type: 'startWorkflow', workflowType: s.workflowType });
      }
      const purge = client.schedule.getHandle('lastro-purge-idempotency-keys');
      await purge.trigger();
      let runs = 0;
      for (let i = 0; i < 60 && runs === 0; i++) {
        runs = (await purge.describe()).info.recentActions.length;
        if (runs === 0) await new Promise((r) => setTimeout(r, 500));
      }
      expect(runs).toBeGreaterThan(0);
    } finally {
      await connection.close();
    }
  } finally {
    await ctrlC(first.child);
  }
  await expectStopped(first.output());

  // A restart finds what it left: the same company, the same key, the customer.
  const second = startDev();
  const again = await second.ready;
  try {
    expect(again.apiKey).toBe(ready.apiKey);
    const list = await fetch(`${again.apiUrl}/customers?q=ana`, { headers: { 'x-api-key': again.apiKey } });
    expect((await list.json()).pagination.total).toBe(1);
  } finally {
    await ctrlC(second.child);
  }
  await expectStopped(second.output());
}, 300_000);

/**
 * docs/operations.md's `OTEL_TRACES_EXPORTER=console npm run dev`: the stack comes up (the
 * Temporal dev server, which reads the same variable and refuses `console`, does not get it),
 * the API prints its spans among its lines, and they carry no value of the request. In this
 * file, after the first stack has stopped: two stacks starting at once would both find the
 * operator listeners' default ports free.
 */
const otelDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lastro-e2e-otel-'));
fs.chmodSync(otelDataDir, 0o755);
afterAll(() => fs.rmSync(otelDataDir, { recursive: true, force: true }));

it('runs npm run dev with console tracing, the spans in the API\'s output', async () => {
  const env = await devStackEnv(otelDataDir, { OTEL_TRACES_EXPORTER: 'console', OTEL_BSP_SCHEDULE_DELAY: '200' });
  const { child, output, ready } = startDevStack(env);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    const { apiUrl, apiKey } = await ready;
    const document = markedCpf();
    const created = await fetch(`${apiUrl}/customers`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ana Traced', email: 'ana.traced@example.com', type: 'individual', document, phone: '+5511999990000' }),
    });
    expect(created.status).toBe(201);
    // The request's span and its SQL, printed by the API's console exporter.
    while (!/\[api\] +name: 'POST \/customers'/.test(output()) || !output().includes('insert into "customers"')) {
      if (child.exitCode !== null) throw new Error(`npm run dev exited:\n${output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(output()).not.toContain('unsupported OTEL exporter');
    expect(output()).not.toContain(document);
  } finally {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGINT');
    await exited;
  }
  expect(output()).toContain('[dev] stopped');
}, 300_000);
