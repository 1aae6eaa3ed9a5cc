import { randomUUID } from 'node:crypto';
import { useTestStack, type SeededCompany } from '../helpers/stack';
import { sellerBody } from '../recipients/fixtures';
import { PAYOUT_RUN_WORKFLOW, type PayoutRunProgress } from '../../workflows/payout-schedules/payout-run.contract';
import { activeRecipient, balances, fund, historyOf, setWithdrawalFee, waitForStatus } from '../withdrawals/fixtures';

/** Payout schedules through the API, and the payout run on the real worker and database. */

const t = useTestStack({ companies: ['Acme', 'Other'] });

const put = (recipientId: string, body: Record<string, unknown>, company = t.company.Acme) => t.stack.http.put(`/v1/recipients/${recipientId}/payout-schedule`).set(company.headers).send(body);
const get = (recipientId: string, company = t.company.Acme) => t.stack.http.get(`/v1/recipients/${recipientId}/payout-schedule`).set(company.headers);
const runOn = (on: string): Promise<PayoutRunProgress> =>
  t.stack.client.workflow.execute(PAYOUT_RUN_WORKFLOW, { taskQueue: t.stack.config.temporal.taskQueue, workflowId: `payout-run-${randomUUID()}`, args: [{ on }] });
const withdrawalsOf = async (company: SeededCompany) => (await t.stack.http.get('/v1/withdrawals?limit=100').set(company.headers)).body.data as any[];

async function scheduled(amount: number, schedule: Record<string, unknown>, company = t.company.Acme): Promise<string> {
  const id = await activeRecipient(t.stack, company);
  if (amount > 0) await fund(t.stack, company, id, amount);
  expect((await put(id, schedule, company)).status).toBe(200);
  return id;
}

