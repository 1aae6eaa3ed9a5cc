import { startTestStack, type SeededCompany, type TestStack } from '../helpers/stack';
import { newId } from '../../src/shared/ids';
import { lockWithdrawal } from '../../src/withdrawals/withdrawal-history';
import { Withdrawal } from '../../src/withdrawals/withdrawal.entity';
import { startWithdrawalWorkflow } from '../../src/withdrawals/withdrawal-workflow.client';
import { WITHDRAWAL_STAGE_ATTRIBUTE, approveSignal, withdrawalStateQuery } from '../../workflows/withdrawals/withdrawal.contract';
import { activeRecipient, awaitingApproval, balances, fund, historyOf } from './fixtures';

/** The withdrawal workflow over time (time skipping) and around the API's transaction. */

let stack: TestStack;
let acme: SeededCompany;

beforeAll(async () => {
  stack = await startTestStack();
  acme = await stack.seedCompany('Acme');
});
afterAll(() => stack?.close());

const stageAttribute = async (withdrawalId: string) =>
  (await stack.client.workflow.getHandle(withdrawalId).describe()).typedSearchAttributes.get(WITHDRAWAL_STAGE_ATTRIBUTE);

it('a withdrawal left unapproved for days keeps waiting (no timeout), then is paid on approval', async () => {
  const recipientId = await activeRecipient(stack, acme);
  await fund(stack, acme, recipientId, 5000);
  const { body: w } = await stack.http.post('/withdrawals').set(acme.headers).send({ recipientId, amount: 5000 });
  await awaitingApproval(stack, w.id);
  const before = await stack.env.currentTimeMs();

  await stack.env.sleep('10 days');
  expect((await stack.env.currentTimeMs()) - before).toBeGreaterThanOrEqual(10 * 24 * 3600 * 1000);
  const handle = stack.env.client.workflow.getHandle(w.id);
  expect((await handle.describe()).status.name).toBe('RUNNING');
  expect(await handle.query(withdrawalStateQuery)).toMatchObject({ stage: 'awaiting_approval', status: 'requested', waitingFor: ['approve', 'reject', 'cancel'] });
  // The operator's list query filters on this search attribute (README, operator guide).
  expect(await stageAttribute(w.id)).toBe('awaiting_approval');
  expect((await stack.http.get(`/withdrawals/${w.id}`).set(acme.headers)).body.status).toBe('requested');
  expect(await balances(stack, acme, recipientId)).toEqual({ availableBalance: 5000, blockedBalance: 5000, withdrawableBalance: 0 });

  await handle.signal(approveSignal, { operator: 'ana' });
  expect(await handle.result()).toEqual({ status: 'paid' });
  expect(await stageAttribute(w.id)).toBe('done');
  const paid = (await stack.http.get(`/withdrawals/${w.id}`).set(acme.headers)).body;
  expect(historyOf(paid).map((h) => h.status)).toEqual(['requested', 'approved', 'processing', 'paid']);
  expect(await balances(stack, acme, recipientId)).toEqual({ availableBalance: 0, blockedBalance: 0, withdrawableBalance: 0 });
});

it('a workflow started by a request whose transaction then rolled back (API crash before commit) ends as abandoned', async () => {
  const id = newId('wdr');
  const ghost = { id, companyId: acme.company.id, amount: 1000, netAmount: 1000, currency: 'BRL' } as Withdrawal;
  const em = stack.em();
  await em.begin();
  // What POST /withdrawals does before it starts the workflow: it holds the withdrawal's lock.
  await lockWithdrawal(em, id);
  await startWithdrawalWorkflow(stack.client, stack.config, ghost);
  // A retried start (lost response) is the same run, not an error.
  await startWithdrawalWorkflow(stack.client, stack.config, ghost);
  const handle = stack.client.workflow.getHandle(id);
  // The workflow's first read waits on that lock while the transaction is open.
  await new Promise((r) => setTimeout(r, 500));
  expect((await handle.query(withdrawalStateQuery)).stage).toBe('loading');
  await em.rollback();

  expect(await handle.result()).toEqual({ status: 'abandoned' });
  expect(await stack.em().findOne(Withdrawal, { id })).toBeNull();
});
