import { randomUUID } from 'node:crypto';
import { startChaosStack, type ChaosStack, type SeededChaosCompany } from './chaos-stack';
import { activeRecipient, chaosReference } from './fixtures';
import { BOLETO_SWEEP_SCHEDULE, BOLETO_SWEEP_WORKFLOW } from '../../workflows/payments/boleto-sweep.contract';
import type { BoletoSweepReport } from '../../src/payments/boleto-sweep.service';

/**
 * Boletos registered at their issuer while the API is SIGKILLed mid-registration: the issuer is
 * told to take its time over each registration, the API dies with the registrations in flight
 * (they complete at the issuer, nobody hears the answers), and the merchant retries with the same
 * Idempotency-Key once the API is back. Afterwards: one payment per request, each with exactly one
 * payable boleto at the issuer; the boletos of the dead creations are cancelled by the sweep; each
 * paid boleto is settled once. No boleto lost, none doubled, no money counted twice.
 */
const COUNT = 6;
/** How long the issuer sits on each registration: the API is killed inside it. */
const REGISTRATION_DELAY_MS = 4_000;

let stack: ChaosStack;
let acme: SeededChaosCompany;

const sim = async (method: string, p: string, body?: unknown) => {
  const res = await fetch(`${stack.boletoIssuer.baseUrl}${p}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
};
const convenio = () => stack.boletoIssuer.env.BOLETO_ISSUER_CONVENIO;
const issuerBooks = async (): Promise<Array<{ id: string; state: number; terms: { amount: number } }>> => (await sim('GET', `/embedded/boletos?convenio=${convenio()}`)).body;

beforeAll(async () => {
  stack = await startChaosStack();
  acme = await stack.seedCompany('Acme Boleto Chaos');
  await activeRecipient(stack, acme, 'owner');
  // Swept by hand below.
  await stack.temporal.schedule.getHandle(BOLETO_SWEEP_SCHEDULE.scheduleId).pause('chaos: swept by hand');
}, 300_000);

afterAll(async () => {
  await stack?.stop();
}, 120_000);

interface Request {
  referenceCode: string;
  key: string;
  amount: number;
  body: Record<string, unknown>;
}

const requests: Request[] = Array.from({ length: COUNT }, (_, i) => {
  const amount = 10_000 + i;
  const referenceCode = chaosReference('boleto');
  return { referenceCode, key: randomUUID(), amount, body: { referenceCode, items: [{ description: 'Curso', quantity: 1, amount }], payments: [{ paymentMethod: 'boleto', amount, boleto: { payer: { name: 'Maria Silva', document: '529.982.247-25' } } }] } };
});

const send = (r: Request) => stack.http.post('/v1/transactions').set(acme.headers).set('Idempotency-Key', r.key).timeout({ response: 60_000, deadline: 90_000 }).send(r.body);

it(`${COUNT} boleto creations in flight when the API is SIGKILLed: retried, each has one payment and one payable boleto; the dead creations' boletos are cancelled by the sweep`, async () => {
  await sim('POST', '/embedded/faults', { path: '^POST /cobrancas/v2/boletos$', delayMs: REGISTRATION_DELAY_MS, times: COUNT });
  const inFlight = requests.map((r) => send(r).then((res) => res.status, () => 'no answer' as const));
  // Every registration has reached the issuer (its number recorded first, its body read, held by the fault) before the kill.
  await stack.waitFor('the registrations in flight', async () => (await sim('GET', '/embedded/stats')).body.faultsApplied === COUNT, 60_000);
  expect(Number((await stack.sql<{ n: string }>(`select count(*)::text as n from boleto_registrations where company_id = $1`, [acme.companyId]))[0].n)).toBe(COUNT);
  await stack.killApi();
  expect(await Promise.all(inFlight)).toEqual(requests.map(() => 'no answer'));
  // The registrations finish at the issuer with nobody to hear them.
  await stack.waitFor('the orphaned registrations at the issuer', async () => (await issuerBooks()).length === COUNT, 30_000);
  expect(Number((await stack.sql<{ n: string }>(`select count(*)::text as n from transactions where company_id = $1`, [acme.companyId]))[0].n)).toBe(0);

  await stack.startApi();
  const payments: Array<{ txnId: string; paymentId: string; number: string; line: string; amount: number }> = [];
  for (const r of requests) {
    // The dead attempts' Idempotency-Key claims are released when their lease runs out (409 idempotency_in_progress until then).
    let res = await send(r);
    for (let tries = 0; res.status === 409 && res.body?.error?.code === 'idempotency_in_progress' && tries < 40; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      res = await send(r);
    }
    expect(res.status).toBe(201);
    payments.push({ txnId: res.body.id, paymentId: res.body.payments[0].id, number: res.body.payments[0].boleto.number, line: res.body.payments[0].boleto.line, amount: r.amount });
  }
  // One transaction per request.
  for (const r of requests) {
    expect(Number((await stack.sql<{ n: string }>(`select count(*)::text as n from transactions where company_id = $1 and reference_code = $2`, [acme.companyId, r.referenceCode]))[0].n)).toBe(1);
  }
  // Before the sweep: two payable boletos per amount (the orphan and the committed one).
  expect((await issuerBooks()).filter((b) => b.state === 1)).toHaveLength(2 * COUNT);

  // The sweep, once the dead creations are old enough (their rows aged as ten minutes would).
  await stack.sql(`update boleto_registrations set created_at = created_at - interval '11 minutes' where company_id = $1`, [acme.companyId]);
  const swept = await stack.temporal.workflow.execute(BOLETO_SWEEP_WORKFLOW, { taskQueue: process.env.TEMPORAL_TASK_QUEUE ?? 'lastro', workflowId: `boleto-sweep-chaos-${randomUUID()}`, args: [] }) as { connections: BoletoSweepReport[] };
  expect(swept.connections.find((c) => c.connectionId === 'default')).toMatchObject({ orphansCanceled: COUNT, orphansPaid: 0 });

  // After it: exactly one payable boleto per payment, the one the payment shows.
  const payable = (await issuerBooks()).filter((b) => b.state === 1);
  expect(payable.map((b) => b.id.slice(-10)).sort()).toEqual(payments.map((p) => p.number).sort());

  // Each paid once at the issuer, settled once.
  for (const p of payments) expect((await sim('POST', `/embedded/boletos-cobranca/${p.line}/pagar`, {})).status).toBe(201);
  await stack.waitFor(
    'every boleto payment settled',
    async () => Number((await stack.sql<{ n: string }>(`select count(*)::text as n from transactions where company_id = $1 and status = 'paid'`, [acme.companyId]))[0].n) === COUNT,
    60_000,
  );
  for (const p of payments) {
    const [row] = await stack.sql<{ sales: string; paid_events: string }>(
      `select (select count(*) from ledger_postings where key = $1)::text as sales, (select count(*) from events where entity_id = $2 and type = 'transaction.paid')::text as paid_events`,
      [`sale:${p.paymentId}`, p.txnId],
    );
    expect(row).toEqual({ sales: '1', paid_events: '1' });
  }
}, 600_000);
