import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../helpers/ports';

/**
 * `npm run dev` beside a stranger's server: whichever of its ports is taken, it stops before
 * starting anything, names the port and the variable that moves it, and never prints its
 * ready line (a script that read it would talk to the stranger).
 */
const root = path.resolve(__dirname, '..', '..');

function hold(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer((s) => s.end('HTTP/1.1 401 Unauthorized\r\n\r\n'));
    srv.once('error', reject);
    srv.listen(port, '0.0.0.0', () => resolve(srv));
  });
}

function runDev(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  // Embedded defaults only: no external database or Temporal server.
  const { DATABASE_URL: _db, TEMPORAL_ADDRESS: _temporal, ...inherited } = process.env;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/dev/index.ts')], {
      cwd: root,
      env: { ...inherited, LASTRO_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lastro-dev-ports-')), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run dev refuses to start beside a server that holds one of its ports', () => {
  it.each([
    ['PORT', 'The API'],
    ['PGPORT', 'PostgreSQL'],
    ['TEMPORAL_PORT', 'The Temporal dev server'],
    ['TEMPORAL_UI_PORT', 'The Temporal UI'],
  ])('%s taken: exits 1 naming the port (%s), no ready line', async (variable, what) => {
    const ports: Record<string, string> = {};
    for (const v of ['PORT', 'PGPORT', 'TEMPORAL_PORT', 'TEMPORAL_UI_PORT']) ports[v] = String(await freePort());
    const stranger = await hold(Number(ports[variable]));
    try {
      const { code, output } = await runDev(ports);
      expect(code).toBe(1);
      expect(output).toContain(`${what} cannot listen on`);
      expect(output).toContain(`:${ports[variable]} (EADDRINUSE)`);
      expect(output).toContain(`set ${variable} to another port`);
      expect(output).not.toContain('LASTRO_DEV_READY');
      expect(output).not.toContain('Lastro is running');
    } finally {
      stranger.close();
    }
  });
});
