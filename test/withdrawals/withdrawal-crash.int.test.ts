import { Worker } from '@temporalio/worker';
import { startTestStack, type SeededCompany, type TestStack } from '../helpers/stack';
import { workflowBundle } from '../helpers/workflow-bundle';
import { createActivities } from '../../activities';
import { createLastroWorker } from '../../worker';
import { approveSignal } from '../../workflows/withdrawals/withdrawal.contract';
import type { PayoutProvider } from '../../src/processors/payouts/payout-provider.port';
import { activeRecipient, awaitingApproval, balances, fund, historyOf, providerSends, until, waitForStatus, withLostPayoutCallbacks } from './fixtures';

/**
 * A worker dies mid-transfer: the payout provider (the embedded Efí, its own process) has accepted
 * the Pix but the answer never comes back. The payout activity stops heartbeating, times out (20
 * seconds) and runs again on another worker, which reads the transfer by its id (the withdrawal
 * id) before sending anything: the provider shows the first Pix, so the recipient is paid once and
 * the ledger debits once. The provider's callbacks are lost meanwhile, so it is the retried
 * activity that reads the transfer back (a callback would record it first: payout-reconciliation
 * and the refund transfer tests cover that path).
 */

let stack: TestStack;
let acme: SeededCompany;
let survivor: Worker | undefined;
let survivorRun: Promise<void> | undefined;
let unblockCrashed: () => void = () => undefined;

beforeAll(async () => {
  stack = await startTestStack();
  acme = await stack.seedCompany('Acme');
  // This file runs its own workers: the stack's is stopped first so it takes no task.
  stack.worker.shutdown();
  await until(async () => stack.worker.getState() === 'STOPPED', 'the stack worker to stop');
});

afterAll(async () => {
  // The stack's worker is already stopped, so its parts are closed here instead of stack.close().
  unblockCrashed();
  await stack.lanes.stop();
  stack.server.closeAllConnections();
  await new Promise((resolve) => stack.server.close(resolve));
  survivor?.shutdown();
  await survivorRun;
  await stack.env.teardown();
  await stack.orm.close();
});


it('a worker crash after the provider accepted the transfer does not pay twice', () => withLostPayoutCallbacks(stack, async () => {
  const hung = new Promise<void>((resolve) => (unblockCrashed = resolve));
  let crashedCalls = 0;
  // The provider books the Pix, then this worker "dies" before the answer reaches Temporal.
  const crashing = (provider: PayoutProvider): PayoutProvider => ({
    ...provider,
    async send(req) {
      crashedCalls++;
      await provider.send(req);
      await hung;
      throw new Error('this worker died');
    },
  });
  const doomed = await Worker.create({
    connection: stack.env.nativeConnection,
    namespace: 'default',
    taskQueue: stack.config.temporal.taskQueue,
    workflowBundle: workflowBundle(),
    activities: createActivities({ ...stack.deps, wrapPayoutProvider: crashing }),
    shutdownGraceTime: '100 ms',
    shutdownForceTime: '1 second',
    // No sticky queue: a real server moves a dead worker's sticky tasks back to the shared
    // queue after a few seconds, the Java test server never does.
    maxCachedWorkflows: 0,
  });
  const doomedRun = doomed.run().catch(() => undefined);

  const recipientId = await activeRecipient(stack, acme);
  await fund(stack, acme, recipientId, 9000);
  const { body: w } = await stack.http.post('/withdrawals').set(acme.headers).send({ recipientId, amount: 9000 });
  await awaitingApproval(stack, w.id);
  await stack.client.workflow.getHandle(w.id).signal(approveSignal, { operator: 'ana' });
  await until(async () => (await providerSends(w.id)).length === 1, 'the provider to book the Pix');
  expect(crashedCalls).toBe(1);
  // Mid-transfer: approved by ana, processing, the gross still reserved.
  const inFlight = (await stack.http.get(`/withdrawals/${w.id}`).set(acme.headers)).body;
  expect(historyOf(inFlight).map((h) => [h.status, h.changedBy])).toEqual([
    ['requested', 'api'],
    ['approved', 'ana'],
    ['processing', 'system'],
  ]);
  expect(await balances(stack, acme, recipientId)).toEqual({ availableBalance: 9000, blockedBalance: 9000, withdrawableBalance: 0 });
  expect((await stack.http.post(`/withdrawals/${w.id}/cancel`).set(acme.headers).send({})).body.error.code).toBe('withdrawal_not_cancellable');

  doomed.shutdown();
  await doomedRun;
  survivor = await createLastroWorker({
    connection: stack.env.nativeConnection,
    namespace: 'default',
    taskQueue: stack.config.temporal.taskQueue,
    deps: stack.deps,
    workflowBundle: workflowBundle(),
  });
  survivorRun = survivor.run();

  // An in-flight activity holds the test server's clock (time skipping is locked while it
  // runs), so the heartbeat timeout passes in real time: about 25 seconds with the back-off.
  const paid = await waitForStatus(stack, acme, w.id, 'paid', 90_000);
  const transfers = await providerSends(w.id);
  expect(transfers).toHaveLength(1);
  expect(transfers[0].status).toBe('REALIZADO');
  expect(paid.pspTransferId).toBe(transfers[0].endToEndId);
  expect(transfers[0].centavos).toBe(9000);
  expect(historyOf(paid).map((h) => h.status)).toEqual(['requested', 'approved', 'processing', 'paid']);
  const debits = await stack.em().execute(`select kind from ledger_postings where source_id = ? and kind in ('withdrawal', 'withdrawal_fee')`, [w.id]);
  expect(debits).toEqual([{ kind: 'withdrawal' }]);
  expect(await balances(stack, acme, recipientId)).toEqual({ availableBalance: 0, blockedBalance: 0, withdrawableBalance: 0 });
}), 180_000);
