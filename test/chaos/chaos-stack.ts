import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Client, Connection } from '@temporalio/client';
import { Client as PgClient } from 'pg';
import request from 'supertest';
import { createApiKey, createCompany } from '../../src/companies/companies.service';
import { ensureDatabase } from '../../src/db/embedded-postgres';
import { createOrm, migrate, type Orm } from '../../src/db/orm';
import { startTemporalDevServer, type DevTemporal } from '../../src/dev/temporal-dev-server';
import { embeddedCardAcquirerEnv, type EmbeddedCieloInfo } from '../../src/dev/embedded-cielo';
import { embeddedPayoutProviderEnv, type EmbeddedPayoutProviderInfo } from '../../src/dev/embedded-payout-provider';
import { embeddedBoletoIssuerEnv, registerEmbeddedBoletoWebhook, type EmbeddedBbIssuerInfo } from '../../src/dev/embedded-bb-issuer';
import { cardCallbackUrl } from '../../src/processors/cards/card-callbacks';
import { DEFAULT_CONNECTION_ID } from '../../src/processors/connections/processor-connections.rules';
import { pipeLines, stopChild, waitForListening } from '../../src/shared/processes';
import { freePort } from '../helpers/ports';
import { bundleLastroWorkflows } from '../../worker';
import { tracingSettings } from '../../src/observability/tracing/settings';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

/**
 * The platform as `npm run dev` runs it, every part a real process the test can break:
 * embedded PostgreSQL and the Temporal dev server (SQLite file) in a temp data dir, both
 * restartable on the same port and data so nothing is lost but the process; the API and the
 * worker as `node --import tsx` children that can be SIGKILLed and started again; the embedded
 * Pix PSP as the deployment's default Pix connection and the embedded acquirer as its default card
 * store, both calling the API back; a local webhook
 * receiver allowlisted for deliveries. Assertions read PostgreSQL through `sql`
 * (a fresh connection per call, so it works across a database restart) or `em()`.
 */
export interface ChaosStackOptions {
  /** Extra environment for the API and the worker (e.g. SANDBOX_GATEWAY_LATENCY_MS). */
  env?: Record<string, string>;
  /** Where child output goes besides the per-process log files; silent by default. */
  log?: (line: string) => void;
  /** Extra arguments for the embedded Pix PSP (docs/processors.md), after the stack's own (a later option wins). */
  pixPspArgs?: string[];
}

/** The deployment's default Pix account at the stack's embedded PSP (its books are in memory: it is never restarted). */
export interface ChaosPixPsp {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** The receiver's DICT key: the default connection's charges and webhook are on it. */
  chave: string;
}

export interface SeededChaosCompany {
  companyId: string;
  apiKey: string;
  headers: { 'x-api-key': string };
}

type ProcessName = 'api' | 'worker';
type LoggedName = ProcessName | 'temporal' | 'postgres' | 'psp' | 'acquirer' | 'payouts' | 'issuer';

