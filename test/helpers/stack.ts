import type { Server } from 'node:http';
import { randomBytes, randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Client } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, type Worker } from '@temporalio/worker';
import request from 'supertest';
import { createApp } from '../../src/app';
import type { AppDeps } from '../../src/app-deps';
import { loadConfig, type Config } from '../../src/config';
import { ensureDatabase } from '../../src/db/embedded-postgres';
import { createOrm, type Orm } from '../../src/db/orm';
import { createEventDispatcher } from '../../src/events/subscribers';
import { createLogger } from '../../src/shared/logger';
import { createApiKey, createCompany } from '../../src/companies/companies.service';
import { withCheckDigits } from '../../src/shared/documents';
import type { Company } from '../../src/companies/company.entity';
import { createLastroWorker } from '../../worker';
import { startDeliveryLanes, type DeliveryLanes, type DeliveryLanesOptions } from '../../src/webhooks/delivery-lanes';
import { workflowBundle } from './workflow-bundle';
import { createTimeSkippingEnv } from './temporal-env';
import { newRecipient } from '../payments/fixtures';
import { processorsOf } from '../../src/processors/processors';
import { registerPixWebhook } from '../../src/processors/pix/pix-webhooks.service';
import { registerPayoutWebhook } from '../../src/processors/payouts/payout-webhooks.service';
import { embeddedBoletoIssuerEnv, registerEmbeddedBoletoWebhook, type EmbeddedBbIssuerInfo } from '../../src/dev/embedded-bb-issuer';
import { embeddedPayoutProviderEnv, type EmbeddedPayoutProviderInfo } from '../../src/dev/embedded-payout-provider';
import { embeddedPixPspEnv, type EmbeddedPixPspInfo } from '../../src/dev/embedded-pix-psp';
import { embeddedCardAcquirerEnv, openEmbeddedStore, registerEmbeddedNotificationUrl, type EmbeddedCieloInfo } from '../../src/dev/embedded-cielo';

// The SDK's INFO lines (worker state changes) drown test output; warnings still show.
let runtimeInstalled = false;
function quietTemporalRuntime(): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  Runtime.install({ logger: new DefaultLogger('WARN') });
}

export interface TestStack {
  config: Config;
  /** Plain Temporal client (no automatic time skipping); `env.client` skips time while awaiting. */
  client: Client;
  orm: Orm;
  env: TestWorkflowEnvironment;
  deps: AppDeps;
  worker: Worker;
  /** The worker process's webhook delivery lanes. */
  lanes: DeliveryLanes;
  server: Server;
  http: ReturnType<typeof request>;
  baseUrl: string;
  em(): EntityManager;
  seedCompany(name?: string): Promise<SeededCompany>;
  close(): Promise<void>;
}

export interface SeededCompany {
  company: Company;
  apiKey: string;
  keyId: string;
  headers: { 'x-api-key': string };
}

/**
 * For tests that need only the database: an ORM on a private database for the file (opened
 * before its tests, closed after), and a fresh EntityManager per call.
 */
export function useTestDatabase(): () => EntityManager {
  let orm: Orm | undefined;
  beforeAll(async () => {
    orm = await createOrm(await createTestDatabase());
  });
  afterAll(() => orm?.close());
  return () => orm!.em.fork() as unknown as EntityManager;
}

/** A fresh database cloned from the migrated template, private to one test file. */
export async function createTestDatabase(): Promise<string> {
  const server = process.env.LASTRO_TEST_PG_SERVER;
  if (!server) throw new Error('LASTRO_TEST_PG_SERVER is not set: run integration tests through jest (globalSetup)');
  return ensureDatabase(server, `t_${randomBytes(6).toString('hex')}`, 'lastro_template');
}

/**
 * The whole platform for one test file, real parts only: PostgreSQL, the Temporal
 * time-skipping test server, a worker running the real workflows and activities, and the
 * Koa app listening on a local port. `opts.lanes` overrides the webhook delivery lanes' options
 * (a test that the lanes' sweep must not rescue sets a long `sweepMs`).
 */
