import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../src/db/embedded-postgres';
import { createOrm, migrate } from '../../src/db/orm';
import { bundleWorkflowCode } from '@temporalio/worker';
import { freePort } from './ports';
import { startEmbeddedPix } from '../processors/embedded-pix-process';
import { startEmbeddedEfi } from '../processors/embedded-efi-process';
import { startEmbeddedCielo } from '../processors/embedded-cielo-process';
import { startEmbeddedBb } from '../processors/embedded-bb-process';
import { newWorkflowBundlePath } from './workflow-bundle';
import { ensureTestServerArchive } from './test-server-archive';

export const TEMPLATE_DB = 'lastro_template';

declare global {
  var __LASTRO_PG__: EmbeddedPostgresHandle | undefined;
}

/**
 * Once per test run: a real PostgreSQL (embedded-postgres, or DATABASE_URL's server), a
 * template database with every migration applied (each test file clones it, which takes
 * milliseconds), and the Temporal time-skipping test server binary.
 */
export default async function globalSetup(): Promise<void> {
  const root = path.resolve(__dirname, '..', '..');
  let serverUrl: string;
  if (process.env.DATABASE_URL) {
    serverUrl = process.env.DATABASE_URL.replace(/\/[^/]*$/, '');
  } else {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lastro-test-pg-'));
    fs.chmodSync(dataDir, 0o755);
    // pg_stat_statements loaded (created only where a test asks for it): statement counts as the benchmarks take them.
    global.__LASTRO_PG__ = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'data'), port, settings: { shared_preload_libraries: 'pg_stat_statements' } });
    serverUrl = global.__LASTRO_PG__.serverUrl;
  }
  const templateUrl = await ensureDatabase(serverUrl, TEMPLATE_DB);
  const orm = await createOrm(templateUrl);
  await migrate(orm, templateUrl);
  await orm.close();
  process.env.LASTRO_TEST_PG_SERVER = serverUrl;

  // Every test file's worker loads this one bundle instead of bundling the workflows again.
  const bundle = await bundleWorkflowCode({ workflowsPath: require.resolve(path.join(root, 'workflows')), logger: quietBundlerLogger });
  const bundlePath = newWorkflowBundlePath();
  fs.mkdirSync(path.dirname(bundlePath), { recursive: true });
  fs.writeFileSync(bundlePath, bundle.code);
  process.env.LASTRO_TEST_WORKFLOW_BUNDLE = bundlePath;

  // Provisioned here, before any test's timeout starts: a first build of the Temporal CLI
  // takes minutes. An empty answer means no Java/Maven (or Go) here: the SDK downloads its own.
  process.env.TEMPORAL_TEST_SERVER_PATH ||= provision(root, 'temporal-test-server.sh');
  process.env.TEMPORAL_CLI_PATH ||= provision(root, 'temporal-cli.sh');
  if (process.env.TEMPORAL_TEST_SERVER_PATH) {
    const archive = await ensureTestServerArchive(process.env.TEMPORAL_TEST_SERVER_PATH);
    if (archive) process.env.LASTRO_TEST_SERVER_CDS = archive;
  }

  // One embedded Pix PSP for the run: each test stack is a receiver of its own on it (its own
  // random key, its own webhook), as companies of different PSP customers are at a real PSP.
  const psp = await startEmbeddedPix(['--webhook-retry-base-ms', '100', '--devolucao-delay-ms', '20']);
  process.env.LASTRO_TEST_PIX_PSP = JSON.stringify(psp.info);
  process.env.LASTRO_TEST_PIX_PSP_PID = String(psp.child.pid);

  // One embedded acquirer for the run: each test stack is a store of its own on it (its own
  // MerchantId and key, its own notification URL), as companies with different stores are at Cielo.
  const acquirer = await startEmbeddedCielo(['--notification-retry-base-ms', '100', '--void-guard-ms', '50']);
  process.env.LASTRO_TEST_CARD_ACQUIRER = JSON.stringify(acquirer.info);
  process.env.LASTRO_TEST_CARD_ACQUIRER_PID = String(acquirer.child.pid);

  // One embedded payout provider (Efí Pix Envio) for the run: each test stack is an account of its
  // own on it (its own random key, its own webhook).
  const payouts = await startEmbeddedEfi(['--webhook-retry-base-ms', '100', '--settle-delay-ms', '20', '--return-delay-ms', '100']);
  process.env.LASTRO_TEST_PAYOUT_PROVIDER = JSON.stringify(payouts.info);
  process.env.LASTRO_TEST_PAYOUT_PROVIDER_PID = String(payouts.child.pid);

  // One embedded boleto issuer (BB API Cobranças v2) for the run: each test stack is a beneficiary
  // of its own on it (its own convênio, its own webhook).
  const issuer = await startEmbeddedBb(['--webhook-retry-base-ms', '100']);
  process.env.LASTRO_TEST_BOLETO_ISSUER = JSON.stringify(issuer.info);
  process.env.LASTRO_TEST_BOLETO_ISSUER_PID = String(issuer.child.pid);
}

function provision(root: string, script: string): string {
  const out = execFileSync('bash', [path.join(root, 'scripts', script)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return out.trim().split('\n').pop() ?? '';
}

const quietBundlerLogger = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: (m: string) => console.warn(m),
  error: (m: string) => console.error(m),
  log: () => undefined,
};
