import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * An embedded processor as a child process, as a test drives it: `node --import tsx
 * src/processors/embedded/main.ts <subcommand> --port 0 [args]`, its one JSON line read from
 * stdout. A process that exits, or that prints no line before `startupMs`, fails the start with its
 * stderr, so a broken processor is a loud failure and not a hang.
 */

const root = path.resolve(__dirname, '..', '..');

export interface EmbeddedProcess<I extends { baseUrl: string }> {
  info: I;
  child: ChildProcess;
  stderr(): string;
  /** A simulator route (`/embedded/...`): no credentials, no client certificate needed on plain HTTP. */
  control(method: string, p: string, body?: unknown): Promise<{ status: number; body: any }>;
  stop(): Promise<void>;
}

export async function startEmbeddedProcess<I extends { baseUrl: string }>(subcommand: string, label: string, args: string[] = [], opts: { startupMs?: number } = {}): Promise<EmbeddedProcess<I>> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/processors/embedded/main.ts'), subcommand, '--port', '0', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  let out = '';
  // The last few KB: enough to explain a failure, bounded for a processor that runs the whole test run.
  child.stderr!.on('data', (d) => (err = (err + d).slice(-8000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${label} printed no line within ${opts.startupMs ?? 60_000} ms; stderr:\n${err}`));
    }, opts.startupMs ?? 60_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl >= 0) {
        clearTimeout(timer);
        resolve(out.slice(0, nl));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited (code ${code}) before printing its line; stderr:\n${err}`));
    });
  });
  let info: I;
  try {
    info = JSON.parse(line) as I;
  } catch {
    child.kill('SIGKILL');
    throw new Error(`${label} printed a line that is not JSON: ${line}`);
  }
  return {
    info,
    child,
    stderr: () => err,
    async control(method, p, body) {
      const res = await fetch(`${info.baseUrl}${p}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
