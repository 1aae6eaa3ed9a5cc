import { useTestStack } from '../helpers/stack';
import { cardToken } from '../payments/fixtures';
import { eventually } from '../webhooks/receiver';
import { prorationLines } from '../../src/billing/plan-changes.rules';

/**
 * Plan changes through the API on a real stack (PostgreSQL, the Temporal server and worker, the
 * embedded Cielo): a mid-cycle upgrade and a downgrade prorated to the cent by the rule and billed
 * on the next invoice (the sandbox clock runs it), a change at the cycle's end applied by that
 * invoice's issue or canceled before, the preview that changes nothing, bad input, two changes
 * at once, and company B never reaching company A's subscription.
 *
 * The API's clock is the wall clock, so a cycle is put "ten days in" by moving its invoice's period
 * back in the database: the period is what the proration reads.
 */

let customerId: string;
let basic: string;
let pro: string;
let usdOnly: string;
let cardId: string;

const t = useTestStack({
  companies: ['Acme', 'Other'],
  owners: ['Acme'],
  async setup(t) {
    const post = (path: string, body: object = {}) => t.stack.http.post(path).set(t.company.Acme.headers).send(body);
    customerId = (await post('/v1/customers', { name: 'Ana Souza', email: 'ana@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990000' })).body.id;
    const plan = async (code: string, amount: number, currency = 'BRL') => {
      const id = (await post('/v1/plans', { code, name: code })).body.id;
      await post(`/v1/plans/${id}/charges`, { item: { key: 'base', name: `${code} base` }, price: { money: { amount, currency }, recurrence: { interval: 1, unit: 'month' } } });
      expect((await post(`/v1/plans/${id}/publish`)).status).toBe(200);
      return id as string;
    };
    basic = await plan('basic', 2990);
    pro = await plan('pro', 9990);
    usdOnly = await plan('usd-only', 1500, 'USD');
    cardId = (await post('/v1/payment-methods/cards', { customerId, token: await cardToken(t.stack, t.company.Acme) })).body.id;
  },
});
const post = (path: string, body: object = {}, headers = t.company.Acme.headers) => t.stack.http.post(path).set(headers).send(body);
const get = (path: string, headers = t.company.Acme.headers) => t.stack.http.get(path).set(headers);

type Row = Record<string, any>;
const invoicesOf = async (id: string) => ((await get(`/v1/invoices?subscriptionId=${id}&limit=100`)).body.data as Row[]).sort((a, b) => a.cycle - b.cycle);
const linesOf = async (invoiceId: string) => (await get(`/v1/invoices/${invoiceId}/line-items`)).body as Row[];
const paid = (id: string, n: number) => async () => {
  const list = await invoicesOf(id);
  return list.length === n && list.every((i) => i.status === 'paid') ? list : null;
};

/** A subscription whose cycle 0 is paid and `daysIn` days into a 30-day period. */
async function subscribedDaysIn(planId: string, daysIn: number): Promise<{ id: string; periodStart: Date; periodEnd: Date }> {
  const id = (await post('/v1/subscriptions', { customerId, planId, defaultPaymentMethodRef: cardId })).body.id as string;
  const [invoice] = await eventually(paid(id, 1), 30_000, 'cycle 0 paid');
  const periodStart = new Date(Date.now() - daysIn * 86_400_000);
  const periodEnd = new Date(periodStart.getTime() + 30 * 86_400_000);
  await t.stack.em().execute(`update billing_invoices set period_start = ?, period_end = ? where id = ?`, [periodStart, periodEnd, invoice.id]);
  // Its workflow done with the row (parked until the next cycle): a change then never meets the row held by a workflow step.
  await eventually(async () => ((await t.stack.em().execute(`select 1 from billing_subscriptions where id = ? and parked_at is not null`, [id])).length === 1 ? true : null), 30_000, 'parked');
  return { id, periodStart, periodEnd };
}

const eventsOf = (id: string, type: string) => t.stack.em().execute<Array<{ data: Row }>>(`select payload->'data' as data from events where entity_id = ? and type = ? order by created_at`, [id, type]);