export interface ChaosStack {
  root: string;
  dataDir: string;
  apiUrl: string;
  databaseUrl: string;
  temporalAddress: string;
  /** supertest against the API child, e.g. `stack.http.post('/v1/transactions')`. */
  http: ReturnType<typeof request>;
  temporal: Client;
  receiver: WebhookReceiver;
  pixPsp: ChaosPixPsp;
  /** The deployment's default card store at the stack's embedded acquirer (books in memory: never restarted); its chargebacks notify the API. */
  cardAcquirer: EmbeddedCieloInfo;
  /** The deployment's default payout account at the stack's embedded payout provider (Efí Pix Envio; books in memory: never restarted). */
  payoutProvider: EmbeddedPayoutProviderInfo;
  /** The deployment's default boleto issuer (BB API Cobranças v2) and its BOLETO_ISSUER_* (the convênio, the callback secret); books in memory: never restarted. */
  boletoIssuer: EmbeddedBbIssuerInfo & { env: Record<string, string> };
  seedCompany(name?: string): Promise<SeededChaosCompany>;
  /** A forked EntityManager on the test's own pool (reconnects after a PostgreSQL restart). */
  em(): EntityManager;
  /** One query on a fresh connection. */
  sql<T extends Record<string, unknown> = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  killWorker(): Promise<void>;
  /** Starts a worker (on the stack's one workflow bundle) and resolves once it polls. */
  startWorker(): Promise<void>;
  restartWorker(): Promise<void>;
  killApi(): Promise<void>;
  startApi(): Promise<void>;
  /** Stops the Temporal dev server (SIGTERM); its SQLite file, and so every history, stays. */
  stopTemporal(): Promise<void>;
  startTemporal(): Promise<void>;
  /** Stops PostgreSQL cleanly; the data directory stays. */
  stopPostgres(): Promise<void>;
  startPostgres(): Promise<void>;
  /** The last lines a child printed (for failure messages). */
  logTail(name: LoggedName, lines?: number): string;
  /** Polls `fn` until it returns a value other than undefined/false, or fails after `boundMs` naming `what`. */
  waitFor<T>(what: string, fn: () => Promise<T | undefined | false | null>, boundMs: number, everyMs?: number): Promise<T>;
  stop(): Promise<void>;
}

const root = path.resolve(__dirname, '..', '..');
/** A worker start (its modules, the workflow bundle loaded, the schedules) takes a while on a busy 2-core machine. */
const WORKER_READY_MS = 180_000;
const API_READY_MS = 90_000;

