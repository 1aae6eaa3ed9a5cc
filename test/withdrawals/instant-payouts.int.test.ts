import { useTestStack, type SeededCompany } from '../helpers/stack';
import { approveSignal } from '../../workflows/withdrawals/withdrawal.contract';
import { activeRecipient, awaitingApproval, balances, fund, historyOf, waitForStatus } from './fixtures';

/** Instant payouts: withdrawals approved at creation under the company's withdrawal rules. */

const t = useTestStack({ companies: ['Acme', 'Other'] });

const rules = (company: SeededCompany) => t.stack.http.get('/v1/withdrawals/rules').set(company.headers);
const setRules = (body: Record<string, unknown>, company = t.company.Acme) => t.stack.http.put('/v1/withdrawals/rules').set(company.headers).send(body);
const withdraw = (recipientId: string, amount: number, company = t.company.Acme) => t.stack.http.post('/v1/withdrawals').set(company.headers).send({ recipientId, amount });

const AUTO = [
  { status: 'requested', changedBy: 'api', reason: null },
  { status: 'approved', changedBy: 'system', reason: 'auto_approved' },
];

async function funded(amount: number, company = t.company.Acme): Promise<string> {
  const id = await activeRecipient(t.stack, company);
  await fund(t.stack, company, id, amount);
  return id;
}

describe('GET/PUT /v1/withdrawals/rules', () => {
  it('are off by default, replaced by PUT, and each company’s own', async () => {
    const off = { autoApprove: false, perWithdrawalLimit: 0, dailyLimit: 0, minimumKycDays: 0, currency: 'BRL' };
    expect((await rules(t.company.Other)).body).toEqual(off);
    const set = await setRules({ autoApprove: true, perWithdrawalLimit: 5_000, dailyLimit: 8_000, minimumKycDays: 0 });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ autoApprove: true, perWithdrawalLimit: 5_000, dailyLimit: 8_000, minimumKycDays: 0, currency: 'BRL' });
    expect((await rules(t.company.Acme)).body).toEqual(set.body);
    expect((await rules(t.company.Other)).body).toEqual(off);
  });

  it.each([
    ['a missing field', { autoApprove: true, perWithdrawalLimit: 1, dailyLimit: 1 }, 'minimumKycDays'],
    ['a negative limit', { autoApprove: true, perWithdrawalLimit: -1, dailyLimit: 1, minimumKycDays: 0 }, 'perWithdrawalLimit'],
    ['a decimal limit', { autoApprove: true, perWithdrawalLimit: 1, dailyLimit: 1.5, minimumKycDays: 0 }, 'dailyLimit'],
    ['a string boolean', { autoApprove: 'yes', perWithdrawalLimit: 1, dailyLimit: 1, minimumKycDays: 0 }, 'autoApprove'],
    ['an unknown field', { autoApprove: true, perWithdrawalLimit: 1, dailyLimit: 1, minimumKycDays: 0, currency: 'USD' }, 'currency'],
  ])('%s is a 400 naming the field', async (_what, body, field) => {
    const res = await setRules(body, t.company.Other);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(field);
  });
});

describe('auto-approval under the rules', () => {
  beforeAll(async () => {
    expect((await setRules({ autoApprove: true, perWithdrawalLimit: 5_000, dailyLimit: 8_000, minimumKycDays: 0 })).status).toBe(200);
  });

  it('within the limits: approved by system (auto_approved) and paid without an operator; above them: waits for one, as before', async () => {
    const recipientId = await funded(20_000);
    const instant = await withdraw(recipientId, 5_000);
    expect(instant.status).toBe(201);
    expect(historyOf(instant.body)).toEqual(AUTO);
    const paid = await waitForStatus(t.stack, t.company.Acme, instant.body.id, 'paid');
    expect(historyOf(paid).map((h) => h.status)).toEqual(['requested', 'approved', 'processing', 'paid']);

    // Over the per-withdrawal limit: the operator's queue.
    const big = await withdraw(recipientId, 5_001);
    expect(historyOf(big.body)).toEqual([{ status: 'requested', changedBy: 'api', reason: null }]);
    await awaitingApproval(t.stack, big.body.id);
    await t.stack.client.workflow.getHandle(big.body.id).signal(approveSignal, { operator: 'ana' });
    expect(historyOf(await waitForStatus(t.stack, t.company.Acme, big.body.id, 'paid'))[1]).toEqual({ status: 'approved', changedBy: 'ana', reason: null });

    // The daily limit: 5 000 approved today, 3 000 more fits exactly, then one cent more does not.
    expect(historyOf((await withdraw(recipientId, 3_000)).body)).toEqual(AUTO);
    const over = await withdraw(recipientId, 100);
    expect(over.body.status).toBe('requested');
    await awaitingApproval(t.stack, over.body.id);
    expect(await balances(t.stack, t.company.Acme, recipientId)).toMatchObject({ withdrawableBalance: 20_000 - 5_000 - 5_001 - 3_000 - 100 });
  });

  it('the daily limit is per recipient and per company', async () => {
    const a = await funded(10_000);
    const b = await funded(10_000);
    expect(historyOf((await withdraw(a, 5_000)).body)).toEqual(AUTO);
    expect(historyOf((await withdraw(b, 5_000)).body)).toEqual(AUTO);
    // The other company has no rules: its withdrawals wait, whatever Acme's do.
    const theirs = await funded(10_000, t.company.Other);
    expect((await withdraw(theirs, 100, t.company.Other)).body.status).toBe('requested');
  });

  it('a recipient KYC-approved fewer than minimumKycDays days ago waits for an operator', async () => {
    await setRules({ autoApprove: true, perWithdrawalLimit: 5_000, dailyLimit: 8_000, minimumKycDays: 1 });
    try {
      const fresh = await funded(1_000);
      const res = await withdraw(fresh, 1_000);
      expect(res.body.status).toBe('requested');
      await awaitingApproval(t.stack, res.body.id);
    } finally {
      await setRules({ autoApprove: true, perWithdrawalLimit: 5_000, dailyLimit: 8_000, minimumKycDays: 0 });
    }
  });

  it('concurrent withdrawals never exceed the daily limit: exactly 8 of 20 at 1 000 are approved automatically', async () => {
    const recipientId = await funded(50_000);
    const results = await Promise.all(Array.from({ length: 20 }, () => withdraw(recipientId, 1_000)));
    expect(results.every((r) => r.status === 201)).toBe(true);
    const approved = results.filter((r) => r.body.status === 'approved');
    expect(approved).toHaveLength(8);
    for (const r of approved) expect(historyOf(r.body)).toEqual(AUTO);
    expect(results.filter((r) => r.body.status === 'requested')).toHaveLength(12);
    expect(await balances(t.stack, t.company.Acme, recipientId)).toMatchObject({ withdrawableBalance: 30_000 });
  });
});