it('a mid-cycle upgrade: credit for the unused time on the old price, charge for the rest on the new, to the cent; billed on the next invoice', async () => {
  const sub = await subscribedDaysIn(basic, 10);
  const preview = await post(`/v1/subscriptions/${sub.id}/plan-changes/preview`, { planId: pro });
  expect(preview.status).toBe(200);
  expect(preview.body.nextInvoice).toMatchObject({ cycle: 1 });
  expect((await get(`/v1/subscriptions/${sub.id}/plan-changes`)).body).toEqual([]);
  expect((await get(`/v1/subscriptions/${sub.id}`)).body.planId).toBe(basic);

  const change = await post(`/v1/subscriptions/${sub.id}/plan-changes`, { planId: pro });
  expect(change.status).toBe(201);
  const expected = prorationLines({ periodStart: sub.periodStart, periodEnd: sub.periodEnd, at: new Date(change.body.createdAt), oldAmount: 2990, newAmount: 9990 });
  expect(change.body).toMatchObject({ id: expect.stringMatching(/^sch_/), status: 'applied', effective: 'now', planId: pro, previous: { planId: basic }, prorationLines: expected });
  // Twenty of thirty days left: about two thirds of each price.
  expect(Math.abs(expected[0].amount + 1993)).toBeLessThanOrEqual(1);
  expect(Math.abs(expected[1].amount - 6660)).toBeLessThanOrEqual(1);
  // The preview, a moment before, said the same to within the cent those moments are worth.
  preview.body.prorationLines.forEach((l: Row, k: number) => expect(Math.abs(l.amount - expected[k].amount)).toBeLessThanOrEqual(1));

  expect((await get(`/v1/subscriptions/${sub.id}`)).body.planId).toBe(pro);
  expect((await get(`/v1/subscriptions/${sub.id}/items`)).body.map((i: Row) => [i.description, i.amount])).toEqual([['pro base', 9990]]);
  const [updated] = await eventsOf(sub.id, 'subscription.updated');
  expect(updated.data).toMatchObject({ planId: pro, previousAttributes: { planId: basic, items: [{ amount: 2990 }] }, items: [{ amount: 9990 }] });

  expect((await post(`/v1/sandbox/subscriptions/${sub.id}/advance`)).status).toBe(202);
  const invoices = await eventually(paid(sub.id, 2), 30_000, 'cycle 1 paid');
  const lines = await linesOf(invoices[1].id);
  expect(lines.map((l) => [l.kind, l.amount])).toEqual([['recurring', 9990], ...expected.map((l) => ['proration', l.amount])]);
  expect(invoices[1].total).toBe(9990 + expected[0].amount + expected[1].amount);
  expect((await get(`/v1/transactions/${invoices[1].lastTransactionId}`)).body).toMatchObject({ status: 'paid', amount: invoices[1].total });
  // The lines are billed once: cycle 2 has none.
  expect((await post(`/v1/sandbox/subscriptions/${sub.id}/advance`)).status).toBe(202);
  const third = await eventually(paid(sub.id, 3), 30_000, 'cycle 2 paid');
  expect((await linesOf(third[2].id)).map((l) => [l.kind, l.amount])).toEqual([['recurring', 9990]]);
});

it('a downgrade credits: a credit beyond the next invoice leaves it at 0 and is carried to the one after', async () => {
  const sub = await subscribedDaysIn(pro, 10);
  const change = await post(`/v1/subscriptions/${sub.id}/plan-changes`, { planId: basic });
  expect(change.status).toBe(201);
  const expected = prorationLines({ periodStart: sub.periodStart, periodEnd: sub.periodEnd, at: new Date(change.body.createdAt), oldAmount: 9990, newAmount: 2990 });
  expect(change.body.prorationLines).toEqual(expected);
  const credit = expected[0].amount + expected[1].amount;
  expect(credit).toBeLessThan(-2990);

  expect((await post(`/v1/sandbox/subscriptions/${sub.id}/advance`)).status).toBe(202);
  const invoices = await eventually(paid(sub.id, 2), 30_000, 'cycle 1 paid');
  expect(invoices[1].total).toBe(0);
  expect((await linesOf(invoices[1].id)).map((l) => [l.kind, l.amount])).toEqual([['recurring', 2990], ...expected.map((l) => ['proration', l.amount]), ['proration', -(2990 + credit)]]);
  expect(invoices[1].lastTransactionId).toBeNull();

  expect((await post(`/v1/sandbox/subscriptions/${sub.id}/advance`)).status).toBe(202);
  const third = await eventually(paid(sub.id, 3), 30_000, 'cycle 2 paid');
  expect((await linesOf(third[2].id)).map((l) => [l.kind, l.amount])).toEqual([['recurring', 2990], ['proration', 2990 + credit]]);
  expect(third[2].total).toBe(2990 + 2990 + credit);
});

