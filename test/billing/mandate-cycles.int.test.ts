import { randomUUID } from 'node:crypto';
import { embeddedPixPspEnv } from '../../src/dev/embedded-pix-psp';
import { processorsOf } from '../../src/processors/processors';
import { registerPixWebhook } from '../../src/processors/pix/pix-webhooks.service';
import { pixTxid } from '../../src/payments/pix.rules';
import { mandateChargePaymentId } from '../../src/billing/mandate-charges.rules';
import { BILLING_RUN_WORKFLOW, type BillingRunProgress } from '../../workflows/billing/billing-run.contract';
import { useTestStack } from '../helpers/stack';
import { startEmbeddedPix, type EmbeddedPixProcess } from '../processors/embedded-pix-process';
import { eventually } from './eventually';

/**
 * Whole cycles of a subscription paid by Pix Automático, on the real stack under time skipping:
 * PostgreSQL, the Temporal time-skipping server with the worker's real workflows and activities,
 * the embedded Pix PSP as a process of this file's own (its clock is moved). Months pass as they do in production: the test server's
 * clock is moved to the instant a parked subscription falls due (`env.sleep`), and a billing run
 * at that workflow time renews it (issues the invoice, charges it, or starts its workflow);
 * the PSP's clock is set to the same instant, so its BCB window checks judge each `cobr` by the
 * day Lastro sent it.
 */
let psp: EmbeddedPixProcess;
beforeAll(async () => {
  psp = await startEmbeddedPix(['--webhook-retry-base-ms', '100']);
}, 60_000);
afterAll(() => psp?.stop());

type Row = Record<string, any>;

const t = useTestStack({
  companies: ['Acme', 'Other'],
  owners: ['Acme', 'Other'],
  env: () => embeddedPixPspEnv(psp.info),
  async setup(t) {
    await registerPixWebhook((await processorsOf(t.stack.deps).pixById(t.stack.em(), 'default'))!, t.stack.baseUrl);
  },
});

const post = (path: string, body: object = {}, c: 'Acme' | 'Other' = 'Acme') => t.stack.http.post(path).set(t.company[c].headers).send(body);
const get = (path: string, c: 'Acme' | 'Other' = 'Acme') => t.stack.http.get(path).set(t.company[c].headers);
const DAY = 86_400_000;
const workflowNow = async () => new Date(await t.stack.env.currentTimeMs()).toISOString();
const invoicesOf = async (id: string) => ((await get(`/invoices?subscriptionId=${id}&limit=100`)).body.data as Row[]).sort((a, b) => a.cycle - b.cycle);
const transactionOf = async (referenceCode: string) => (await get(`/transactions?referenceCode=${referenceCode}`)).body.data?.[0] as Row | undefined;
const rowOf = async (id: string) => (await t.stack.em().execute<Row[]>(`select status, next_cycle, cycles_completed, parked_at is not null as parked, wake_at from billing_subscriptions where id = ?`, [id]))[0];
const parked = (id: string, cycles: number) => eventually(() => rowOf(id), (r) => r.parked && r.cycles_completed === cycles);
/** Sets the PSP's clock to the workflow time (the day Lastro acts on), or that plus some days. */
const pspClock = async (plusDays = 0) => {
  const now = new Date(Date.parse(await workflowNow()) + plusDays * DAY).toISOString();
  expect((await psp.control('POST', '/embedded/clock', { now })).status).toBe(200);
};

/** A billing run at the workflow time, as the schedule starts one. */
async function billingRun(): Promise<BillingRunProgress> {
  const handle = await t.stack.client.workflow.start(BILLING_RUN_WORKFLOW, { taskQueue: t.stack.config.temporal.taskQueue, workflowId: `billing-run-${randomUUID()}`, args: [{ at: await workflowNow() }] });
  return handle.result();
}

/** A month passes for a parked subscription: the test server's clock moves to its wake time, and a billing run renews it there. */
async function nextCycleFalls(id: string): Promise<void> {
  const row = await rowOf(id);
  expect(row.parked).toBe(true);
  const ms = new Date(row.wake_at).getTime() + 60_000 - (await t.stack.env.currentTimeMs());
  if (ms > 0) await t.stack.env.sleep(ms);
  await pspClock();
  const run = await billingRun();
  expect(run).toMatchObject({ claimed: 1, issued: 1, done: true });
}

