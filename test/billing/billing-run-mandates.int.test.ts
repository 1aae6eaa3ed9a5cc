import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { WorkflowNotFoundError } from '@temporalio/client';
import { processorsOf } from '../../src/processors/processors';
import { pixTxid } from '../../src/payments/pix.rules';
import { mandateChargePaymentId } from '../../src/billing/mandate-charges.rules';
import { createSubscription } from '../../src/billing/subscriptions.service';
import { createSubscriptionBody } from '../../src/billing/subscriptions.schemas';
import { renewDueSubscriptions } from '../../src/billing/billing-run.service';
import { seedDueSubscriptions } from '../../scripts/bench/billing-seed';
import { BILLING_RUN_WORKFLOW, type BillingRunProgress } from '../../workflows/billing/billing-run.contract';
import { eventually } from './eventually';
import { useEmbeddedPixStack } from '../processors/embedded-pix-stack';
import { customerAndMonthlyPlan } from './monthly-plan';

/**
 * Billing runs renewing subscriptions paid by a Pix Automático mandate, on the real stack with
 * the embedded Pix PSP as a process of its own: the run's page schedules each invoice's `cobr` at
 * the PSP and parks the row on its cycle (no subscription workflow); the PSP pays on the due day,
 * and the next run advances the cycle, still with no workflow. A page killed after its charges
 * asks the PSP for each charge once; a charge refused on its due day gets its workflow (dunning).
 */
type Company = 'Acme' | 'Other';
const plans: Partial<Record<Company, string>> = {};
const customers: Partial<Record<Company, string>> = {};

const { t, psp } = useEmbeddedPixStack({
  companies: ['Acme', 'Other'],
  owners: ['Acme', 'Other'],
  async setup(t) {
    for (const c of ['Acme', 'Other'] as const) ({ customerId: customers[c], planId: plans[c] } = await customerAndMonthlyPlan(t, c));
  },
});

beforeEach(async () => {
  expect((await psp.control('POST', '/embedded/clock', { now: new Date().toISOString() })).status).toBe(200);
});

const post = (c: Company, path: string, body: object = {}) => t.stack.http.post(path).set(t.company[c].headers).send(body);
const get = (c: Company, path: string) => t.stack.http.get(path).set(t.company[c].headers);
const invoicesOf = async (c: Company, id: string) => (await get(c, `/invoices?subscriptionId=${id}&limit=100`)).body.data as Array<Record<string, any>>;
const eventTypes = async (id: string) => (await t.stack.em().execute<{ type: string }[]>(`select type from events where entity_id = ? order by created_at, id`, [id])).map((e) => e.type);
const transactionsOf = (invoiceId: string) =>
  t.stack.em().execute<{ id: string; status: string; reference_code: string }[]>(`select id, status, reference_code from transactions where metadata->>'invoiceId' = ? order by id`, [invoiceId]);
const rows = (ids: string[]) =>
  t.stack
    .em()
    .execute<
      Array<{ id: string; next_cycle: number; cycles_completed: number; parked: boolean; renewal_claim: string | null; wake_at: string | Date }>
    >(`select id, next_cycle, cycles_completed, parked_at is not null as parked, renewal_claim, wake_at from billing_subscriptions where id = any(array(select jsonb_array_elements_text(?::jsonb))) order by id`, [JSON.stringify(ids)]);
const hasWorkflow = (id: string) =>
  t.stack.client.workflow
    .getHandle(id)
    .describe()
    .then((d) => d.status.name as string)
    .catch((err) => {
      if (err instanceof WorkflowNotFoundError) return null;
      throw err;
    });
const cobrPuts = async () => ((await psp.control('GET', '/embedded/stats')).body as { requests: Record<string, number> }).requests['PUT /cobr/:txid'] ?? 0;
const pspCharge = async (invoiceId: string) => (await processorsOf(t.stack.deps).pixById(t.stack.em(), 'default'))!.psp.mandates!.getMandateCharge(pixTxid(mandateChargePaymentId(invoiceId, 1)));

/**
 * `n` subscriptions with no card, parked with cycle 0 due now (copies of one made through the
 * service), each with its own mandate approved by the payer at the PSP (`payer`: how the payer's
 * bank answers the charges).
 */
