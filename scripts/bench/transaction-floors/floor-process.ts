import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import { startInsertFloor, startNoopWorker, startNoopWorkflowFloor } from './floors';

/**
 * One floor in a process of its own, as the Lastro API and worker run in theirs during the
 * transactions benchmark (../processes.ts):
 *
 *   insert        the bare Koa + pg endpoint (DATABASE_URL)
 *   noop-api      the Koa endpoint answering from a no-op workflow's update (TEMPORAL_ADDRESS)
 *   noop-worker   the no-op workflow's worker, on task queue `bench-noop`
 *
 * Reports `{ type: 'listening', port }` over IPC once it serves (the worker: once it polls), and
 * stops on SIGTERM.
 */
async function main(mode: string): Promise<void> {
  const report = (port: number) => process.send?.({ type: 'listening', port });
  let stop: () => Promise<unknown>;
  if (mode === 'insert') {
    const floor = await startInsertFloor(process.env.DATABASE_URL!);
    stop = floor.close;
    report(floor.port);
  } else if (mode === 'noop-api') {
    const connection = await Connection.connect({ address: process.env.TEMPORAL_ADDRESS });
    const floor = await startNoopWorkflowFloor(new Client({ connection }), 'bench-noop');
    stop = async () => (await floor.close(), await connection.close());
    report(floor.port);
  } else if (mode === 'noop-worker') {
    Runtime.install({ logger: new DefaultLogger('WARN') });
    const connection = await NativeConnection.connect({ address: process.env.TEMPORAL_ADDRESS });
    const stopWorker = await startNoopWorker(connection, (line) => process.stderr.write(`${line}\n`));
    stop = async () => (await stopWorker(), await connection.close());
    report(0);
  } else {
    throw new Error(`unknown floor "${mode}": insert, noop-api or noop-worker`);
  }
  // The SDK's runtime also stops the worker on SIGTERM, so a second stop may find it stopping.
  process.once('SIGTERM', () => void stop().finally(() => process.exit(0)));
}

main(process.argv[2]).catch((err) => {
  console.error(err);
  process.exit(1);
});
