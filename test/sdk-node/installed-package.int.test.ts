import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { constructEvent } from '../../src/sdk-node/index';
import { useTestStack } from '../helpers/stack';
import { eventually, Receiver, type ReceivedRequest } from '../webhooks/receiver';

/**
 * lastro-node as a merchant gets it: built (`npm pack` runs the build), packed, the tarball
 * installed offline in an empty folder, and used there by plain `node` through `require` and
 * `import`, and through its `lastro` bin, against the real stack over HTTP. Nothing the
 * installed package runs comes from this repository.
 */

const run = promisify(execFile);
const packageDir = path.resolve(__dirname, '..', '..', 'src', 'sdk-node');
const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lastro-node-installed-'));
const app = path.join(work, 'app');
const bin = path.join(app, 'node_modules', '.bin', 'lastro');

const receiver = new Receiver();
beforeAll(async () => {
  await receiver.start();
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: packageDir, maxBuffer: 16 * 1024 * 1024 });
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>;
  expect(packed.files.map((f) => f.path)).toEqual(expect.arrayContaining(['package.json', 'README.md', 'LICENSE', 'dist/index.mjs', 'dist/index.cjs', 'dist/index.d.ts', 'dist/edge.mjs', 'dist/cli.cjs']));
  expect(packed.files.some((f) => f.path.endsWith('.ts') && !f.path.endsWith('.d.ts'))).toBe(false);
  fs.mkdirSync(app);
  fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'merchant-app', private: true }));
  // Offline: the package has no dependencies, so the tarball alone is the whole install.
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(work, packed.filename)], { cwd: app });
}, 180_000);
const t = useTestStack({ companies: ['Acme'], env: () => ({ WEBHOOK_ALLOWLIST: `127.0.0.1:${receiver.port}` }) });
afterAll(async () => {
  await receiver.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const env = () => ({ ...process.env, LASTRO_API_KEY: t.company.Acme.apiKey, LASTRO_API_BASE: t.stack.baseUrl });

/** Runs `source` as a file of the merchant's app with plain node (no loader, no TypeScript). */
async function node(file: string, source: string, input: unknown, extraEnv: Record<string, string> = {}): Promise<any> {
  fs.writeFileSync(path.join(app, file), source);
  const child = run(process.execPath, [file], { cwd: app, env: { ...env(), ...extraEnv } });
  child.child.stdin!.end(JSON.stringify(input));
  const { stdout } = await child;
  return JSON.parse(stdout);
}

const runId = randomBytes(4).toString('hex');
const customerBody = (name: string) => ({ name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, type: 'individual', documentType: 'passport', document: `P${randomBytes(5).toString('hex')}`, phone: '+55 11 99999-0000' });

const createTwice = (load: string) => `${load}
let input = '';
process.stdin.on('data', (c) => (input += c)).on('end', async () => {
  const { body, idempotencyKey } = JSON.parse(input);
  const lastro = new Lastro({ apiKey: process.env.LASTRO_API_KEY, baseUrl: process.env.LASTRO_API_BASE });
  const first = await lastro.customers.create(body, { idempotencyKey });
  const again = await lastro.customers.create(body, { idempotencyKey });
  process.stdout.write(JSON.stringify({ VERSION, first: { id: first.id, keys: Object.keys(first), lastResponse: first.lastResponse }, again: { id: again.id, lastResponse: again.lastResponse } }));
});
`;

describe.each([
  ['require', 'create.cjs', "const { Lastro, VERSION } = require('lastro-node');"],
  ['import', 'create.mjs', "import { Lastro, VERSION } from 'lastro-node';"],
])('the installed client through %s', (_how, file, load) => {
  it('creates a customer and shows the request id and the replay flag of each answer', async () => {
    const out = await node(file, createTwice(load), { body: customerBody(`Installed ${file} ${runId}`), idempotencyKey: `installed-${file}-${runId}` });
    expect(out.VERSION).toBe(version);
    expect(out.first.id).toMatch(/^cust_/);
    expect(out.again.id).toBe(out.first.id);
    expect(out.first.keys).not.toContain('lastResponse');
    expect(out.first.lastResponse).toMatchObject({ statusCode: 201, requestId: expect.stringMatching(/^req_/), idempotencyKey: `installed-${file}-${runId}`, idempotentReplayed: false });
    expect(out.again.lastResponse).toMatchObject({ idempotentReplayed: true, requestId: expect.stringMatching(/^req_/) });
    expect(out.again.lastResponse.requestId).not.toBe(out.first.lastResponse.requestId);
    expect(out.first.lastResponse.headers['x-request-id']).toBe(out.first.lastResponse.requestId);
  });
});

describe('the installed declarations', () => {
  // node16: the exports map, an ES module and a CommonJS one (bundler and node resolve the same
  // files through exports and types; each run costs half a minute of tsc).
  it('type-check a TypeScript consumer (moduleResolution node16, ESM and CommonJS), library checks included', async () => {
    const [resolution, module] = ['node16', 'node16'];
    fs.writeFileSync(
      path.join(app, 'consumer.mts'),
      `import { Lastro, webhooks, type LastroEvent } from 'lastro-node';
import { constructEventAsync } from 'lastro-node/edge';
const lastro = new Lastro({ apiKey: 'sk_sandbox_x' });
const customer = await lastro.customers.create({ name: 'a', email: 'a@example.com', type: 'individual', document: '52998224725', phone: '1' });
const requestId: string | undefined = customer.lastResponse.requestId;
const replayed: boolean = customer.lastResponse.idempotentReplayed;
const event: LastroEvent = await constructEventAsync('', {}, 'secret!!');
if (event.event === 'customer.created') console.log(event.data.id.toUpperCase(), requestId, replayed);
console.log(webhooks.generateTestHeaders({ payload: '', secret: 'secret!!' })['webhook-signature']);
// @ts-expect-error not a path of the API
void lastro.request('get', '/no-such-path');
`,
    );
    fs.writeFileSync(path.join(app, 'consumer.cts'), "import { Lastro } from 'lastro-node';\nvoid new Lastro().customers.list({ limit: 2 });\n");
    const tsc = require.resolve('typescript/bin/tsc');
    const typeRoots = path.resolve(__dirname, '..', '..', 'node_modules', '@types');
    const args = [tsc, '--noEmit', '--strict', '--target', 'es2022', '--lib', 'es2023,dom', '--module', module, '--moduleResolution', resolution, '--types', 'node', '--typeRoots', typeRoots, 'consumer.mts', 'consumer.cts'];
    // tsc prints its errors on stdout and exits 2: the errors are the assertion's message.
    const errors = await run(process.execPath, args, { cwd: app }).then(({ stdout }) => stdout, (err: { stdout: string }) => err.stdout || String(err));
    expect(errors).toBe('');
  });
});

const verifyBoth = (load: string) => `${load}
let input = '';
process.stdin.on('data', (c) => (input += c)).on('end', async () => {
  const { body, headers, secret } = JSON.parse(input);
  const outcome = async (fn) => { try { const e = await fn(); return { id: e.id, event: e.event }; } catch (err) { return { error: err.constructor.name, code: err.code }; } };
  const tampered = body.replace('"event"', ' "event"');
  const test = webhooks.generateTestHeaders({ payload: body, secret });
  const testAsync = await generateTestHeadersAsync({ payload: body, secret, id: test['webhook-id'], timestamp: Number(test['webhook-timestamp']) });
  process.stdout.write(JSON.stringify({
    node: await outcome(() => webhooks.constructEvent(body, headers, secret)),
    webCrypto: await outcome(() => constructEventAsync(body, new Headers(headers), secret)),
    nodeTampered: await outcome(() => webhooks.constructEvent(tampered, headers, secret)),
    webCryptoTampered: await outcome(() => constructEventAsync(tampered, headers, secret)),
    webCryptoWrongSecret: await outcome(() => constructEventAsync(body, headers, 'another secret of ours')),
    testHeadersVerify: await outcome(() => constructEventAsync(body, test, secret)),
    sameSignature: testAsync['webhook-signature'] === test['webhook-signature'],
  }));
});
`;

describe('webhooks with the installed package', () => {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  let delivered: ReceivedRequest;

  beforeAll(async () => {
    const created = await fetch(`${t.stack.baseUrl}/v1/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...t.company.Acme.headers },
      body: JSON.stringify({ name: 'installed package', url: receiver.url('/hooks'), events: ['customer.created'], secret }),
    });
    expect(created.status).toBe(201);
    await node('one.cjs', createTwice("const { Lastro, VERSION } = require('lastro-node');"), { body: customerBody(`Hooked ${runId}`), idempotencyKey: `hooked-${runId}` });
    delivered = await eventually(() => receiver.requests.get('/hooks')?.[0], 60_000, 'the customer.created delivery');
  });

  it.each([
    ['require', 'verify.cjs', "const { webhooks } = require('lastro-node'); const { constructEventAsync, generateTestHeadersAsync } = require('lastro-node/edge');"],
    ['import', 'verify.mjs', "import { webhooks } from 'lastro-node'; import { constructEventAsync, generateTestHeadersAsync } from 'lastro-node/edge';"],
  ])('verifies a real delivery with node:crypto and with WebCrypto (%s), and refuses it tampered', async (_how, file, load) => {
    const out = await node(file, verifyBoth(load), { body: delivered.body, headers: delivered.headers, secret });
    const event = { id: delivered.headers['webhook-id'], event: 'customer.created' };
    expect(out).toEqual({
      node: event,
      webCrypto: event,
      nodeTampered: { error: 'LastroSignatureVerificationError', code: 'invalid_signature' },
      webCryptoTampered: { error: 'LastroSignatureVerificationError', code: 'invalid_signature' },
      webCryptoWrongSecret: { error: 'LastroSignatureVerificationError', code: 'invalid_signature' },
      testHeadersVerify: event,
      sameSignature: true,
    });
  });

  it('`lastro events resend <id>` (the installed bin) sends the event again to the webhook', async () => {
    const eventId = String(delivered.headers['webhook-id']);
    const before = receiver.requests.get('/hooks')!.length;
    const { stdout } = await run(bin, ['events', 'resend', eventId], { cwd: app, env: env() });
    expect(stdout).toMatch(new RegExp(`Resent customer\\.created ${eventId} to ${receiver.url('/hooks').replace(/[.]/g, '\\.')}`));
    const again = await eventually(() => receiver.requests.get('/hooks')!.slice(before).find((r) => r.headers['webhook-id'] === eventId), 60_000, 'the resent delivery');
    expect(constructEvent(again.body, again.headers, secret).id).toBe(eventId);
  });

  it('`lastro events resend` of an id without deliveries fails with the reason', async () => {
    const err = (await run(bin, ['events', 'resend', 'evt_01jz0000000000000000000000'], { cwd: app, env: env() }).catch((e: unknown) => e)) as { code: number; stderr: string };
    expect(err.code).toBe(1);
    expect(err.stderr).toMatch(/No webhook delivery of evt_01jz0000000000000000000000/);
  });
});

describe('`lastro listen` and `lastro trigger` (the installed bin)', () => {
  let listen: ChildProcess | undefined;
  afterAll(() => {
    if (listen?.exitCode === null) listen.kill('SIGKILL');
  });

  it('forwards a triggered customer.created, signed with the session secret, and stops on Ctrl-C', async () => {
    const secret = `listen secret ${runId}`;
    const out: string[] = [];
    listen = spawn(bin, ['listen', '--forward-to', receiver.url('/listen'), '--events', 'customer.created'], { cwd: app, env: { ...env(), LASTRO_WEBHOOK_SECRET: secret }, stdio: ['ignore', 'pipe', 'pipe'] });
    listen.stdout!.on('data', (c: Buffer) => out.push(...c.toString('utf8').split('\n')));
    listen.stderr!.on('data', (c: Buffer) => out.push(...c.toString('utf8').split('\n')));
    const exited = new Promise<number | null>((resolve) => listen!.once('exit', (code) => resolve(code)));
    await eventually(() => out.some((l) => l.startsWith('Ready!')), 30_000, `listen ready (${out.join(' | ')})`);

    const triggered = await run(bin, ['trigger', 'customer.created'], { cwd: app, env: env() });
    const customerId = /POST \/v1\/customers {2}201 {2}(cust_\w+)/.exec(triggered.stdout)?.[1];
    expect(customerId).toBeDefined();

    const forwarded = await eventually(() => receiver.requests.get('/listen')?.find((r) => r.body.includes(customerId!)), 60_000, 'the forwarded event');
    const event = constructEvent(forwarded.body, forwarded.headers, secret);
    expect(event).toMatchObject({ event: 'customer.created', data: { id: customerId } });
    await eventually(() => out.some((l) => l.includes(`customer.created  ${event.id}  --> 200`)), 30_000, 'the event line');

    listen.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(out).toContain('Stopped.');
  });

  it('`lastro trigger transaction.paid`: a Pix transaction paid through the sandbox', async () => {
    const { stdout } = await run(bin, ['trigger', 'transaction.paid'], { cwd: app, env: env() });
    const transactionId = /POST \/v1\/transactions {2}201 {2}(txn_\w+)/.exec(stdout)?.[1];
    expect(stdout).toMatch(/POST \/sandbox\/payments\/\w+\/pay {2}202 /);
    expect(transactionId).toBeDefined();
    await eventually(async () => {
      const res = await fetch(`${t.stack.baseUrl}/v1/transactions/${transactionId}`, { headers: t.company.Acme.headers });
      return ((await res.json()) as { status: string }).status === 'paid';
    }, 60_000, 'the triggered transaction paid');
  });

  it('`lastro trigger transaction.canceled`: a Pix transaction canceled before it was paid', async () => {
    const { stdout } = await run(bin, ['trigger', 'transaction.canceled'], { cwd: app, env: env() });
    const transactionId = /POST \/v1\/transactions {2}201 {2}(txn_\w+)/.exec(stdout)?.[1];
    expect(transactionId).toBeDefined();
    expect(stdout).toMatch(new RegExp(`POST /v1/transactions/${transactionId}/cancel {2}20\\d `));
    await eventually(async () => {
      const res = await fetch(`${t.stack.baseUrl}/v1/transactions/${transactionId}`, { headers: t.company.Acme.headers });
      return ((await res.json()) as { status: string }).status === 'canceled';
    }, 60_000, 'the triggered transaction canceled');
  });

  it('`lastro trigger` refuses an event it cannot cause, naming those it can', async () => {
    const err = (await run(bin, ['trigger', 'withdrawal.paid'], { cwd: app, env: env() }).catch((e: unknown) => e)) as { code: number; stderr: string };
    expect(err.code).toBe(1);
    expect(err.stderr).toMatch(/Cannot trigger withdrawal\.paid: one of customer\.created/);
  });
});