it('quantities with prorationBehavior none: the items change, nothing is prorated', async () => {
  const sub = await subscribedDaysIn(basic, 5);
  const change = await post(`/v1/subscriptions/${sub.id}/plan-changes`, { items: [{ planItemKey: 'base', quantity: 3 }], prorationBehavior: 'none' });
  expect(change.status).toBe(201);
  expect(change.body).toMatchObject({ planId: basic, prorationLines: [], items: [{ quantity: 3 }] });
  expect((await get(`/v1/subscriptions/${sub.id}/items`)).body.map((i: Row) => i.quantity)).toEqual([3]);
});

it('at the cycle end: pending until the next invoice is issued, which applies it; cancelable before', async () => {
  const sub = await subscribedDaysIn(basic, 10);
  const first = await post(`/v1/subscriptions/${sub.id}/plan-changes`, { planId: pro, effective: 'cycle_end' });
  expect(first.status).toBe(201);
  expect(first.body).toMatchObject({ status: 'pending', effective: 'cycle_end', fromCycle: 1, prorationLines: [] });
  expect((await get(`/v1/subscriptions/${sub.id}`)).body.planId).toBe(basic);
  const preview = await post(`/v1/subscriptions/${sub.id}/plan-changes/preview`, { planId: pro, effective: 'cycle_end' });
  expect(preview.body.error.code).toBe('plan_change_pending');
  const canceled = await post(`/v1/subscriptions/${sub.id}/plan-changes/${first.body.id}/cancel`);
  expect(canceled.body).toMatchObject({ status: 'canceled', canceledAt: expect.any(String) });
  expect((await post(`/v1/subscriptions/${sub.id}/plan-changes/${first.body.id}/cancel`)).body.error.code).toBe('plan_change_not_pending');
  expect(await eventsOf(sub.id, 'subscription.plan_change_canceled')).toHaveLength(1);

  const nextPreview = await post(`/v1/subscriptions/${sub.id}/plan-changes/preview`, { planId: pro, effective: 'cycle_end' });
  expect(nextPreview.body).toMatchObject({ prorationLines: [], prorationAmount: 0, nextInvoice: { cycle: 1, total: 9990, lines: [{ kind: 'recurring', amount: 9990 }] } });
  const second = await post(`/v1/subscriptions/${sub.id}/plan-changes`, { planId: pro, effective: 'cycle_end' });
  expect(second.status).toBe(201);
  expect(await eventsOf(sub.id, 'subscription.plan_change_scheduled')).toHaveLength(2);

  expect((await post(`/v1/sandbox/subscriptions/${sub.id}/advance`)).status).toBe(202);
  const invoices = await eventually(paid(sub.id, 2), 30_000, 'cycle 1 paid');
  expect((await linesOf(invoices[1].id)).map((l) => [l.kind, l.amount])).toEqual([['recurring', 9990]]);
  const changes = (await get(`/v1/subscriptions/${sub.id}/plan-changes`)).body;
  expect(changes.map((c: Row) => [c.id, c.status])).toEqual([[second.body.id, 'applied'], [first.body.id, 'canceled']]);
  expect((await get(`/v1/subscriptions/${sub.id}`)).body.planId).toBe(pro);
  const [updated] = await eventsOf(sub.id, 'subscription.updated');
  expect(updated.data).toMatchObject({ planId: pro, previousAttributes: { planId: basic } });
});