export async function startChaosStack(opts: ChaosStackOptions = {}): Promise<ChaosStack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lastro-chaos-'));
  // PostgreSQL runs as a `postgres` system user when the test runs as root: it must reach its data.
  fs.chmodSync(dataDir, 0o755);
  const log = opts.log ?? (() => undefined);
  const tails: Record<LoggedName, string[]> = { api: [], worker: [], temporal: [], postgres: [], psp: [], acquirer: [], payouts: [], issuer: [] };
  const record = (name: LoggedName) => {
    const file = fs.createWriteStream(path.join(dataDir, `${name}.log`), { flags: 'a' });
    return (line: string) => {
      file.write(`${line}\n`);
      const tail = tails[name];
      tail.push(line);
      if (tail.length > 400) tail.splice(0, tail.length - 400);
      log(`[${name}] ${line}`);
    };
  };

  const cleanup: Array<() => Promise<unknown>> = [];
  const children: Partial<Record<ProcessName, ChildProcess>> = {};
  try {
    /** A helper process that is ready once it prints a line `ready` recognizes (and answers for). */
    const spawnHelper = async <T>(name: 'postgres' | 'psp' | 'acquirer' | 'payouts' | 'issuer', args: string[], ready: (line: string) => T | undefined, boundMs: number): Promise<{ child: ChildProcess; value: T }> => {
      const write = record(name);
      const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
      const value = new Promise<T>((resolve, reject) => {
        pipeLines(child, (line) => {
          const v = ready(line);
          if (v === undefined) write(line);
          else resolve(v);
        });
        child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before it was ready:\n${tails[name].join('\n')}`)));
      });
      return { child, value: await withTimeout(value, boundMs, `${name} to start`) };
    };

    /** Starts a part and queues its stop; `last` for what must outlive everything that talks to it. */
    const part = async <T>(start: () => Promise<T>, stop: (started: T) => Promise<unknown>, last = false): Promise<T> => {
      const started = await start();
      if (last) cleanup.push(() => stop(started));
      else cleanup.unshift(() => stop(started));
      return started;
    };
    const embedded = (args: string[]) => [path.join(root, 'src', 'processors', 'embedded', 'main.ts'), ...args];
    const baseUrlLine = <T>(line: string) => (line.startsWith('{"baseUrl"') ? (JSON.parse(line) as T) : undefined);

    const pgPort = await freePort();
    // A child process: embedded-postgres is ESM-only, which jest's runtime cannot load.
    const spawnPostgres = async (): Promise<ChildProcess> => {
      const args = [path.join(__dirname, 'postgres-process.ts'), path.join(dataDir, 'pg'), String(pgPort)];
      return (await spawnHelper('postgres', args, (line) => (line.includes('POSTGRES_READY') ? true : undefined), 120_000)).child;
    };
    const temporalPort = await freePort();
    const temporalLog = record('temporal');
    const startDevServer = async () => startTemporalDevServer({ root, dbFile: path.join(dataDir, 'temporal.db'), port: temporalPort, uiPort: await freePort(), log: temporalLog });
    const apiPort = await freePort();
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    // The embedded acquirer's store is the deployment's default card connection: its notifications go to the API.
    const merchantKey = randomBytes(30).toString('base64').replace(/[+/]/g, 'A').slice(0, 40).toUpperCase();
    const notificationUrl = cardCallbackUrl(apiUrl, { id: DEFAULT_CONNECTION_ID, merchantKey });

    let pg!: ChildProcess | null;
    let temporalServer!: DevTemporal | null;
    let receiver!: WebhookReceiver;
    let psp!: Omit<ChaosPixPsp, 'chave'>;
    let cardAcquirer!: EmbeddedCieloInfo;
    let payoutProvider!: EmbeddedPayoutProviderInfo;
    let issuer!: EmbeddedBbIssuerInfo;
    let workflowBundlePath!: string;
    const stopHelper = (h: { child: ChildProcess }) => stopChild(h.child, 10_000);
    // The parts depend on none of each other: they start at once.
    await allStarted([
      // PostgreSQL stops last, after everything that talks to it.
      part(spawnPostgres, () => (pg ? stopChild(pg, 30_000) : Promise.resolve()), true).then((child) => (pg = child)),
      part(startDevServer, () => temporalServer?.stop() ?? Promise.resolve()).then((server) => (temporalServer = server)),
      part(startWebhookReceiver, (r) => r.close()).then((r) => (receiver = r)),
      // A failed callback is tried again after 2, 4, 8, 16 and 32 s: it outlives an API restart
      // (10-20 s here), as a real PSP's retries (for hours) do. Its one JSON line carries the
      // client secret: not written to psp.log.
      part(() => spawnHelper('psp', embedded(['pix', '--port', '0', '--webhook-retry-base-ms', '2000', ...(opts.pixPspArgs ?? [])]), baseUrlLine<Omit<ChaosPixPsp, 'chave'>>, 60_000), stopHelper).then((h) => (psp = h.value)),
      // A chargeback notification is retried after 2, 4 and 8 s, across an API restart.
      part(
        () => spawnHelper('acquirer', embedded(['cielo', '--port', '0', '--merchant-id', randomUUID(), '--merchant-key', merchantKey, '--notification-url', notificationUrl, '--notification-retry-base-ms', '2000']), baseUrlLine<EmbeddedCieloInfo>, 60_000),
        stopHelper,
      ).then((h) => (cardAcquirer = h.value)),
      // The embedded payout provider, the deployment's default payout connection; the worker registers
      // its webhook at start. A Pix stays EM_PROCESSAMENTO 1 s, so a worker can die with one in flight.
      part(() => spawnHelper('payouts', embedded(['efi', '--port', '0', '--settle-delay-ms', '1000', '--webhook-retry-base-ms', '2000']), baseUrlLine<EmbeddedPayoutProviderInfo>, 60_000), stopHelper).then(
        (h) => (payoutProvider = h.value),
      ),
      // The embedded boleto issuer, a beneficiary of its own the deployment's default boleto
      // connection; its liquidation webhook (registered for the convênio, as in BB's portal) is
      // retried after 2, 4, 8 and 16 s, across an API restart.
      part(() => spawnHelper('issuer', embedded(['bb', '--port', '0', '--webhook-retry-base-ms', '2000']), baseUrlLine<EmbeddedBbIssuerInfo>, 60_000), stopHelper).then((h) => (issuer = h.value)),
      // Every worker of the stack, restarts included, loads this one bundle (WORKFLOW_BUNDLE_PATH): bundling costs seconds of CPU a start.
      writeWorkflowBundle(path.join(dataDir, 'workflow-bundle.js'), tracingSettings({ ...process.env, ...opts.env }, 'lastro-worker').enabled).then((file) => (workflowBundlePath = file)),
    ]);
    const databaseUrl = await ensureDatabase(`postgres://postgres:postgres@127.0.0.1:${pgPort}`, 'lastro');
    // Quiet: the migrator otherwise prints a line per migration into the test output.
    const orm: Orm = await createOrm(databaseUrl, { logger: () => undefined });
    cleanup.unshift(() => orm.close());
    await migrate(orm, databaseUrl);

    // A random EVP key: the embedded PSP takes any well-formed key as its receiver's.
    const pixPsp: ChaosPixPsp = { ...psp, chave: randomUUID() };
    const connection = await Connection.connect({ address: temporalServer!.address });
    cleanup.unshift(() => connection.close());
    const temporal = new Client({ connection, namespace: 'default' });
    const boletoEnv = embeddedBoletoIssuerEnv(issuer);
    await registerEmbeddedBoletoWebhook({ id: DEFAULT_CONNECTION_ID, baseUrl: issuer.baseUrl, convenio: boletoEnv.BOLETO_ISSUER_CONVENIO, callbackSecret: boletoEnv.BOLETO_ISSUER_CALLBACK_SECRET }, apiUrl);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: temporalServer!.address,
      WORKFLOW_BUNDLE_PATH: workflowBundlePath,
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      PUBLIC_BASE_URL: apiUrl,
      WEBHOOK_ALLOWLIST: receiver.hostPort,
      LOG_LEVEL: 'info',
      VALIDATE_RESPONSES: '1',
      // Operator listeners on free ports: another stack on the machine may hold the defaults.
      OPS_PORT: '0',
      // The deployment's default Pix connection; the worker registers its webhook (PUBLIC_BASE_URL) at start.
      PIX_PSP_BASE_URL: pixPsp.baseUrl,
      PIX_PSP_TOKEN_URL: pixPsp.tokenUrl,
      PIX_PSP_CLIENT_ID: pixPsp.clientId,
      PIX_PSP_CLIENT_SECRET: pixPsp.clientSecret,
      PIX_PSP_CHAVE: pixPsp.chave,
      PIX_PSP_CALLBACK_SECRET: randomBytes(24).toString('base64url'),
      ...embeddedCardAcquirerEnv(cardAcquirer),
      ...embeddedPayoutProviderEnv(payoutProvider),
      ...boletoEnv,
      ...opts.env,
    };
    const entries: Record<ProcessName, string> = { api: 'src/server.ts', worker: 'worker/index.ts' };
    const spawnChild = (name: ProcessName, readyLine?: string): { child: ChildProcess; ready: Promise<void> } => {
      // An IPC channel: the API reports its own listening socket over it (a port that answers may be someone else's).
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, entries[name])], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
      children[name] = child;
      const write = record(name);
      let sawReady: () => void = () => undefined;
      const ready = new Promise<void>((resolve, reject) => {
        sawReady = resolve;
        child.once('exit', (code, signal) => reject(new Error(`${name} exited (${signal ?? code}) before it was ready:\n${stack.logTail(name)}`)));
      });
      ready.catch(() => undefined);
      pipeLines(child, (line) => {
        write(line);
        if (readyLine && line.includes(readyLine)) sawReady();
      });
      return { child, ready };
    };
    const kill = async (name: ProcessName) => {
      const child = children[name];
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    };

    const stack: ChaosStack = {
      root,
      dataDir,
      apiUrl,
      databaseUrl,
      temporalAddress: temporalServer!.address,
      http: request(apiUrl),
      temporal,
      receiver,
      pixPsp,
      cardAcquirer,
      payoutProvider,
      boletoIssuer: { ...issuer, env: boletoEnv },
      async seedCompany(name = 'Chaos Co') {
        const em = orm.em.fork();
        const company = await createCompany(em, { name, mode: 'sandbox' });
        const { apiKey } = await createApiKey(em, company);
        await em.flush();
        return { companyId: company.id, apiKey, headers: { 'x-api-key': apiKey } };
      },
      em: () => orm.em.fork() as unknown as EntityManager,
      async sql<T extends Record<string, unknown>>(text: string, params: unknown[] = []) {
        const client = new PgClient({ connectionString: databaseUrl });
        await client.connect();
        try {
          return (await client.query(text, params)).rows as T[];
        } finally {
          await client.end();
        }
      },
      killWorker: () => kill('worker'),
      async startWorker() {
        // worker/index.ts logs this once its worker is created (workflows bundled), right before it polls.
        const { ready } = spawnChild('worker', '"msg":"worker started"');
        await withTimeout(ready, WORKER_READY_MS, 'the worker to start');
      },
      async restartWorker() {
        await stack.killWorker();
        await stack.startWorker();
      },
      killApi: () => kill('api'),
      async startApi() {
        await waitForListening(spawnChild('api').child, API_READY_MS);
      },
      async stopTemporal() {
        await temporalServer?.stop();
        temporalServer = null;
      },
      async startTemporal() {
        temporalServer = await startDevServer();
      },
      async stopPostgres() {
        if (pg) await stopChild(pg, 30_000);
        pg = null;
      },
      async startPostgres() {
        pg = await spawnPostgres();
      },
      logTail: (name, lines = 60) => tails[name].slice(-lines).join('\n'),
      async waitFor(what, fn, boundMs, everyMs = 250) {
        const deadline = Date.now() + boundMs;
        let lastError: unknown;
        for (;;) {
          try {
            const value = await fn();
            if (value !== undefined && value !== false && value !== null) return value as never;
          } catch (err) {
            lastError = err;
          }
          if (Date.now() > deadline) {
            throw new Error(`waited ${boundMs} ms for ${what}${lastError ? ` (last error: ${(lastError as Error).message})` : ''}`);
          }
          await new Promise((r) => setTimeout(r, everyMs));
        }
      },
      async stop() {
        // API and worker first (they need the databases to stop cleanly), then the rest.
        await Promise.all(Object.values(children).map((c) => (c ? stopChild(c, 10_000) : undefined)));
        for (const fn of cleanup) await fn().catch(() => undefined);
        if (!process.env.LASTRO_CHAOS_KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
    await Promise.all([stack.startWorker(), stack.startApi()]);
    return stack;
  } catch (err) {
    await Promise.all(Object.values(children).map((c) => (c ? stopChild(c, 5_000) : undefined)));
    for (const fn of cleanup) await fn().catch(() => undefined);
    throw err;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${ms} ms for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Waits for every part, then throws the first failure: a part that starts after another failed still has its stop queued before the cleanup runs. */
async function allStarted(parts: Array<Promise<unknown>>): Promise<void> {
  const failed = (await Promise.allSettled(parts)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** The workers' workflow code, bundled as worker/index.ts bundles it (with the tracing interceptors when they trace), written to `file`. */
async function writeWorkflowBundle(file: string, tracing: boolean): Promise<string> {
  const bundle = await bundleLastroWorkflows(tracing);
  if (!('code' in bundle)) throw new Error('bundleLastroWorkflows returned no code to write');
  await fs.promises.writeFile(file, bundle.code);
  return file;
}