async function dueByMandate(c: Company, n: number, payer: object = { outcome: 'pays' }): Promise<Array<{ id: string; pspMandateId: string }>> {
  const body = createSubscriptionBody.parse({ customerId: customers[c], planId: plans[c] });
  const { subscription: template } = await t.stack.em().transactional((em) => createSubscription(em as EntityManager, t.company[c].company.id, body));
  const ids = await seedDueSubscriptions(t.stack.em(), template.id, n, `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`);
  const out: Array<{ id: string; pspMandateId: string }> = [];
  for (const id of ids) {
    const mandate = await post(c, `/subscriptions/${id}/pix-automatico`, { authorization: 'qr' });
    expect(mandate.status).toBe(201);
    const [{ psp_mandate_id: pspMandateId }] = await t.stack.em().execute<{ psp_mandate_id: string }[]>(`select psp_mandate_id from billing_mandates where id = ?`, [mandate.body.id]);
    expect((await psp.control('POST', `/embedded/rec/${pspMandateId}/approve`, { jornada: 'JORNADA_2', payer })).status).toBe(200);
    await eventually(() => get(c, `/subscriptions/${id}/pix-automatico`), (r) => r.body.status === 'active');
    out.push({ id, pspMandateId });
  }
  return out;
}

async function billingRun(at = new Date().toISOString()): Promise<BillingRunProgress> {
  const handle = await t.stack.client.workflow.start(BILLING_RUN_WORKFLOW, { taskQueue: t.stack.config.temporal.taskQueue, workflowId: `billing-run-${randomUUID()}`, args: [{ at }] });
  return handle.result();
}

