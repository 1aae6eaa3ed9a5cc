import { useTestStack } from '../helpers/stack';
import { newId } from '../../src/shared/ids';
import { lockWithdrawal } from '../../src/withdrawals/withdrawal-history';
import { Withdrawal } from '../../src/withdrawals/withdrawal.entity';
import { startWithdrawalWorkflow } from '../../src/withdrawals/withdrawal-workflow.client';
import { WITHDRAWAL_STAGE_ATTRIBUTE, approveSignal, withdrawalStateQuery } from '../../workflows/withdrawals/withdrawal.contract';
import { activeRecipient, awaitingApproval, balances, fund, historyOf } from './fixtures';

/** The withdrawal workflow over time (time skipping) and around the API's transaction. */

const t = useTestStack({ companies: ['Acme'] });

const stageAttribute = async (withdrawalId: string) =>
  (await t.stack.client.workflow.getHandle(withdrawalId).describe()).typedSearchAttributes.get(WITHDRAWAL_STAGE_ATTRIBUTE);

it('a withdrawal left unapproved for days keeps waiting (no timeout), then is paid on approval', async () => {
  const recipientId = await activeRecipient(t.stack, t.company.Acme);
  await fund(t.stack, t.company.Acme, recipientId, 5000);
  const { body: w } = await t.stack.http.post('/withdrawals').set(t.company.Acme.headers).send({ recipientId, amount: 5000 });
  await awaitingApproval(t.stack, w.id);
  const before = await t.stack.env.currentTimeMs();

  await t.stack.env.sleep('10 days');
  expect((await t.stack.env.currentTimeMs()) - before).toBeGreaterThanOrEqual(10 * 24 * 3600 * 1000);
  const handle = t.stack.env.client.workflow.getHandle(w.id);
  expect((await handle.describe()).status.name).toBe('RUNNING');
  expect(await handle.query(withdrawalStateQuery)).toMatchObject({ stage: 'awaiting_approval', status: 'requested', waitingFor: ['approve', 'reject', 'cancel'] });
  // The operator's list query filters on this search attribute (README, operator guide).
  expect(await stageAttribute(w.id)).toBe('awaiting_approval');
  expect((await t.stack.http.get(`/withdrawals/${w.id}`).set(t.company.Acme.headers)).body.status).toBe('requested');
  expect(await balances(t.stack, t.company.Acme, recipientId)).toEqual({ availableBalance: 5000, blockedBalance: 5000, withdrawableBalance: 0 });

  await handle.signal(approveSignal, { operator: 'ana' });
  expect(await handle.result()).toEqual({ status: 'paid' });
  expect(await stageAttribute(w.id)).toBe('done');
  const paid = (await t.stack.http.get(`/withdrawals/${w.id}`).set(t.company.Acme.headers)).body;
  expect(historyOf(paid).map((h) => h.status)).toEqual(['requested', 'approved', 'processing', 'paid']);
  expect(await balances(t.stack, t.company.Acme, recipientId)).toEqual({ availableBalance: 0, blockedBalance: 0, withdrawableBalance: 0 });
});

it('a workflow started by a request whose transaction then rolled back (API crash before commit) ends as abandoned', async () => {
  const id = newId('wdr');
  const ghost = { id, companyId: t.company.Acme.company.id, amount: 1000, netAmount: 1000, currency: 'BRL' } as Withdrawal;
  const em = t.stack.em();
  await em.begin();
  // What POST /withdrawals does before it starts the workflow: it holds the withdrawal's lock.
  await lockWithdrawal(em, id);
  await startWithdrawalWorkflow(t.stack.client, t.stack.config, ghost);
  // A retried start (lost response) is the same run, not an error.
  await startWithdrawalWorkflow(t.stack.client, t.stack.config, ghost);
  const handle = t.stack.client.workflow.getHandle(id);
  // The workflow's first read waits on that lock while the transaction is open.
  await new Promise((r) => setTimeout(r, 500));
  expect((await handle.query(withdrawalStateQuery)).stage).toBe('loading');
  await em.rollback();

  expect(await handle.result()).toEqual({ status: 'abandoned' });
  expect(await t.stack.em().findOne(Withdrawal, { id })).toBeNull();
});