export async function startTestStack(env: Record<string, string> = {}, opts: { lanes?: Partial<DeliveryLanesOptions> } = {}): Promise<TestStack> {
  quietTemporalRuntime();
  // The test server (a JVM, the slowest part) starts while the database is cloned and opened.
  const [temporalEnv, { config, orm, store }] = await Promise.all([createTimeSkippingEnv(), openStackDatabase(env)]);
  const logger = createLogger(config.logLevel, 'test');
  // The API and the activities get a plain client: time moves only when a test says so
  // (env.sleep), never because someone awaited a result while a slow first task was running.
  // `env.client` is the auto-skipping client for tests that wait on long timers.
  const temporal = new Client({ connection: temporalEnv.connection, namespace: temporalEnv.namespace ?? 'default' });
  const dispatcher = createEventDispatcher(orm, { config, temporal, logger });
  const deps: AppDeps = { config, orm, temporal, dispatcher, logger };

  const server = createApp(deps).listen(0, '127.0.0.1');
  // The worker loads the workflow bundle while the processors learn the stack's callback URLs.
  const [worker, port] = await Promise.all([
    createLastroWorker({
      connection: temporalEnv.nativeConnection,
      namespace: temporalEnv.namespace ?? 'default',
      taskQueue: config.temporal.taskQueue,
      deps: { config, orm, dispatcher, logger, temporal },
      workflowBundle: workflowBundle(),
    }),
    listenWithCallbacks(server, deps, env, store),
  ]);
  const running = worker.run();
  const lanes = await startDeliveryLanes({ orm, config, temporal, logger }, opts.lanes);

  return {
    config,
    client: temporal,
    orm,
    env: temporalEnv,
    deps,
    worker,
    lanes,
    server,
    http: request(server),
    baseUrl: `http://127.0.0.1:${port}`,
    em: () => orm.em.fork() as unknown as EntityManager,
    async seedCompany(name = 'Acme') {
      const em = orm.em.fork();
      // A production company names its owner recipient's document and e-mail (sandbox generates them).
      const owner = config.mode === 'production' ? { document: withCheckDigits(`${randomInt(10_000_000, 100_000_000)}0001`), email: 'owner@example.com' } : undefined;
      const company = await createCompany(em, { name, mode: config.mode, owner });
      const { apiKey, keyId } = await createApiKey(em, company);
      await em.flush();
      return { company, apiKey, keyId, headers: { 'x-api-key': apiKey } };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await lanes.stop();
      worker.shutdown();
      await running;
      await temporalEnv.teardown();
      await orm.close();
    },
  };
}

/** The stack's private database and its config: the run's embedded processors unless `env` brings its own. */
async function openStackDatabase(env: Record<string, string>): Promise<{ config: Config; orm: Orm; store: EmbeddedCieloInfo | null }> {
  const databaseUrl = await createTestDatabase();
  // A file that sets CARD_ACQUIRER_BASE_URL (even to '') brings its own acquirer, or none.
  const store = env.CARD_ACQUIRER_BASE_URL === undefined ? await runAcquirerStore() : null;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    VALIDATE_RESPONSES: '1',
    // Every test request comes from one address: the public checkout's per-address limits
    // have their own tests (test/hardening/tenancy-limits.int.test.ts), which lower them again.
    CHECKOUT_VISITS_PER_MINUTE_PER_ADDRESS: '100000',
    CHECKOUT_VISITS_PER_MINUTE_PER_LINK: '100000',
    CHECKOUT_CONFIRMS_PER_MINUTE_PER_ADDRESS: '100000',
    CHECKOUT_CONFIRMS_PER_MINUTE_PER_LINK: '100000',
    TEMPORAL_TASK_QUEUE: `test-${randomBytes(4).toString('hex')}`,
    // A file that sets PIX_PSP_BASE_URL (even to '') brings its own Pix PSP, or none.
    ...(env.PIX_PSP_BASE_URL === undefined ? runPixPspEnv() : {}),
    ...(store ? embeddedCardAcquirerEnv(store) : {}),
    // A file that sets PAYOUT_PROVIDER_BASE_URL (even to '') brings its own payout provider, or none.
    ...(env.PAYOUT_PROVIDER_BASE_URL === undefined ? runPayoutProviderEnv() : {}),
    // A file that sets BOLETO_ISSUER_BASE_URL (even to '') brings its own boleto issuer, or none.
    ...(env.BOLETO_ISSUER_BASE_URL === undefined ? runBoletoIssuerEnv() : {}),
    ...env,
    DATABASE_URL: databaseUrl,
  });
  return { config, orm: await createOrm(databaseUrl), store };
}

/** Resolves with the app's port once it listens and the run's processors call this stack back. */
async function listenWithCallbacks(server: Server, deps: AppDeps, env: Record<string, string>, store: EmbeddedCieloInfo | null): Promise<number> {
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  const { orm, config } = deps;
  // As the worker does at start: the PSP calls this stack back on its own key's webhook.
  const pix = await processorsOf(deps).pixById(orm.em.fork() as unknown as EntityManager, 'default');
  if (pix) await registerPixWebhook(pix, `http://127.0.0.1:${port}`);
  // The payout provider calls this stack back on its own account key's webhook (returns of payouts).
  const payout = await processorsOf(deps).payoutById(orm.em.fork() as unknown as EntityManager, 'default');
  if (payout) await registerPayoutWebhook(payout, `http://127.0.0.1:${port}`);
  // As an operator does in BB's portal: the convênio's liquidations call this stack back.
  const boleto = config.processors.boleto;
  if (boleto && env.BOLETO_ISSUER_BASE_URL === undefined) await registerEmbeddedBoletoWebhook({ id: 'default', ...boleto }, `http://127.0.0.1:${port}`);
  // As an operator does in the acquirer's panel: the store's chargebacks notify this stack.
  if (store) await registerEmbeddedNotificationUrl(store, `http://127.0.0.1:${port}`);
  return port;
}

