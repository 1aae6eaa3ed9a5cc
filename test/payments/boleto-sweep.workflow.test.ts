import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { ApplicationFailure } from '@temporalio/activity';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import type { BoletoSweepReport } from '../../src/payments/boleto-sweep.service';
import { BOLETO_SWEEP_WORKFLOW, type BoletoSweepActivities } from '../../workflows/payments/boleto-sweep.contract';
import { createTimeSkippingEnv } from '../helpers/temporal-env';
import { workflowBundle } from '../helpers/workflow-bundle';
import { recordHistory } from '../replay/history-files';

/** The boleto sweep run alone, with recorded activities, on the time-skipping test server. */
let env: TestWorkflowEnvironment;
beforeAll(async () => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  env = await createTimeSkippingEnv();
});
afterAll(() => env?.teardown());

const swept = (connectionId: string): BoletoSweepReport => ({ connectionId, received: 1, settled: 1, alreadySettled: 0, unknown: 0, doubled: 0, late: 0, orphansCanceled: 1, orphansPaid: 0 });

it("sweeps every connection at the workflow's clock; an issuer that stays down is reported with its error and the others complete", async () => {
  const calls: Array<{ connectionId: string; now: string }> = [];
  const activities: BoletoSweepActivities = {
    listBoletoConnectionIds: async () => ['default', 'pcn_down', 'pcn_b'],
    async sweepBoletoConnection(input) {
      calls.push(input);
      if (input.connectionId === 'pcn_down') throw ApplicationFailure.create({ message: 'GET /cobrancas/v2/boletos: the issuer answered 503', nonRetryable: false });
      return swept(input.connectionId);
    },
  };
  const taskQueue = `boleto-sweep-${randomUUID()}`;
  const worker = await Worker.create({ connection: env.nativeConnection, taskQueue, workflowBundle: workflowBundle(), activities });
  const before = await env.currentTimeMs();
  await worker.runUntil(async () => {
    const handle = await env.client.workflow.start(BOLETO_SWEEP_WORKFLOW, { taskQueue, workflowId: `boleto-sweep-${randomUUID()}`, args: [] });
    const result = await handle.result();
    expect(result.connections.map((c: BoletoSweepReport) => c.connectionId)).toEqual(['default', 'pcn_down', 'pcn_b']);
    expect(result.connections[0]).toEqual(swept('default'));
    expect(result.connections[1]).toMatchObject({ connectionId: 'pcn_down', settled: 0, error: expect.stringContaining('503') });
    await recordHistory('payments', 'boleto-sweep', handle);
  });
  // Three attempts of the connection that stays down; one of each other.
  expect(calls.filter((c) => c.connectionId === 'pcn_down')).toHaveLength(3);
  expect(calls.filter((c) => c.connectionId !== 'pcn_down')).toHaveLength(2);
  expect(Date.parse(calls[0].now)).toBeGreaterThanOrEqual(before);
});
