import { spawn } from 'node:child_process';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { stopChild, waitForPort } from '../../src/shared/processes';
import { registerWithdrawalSearchAttributes } from '../../src/withdrawals/withdrawal-search-attributes';
import { freePort } from './ports';

/**
 * A time-skipping Temporal environment on the real Java test server.
 *
 * The SDK's own launcher gives the server 5 s to start, hard-coded in sdk-core; a JVM on a
 * busy 2-core CI machine can take longer. So when the server binary is provisioned
 * (scripts/temporal-test-server.sh), we start it ourselves, wait as long as it needs, and
 * attach the SDK's time-skipping environment to it. Without it, the SDK downloads its own.
 */
export async function createTimeSkippingEnv(): Promise<TestWorkflowEnvironment> {
  const bin = process.env.TEMPORAL_TEST_SERVER_PATH;
  if (!bin) return withSearchAttributes(await TestWorkflowEnvironment.createTimeSkipping());

  const port = await freePort();
  const server = spawn(bin, [String(port), '--enable-time-skipping'], {
    stdio: 'ignore',
    // Fast JVM start-up: the test server runs for seconds, so the optimizing JIT is wasted.
    env: { ...process.env, JAVA_TOOL_OPTIONS: '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xss1m' },
  });
  await waitForPort(port, 120_000, server);
  // `create` is the SDK's own constructor path behind createTimeSkipping/createFromExistingServer.
  const env: TestWorkflowEnvironment = await (TestWorkflowEnvironment as any).create({
    server: { type: 'existing' },
    address: `127.0.0.1:${port}`,
    namespace: 'default',
    supportsTimeSkipping: true,
  });
  // The SDK's time-skipping client assumes a locked baseline (it unlocks around result() and
  // locks again). Without this lock the server skips freely whenever it is idle, and jumps
  // its clock ten years ahead (a finished workflow's default run timeout) after the first run.
  await env.connection.testService!.lockTimeSkipping({});
  const teardown = env.teardown.bind(env);
  env.teardown = async () => {
    await teardown();
    await stopChild(server, 10_000);
  };
  return withSearchAttributes(env);
}

/** The custom search attributes workflows upsert (an unregistered one fails the workflow task). */
async function withSearchAttributes(env: TestWorkflowEnvironment): Promise<TestWorkflowEnvironment> {
  await registerWithdrawalSearchAttributes(env.connection, 'default');
  return env;
}