/**
 * The run's embedded Pix PSP (test/helpers/global-setup.ts) as the stack's default Pix
 * connection, with a receiver key of the stack's own so that its webhook and its charges are no
 * other stack's.
 */
function runPixPspEnv(): Record<string, string> {
  const psp = process.env.LASTRO_TEST_PIX_PSP;
  if (!psp) throw new Error('LASTRO_TEST_PIX_PSP is not set: run integration tests through jest (globalSetup)');
  return embeddedPixPspEnv(JSON.parse(psp) as EmbeddedPixPspInfo);
}

/** An account of the stack's own (a random key, its own webhook) on the run's embedded payout provider (test/helpers/global-setup.ts). */
function runPayoutProviderEnv(): Record<string, string> {
  const provider = process.env.LASTRO_TEST_PAYOUT_PROVIDER;
  if (!provider) throw new Error('LASTRO_TEST_PAYOUT_PROVIDER is not set: run integration tests through jest (globalSetup)');
  return embeddedPayoutProviderEnv(JSON.parse(provider) as EmbeddedPayoutProviderInfo);
}

/** A beneficiary of the stack's own (a random convênio, its own webhook) on the run's embedded boleto issuer (test/helpers/global-setup.ts). */
function runBoletoIssuerEnv(): Record<string, string> {
  const issuer = process.env.LASTRO_TEST_BOLETO_ISSUER;
  if (!issuer) throw new Error('LASTRO_TEST_BOLETO_ISSUER is not set: run integration tests through jest (globalSetup)');
  return embeddedBoletoIssuerEnv(JSON.parse(issuer) as EmbeddedBbIssuerInfo);
}

/** A store of the stack's own on the run's embedded acquirer (test/helpers/global-setup.ts), made its default card connection. */
async function runAcquirerStore(): Promise<EmbeddedCieloInfo> {
  const acquirer = process.env.LASTRO_TEST_CARD_ACQUIRER;
  if (!acquirer) throw new Error('LASTRO_TEST_CARD_ACQUIRER is not set: run integration tests through jest (globalSetup)');
  return openEmbeddedStore(JSON.parse(acquirer) as EmbeddedCieloInfo);
}

export interface UseTestStackOptions<C extends string> {
  /** Overrides passed to startTestStack; a function when a value is known only in an earlier beforeAll (a receiver's port). */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Companies seeded, in this order, by name. */
  companies?: readonly C[];
  /** Companies given an owner recipient (test/payments/fixtures newRecipient), in this order, after seeding. */
  owners?: readonly C[];
  /** This file's own set-up, run last in the same beforeAll. */
  setup?: (t: UsedTestStack<C>) => Promise<void> | void;
  /** The beforeAll's timeout, for set-ups longer than jest's. */
  timeout?: number;
}

/** What useTestStack gives a test file, filled in by its beforeAll (`stack` throws if read before). */
export interface UsedTestStack<C extends string> {
  readonly stack: TestStack;
  /** The seeded companies by name. */
  readonly company: Readonly<Record<C, SeededCompany>>;
  /** The owner recipient id of each company in `owners`. */
  readonly owner: Readonly<Record<C, string>>;
}

/**
 * One stack for the enclosing describe (or file): registers a beforeAll that starts it, seeds the
 * companies and their owner recipients and runs `setup`, and an afterAll that closes it. Hooks run
 * in the order declared: what must close before the stack declares its afterAll above the call.
 *
 *   const t = useTestStack({ companies: ['Acme', 'Other'], owners: ['Acme'] });
 *   it('…', () => t.stack.http.get('/customers').set(t.company.Acme.headers));
 */
export function useTestStack<const C extends string = never>(options: UseTestStackOptions<C> = {}): UsedTestStack<C> {
  let stack: TestStack | undefined;
  const company = {} as Record<C, SeededCompany>;
  const owner = {} as Record<C, string>;
  const t: UsedTestStack<C> = {
    get stack() {
      if (!stack) throw new Error('useTestStack: the stack is started in beforeAll; read t.stack inside a hook or a test');
      return stack;
    },
    company,
    owner,
  };
  beforeAll(async () => {
    const env = typeof options.env === 'function' ? options.env() : options.env;
    stack = await startTestStack(env);
    for (const name of options.companies ?? []) company[name] = await stack.seedCompany(name);
    for (const name of options.owners ?? []) owner[name] = await newRecipient(stack, company[name], { role: 'owner' });
    await options.setup?.(t);
  }, options.timeout);
  afterAll(() => stack?.close());
  return t;
}