it('bad input: unknown plan or price 404, a plan not priced in its currency 409, an upfront or canceled subscription 409, nothing to change 400', async () => {
  const sub = await subscribedDaysIn(basic, 3);
  const unknownPlan = await post(`/v1/subscriptions/${sub.id}/plan-changes`, { planId: 'plan_missing' });
  expect([unknownPlan.status, unknownPlan.body.error.details]).toEqual([404, [{ path: 'planId', message: 'Plan not found' }]]);
  const unknownPrice = await post(`/v1/subscriptions/${sub.id}/plan-changes`, { items: [{ planItemKey: 'base', priceId: 'price_missing' }] });
  expect([unknownPrice.status, unknownPrice.body.error.details?.[0].path]).toEqual([404, 'items[0].priceId']);
  const otherCurrency = await post(`/v1/subscriptions/${sub.id}/plan-changes`, { planId: usdOnly });
  expect([otherCurrency.status, otherCurrency.body.error.code]).toEqual([409, 'plan_not_priced']);
  expect((await post(`/v1/subscriptions/${sub.id}/plan-changes`, {})).status).toBe(400);
  expect((await post(`/v1/subscriptions/${sub.id}/plan-changes`, { planId: pro, effective: 'someday' })).status).toBe(400);
  expect((await post(`/v1/subscriptions/${sub.id}/plan-changes`, { items: [{ planItemKey: 'base', quantity: 1 }] })).status).toBe(400);
  expect((await get(`/v1/subscriptions/${sub.id}/items`)).body.map((i: Row) => i.amount)).toEqual([2990]);

  const upfront = (await post('/v1/subscriptions', { customerId, planId: basic, defaultPaymentMethodRef: cardId, invoiceGenerationMode: 'upfront', maxCycles: 2 })).body;
  expect((await post(`/v1/subscriptions/${upfront.id}/plan-changes`, { planId: pro })).body.error.code).toBe('subscription_not_changeable');
  expect((await post(`/v1/subscriptions/${sub.id}/cancel`)).status).toBe(200);
  const canceled = await post(`/v1/subscriptions/${sub.id}/plan-changes`, { planId: pro });
  expect([canceled.status, canceled.body.error.code]).toEqual([409, 'subscription_already_canceled']);
});

it('company B gets 404 on A’s subscription and its changes', async () => {
  const sub = await subscribedDaysIn(basic, 3);
  const change = (await post(`/v1/subscriptions/${sub.id}/plan-changes`, { planId: pro, effective: 'cycle_end' })).body;
  const other = t.company.Other.headers;
  expect((await post(`/v1/subscriptions/${sub.id}/plan-changes`, { planId: pro }, other)).status).toBe(404);
  expect((await post(`/v1/subscriptions/${sub.id}/plan-changes/preview`, { planId: pro }, other)).status).toBe(404);
  expect((await get(`/v1/subscriptions/${sub.id}/plan-changes`, other)).status).toBe(404);
  expect((await post(`/v1/subscriptions/${sub.id}/plan-changes/${change.id}/cancel`, {}, other)).status).toBe(404);
  expect((await get(`/v1/subscriptions/${sub.id}/plan-changes`)).body.map((c: Row) => c.status)).toEqual(['pending']);
});

it('two changes at once: one wins, the other 409; the items are the winner’s and its proration is made once', async () => {
  const sub = await subscribedDaysIn(basic, 10);
  const scheduled = await Promise.all([pro, pro].map((planId) => post(`/v1/subscriptions/${sub.id}/plan-changes`, { planId, effective: 'cycle_end' })));
  expect(scheduled.map((r) => r.status).sort()).toEqual([201, 409]);
  expect(scheduled.find((r) => r.status === 409)!.body.error.code).toMatch(/^(plan_change_pending|subscription_busy)$/);
  const pending = scheduled.find((r) => r.status === 201)!.body;
  expect((await post(`/v1/subscriptions/${sub.id}/plan-changes/${pending.id}/cancel`)).status).toBe(200);

  const now = await Promise.all([{ planId: pro }, { items: [{ planItemKey: 'base', quantity: 2 }] }].map((body) => post(`/v1/subscriptions/${sub.id}/plan-changes`, body)));
  for (const r of now) expect([201, 409]).toContain(r.status);
  const won = now.filter((r) => r.status === 201).map((r) => r.body);
  expect(won.length).toBeGreaterThanOrEqual(1);
  const items = (await get(`/v1/subscriptions/${sub.id}/items`)).body;
  const last = won.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).at(-1);
  expect(items.map((i: Row) => [i.amount, i.quantity])).toEqual(last.items.map((i: Row) => [i.amount, i.quantity]));
  const waiting = await t.stack.em().execute<Array<{ amount: string; plan_change_id: string }>>(`select amount, plan_change_id from billing_invoice_items where subscription_id = ? order by id`, [sub.id]);
  expect(waiting.map((w) => [w.plan_change_id, Number(w.amount)])).toEqual(won.flatMap((c) => c.prorationLines.map((l: Row) => [c.id, l.amount])));
});