describe('Pix Automático over whole cycles', () => {
  const pspMandateIdOf = async (mandateId: string) => (await t.stack.em().execute<{ psp_mandate_id: string }[]>(`select psp_mandate_id from billing_mandates where id = ?`, [mandateId]))[0].psp_mandate_id;
  const rail = async () => (await processorsOf(t.stack.deps).pixById(t.stack.em(), 'default'))!;

  /** The day of the charge's latest attempt, as the PSP scheduled it. */
  const attemptDay = async (txid: string) => (await (await rail()).psp.mandates!.getMandateCharge(txid))!.attempts.at(-1)!.date;
  /** The PSP's clock at noon (Brasília) of `day`, plus `plusDays`. */
  const pspAt = async (day: string, plusDays = 0) => {
    expect((await psp.control('POST', '/embedded/clock', { now: new Date(Date.parse(`${day}T15:00:00Z`) + plusDays * DAY).toISOString() })).status).toBe(200);
  };

  /** The invoice once paid, or what each part says of it (the PSP's charge, the transaction) when it is not. */
  async function paidInvoice(invoiceId: string, txid: string, referenceCode: string) {
    const inv = await eventually(async () => (await get(`/invoices/${invoiceId}`)).body, (i) => i.status === 'paid', 120_000);
    if (inv.status === 'paid') return inv;
    const charge = await (await rail()).psp.mandates!.getMandateCharge(txid);
    const txn = await transactionOf(referenceCode);
    const why = { invoice: [inv.status, inv.dueAt], charge: charge && [charge.status, charge.dueDate, charge.attempts], transaction: txn?.status, psp: (await psp.control('POST', '/embedded/clock', {})).body, workflowNow: await workflowNow(), wall: new Date().toISOString() };
    throw new Error(`invoice ${invoiceId} not paid: ${JSON.stringify(why)}`);
  }

  /** The invoice of `cycle`, its mandate charge scheduled at the PSP within the BCB window (2 to 10 days before its due day, counted from the day it was sent). */
  async function scheduled(id: string, cycle: number) {
    const invoices = await eventually(() => invoicesOf(id), (l) => l.length === cycle + 1);
    const invoice = invoices[cycle];
    if (!invoice) {
      const row = (await t.stack.em().execute<Row[]>(`select status, next_cycle, cycles_completed, parked_at, wake_at, renewal_claim from billing_subscriptions where id = ?`, [id]))[0];
      const run = await t.stack.client.workflow.getHandle(id).describe().then((d) => d.status.name, (e: Error) => e.message);
      throw new Error(`no invoice of cycle ${cycle}: ${JSON.stringify({ row, workflow: run, invoices: invoices.map((i) => [i.cycle, i.status, i.dueAt]), workflowNow: await workflowNow() })}`);
    }
    expect(invoice).toMatchObject({ cycle, status: 'open', total: 4990 });
    expect(Date.parse(invoice.dueAt) - Date.parse(invoice.createdAt)).toBeGreaterThanOrEqual(3 * DAY - 60_000);
    const txn = await eventually(() => transactionOf(`${invoice.id}-1`), (x) => x?.status === 'waiting_payment');
    expect(txn).toMatchObject({ status: 'waiting_payment', amount: 4990, origin: 'subscription' });
    const txid = pixTxid(mandateChargePaymentId(invoice.id, 1));
    const charge = (await (await rail()).psp.mandates!.getMandateCharge(txid))!;
    const sentDay = (await workflowNow()).slice(0, 10);
    const window = (Date.parse(charge.dueDate) - Date.parse(sentDay)) / DAY;
    expect(window).toBeGreaterThanOrEqual(2);
    expect(window).toBeLessThanOrEqual(10);
    return { invoice, txn: txn!, txid };
  }

  it('a mandate authorized pays cycles 0-2 on schedule, each renewed by a billing run a month later, its cobr within the BCB window; cycle 2 refused once and retried the next day (retentativa), paid then; the mandate cancelled by the payer in cycle 3: dunning from the next run', async () => {
    // Customers paying by mandate have no card.
    const payer = (await post('/customers', { name: 'Bia Lima', email: 'bia@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990001' })).body.id;
    const plan = (await post('/plans', { code: 'club', name: 'Club' })).body.id;
    await post(`/plans/${plan}/charges`, { item: { key: 'base', name: 'Club' }, price: { money: { amount: 4990, currency: 'BRL' }, recurrence: { interval: 1, unit: 'month' } } });
    expect((await post(`/plans/${plan}/publish`)).status).toBe(200);
    await pspClock();
    const sub = await post('/subscriptions', { customerId: payer, planId: plan });
    expect(sub.body.status).toBe('incomplete');
    const id = sub.body.id as string;
    const mandate = await post(`/subscriptions/${id}/pix-automatico`, { authorization: 'qr' });
    expect(mandate.status).toBe(201);
    const pspMandateId = await pspMandateIdOf(mandate.body.id);
    expect((await psp.control('POST', `/embedded/rec/${pspMandateId}/approve`, { jornada: 'JORNADA_2', payer: { outcome: 'pays' } })).status).toBe(200);

    // Cycles 0 and 1: each charge is settled on the day the PSP scheduled its attempt (its due day,
    // or the next business day when that is a holiday or a weekend), not the day before.
    for (const cycle of [0, 1]) {
      if (cycle > 0) await nextCycleFalls(id);
      const { invoice, txn, txid } = await scheduled(id, cycle);
      const day = await attemptDay(txid);
      await pspAt(day, -1);
      await new Promise((r) => setTimeout(r, 1000));
      expect((await get(`/invoices/${invoice.id}`)).body.status).toBe('open');
      await pspAt(day);
      expect(await paidInvoice(invoice.id, txid, `${invoice.id}-1`)).toMatchObject({ status: 'paid', attemptCount: 1, lastTransactionId: txn.id });
      await parked(id, cycle + 1);
    }

    // Cycle 2: the payer's bank refuses it on its due day (AM02, no funds); Lastro asks the PSP to retry the next day, paid then.
    await nextCycleFalls(id);
    expect((await psp.control('POST', `/embedded/rec/${pspMandateId}/payer`, { outcome: 'fails', codigo: 'AM02' })).status).toBe(200);
    const c2 = await scheduled(id, 2);
    await pspAt(await attemptDay(c2.txid));
    const retried = await eventually(async () => (await rail()).psp.mandates!.getMandateCharge(c2.txid), (c) => (c?.attempts.length ?? 0) === 2);
    expect(retried!.attempts.map((a) => [a.kind, a.status])).toEqual([['AGND', 'REJEITADA'], ['NTAG', 'AGENDADA']]);
    expect((await psp.control('POST', `/embedded/rec/${pspMandateId}/payer`, { outcome: 'pays' })).status).toBe(200);
    await pspAt(await attemptDay(c2.txid));
    expect(await paidInvoice(c2.invoice.id, c2.txid, `${c2.invoice.id}-1`)).toMatchObject({ status: 'paid', attemptCount: 1, lastTransactionId: c2.txn.id });
    await parked(id, 3);

    // Three invoices, each paid by one mandate charge; company B sees none of them.
    expect((await invoicesOf(id)).map((i) => i.status)).toEqual(['paid', 'paid', 'paid']);
    expect((await get(`/invoices/${c2.invoice.id}`, 'Other')).status).toBe(404);
    expect((await get(`/subscriptions/${id}`, 'Other')).status).toBe(404);

    // Cycle 3: renewed by the run's page (its cobr scheduled, the row parked, no workflow), then the
    // payer cancels the mandate at their bank. The PSP cancels the charge; its decision wakes the
    // row, and the next billing run's workflow records the failed attempt: dunning, the invoice and
    // the subscription past due, the next attempt on the company's schedule.
    await nextCycleFalls(id);
    const c3 = await scheduled(id, 3);
    expect((await psp.control('POST', `/embedded/rec/${pspMandateId}/cancel`)).status).toBe(200);
    expect(await eventually(async () => (await get(`/subscriptions/${id}/pix-automatico`)).body.status, (s) => s === 'canceled')).toBe('canceled');
    expect(await eventually(() => transactionOf(`${c3.invoice.id}-1`), (x) => x?.status !== 'waiting_payment')).not.toMatchObject({ status: 'paid' });
    await eventually(() => rowOf(id), (r) => new Date(r.wake_at).getTime() <= Date.now(), 60_000);
    await billingRun();
    const dunned = await eventually(async () => (await get(`/invoices/${c3.invoice.id}`)).body, (i) => i.status === 'past_due', 120_000);
    expect(dunned).toMatchObject({ status: 'past_due', attemptCount: 1, nextAttemptAt: expect.any(String) });
    expect((await get(`/subscriptions/${id}`)).body.status).toBe('past_due');
  }, 900_000);

});
