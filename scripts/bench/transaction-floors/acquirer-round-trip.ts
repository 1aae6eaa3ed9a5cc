import { randomBytes } from 'node:crypto';
import { createCieloAcquirer } from '../../../src/processors/cards/cielo';
import type { CardDefaultConfig } from '../../../src/processors/connections/card-connection';
import { pool } from '../harness';

/**
 * The acquirer's part of a card transaction, measured apart from Lastro's: the acquirer is not
 * Lastro, and a real one answers from another machine. The Cielo API calls the acquirer answered
 * (its own counters, `GET /embedded/stats`), and the round trip of the adapter's `authorize` timed
 * from here, through the same adapter the API uses (src/processors/cards/cielo), as the API's
 * first attempt makes it: the sale POST alone (no query by MerchantOrderId before it).
 */

/** Requests of Cielo's API (`/1/…`) the acquirer answered so far. */
export async function acquirerCalls(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}/embedded/stats`);
  if (!res.ok) throw new Error(`GET /embedded/stats answered ${res.status}`);
  const { requests } = (await res.json()) as { requests?: Record<string, number> };
  if (!requests) throw new Error('GET /embedded/stats has no request counters');
  return Object.entries(requests)
    .filter(([route]) => / \/1\//.test(route))
    .reduce((n, [, c]) => n + c, 0);
}

/**
 * Times the adapter's `authorize` of an approved card (a fresh key each, a first attempt: one sale),
 * `total` calls with `clients` at a time, after a warm-up that opens the connections: the
 * latencies (ms), and the CPU this process spent per call (the adapter's client side).
 */
export async function authorizeRoundTrips(store: CardDefaultConfig, clients: number, total: number): Promise<{ latencies: number[]; cpuMsPerCall: number }> {
  const acquirer = createCieloAcquirer(store, { maxConcurrency: Math.max(clients, 8) });
  const authorize = () =>
    acquirer.authorize({
      idempotencyKey: `pay_${randomBytes(13).toString('hex')}`,
      amount: 1000,
      currency: 'BRL',
      installments: 1,
      card: { pan: '4111111111111111', cvv: '123', holder: 'BENCH BUYER', expMonth: 12, expYear: 2035, document: '52998224725' },
      firstAttemptUntil: Date.now() + 60_000,
    });
  try {
    await pool(Math.max(clients, 20), clients, authorize);
    const latencies: number[] = [];
    const cpu = process.cpuUsage();
    await pool(total, clients, async () => {
      const t0 = performance.now();
      const r = await authorize();
      if (r.status !== 'approved') throw new Error(`the acquirer answered ${r.status} ${r.code}`);
      latencies.push(performance.now() - t0);
    });
    const used = process.cpuUsage(cpu);
    return { latencies, cpuMsPerCall: (used.user + used.system) / 1000 / total };
  } finally {
    await acquirer.close();
  }
}