describe('PUT/GET /v1/recipients/:id/payout-schedule', () => {
  it('sets, replaces and reads a schedule; defaults minimumAmount 0, enabled, BRL', async () => {
    const id = await activeRecipient(t.stack, t.company.Acme);
    expect((await get(id)).status).toBe(404);
    const weekly = await put(id, { interval: 'weekly', weekday: 'friday', minimumAmount: 5_000 });
    expect(weekly.status).toBe(200);
    expect(weekly.body).toEqual({ recipientId: id, interval: 'weekly', weekday: 'friday', day: null, currency: 'BRL', minimumAmount: 5_000, enabled: true, updatedAt: expect.any(String) });
    const monthly = await put(id, { interval: 'monthly', day: 31, enabled: false });
    expect(monthly.body).toMatchObject({ interval: 'monthly', weekday: null, day: 31, minimumAmount: 0, enabled: false });
    expect((await get(id)).body).toEqual(monthly.body);
  });

  it.each([
    ['weekly without a weekday', { interval: 'weekly' }, 'weekday'],
    ['a weekday that is not one', { interval: 'weekly', weekday: 'funday' }, 'weekday'],
    ['monthly on day 32', { interval: 'monthly', day: 32 }, 'day'],
    ['monthly on day 0', { interval: 'monthly', day: 0 }, 'day'],
    ['a weekday on a daily schedule', { interval: 'daily', weekday: 'monday' }, 'weekday'],
    ['an unknown interval', { interval: 'hourly' }, 'interval'],
    ['a negative minimum', { interval: 'daily', minimumAmount: -1 }, 'minimumAmount'],
  ])('%s is a 400 naming the field', async (_what, body, field) => {
    const res = await put('rec_whatever', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it('another company’s recipient is a 404 on both; its schedule is not touched', async () => {
    const theirs = await scheduled(0, { interval: 'daily', minimumAmount: 700 }, t.company.Other);
    expect((await put(theirs, { interval: 'daily' })).status).toBe(404);
    expect((await get(theirs)).status).toBe(404);
    expect((await get(theirs, t.company.Other)).body).toMatchObject({ interval: 'daily', minimumAmount: 700 });
  });
});

describe('the payout run', () => {
  it('on Sunday 28 February 2027: pays the daily and the monthly-31st schedules their whole withdrawable balance, once, with the fee; skips the rest', async () => {
    await setWithdrawalFee(t.stack, t.company.Acme, 0, 150);
    const daily = await scheduled(10_000, { interval: 'daily' });
    const monthly31 = await scheduled(7_000, { interval: 'monthly', day: 31 });
    const friday = await scheduled(5_000, { interval: 'weekly', weekday: 'friday' });
    const sunday = await scheduled(5_000, { interval: 'weekly', weekday: 'sunday', minimumAmount: 5_001 });
    const disabled = await scheduled(5_000, { interval: 'daily', enabled: false });
    const otherCompany = await scheduled(4_000, { interval: 'daily' }, t.company.Other);
    // Part of the daily one's money is reserved by a withdrawal already in flight: only the rest is paid.
    const held = await t.stack.http.post('/v1/withdrawals').set(t.company.Acme.headers).send({ recipientId: daily, amount: 2_500 });
    expect(held.status).toBe(201);
    // Not KYC-approved: refused by the withdrawal path, nothing written.
    const pending = (await t.stack.http.post('/recipients').set(t.company.Acme.headers).send(sellerBody())).body.id;
    expect((await put(pending, { interval: 'daily' })).status).toBe(200);

    const progress = await runOn('2027-02-28');
    // Due: the daily and monthly-31st ones, the Sunday one (below its minimum), the other company's
    // daily ones (one funded, one never paid: nothing to pay). Not listed: Friday's, the disabled
    // one, and the pending link's (only active links' schedules are due).
    expect(progress).toEqual({ on: '2027-02-28', pages: 1, due: 5, created: 3, existing: 0, belowMinimum: 2, refused: 0, amount: 7_500 + 7_000 + 4_000, done: true });

    const made = (await withdrawalsOf(t.company.Acme)).filter((w) => w.id !== held.body.id);
    expect(made.map((w) => w.amount).sort()).toEqual([7_000, 7_500]);
    for (const w of made) {
      expect(w.fee).toBe(150);
      expect(historyOf(w).slice(0, 2)).toEqual([
        { status: 'requested', changedBy: 'system', reason: null },
        { status: 'approved', changedBy: 'system', reason: 'payout_schedule' },
      ]);
      await waitForStatus(t.stack, t.company.Acme, w.id, 'paid');
    }
    expect(await balances(t.stack, t.company.Acme, daily)).toEqual({ availableBalance: 2_500, blockedBalance: 2_500, withdrawableBalance: 0 });
    expect(await balances(t.stack, t.company.Acme, monthly31)).toEqual({ availableBalance: 0, blockedBalance: 0, withdrawableBalance: 0 });
    for (const untouched of [friday, sunday, disabled]) expect((await balances(t.stack, t.company.Acme, untouched)).withdrawableBalance).toBe(5_000);
    // The other company's daily schedule was paid from its own wallet, in its own list.
    expect((await withdrawalsOf(t.company.Other)).map((w) => w.amount)).toEqual([4_000]);
    expect((await balances(t.stack, t.company.Other, otherCompany)).withdrawableBalance).toBe(0);

    // More money arrives, and the date is run again: nothing is paid twice for the same date.
    await fund(t.stack, t.company.Acme, monthly31, 3_000);
    const again = await runOn('2027-02-28');
    expect(again).toMatchObject({ due: 5, created: 0, existing: 3, belowMinimum: 2, amount: 0 });
    expect((await balances(t.stack, t.company.Acme, monthly31)).withdrawableBalance).toBe(3_000);
    // The next day is a new date: the daily one has nothing left, the monthly one is not due.
    expect(await runOn('2027-03-01')).toMatchObject({ due: 3, created: 0, belowMinimum: 3 });
  });

  it('two runs of one date at once make one withdrawal per recipient', async () => {
    const id = await scheduled(6_000, { interval: 'monthly', day: 15 });
    const [a, b] = await Promise.all([runOn('2027-05-15'), runOn('2027-05-15')]);
    expect(a.created + b.created).toBeGreaterThanOrEqual(1);
    const mine = (await withdrawalsOf(t.company.Acme)).filter((w) => w.amount === 6_000);
    expect(mine).toHaveLength(1);
    expect((await balances(t.stack, t.company.Acme, id)).withdrawableBalance).toBe(0);
  });
});
