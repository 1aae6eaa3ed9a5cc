import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { createApp } from '../../src/app';
import { storeCard } from '../../src/cards/card-vault.service';
import { startSessionFromLink } from '../../src/checkout/checkout-sessions.service';
import { createApiKey, createCompany } from '../../src/companies/companies.service';
import { startBenchStack } from './bench-stack';
import { pct } from './transaction-floors/floors';

/**
 * A buyer's checkout, end to end on a dev-like stack started here (embedded PostgreSQL, the
 * Temporal dev server, the Lastro worker and API): a link visit (new session with its
 * snapshot, workflow started), the page's GET of the public view (12 installment options), and
 * a card confirmation in 3 installments answered after authorization. `clients` buyers at a
 * time, each through its own session; everything it started is stopped.
 *
 *   npm run bench -- checkout-sessions [sessions = 100] [clients = 8]
 */
export async function run(args: string[]): Promise<void> {
  const total = Number(args[0] ?? 100);
  const clients = Number(args[1] ?? 8);
  const root = path.resolve(__dirname, '..', '..');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lastro-bench-'));
  fs.chmodSync(tmp, 0o755);
  const cleanup: Array<() => Promise<unknown>> = [];
  const log = (line: string) => process.stdout.write(`${line}\n`);

  try {
    const { deps, rootEm } = await startBenchStack({ root, tmp, env: { LASTRO_DATA_DIR: tmp, RATE_LIMIT_PER_MINUTE: '1000000', CHECKOUT_CONFIRMS_PER_MINUTE_PER_ADDRESS: '1000000', CHECKOUT_CONFIRMS_PER_MINUTE_PER_LINK: '1000000' }, cleanup, log });
    const api: Server = createApp({ ...deps }).listen(0, '127.0.0.1');
    await new Promise((resolve) => api.once('listening', resolve));
    cleanup.unshift(() => new Promise((resolve) => (api.closeAllConnections(), api.close(resolve))));
    const base = `http://127.0.0.1:${(api.address() as { port: number }).port}`;

    const em = rootEm.fork();
    const company = await createCompany(em, { name: 'Bench', mode: 'sandbox' });
    const { apiKey } = await createApiKey(em, company);
    await em.flush();
    const json = { 'x-api-key': apiKey, 'content-type': 'application/json' };
    const post = (p: string, body: unknown, headers: Record<string, string> = json) => fetch(`${base}${p}`, { method: 'POST', headers, body: JSON.stringify(body) });
    // The company came with its owner recipient, active in sandbox.
    const link = (await (
      await post('/checkout/links', {
        items: [{ name: 'Curso', quantity: 1, unitAmount: 15000 }],
        paymentMethods: { card: { installments: { maxInstallments: 12, freeInstallments: 1, interestRate: 2.99 } }, pix: {} },
      })
    ).json()) as { id: string };

    const tokensEm = rootEm.fork();
    const tokens = Array.from({ length: total + clients }, () => storeCard(tokensEm, company.id, { number: '4111111111111111', holder: 'BENCH', document: '52998224725', cvv: '123', brand: 'visa', expMonth: 12, expYear: 2031 }).tokenId);
    await tokensEm.flush();

    const timings = { visit: [] as number[], view: [] as number[], confirm: [] as number[] };
    let failures = 0;
    let firstFailure: string | null = null;
    let next = 0;
    const buyer = async (i: number) => {
      let t = performance.now();
      const session = await startSessionFromLink(rootEm.fork(), deps, null, link.id);
      timings.visit.push(performance.now() - t);
      t = performance.now();
      await (await fetch(`${base}/checkout/public/sessions/${session.id}`)).json();
      timings.view.push(performance.now() - t);
      t = performance.now();
      const res = await post(
        `/checkout/public/sessions/${session.id}/confirm`,
        { customer: { name: 'Maria Silva', email: 'maria@example.com' }, payments: [{ method: 'credit_card', cardToken: tokens[i], installments: 3 }] },
        { 'content-type': 'application/json', 'Idempotency-Key': randomUUID() },
      );
      const text = await res.text();
      timings.confirm.push(performance.now() - t);
      if (res.status !== 200 || !text.includes('"status":"paid"')) {
        failures++;
        firstFailure ??= `${res.status} ${text.slice(0, 200)}`;
      }
    };
    // Warm-up: loads the workflow bundle into the worker and fills the pools.
    for (let i = 0; i < clients; i++) await buyer(total + i);
    for (const k of Object.keys(timings) as Array<keyof typeof timings>) timings[k] = [];

    log(`[bench] ${total} buyers, ${clients} at a time…`);
    const started = performance.now();
    await Promise.all(Array.from({ length: clients }, async () => {
      while (next < total) await buyer(next++);
    }));
    const seconds = (performance.now() - started) / 1000;
    log('');
    for (const [name, values] of [['visit (startSessionFromLink)', timings.visit], ['GET public session view', timings.view], ['confirm card 3x, answered paid', timings.confirm]] as const) {
      log(`${name.padEnd(32)} p50 ${pct(values, 50).padStart(7)} ms  p99 ${pct(values, 99).padStart(7)} ms`);
    }
    log(`${(total / seconds).toFixed(1)} whole checkouts/s with ${clients} buyers at a time${failures ? `  (${failures} failed, first: ${firstFailure})` : ''}`);
    log(`(${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})`);
  } finally {
    for (const fn of cleanup) await fn().catch((err) => log(`[bench] cleanup: ${String(err)}`));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
