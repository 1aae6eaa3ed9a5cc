import { useTestStack } from '../helpers/stack';
import { lastro as runLastro } from '../recipients/cli';
import { activeRecipient, awaitingApproval, balances, fund, historyOf, waitForStatus } from './fixtures';

const t = useTestStack({ companies: ['Acme'] });

/** `npm run lastro -- …` as an operator runs it, against this file's database and Temporal server. */
const lastro = (args: string[]) => runLastro(t.stack, ...args);

async function requested(amount: number): Promise<{ recipientId: string; id: string }> {
  const recipientId = await activeRecipient(t.stack, t.company.Acme);
  await fund(t.stack, t.company.Acme, recipientId, 10_000);
  const res = await t.stack.http.post('/withdrawals').set(t.company.Acme.headers).send({ recipientId, amount });
  expect(res.status).toBe(201);
  await awaitingApproval(t.stack, res.body.id);
  return { recipientId, id: res.body.id };
}

describe('lastro withdrawals pending|approve|reject', () => {
  it('pending lists it; approve sends the approve signal: the withdrawal is paid, approved by the named operator', async () => {
    const { recipientId, id } = await requested(4000);
    const pending = await lastro(['withdrawals', 'pending']);
    expect(JSON.parse(pending.stdout)).toEqual(expect.arrayContaining([expect.objectContaining({ id, amount: 4000, currency: 'BRL', companyId: t.company.Acme.company.id })]));
    const out = await lastro(['withdrawals', 'approve', id, '--operator', 'ana']);
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual({ withdrawalId: id, workflowId: id, signal: 'approve', operator: 'ana' });

    const paid = await waitForStatus(t.stack, t.company.Acme, id, 'paid');
    expect(historyOf(paid).map((h) => [h.status, h.changedBy])).toEqual([
      ['requested', 'api'],
      ['approved', 'ana'],
      ['processing', 'system'],
      ['paid', 'system'],
    ]);
    expect(await balances(t.stack, t.company.Acme, recipientId)).toEqual({ availableBalance: 6000, blockedBalance: 0, withdrawableBalance: 6000 });

    // Deciding again is refused with a clear message (exit 1), not a silent no-op.
    const again = await lastro(['withdrawals', 'reject', id, '--operator', 'ana', '--reason', 'late']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Withdrawal ${id} is paid`);
  });

  it('reject sends the reject signal with the reason: rejected, reservation released', async () => {
    const { recipientId, id } = await requested(2500);
    const out = await lastro(['withdrawals', 'reject', id, '--operator', 'ana', '--reason', 'suspicious activity']);
    expect(out.code).toBe(0);
    const rejected = await waitForStatus(t.stack, t.company.Acme, id, 'rejected');
    expect(historyOf(rejected)[1]).toEqual({ status: 'rejected', changedBy: 'ana', reason: 'suspicious activity' });
    expect(await balances(t.stack, t.company.Acme, recipientId)).toEqual({ availableBalance: 10_000, blockedBalance: 0, withdrawableBalance: 10_000 });
  });

  it('an unknown withdrawal, or reject without --reason, exits 1 and sends nothing', async () => {
    const missing = await lastro(['withdrawals', 'approve', 'wdr_nope', '--operator', 'ana']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No withdrawal wdr_nope');
    const noReason = await lastro(['withdrawals', 'reject', 'wdr_nope', '--operator', 'ana']);
    expect(noReason.code).toBe(1);
    expect(noReason.stderr).toContain('--reason');
  });
});

describe('lastro withdrawals payout-run', () => {
  it('runs a date’s payout schedules and prints the progress; a second run of the date pays nobody twice; a bad date is exit 1', async () => {
    const recipientId = await activeRecipient(t.stack, t.company.Acme);
    await fund(t.stack, t.company.Acme, recipientId, 3_000);
    expect((await t.stack.http.put(`/v1/recipients/${recipientId}/payout-schedule`).set(t.company.Acme.headers).send({ interval: 'daily' })).status).toBe(200);

    const first = await lastro(['withdrawals', 'payout-run', '--on', '2027-01-10']);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ on: '2027-01-10', due: 1, created: 1, existing: 0, amount: 3_000, done: true });
    const again = await lastro(['withdrawals', 'payout-run', '--on', '2027-01-10']);
    expect(JSON.parse(again.stdout)).toMatchObject({ created: 0, existing: 1, amount: 0 });
    expect(await balances(t.stack, t.company.Acme, recipientId)).toMatchObject({ withdrawableBalance: 0 });

    const bad = await lastro(['withdrawals', 'payout-run', '--on', '10/01/2027']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--on must be a date YYYY-MM-DD');
  });
});
