import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { temporal as temporal_ } from '@temporalio/proto';
import type { Client } from '@temporalio/client';
import { vaultKey } from '../../src/cards/card-vault.key';
import type { Config } from '../../src/config';
import { embeddedCardAcquirerEnv } from '../../src/dev/embedded-cielo';
import { pipeLines, stopChild, waitForListening } from '../../src/shared/processes';
import type { CpuPart } from './cpu';
import type { BenchContext } from './harness';

/**
 * A part of a benchmark's stack in a process of its own, started as `npm run dev` starts the API
 * and the worker (`node --import tsx <entry>`), so a benchmark measures them as they are deployed:
 * each on its own event loop, beside a load generator that is not theirs.
 */
export interface BenchProcess {
  child: ChildProcess;
  /** The port it reported listening on (0 for a part that serves nothing, such as a worker). */
  port: number;
  /** Its CPU, for the report (`name` is its key in the JSON line's `cpuSeconds`). */
  cpu: CpuPart;
  stop(): Promise<void>;
}

/**
 * Starts `entry` (a path from the repository root) with `env` over this process's. With
 * `listening`, resolves once it reported `{ type: 'listening' }` over IPC (src/server.ts does; so
 * does ./transaction-floors/floor-process.ts), and rejects if it exits first. What it prints goes
 * to `logFile`, whose last lines are shown if it ends before it is stopped.
 */
export async function startBenchProcess(opts: {
  root: string;
  name: string;
  label: string;
  entry: string;
  args?: string[];
  env: Record<string, string>;
  log: (line: string) => void;
  logFile: string;
  listening?: boolean;
}): Promise<BenchProcess> {
  // BENCH_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`): node flags for every part, to profile them where they run.
  // Each part profiles into a folder named after it (`/tmp/prof/api/`): they all run src/server.ts or a worker, so nothing
  // else tells their profiles apart (a fixed file name would not do: every thread of a process writes one).
  const given = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const profileDir = given.find((a) => a.startsWith('--cpu-prof-dir='))?.slice('--cpu-prof-dir='.length) ?? process.cwd();
  const nodeArgs = given.includes('--cpu-prof') ? [...given.filter((a) => !a.startsWith('--cpu-prof-dir=')), `--cpu-prof-dir=${path.join(profileDir, opts.name)}`] : given;
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(opts.root, opts.entry), ...(opts.args ?? [])], {
    // OPS_PORT 0: operator listeners on free ports, beside any other stack on the machine.
    env: { ...process.env, OPS_PORT: '0', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const lines: string[] = [];
  const out = fs.createWriteStream(opts.logFile);
  pipeLines(child, (l) => {
    out.write(`${l}\n`);
    lines.push(l);
    if (lines.length > 20) lines.shift();
  });
  let port = 0;
  child.on('message', (m: { type?: string; port?: number } | null) => {
    if (m?.type === 'listening') port = m.port ?? 0;
  });
  let stopping = false;
  child.once('exit', (code, signal) => {
    out.end();
    if (!stopping) opts.log(`[bench] ${opts.label} exited (${signal ?? code}); its last lines:\n${lines.join('\n')}`);
  });
  const stop = () => ((stopping = true), stopChild(child, 15_000));
  if (opts.listening) {
    await waitForListening(child, 120_000).catch(async (err: Error) => {
      await stop();
      throw new Error(`${opts.label} did not start: ${err.message}`);
    });
  }
  return { child, port, cpu: { name: opts.name, label: opts.label, pid: child.pid!, tree: false }, stop };
}

/**
 * Starts parts of a benchmark's stack as processes of their own, each stopped when the benchmark
 * ends, with the stack's database and Temporal server (`config`) and `env` over them. The
 * API and worker share one card vault key: the cards one process seals, the other opens.
 */
export function lastroProcesses(b: BenchContext, config: Config, env: Record<string, string> = {}) {
  const common = {
    DATABASE_URL: config.databaseUrl,
    TEMPORAL_ADDRESS: config.temporal.address,
    TEMPORAL_TASK_QUEUE: config.temporal.taskQueue,
    CARD_VAULT_KEY: vaultKey().key.toString('base64'),
    // The stack's acquirer (the embedded one the bench stack started) as the processes' default card connection.
    ...(config.processors.card ? embeddedCardAcquirerEnv(config.processors.card) : {}),
    LASTRO_DATA_DIR: b.tmp,
    LOG_LEVEL: 'warn',
    ...env,
  };
  return async (name: string, label: string, entry: string, more: { env?: Record<string, string>; args?: string[]; listening?: boolean } = {}): Promise<BenchProcess> => {
    const part = await startBenchProcess({ root: b.root, name, label, entry, args: more.args, env: { ...common, ...more.env }, log: b.log, logFile: path.join(b.tmp, `${name}.log`), listening: more.listening ?? true });
    b.defer(part.stop);
    return part;
  };
}

/** Resolves once a worker polls `taskQueue` for workflow tasks (a worker process bundles its workflows first). */
export async function pollersOn(temporal: Client, taskQueue: string): Promise<void> {
  for (;;) {
    const { pollers } = await temporal.workflowService.describeTaskQueue({ namespace: 'default', taskQueue: { name: taskQueue }, taskQueueType: temporal_.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW });
    if (pollers.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
