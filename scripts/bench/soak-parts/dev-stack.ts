import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { devStackEnv } from '../../../test/helpers/dev-stack-env';
import { descendantNamed, descendants } from '../cpu';

/** The line `npm run dev` prints once the API answers (src/dev/index.ts). */
export interface DevReady {
  companyId: string;
  apiKey: string;
  apiUrl: string;
  temporalAddress: string;
  temporalUi: string;
}

export interface DevStack {
  ready: DevReady;
  apiPid: number;
  workerPid: number;
  /** The Temporal dev server and PostgreSQL's postmaster it started; null if not found (servers of DATABASE_URL / TEMPORAL_ADDRESS). */
  temporalPid: number | null;
  postgresPid: number | null;
  /** Set when the dev stack stopped by itself (an api or worker crash stops the whole stack). */
  exited: () => string | null;
  stop: () => Promise<void>;
}

/**
 * `npm run dev` as a developer runs it, in its own data folder and on free ports, in its own
 * process group (so one SIGINT reaches npm, the dev supervisor and its children, as Ctrl-C
 * does). Its output goes to `<dataDir>/dev.log`.
 */
export async function startDevStack(root: string, dataDir: string, extraEnv: Record<string, string>): Promise<DevStack> {
  const env = await devStackEnv(dataDir, extraEnv);
  const logFile = fs.createWriteStream(path.join(dataDir, 'dev.log'));
  const child = spawn('npm', ['run', 'dev'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let exitReason: string | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exitReason = `npm run dev exited (${signal ?? code})`;
      resolve();
    }),
  );
  const ready = await new Promise<DevReady>((resolve, reject) => {
    let out = '';
    let found = false;
    const onData = (chunk: Buffer) => {
      logFile.write(chunk);
      if (found) return;
      out += chunk.toString('utf8');
      const line = out.split('\n').find((l) => l.startsWith('LASTRO_DEV_READY '));
      if (!line) return;
      found = true;
      resolve(JSON.parse(line.slice('LASTRO_DEV_READY '.length)) as DevReady);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => reject(new Error(`${exitReason} before it was ready; see ${path.join(dataDir, 'dev.log')}`)));
    setTimeout(() => reject(new Error('npm run dev was not ready within 5 minutes')), 300_000).unref();
  });
  const pids = descendants(child.pid!);
  const find = (entry: string) => {
    const pid = pids.find((p) => cmdline(p).includes(entry));
    if (!pid) throw new Error(`no process running ${entry} under npm run dev (pid ${child.pid})`);
    return pid;
  };
  return {
    ready,
    apiPid: find('src/server.ts'),
    workerPid: find('worker/index.ts'),
    temporalPid: descendantNamed(child.pid!, 'temporal'),
    postgresPid: descendantNamed(child.pid!, 'postgres'),
    exited: () => exitReason,
    stop: () => stopGroup(child, exited),
  };
}

async function stopGroup(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  process.kill(-child.pid!, 'SIGINT');
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 60_000);
  await exited;
  clearTimeout(timer);
}

function cmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

/** Resident memory of a process in MB (VmRSS), or null once it is gone. */
export function rssMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Number(kb[1]) / 1024 : null;
  } catch {
    return null;
  }
}
