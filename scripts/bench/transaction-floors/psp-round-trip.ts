import { randomBytes } from 'node:crypto';
import { createApiPixPsp } from '../../../src/processors/pix/api-pix';
import { pool } from '../harness';

/**
 * The Pix PSP's part of a Pix creation, measured apart from Lastro's: the PSP is not Lastro, and
 * a real one answers from another machine. `PUT /cob/{txid}` calls the PSP answered (its own
 * counters, `GET /embedded/stats`), and the round trip of the adapter's call timed from here,
 * through the same adapter the API uses (src/processors/pix/api-pix), on its own token.
 */

/** `PUT /cob/:txid` requests the PSP answered so far. */
export async function cobCalls(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}/embedded/stats`);
  if (!res.ok) throw new Error(`GET /embedded/stats answered ${res.status}`);
  const { requests } = (await res.json()) as { requests?: Record<string, number> };
  if (!requests) throw new Error('GET /embedded/stats has no request counters: an older embedded PSP?');
  return requests['PUT /cob/:txid'] ?? 0;
}

/**
 * Times the adapter's `createCharge` (one `PUT /cob/{txid}`), `total` calls with `clients` at a
 * time, after a warm-up that takes the token and opens the connections: the latencies (ms), and
 * the CPU this process spent per call (the adapter's client side, as the API spends it; this
 * process does nothing else meanwhile).
 */
export async function cobRoundTrips(env: Record<string, string>, clients: number, total: number): Promise<{ latencies: number[]; cpuMsPerCall: number }> {
  const psp = createApiPixPsp({ baseUrl: env.PIX_PSP_BASE_URL, tokenUrl: env.PIX_PSP_TOKEN_URL, clientId: env.PIX_PSP_CLIENT_ID, clientSecret: env.PIX_PSP_CLIENT_SECRET });
  const charge = () => psp.createCharge({ txid: randomBytes(16).toString('hex'), kind: 'immediate', amount: 1000, chave: env.PIX_PSP_CHAVE, expiresIn: 3600 });
  try {
    await pool(Math.max(clients, 20), clients, charge);
    const latencies: number[] = [];
    const cpu = process.cpuUsage();
    await pool(total, clients, async () => {
      const t0 = performance.now();
      await charge();
      latencies.push(performance.now() - t0);
    });
    const used = process.cpuUsage(cpu);
    return { latencies, cpuMsPerCall: (used.user + used.system) / 1000 / total };
  } finally {
    await psp.close();
  }
}
