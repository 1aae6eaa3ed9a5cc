import type { EntityManager } from '@mikro-orm/postgresql';
import { prorationLines } from '../../src/billing/plan-changes.rules';
import { changePlan } from '../../src/billing/plan-changes.service';
import { planChangeBody } from '../../src/billing/plan-changes.schemas';
import { useTestStack } from '../helpers/stack';
import { cardToken, setCompanyFees } from '../payments/fixtures';
import { DAY, useWholeCycles } from './whole-cycles';

/**
 * Plan changes and coupons over whole cycles, under time skipping (whole-cycles.ts): the test
 * server's clock moves to day 10 of a period and to each renewal, and billing runs at those
 * workflow times issue and charge the invoices (the runs' set-based issue, not a subscription
 * workflow's). Both subscriptions are made before the clock first moves (the API's clock is the
 * host's), so each run renews both.
 */
let pro: string;
let upgraded: string;
let couponed: string;

const t = useTestStack({
  companies: ['Acme', 'Other'],
  owners: ['Acme', 'Other'],
  async setup(t) {
    await setCompanyFees(t.stack, t.company.Acme, { creditCard: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [String(i + 1), { percentage: 2, fixed: 0 }])) });
  },
});
const { post, get, workflowNow, invoicesOf, linesOf, parked, nextCycleFalls, until } = useWholeCycles(t);

beforeAll(async () => {
  const customerId = (await post('/customers', { name: 'Ana Souza', email: 'ana@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990000' })).body.id;
  const plan = async (code: string, amount: number) => {
    const id = (await post('/plans', { code, name: code })).body.id as string;
    await post(`/plans/${id}/charges`, { item: { key: 'base', name: `${code} base` }, price: { money: { amount, currency: 'BRL' }, recurrence: { interval: 1, unit: 'month' } } });
    expect((await post(`/plans/${id}/publish`)).status).toBe(200);
    return id;
  };
  const basic = await plan('basic', 3000);
  pro = await plan('pro', 9000);
  const cardId = (await post('/payment-methods/cards', { customerId, token: await cardToken(t.stack, t.company.Acme) })).body.id;
  const coupon = await post('/coupons', { percentOff: 10, duration: 'repeating', durationInCycles: 2 });
  expect(coupon.status).toBe(201);
  const subscribe = async (body: object) => {
    const sub = await post('/subscriptions', { customerId, planId: basic, defaultPaymentMethodRef: cardId, ...body });
    expect(sub.status).toBe(201);
    await parked(sub.body.id, 1);
    return sub.body.id as string;
  };
  upgraded = await subscribe({});
  couponed = await subscribe({ couponId: coupon.body.id });
}, 120_000);

describe('plan changes and coupons over whole cycles', () => {
  it('an upgrade on day 10 of the period is billed on the next invoice with its proration to the cent, the one after at the new price alone; a 2-cycle coupon discounts cycles 0 and 1, not 2', async () => {
    const [c0] = await invoicesOf(upgraded);
    expect(await linesOf(c0.id)).toEqual([['recurring', 3000]]);
    const periodStart = new Date(c0.periodStart);
    const periodEnd = new Date(c0.periodEnd);

    // Day 10 of the period, by the test server's clock: the plan changes at that workflow time.
    await until(periodStart.getTime() + 10 * DAY);
    const at = new Date(await workflowNow());
    const { change } = await t.stack.em().transactional((em) => changePlan(em as unknown as EntityManager, t.company.Acme.company.id, upgraded, planChangeBody.parse({ planId: pro }), at));
    const expected = prorationLines({ periodStart, periodEnd, at, oldAmount: 3000, newAmount: 9000 });
    const remaining = (periodEnd.getTime() - at.getTime()) / (periodEnd.getTime() - periodStart.getTime());
    expect(expected.map((l) => l.amount)).toEqual([-Math.round(3000 * remaining), Math.round(9000 * remaining)]);
    expect(change).toMatchObject({ status: 'applied', prorationLines: expected });

    // Cycle 1, renewed by a run at its wake time: the new price and the proration, charged to the card.
    await nextCycleFalls(upgraded, couponed);
    await parked(upgraded, 2);
    await parked(couponed, 2);
    const c1 = (await invoicesOf(upgraded))[1];
    expect(await linesOf(c1.id)).toEqual([['recurring', 9000], ...expected.map((l) => ['proration', l.amount])]);
    expect(c1).toMatchObject({ cycle: 1, status: 'paid', total: 9000 + expected[0].amount + expected[1].amount, periodStart: c0.periodEnd });
    expect((await get(`/transactions/${c1.lastTransactionId}`)).body).toMatchObject({ status: 'paid', amount: c1.total });

    // Cycle 2: the new price alone.
    await nextCycleFalls(upgraded, couponed);
    await parked(upgraded, 3);
    await parked(couponed, 3);
    const c2 = (await invoicesOf(upgraded))[2];
    expect(await linesOf(c2.id)).toEqual([['recurring', 9000]]);
    expect(c2).toMatchObject({ cycle: 2, status: 'paid', total: 9000 });

    // The coupon, renewed by the same runs: cycles 0 and 1 discounted, cycle 2 at the full price, each charged what it says.
    const discounted = await invoicesOf(couponed);
    expect(discounted.map((i) => [i.cycle, i.status, i.total])).toEqual([[0, 'paid', 2700], [1, 'paid', 2700], [2, 'paid', 3000]]);
    const lines = await Promise.all(discounted.map((i) => linesOf(i.id)));
    expect(lines).toEqual([[['recurring', 3000], ['discount', -300]], [['recurring', 3000], ['discount', -300]], [['recurring', 3000]]]);
    for (const inv of discounted) expect((await get(`/transactions/${inv.lastTransactionId}`)).body).toMatchObject({ status: 'paid', amount: inv.total });
    const { discount } = (await get(`/subscriptions/${couponed}`)).body;
    expect(discount === null || discount.cyclesLeft === 0).toBe(true);
    expect((await get(`/subscriptions/${couponed}`, 'Other')).status).toBe(404);
  }, 600_000);
});
