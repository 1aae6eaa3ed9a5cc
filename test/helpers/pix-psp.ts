import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

export interface PixPspInfo {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface RunningPixPsp {
  info: PixPspInfo;
  pid: number;
  stop(): Promise<void>;
}

const root = path.resolve(__dirname, '..', '..');

/**
 * The embedded Pix PSP as a process of its own (`src/processors/embedded/main.ts pix`), on a free
 * port. Fails loudly when the process exits or prints no JSON line. Its stderr (logs) is kept
 * and shown in that failure.
 */
export async function startPixPsp(args: string[] = []): Promise<RunningPixPsp> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src', 'processors', 'embedded', 'main.ts'), 'pix', '--port', '0', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const info = await new Promise<PixPspInfo>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      try {
        resolve(JSON.parse(line) as PixPspInfo);
      } catch {
        reject(new Error(`the embedded Pix PSP printed no JSON line: ${line}\n${stderr}`));
      }
    });
    child.once('exit', (code) => reject(new Error(`the embedded Pix PSP exited (code ${code}) before it listened:\n${stderr}`)));
  });
  return { info, pid: child.pid!, stop: () => stopProcess(child) };
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