describe('billing runs with Pix Automático', () => {
  it("a page schedules each mandate invoice's cobr at the PSP and parks the row (no workflow); paid on its due day, the cycle advances (no workflow); company B sees none of it", async () => {
    const subs = await dueByMandate('Acme', 2);
    const ids = subs.map((s) => s.id);
    const putsBefore = await cobrPuts();
    expect(await billingRun()).toMatchObject({ claimed: 2, issued: 2, renewed: 0, workflows: 0, awaiting: 2 });
    expect((await cobrPuts()) - putsBefore).toBe(2);

    const invoices = await Promise.all(ids.map(async (id) => (await invoicesOf('Acme', id))[0]));
    for (const [n, inv] of invoices.entries()) {
      expect(inv).toMatchObject({ status: 'open', cycle: 0, total: 4990, attemptCount: 0 });
      // Due 3 days after its issue: the BCB takes a charge 2 to 10 days before its due day.
      expect(Date.parse(inv.dueAt) - Date.parse(inv.createdAt)).toBeGreaterThan(3 * 86_400_000 - 60_000);
      expect((await transactionsOf(inv.id)).map((x) => [x.status, x.reference_code])).toEqual([['waiting_payment', `${inv.id}-1`]]);
      expect(await pspCharge(inv.id)).toMatchObject({ status: 'ATIVA', amount: 4990 });
      expect(await hasWorkflow(ids[n])).toBeNull();
      expect(await eventTypes(inv.id)).toEqual(['invoice.issued']);
    }
    // Parked on the cycle the charge pays, until the invoice's due date.
    for (const [n, r] of (await rows(ids)).entries()) {
      expect(r).toMatchObject({ next_cycle: 0, cycles_completed: 0, parked: true, renewal_claim: null });
      expect(new Date(r.wake_at).toISOString()).toBe(invoices[n].dueAt);
    }
    // A run before the due date has nothing to do.
    expect(await billingRun()).toMatchObject({ claimed: 0, issued: 0 });

    // The PSP's clock reaches the due day: the payer's bank pays; the invoice paid advances the parked row's cycle.
    expect((await psp.control('POST', '/embedded/clock', { advanceDays: 3 })).status).toBe(200);
    for (const inv of invoices) await eventually(() => get('Acme', `/invoices/${inv.id}`), (r) => r.body.status === 'paid');
    await eventually(() => rows(ids), (l) => l.every((r) => r.next_cycle === 1));
    // Nothing left for a run: the rows wait for their next cycle.
    expect(await billingRun()).toMatchObject({ claimed: 0, issued: 0 });
    for (const [n, id] of ids.entries()) {
      const inv = invoices[n];
      const [txn] = await transactionsOf(inv.id);
      expect((await get('Acme', `/invoices/${inv.id}`)).body).toMatchObject({ status: 'paid', attemptCount: 1, lastTransactionId: txn.id });
      expect(txn.status).toBe('paid');
      expect(await eventTypes(inv.id)).toEqual(['invoice.issued', 'invoice.payment_attempted', 'invoice.paid']);
      expect(await eventTypes(id)).toEqual(['subscription.cycle_advanced']);
      expect((await get('Acme', `/subscriptions/${id}`)).body).toMatchObject({ status: 'active', cyclesCompleted: 1, currentPeriodStart: inv.periodStart, currentPeriodEnd: inv.periodEnd });
      expect(await hasWorkflow(id)).toBeNull();
      // Company B: 404 for A's subscription, invoice and transaction.
      expect((await get('Other', `/subscriptions/${id}`)).status).toBe(404);
      expect((await get('Other', `/invoices/${inv.id}`)).status).toBe(404);
      expect((await get('Other', `/transactions/${txn.id}`)).status).toBe(404);
    }
    expect((await rows(ids)).map((r) => [r.next_cycle, r.cycles_completed, r.parked])).toEqual([
      [1, 1, true],
      [1, 1, true],
    ]);
    expect((await cobrPuts()) - putsBefore).toBe(2);
  });

  it('a page killed after scheduling its charges resumes where it stopped: one cobr per invoice at the PSP, one transaction, the rows parked once', async () => {
    const subs = await dueByMandate('Acme', 3);
    const ids = subs.map((s) => s.id);
    const at = new Date().toISOString();
    const claim = `test-claim-${randomUUID()}`;
    const putsBefore = await cobrPuts();
    let beats = 0;
    // A page heartbeats after its claim, after its card charges and after each chunk of mandate charges: it "dies" after them.
    const dying = () => {
      if (++beats === 2) throw new Error('worker killed');
    };
    await expect(renewDueSubscriptions(t.stack.deps, { at, claim, ids }, dying)).rejects.toThrow('worker killed');
    expect((await cobrPuts()) - putsBefore).toBe(3);
    expect((await rows(ids)).map((r) => [r.parked, r.renewal_claim])).toEqual(Array(3).fill([false, claim]));

    expect(await renewDueSubscriptions(t.stack.deps, { at, claim, ids })).toEqual({ claimed: 3, issued: 3, renewed: 0, workflows: 0, awaiting: 3 });
    expect(await renewDueSubscriptions(t.stack.deps, { at, claim, ids })).toEqual({ claimed: 0, issued: 0, renewed: 0, workflows: 0, awaiting: 0 });
    // The retry asked the PSP for the same charges (same txid, same content): still one each.
    for (const id of ids) {
      const invoices = await invoicesOf('Acme', id);
      expect(invoices.length).toBe(1);
      expect((await transactionsOf(invoices[0].id)).map((x) => x.reference_code)).toEqual([`${invoices[0].id}-1`]);
      expect(await pspCharge(invoices[0].id)).toMatchObject({ status: 'ATIVA' });
      expect(await eventTypes(invoices[0].id)).toEqual(['invoice.issued']);
    }
    expect((await rows(ids)).map((r) => [r.parked, r.renewal_claim, r.next_cycle])).toEqual(Array(3).fill([true, null, 0]));
  });

  it('a charge refused for good on its due day gives the row its workflow: the first attempt failed, the invoice and the subscription past due, the retry scheduled', async () => {
    const [{ id }] = await dueByMandate('Acme', 1, { outcome: 'fails', codigo: 'AC05' });
    expect(await billingRun()).toMatchObject({ claimed: 1, awaiting: 1, workflows: 0 });
    const [inv] = await invoicesOf('Acme', id);
    expect((await psp.control('POST', '/embedded/clock', { advanceDays: 3 })).status).toBe(200);
    const [txn] = await eventually(() => transactionsOf(inv.id), (l) => l[0]?.status === 'canceled');
    await eventually(() => rows([id]), ([r]) => new Date(r.wake_at).getTime() <= Date.now());
    expect(await billingRun()).toMatchObject({ claimed: 1, renewed: 0, workflows: 1, awaiting: 0 });
    const failed = await eventually(() => get('Acme', `/invoices/${inv.id}`), (r) => r.body.status === 'past_due' && !!r.body.nextAttemptAt);
    expect(failed.body).toMatchObject({ status: 'past_due', attemptCount: 1, lastFailureCode: 'mandate_charge_rejected', lastTransactionId: txn.id });
    expect(await hasWorkflow(id)).toBe('RUNNING');
    expect((await get('Acme', `/subscriptions/${id}`)).body.status).toBe('past_due');
    expect((await post('Acme', `/subscriptions/${id}/cancel`)).body.status).toBe('canceled');
  });
});
