import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { devStackEnv } from '../helpers/dev-stack-env';
import { markedCpf } from '../hardening/canary';

/**
 * docs/operations.md's `OTEL_TRACES_EXPORTER=console npm run dev`: the stack comes up (the
 * Temporal dev server, which reads the same variable and refuses `console`, does not get it),
 * the API prints its spans among its lines, and they carry no value of the request.
 */
const root = path.resolve(__dirname, '..', '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lastro-e2e-otel-'));
fs.chmodSync(dataDir, 0o755);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('runs npm run dev with console tracing, the spans in the API\'s output', async () => {
  const env = await devStackEnv(dataDir, { OTEL_TRACES_EXPORTER: 'console', OTEL_BSP_SCHEDULE_DELAY: '200' });
  const child: ChildProcess = spawn('npm', ['run', 'dev'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<{ apiUrl: string; apiKey: string }>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const line = out.split('\n').find((l) => l.startsWith('LASTRO_DEV_READY '));
      if (line) resolve(JSON.parse(line.slice('LASTRO_DEV_READY '.length)));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`npm run dev exited with ${code} before it was ready:\n${out}`)));
  });
  try {
    const { apiUrl, apiKey } = await ready;
    const document = markedCpf();
    const created = await fetch(`${apiUrl}/customers`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ana Traced', email: 'ana.traced@example.com', type: 'individual', document, phone: '+5511999990000' }),
    });
    expect(created.status).toBe(201);
    // The request's span and its SQL, printed by the API's console exporter.
    while (!/\[api\] +name: 'POST \/customers'/.test(out) || !out.includes('insert into "customers"')) {
      if (child.exitCode !== null) throw new Error(`npm run dev exited:\n${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(out).not.toContain('unsupported OTEL exporter');
    expect(out).not.toContain(document);
  } finally {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGINT');
    await exited;
  }
  expect(out).toContain('[dev] stopped');
}, 300_000);
