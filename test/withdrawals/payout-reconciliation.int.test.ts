import { reconcilePayoutPage } from '../../src/processors/payouts/payout-reconciliation.service';
import { approveSignal } from '../../workflows/withdrawals/withdrawal.contract';
import { useTestStack } from '../helpers/stack';
import { expectLedgerConsistent } from '../payments/fixtures';
import { activeRecipient, awaitingApproval, balances, decidePayout, fund, historyOf, providerSends, runPayoutReconciliation, until, waitForStatus, withLostPayoutCallbacks } from './fixtures';

/**
 * The payout reconciliation against the run's embedded payout provider, with the provider's
 * callbacks lost (its webhook pointed nowhere): a withdrawal returned after it was paid, and a
 * withdrawal whose workflow stopped with its Pix in flight, are found by the run and applied once
 * through the callback's path; the run never sends a Pix.
 */
const t = useTestStack({ companies: ['Acme'] });
const acme = () => t.company.Acme;

const reconcile = () => runPayoutReconciliation(t.stack);
const lostCallbacks = <T>(fn: () => Promise<T>) => withLostPayoutCallbacks(t.stack, fn);

async function approvedWithdrawal(amount: number, bankAccount = '12345') {
  const r = await activeRecipient(t.stack, acme(), bankAccount);
  await fund(t.stack, acme(), r, amount);
  const res = await t.stack.http.post('/withdrawals').set(acme().headers).send({ recipientId: r, amount });
  expect(res.status).toBe(201);
  await awaitingApproval(t.stack, res.body.id);
  await t.stack.client.workflow.getHandle(res.body.id).signal(approveSignal, { operator: 'ana' });
  return { recipientId: r, id: res.body.id as string };
}

it('a withdrawal returned after it was paid, its callback lost: the run moves it paid → failed payout_returned and credits the wallet once', async () => {
  const w = await approvedWithdrawal(3_000);
  await waitForStatus(t.stack, acme(), w.id, 'paid');
  await lostCallbacks(async () => {
    expect(await decidePayout(w.id, 'returned')).toBe(200);
    expect((await t.stack.http.get(`/withdrawals/${w.id}`).set(acme().headers)).body.status).toBe('paid');
    expect((await reconcile()).withdrawals).toMatchObject({ returned: 1, missing: 0, errors: 0 });
    const failed = (await t.stack.http.get(`/withdrawals/${w.id}`).set(acme().headers)).body;
    expect(historyOf(failed).at(-1)).toEqual({ status: 'failed', changedBy: 'system', reason: 'payout_returned' });
    expect(await balances(t.stack, acme(), w.recipientId)).toEqual({ availableBalance: 3_000, blockedBalance: 0, withdrawableBalance: 3_000 });
    // Watched for the rest of its window, it changes nothing more.
    expect((await reconcile()).withdrawals).toMatchObject({ returned: 0, recorded: 0 });
    expect(await balances(t.stack, acme(), w.recipientId)).toEqual({ availableBalance: 3_000, blockedBalance: 0, withdrawableBalance: 3_000 });
  });
  expect(await providerSends(w.id)).toHaveLength(1);
  await expectLedgerConsistent(t.stack);
});

it('a withdrawal whose workflow stopped with its Pix in flight: once the provider decides, the run records the outcome (paid, withdrawal.paid) without sending', async () => {
  const w = await approvedWithdrawal(4_000, '77777');
  await until(async () => (await providerSends(w.id)).length === 1, 'the held Pix at the provider');
  await t.stack.client.workflow.getHandle(w.id).terminate('test: the workflow is gone with its Pix in flight');
  const inFlight = { kind: 'withdrawal' as const, inFlightAfterMs: 10 * 60_000, paidWithinMs: 7 * 86_400_000, after: null, limit: 100 };
  const later = () => new Date(Date.now() + 11 * 60_000);
  await lostCallbacks(async () => {
    // Still processing at the provider: nothing to apply.
    expect((await reconcilePayoutPage(t.stack.deps, { ...inFlight, now: later() })).report).toMatchObject({ pending: 1, recorded: 0 });
    // Not yet in flight for 10 minutes: not asked for (only the other test's paid one is).
    expect((await reconcilePayoutPage(t.stack.deps, { ...inFlight, now: new Date() })).report).toMatchObject({ pending: 0, recorded: 0 });
    expect(await decidePayout(w.id, 'paid')).toBe(200);
    expect((await reconcilePayoutPage(t.stack.deps, { ...inFlight, now: later() })).report).toMatchObject({ recorded: 1 });
  });
  const paid = (await t.stack.http.get(`/withdrawals/${w.id}`).set(acme().headers)).body;
  expect(paid).toMatchObject({ status: 'paid', pspTransferId: expect.stringMatching(/^E09089356/) });
  expect(await balances(t.stack, acme(), w.recipientId)).toEqual({ availableBalance: 0, blockedBalance: 0, withdrawableBalance: 0 });
  const events = await t.stack.em().execute<{ type: string }[]>(`select type from events where entity_id = ? order by created_at, id`, [w.id]);
  expect(events.map((e) => e.type)).toEqual(['withdrawal.requested', 'withdrawal.paid']);
  expect(await providerSends(w.id)).toHaveLength(1);
  await expectLedgerConsistent(t.stack);
});
