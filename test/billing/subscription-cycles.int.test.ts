import type { EntityManager } from '@mikro-orm/postgresql';
import { arrearsProrationLines, prorationLines } from '../../src/billing/plan-changes.rules';
import { changePlan } from '../../src/billing/plan-changes.service';
import { planChangeBody } from '../../src/billing/plan-changes.schemas';
import { useTestStack } from '../helpers/stack';
import { cardToken, setCompanyFees } from '../payments/fixtures';
import { eventually } from './eventually';

/**
 * Whole cycles of card subscriptions on the real stack (PostgreSQL, the Temporal time-skipping
 * server with the worker's real workflows and activities, the run's embedded acquirer as a
 * process): coupons that run out after exactly the invoices they cover, and plan changes prorated
 * at mid-cycle and billed on the next invoice. Each cycle runs by the sandbox clock (the parked
 * subscription's workflow started with an advance), not by moving the test server's clock: the
 * API's clock is the wall clock, and a test server months ahead would make every later
 * subscription of the file catch up on the cycles it "missed" (proration-cycles.int.test.ts and
 * the other files on whole-cycles.ts move it, their subscriptions all made before the first move).
 */
type Row = Record<string, any>;
let customerId: string;
let basic: string;
let pro: string;
let basicPostpaid: string;
let proPostpaid: string;
let cardId: string;

const t = useTestStack({
  companies: ['Acme', 'Other'],
  owners: ['Acme', 'Other'],
  async setup(t) {
    await setCompanyFees(t.stack, t.company.Acme, { creditCard: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [String(i + 1), { percentage: 2, fixed: 0 }])) });
    const post = (path: string, body: object = {}) => t.stack.http.post(path).set(t.company.Acme.headers).send(body);
    customerId = (await post('/customers', { name: 'Ana Souza', email: 'ana@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990000' })).body.id;
    const plan = async (code: string, amount: number, collectionTiming = 'prepaid') => {
      const id = (await post('/plans', { code, name: code })).body.id as string;
      await post(`/plans/${id}/charges`, { item: { key: 'base', name: `${code} base` }, price: { money: { amount, currency: 'BRL' }, recurrence: { interval: 1, unit: 'month', collectionTiming } } });
      expect((await post(`/plans/${id}/publish`)).status).toBe(200);
      return id;
    };
    basic = await plan('basic', 3000);
    pro = await plan('pro', 9000);
    basicPostpaid = await plan('basic-postpaid', 3000, 'postpaid');
    proPostpaid = await plan('pro-postpaid', 9000, 'postpaid');
    cardId = (await post('/payment-methods/cards', { customerId, token: await cardToken(t.stack, t.company.Acme) })).body.id;
  },
});

const post = (path: string, body: object = {}, c: 'Acme' | 'Other' = 'Acme') => t.stack.http.post(path).set(t.company[c].headers).send(body);
const get = (path: string, c: 'Acme' | 'Other' = 'Acme') => t.stack.http.get(path).set(t.company[c].headers);
const DAY = 86_400_000;
const invoicesOf = async (id: string) => ((await get(`/invoices?subscriptionId=${id}&limit=100`)).body.data as Row[]).sort((a, b) => a.cycle - b.cycle);
const linesOf = async (invoiceId: string) => ((await get(`/invoices/${invoiceId}/line-items`)).body as Row[]).map((l) => [l.kind, l.amount]);
const rowOf = async (id: string) => (await t.stack.em().execute<Row[]>(`select status, next_cycle, cycles_completed, parked_at is not null as parked, wake_at from billing_subscriptions where id = ?`, [id]))[0];
const parked = (id: string, cycles: number) => eventually(() => rowOf(id), (r) => r.parked && r.cycles_completed === cycles);
/** The subscription's next cycle runs now (the sandbox clock: its workflow started from the parked row with the advance). */
async function nextCycleFalls(id: string): Promise<void> {
  expect((await rowOf(id)).parked).toBe(true);
  expect((await post(`/sandbox/subscriptions/${id}/advance`)).status).toBe(202);
}

describe('coupons over whole cycles', () => {
  it.each([
    ['once', { duration: 'once' }, [true, false, false, false]],
    ['repeating for 2 cycles', { duration: 'repeating', durationInCycles: 2 }, [true, true, false, false]],
    ['forever', { duration: 'forever' }, [true, true, true, true]],
  ])('%s: discounts exactly the invoices it covers, month after month', async (_name, coupon, covered) => {
    const created = await post('/coupons', { percentOff: 10, ...coupon });
    expect(created.status).toBe(201);
    const sub = await post('/subscriptions', { customerId, planId: basic, defaultPaymentMethodRef: cardId, couponId: created.body.id });
    expect(sub.status).toBe(201);
    const id = sub.body.id as string;
    for (let cycle = 0; cycle < covered.length; cycle++) {
      if (cycle > 0) await nextCycleFalls(id);
      await parked(id, cycle + 1);
    }
    const invoices = await invoicesOf(id);
    expect(invoices.map((i) => [i.cycle, i.status, i.total])).toEqual(covered.map((c, k) => [k, 'paid', c ? 2700 : 3000]));
    for (const [k, inv] of invoices.entries()) {
      expect(await linesOf(inv.id)).toEqual(covered[k] ? [['recurring', 3000], ['discount', -300]] : [['recurring', 3000]]);
      // The card was charged the discounted total.
      expect((await get(`/transactions/${inv.lastTransactionId}`)).body).toMatchObject({ status: 'paid', amount: inv.total });
    }
    const { discount } = (await get(`/subscriptions/${id}`)).body;
    expect(discount === null || discount.cyclesLeft === null || discount.cyclesLeft === 0).toBe(true);
  }, 300_000);
});

