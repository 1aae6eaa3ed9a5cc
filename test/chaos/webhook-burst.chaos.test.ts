import { startChaosStack, type ChaosStack, type SeededChaosCompany } from './chaos-stack';
import { expectInvariantsWithin } from './invariants';

/**
 * A burst of 10,000 events to two subscribed endpoints while everything the delivery lanes
 * depend on breaks: the worker is SIGKILLed (its lanes die holding claimed deliveries and
 * outcomes not yet written) and started again, the Temporal dev server restarts, then
 * PostgreSQL restarts. The merchant's client sends each creation again with the same
 * Idempotency-Key until it gets a 2xx. Afterwards: every event reached every subscribed
 * endpoint at least once, every copy carries the event's id as its `webhook-id`, every
 * delivery ends `success`, and none is `success` that the endpoint did not answer 200.
 */
const EVENTS = Number(process.env.CHAOS_WEBHOOK_EVENTS ?? 10_000);
const CLIENTS = 16;
const RECOVERY_MS = 600_000;

let stack: ChaosStack;
let acme: SeededChaosCompany;
const paths = ['/hooks/a', '/hooks/b'];

beforeAll(async () => {
  // One merchant sending 10,000 creations as fast as it can: the per-key limit (20/s by default) would set the pace.
  stack = await startChaosStack({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  acme = await stack.seedCompany('Acme Webhook Burst');
  for (const path of paths) {
    const res = await stack.http.post('/webhooks').set(acme.headers).send({ name: path, url: `http://${stack.receiver.hostPort}${path}`, events: ['customer.created'] });
    expect(res.status).toBe(201);
  }
  // Subscribed to something the burst never emits: receives nothing.
  const other = await stack.http.post('/webhooks').set(acme.headers).send({ name: 'other', url: `http://${stack.receiver.hostPort}/hooks/other`, events: ['transaction.paid'] });
  expect(other.status).toBe(201);
}, 300_000);

afterAll(async () => {
  await stack?.stop();
}, 120_000);

/** The merchant's retrying client: same body, same key, until a 2xx. */
async function createCustomer(i: number): Promise<void> {
  const body = { name: `Burst ${i}`, email: `burst${i}@example.com`, type: 'individual', document: '52998224725', phone: '+5511999990000' };
  for (;;) {
    let status = 0;
    let code: string | undefined;
    try {
      const res = await stack.http.post('/v1/customers').set(acme.headers).set('Idempotency-Key', `burst-${i}`).timeout({ response: 60_000, deadline: 90_000 }).send(body);
      status = res.status;
      code = res.body?.error?.code;
    } catch {
      // Connection refused or reset, or no answer in time: send it again.
    }
    if (status >= 200 && status < 300) return;
    if (!(status === 0 || status >= 500 || status === 429 || (status === 409 && code === 'idempotency_in_progress'))) throw new Error(`customer ${i}: ${status} ${code}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

it(`${EVENTS} events to two endpoints through a worker SIGKILL, a Temporal restart and a PostgreSQL restart: each delivered at least once, under its own id, and only answered deliveries marked success`, async () => {
  let answered = 0;
  const waiters: Array<{ at: number; resolve: () => void }> = [];
  const reached = (at: number) => new Promise<void>((resolve) => (answered >= at ? resolve() : waiters.push({ at, resolve })));
  let next = 0;
  const client = async () => {
    while (next < EVENTS) {
      await createCustomer(next++);
      answered++;
      for (const w of waiters.filter((x) => answered >= x.at)) w.resolve();
    }
  };
  const sending = Promise.all(Array.from({ length: CLIENTS }, client));

  const faults = (async () => {
    await reached(Math.floor(EVENTS * 0.15));
    await stack.killWorker();
    await reached(Math.floor(EVENTS * 0.3));
    const worker = stack.startWorker();
    await reached(Math.floor(EVENTS * 0.45));
    await stack.stopTemporal();
    await new Promise((r) => setTimeout(r, 3_000));
    await stack.startTemporal();
    await worker;
    await reached(Math.floor(EVENTS * 0.6));
    await stack.stopPostgres();
    await new Promise((r) => setTimeout(r, 2_000));
    await stack.startPostgres();
  })();
  await Promise.all([sending, faults]);

  const events = await stack.sql<{ id: string }>(`select id from events where company_id = $1 and type = 'customer.created'`, [acme.companyId]);
  // Every 2xx is one event (the Idempotency-Key kept repeats out).
  expect(events).toHaveLength(EVENTS);
  const byPath = () => {
    const seen = new Map(paths.map((p) => [p, new Set<string>()]));
    for (const r of stack.receiver.received) seen.get(r.path)?.add(r.body.id as string);
    return seen;
  };
  await stack.waitFor(
    'every event at every subscribed endpoint',
    async () => {
      const seen = byPath();
      return events.every((e) => paths.every((p) => seen.get(p)!.has(e.id)));
    },
    RECOVERY_MS,
    1_000,
  );

  // Duplicates (a killed lane's attempts, outcomes lost with it) carry the event's id.
  const ours = stack.receiver.received.filter((r) => r.path.startsWith('/hooks/'));
  for (const r of ours) expect(r.headers['webhook-id']).toBe(r.body.id);
  expect(stack.receiver.received.filter((r) => r.path === '/hooks/other')).toHaveLength(0);

  // Every delivery ends success, and only where the endpoint answered it.
  const deliveries = await stack.waitFor(
    'every delivery to be recorded as success',
    async () => {
      const rows = await stack.sql<{ event_id: string; url: string; status: string; requested: boolean }>(
        `select event_id, url, status, attempt_requested_at is not null as requested from webhook_deliveries where company_id = $1`,
        [acme.companyId],
      );
      return rows.length === EVENTS * paths.length && rows.every((r) => r.status === 'success' && !r.requested) && rows;
    },
    RECOVERY_MS,
    2_000,
  );
  const seen = byPath();
  const unanswered = deliveries.filter((d) => !seen.get(new URL(d.url).pathname)?.has(d.event_id));
  expect(unanswered).toEqual([]);
  const copies = ours.length - EVENTS * paths.length;
  process.stdout.write(`[chaos] ${EVENTS} events × ${paths.length} endpoints: ${ours.length} requests answered (${copies} duplicates)\n`);

  await expectInvariantsWithin(stack, RECOVERY_MS);
}, 1_800_000);
