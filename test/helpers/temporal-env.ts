import { spawn, type ChildProcess } from 'node:child_process';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { stopChild, waitForPort } from '../../src/shared/processes';
import { registerWithdrawalSearchAttributes } from '../../src/withdrawals/withdrawal-search-attributes';
import { freePort } from './ports';

/**
 * Fast JVM start-up: the test server runs for seconds, so the optimizing JIT is wasted. With
 * LASTRO_TEST_SERVER_CDS (an AppCDS archive globalSetup dumps once, test/helpers/test-server-archive.ts)
 * the JVM maps the server's classes instead of loading and verifying them: a third of the start.
 * A JVM that cannot use the archive (another JDK) starts without it, as before.
 */
function testServerJavaOptions(extra: string[]): string {
  const archive = process.env.LASTRO_TEST_SERVER_CDS;
  return ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xss1m', ...(archive ? [`-XX:SharedArchiveFile=${archive}`] : []), ...extra].join(' ');
}

/** The provisioned test server binary listening on `port`, time skipping on; `jvmOptions` are added to the fast-start ones. */
export async function spawnTestServer(bin: string, port: number, jvmOptions: string[] = []): Promise<ChildProcess> {
  const server = spawn(bin, [String(port), '--enable-time-skipping'], {
    stdio: 'ignore',
    env: { ...process.env, JAVA_TOOL_OPTIONS: testServerJavaOptions(jvmOptions) },
  });
  await waitForPort(port, 120_000, server);
  return server;
}

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
  const server = await spawnTestServer(bin, port);
  const env = await attachTimeSkippingEnv(port);
  const teardown = env.teardown.bind(env);
  env.teardown = async () => {
    await teardown();
    // Asked, not killed: closing the connection leaves calls in flight (a dispatch, a result's
    // long poll); a killed server fails them, and the client's retry then throws on the closed
    // channel after the file ended. The JVM's orderly shutdown lets them finish.
    await stopChild(server, 10_000);
  };
  return env;
}

/** The SDK's time-skipping environment on a test server already listening on `port`, locked and with Lastro's search attributes. */
export async function attachTimeSkippingEnv(port: number): Promise<TestWorkflowEnvironment> {
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
  return withSearchAttributes(env);
}

/** The custom search attributes workflows upsert (an unregistered one fails the workflow task). */
async function withSearchAttributes(env: TestWorkflowEnvironment): Promise<TestWorkflowEnvironment> {
  await registerWithdrawalSearchAttributes(env.connection, 'default');
  return env;
}