describe('plan changes over whole cycles', () => {
  it('an upgrade on day 10 of the period is prorated to the cent on the next invoice; the one after is the new price alone', async () => {
    const id = (await post('/subscriptions', { customerId, planId: basic, defaultPaymentMethodRef: cardId })).body.id as string;
    await parked(id, 1);
    const [c0] = await invoicesOf(id);
    const start = Date.parse(c0.periodStart);
    const end = Date.parse(c0.periodEnd);
    // Day 10 of the period: the service is given that instant (the route gives it the wall clock).
    const at = new Date(start + 10 * DAY);
    const { change } = await t.stack.em().transactional((em) => changePlan(em as unknown as EntityManager, t.company.Acme.company.id, id, planChangeBody.parse({ planId: pro }), at));
    const expected = prorationLines({ periodStart: new Date(start), periodEnd: new Date(end), at, oldAmount: 3000, newAmount: 9000 });
    const remaining = (end - at.getTime()) / (end - start);
    expect(expected.map((l) => l.amount)).toEqual([-Math.round(3000 * remaining), Math.round(9000 * remaining)]);
    expect(change.prorationLines).toEqual(expected);

    await nextCycleFalls(id);
    await parked(id, 2);
    const [, c1] = await invoicesOf(id);
    expect(await linesOf(c1.id)).toEqual([['recurring', 9000], ...expected.map((l) => ['proration', l.amount])]);
    expect(c1).toMatchObject({ status: 'paid', total: 9000 + expected[0].amount + expected[1].amount });
    expect((await get(`/transactions/${c1.lastTransactionId}`)).body).toMatchObject({ status: 'paid', amount: c1.total });

    await nextCycleFalls(id);
    await parked(id, 3);
    expect(await linesOf((await invoicesOf(id))[2].id)).toEqual([['recurring', 9000]]);
  }, 300_000);

  it('a change at cycle end waits for the next issue, which applies it and bills the new price, with no proration', async () => {
    const id = (await post('/subscriptions', { customerId, planId: basic, defaultPaymentMethodRef: cardId })).body.id as string;
    await parked(id, 1);
    const change = await post(`/subscriptions/${id}/plan-changes`, { planId: pro, effective: 'cycle_end' });
    expect(change.status).toBe(201);
    expect(change.body).toMatchObject({ status: 'pending', fromCycle: 1 });
    expect((await get(`/subscriptions/${id}`)).body.planId).toBe(basic);

    await nextCycleFalls(id);
    await parked(id, 2);
    const [, c1] = await invoicesOf(id);
    expect(await linesOf(c1.id)).toEqual([['recurring', 9000]]);
    expect(c1).toMatchObject({ status: 'paid', total: 9000 });
    expect((await get(`/subscriptions/${id}`)).body.planId).toBe(pro);
    expect((await get(`/subscriptions/${id}/plan-changes`)).body[0]).toMatchObject({ id: change.body.id, status: 'applied' });
  }, 300_000);

  it("postpaid, through the API: an upgrade on day 10 is billed at the period's end, the old price for the days used and the new for the rest, to the cent", async () => {
    const id = (await post('/subscriptions', { customerId, planId: basicPostpaid, defaultPaymentMethodRef: cardId })).body.id as string;
    // Nothing is billed before the period's end: the workflow parks until then.
    await parked(id, 0);
    expect(await invoicesOf(id)).toEqual([]);
    // The API's clock is the wall clock: the period is put ten days in by moving the row's schedule back ten days.
    await t.stack.em().execute(
      `update billing_subscriptions set started_at = started_at - interval '10 days', schedule_start = coalesce(schedule_start, started_at) - interval '10 days',
         next_invoice_at = next_invoice_at - interval '10 days', wake_at = wake_at - interval '10 days' where id = ?`,
      [id],
    );
    const row = (await t.stack.em().execute<Row[]>(`select schedule_start, next_invoice_at from billing_subscriptions where id = ?`, [id]))[0];
    const periodStart = new Date(row.schedule_start);
    const periodEnd = new Date(row.next_invoice_at);

    const change = await post(`/subscriptions/${id}/plan-changes`, { planId: proPostpaid });
    expect(change.status).toBe(201);
    const expected = arrearsProrationLines({ periodStart, periodEnd, at: new Date(change.body.createdAt), oldAmount: 3000, newAmount: 9000 });
    expect(change.body).toMatchObject({ status: 'applied', prorationLines: expected });
    // Ten days used of the period: the old price charged for them, the new one credited for them.
    const used = (Date.parse(change.body.createdAt) - periodStart.getTime()) / (periodEnd.getTime() - periodStart.getTime());
    expect(expected.map((l) => l.amount).sort((a, b) => a - b)).toEqual([-Math.round(9000 * used), Math.round(3000 * used)]);

    // The period's end (the sandbox clock): its invoice bills the new items and the proration.
    expect((await post(`/sandbox/subscriptions/${id}/advance`)).status).toBe(202);
    const [c0] = await eventually(() => invoicesOf(id), (l) => l[0]?.status === 'paid');
    expect(await linesOf(c0.id)).toEqual([['recurring', 9000], ...expected.map((l) => ['proration', l.amount])]);
    expect(c0.total).toBe(9000 + expected[0].amount + expected[1].amount);
    expect(c0.periodStart).toBe(periodStart.toISOString());
    expect((await get(`/transactions/${c0.lastTransactionId}`)).body).toMatchObject({ status: 'paid', amount: c0.total });
  }, 300_000);
});
