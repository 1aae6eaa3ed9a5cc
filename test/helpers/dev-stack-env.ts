import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './ports';

/**
 * The environment for running `npm run dev` in its own data folder on free ports, as the
 * e2e test and the soak benchmark do: the dev stack starts its own PostgreSQL and Temporal
 * (so DATABASE_URL and TEMPORAL_ADDRESS from the caller's environment are dropped).
 */
export async function devStackEnv(dataDir: string, extra: Record<string, string> = {}): Promise<NodeJS.ProcessEnv> {
  const [port, pgPort, temporalPort, uiPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LASTRO_DATA_DIR: dataDir,
    PORT: String(port),
    PGPORT: String(pgPort),
    TEMPORAL_PORT: String(temporalPort),
    TEMPORAL_UI_PORT: String(uiPort),
    LOG_LEVEL: 'warn',
    ...extra,
  };
  delete env.DATABASE_URL;
  delete env.TEMPORAL_ADDRESS;
  return env;
}

/** What `npm run dev` prints on its ready line (`LASTRO_DEV_READY {…}`). */
export interface DevStackReady {
  companyId: string;
  apiKey: string;
  apiUrl: string;
  temporalAddress: string;
  temporalUi: string;
}

/**
 * Starts `npm run dev` with `env` in its own process group (so Ctrl-C can be sent the way a
 * terminal sends it, to the whole group): its output so far, and its ready line, which rejects
 * with that output if the stack exits first. One stack at a time: two starting at once both find
 * the operator listeners' default ports free.
 */
export function startDevStack(env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string; ready: Promise<DevStackReady> } {
  const root = path.resolve(__dirname, '..', '..');
  const child = spawn('npm', ['run', 'dev'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const ready = new Promise<DevStackReady>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const line = out.split('\n').find((l) => l.startsWith('LASTRO_DEV_READY '));
      if (line) resolve(JSON.parse(line.slice('LASTRO_DEV_READY '.length)));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm run dev exited with ${code} before it was ready:\n${out}`)));
  });
  return { child, output: () => out, ready };
}
