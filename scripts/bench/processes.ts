import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pipeLines, stopChild, waitForListening } from '../../src/shared/processes';
import type { CpuPart } from './cpu';

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
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(opts.root, opts.entry), ...(opts.args ?? [])], {
    env: { ...process.env, ...opts.env },
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
