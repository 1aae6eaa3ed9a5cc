import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { pipeLines, stopChild, waitForPort } from '../shared/processes';
import { temporalServerEnv, withoutTracingEnv } from './child-env';
import { WITHDRAWAL_STAGE_ATTRIBUTE } from '../../workflows/withdrawals/withdrawal.contract';

/** Custom search attributes the workflows upsert (Keyword); a server without them fails those workflow tasks. */
const DEV_SEARCH_ATTRIBUTES = [WITHDRAWAL_STAGE_ATTRIBUTE] as const;

export interface DevTemporal {
  address: string;
  uiUrl: string;
  /** The server's process id; null when the Temporal SDK started it (it does not expose it). */
  pid: number | null;
  stop(): Promise<void>;
}

export interface DevTemporalOptions {
  root: string;
  /** The SQLite file its histories persist to; null keeps them in memory (gone when it stops). */
  dbFile: string | null;
  port: number;
  uiPort: number;
  log: (line: string) => void;
  /** The launcher's environment (process.env by default); the server gets it less OTEL_* (temporalServerEnv). The SDK's download path always takes this process's, less OTEL_* too. */
  env?: NodeJS.ProcessEnv;
  /** Server dynamic config (`--dynamic-config-value key=<JSON>`), e.g. for a benchmark. */
  dynamicConfig?: Record<string, string | number | boolean>;
}

/**
 * The Temporal dev server with its web UI, persisting to a SQLite file. It is the Temporal
 * CLI built by scripts/temporal-cli.sh (or TEMPORAL_CLI_PATH); on a machine without Go, the
 * Temporal SDK downloads the CLI itself.
 */
export async function startTemporalDevServer(opts: DevTemporalOptions): Promise<DevTemporal> {
  const cli = provisionCli(opts.root);
  const address = `127.0.0.1:${opts.port}`;
  const uiUrl = `http://127.0.0.1:${opts.uiPort}`;
  if (!cli) return startWithSdkDownload(opts, address, uiUrl);

  const child = spawn(
    cli,
    [
      'server',
      'start-dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(opts.port),
      '--ui-port',
      String(opts.uiPort),
      ...(opts.dbFile === null ? [] : ['--db-filename', opts.dbFile]),
      '--namespace',
      'default',
      '--log-level',
      'warn',
      ...DEV_SEARCH_ATTRIBUTES.flatMap((a) => ['--search-attribute', `${a.name}=Keyword`]),
      ...dynamicConfigArgs(opts.dynamicConfig),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: temporalServerEnv(opts.env ?? process.env) },
  );
  pipeLines(child, (l) => opts.log(`[temporal] ${l}`));
  await waitForPort(opts.port, 60_000, child);
  return { address, uiUrl, pid: child.pid ?? null, stop: () => stopChild(child, 15_000) };
}

function provisionCli(root: string): string {
  const out = execFileSync('bash', [path.join(root, 'scripts', 'temporal-cli.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return out.trim().split('\n').pop() ?? '';
}

function dynamicConfigArgs(values: DevTemporalOptions['dynamicConfig'] = {}): string[] {
  return Object.entries(values).flatMap(([key, value]) => ['--dynamic-config-value', `${key}=${JSON.stringify(value)}`]);
}

async function startWithSdkDownload(opts: DevTemporalOptions, address: string, uiUrl: string): Promise<DevTemporal> {
  // @temporalio/testing is a dev dependency: present after `npm ci`, which `npm run dev` assumes.
  const { TestWorkflowEnvironment } = await import('@temporalio/testing');
  const env = await withoutTracingEnv(() => TestWorkflowEnvironment.createLocal({
    server: {
      ip: '127.0.0.1',
      port: opts.port,
      ui: true,
      uiPort: opts.uiPort,
      ...(opts.dbFile === null ? {} : { dbFilename: opts.dbFile }),
      namespace: 'default',
      searchAttributes: [...DEV_SEARCH_ATTRIBUTES],
      extraArgs: dynamicConfigArgs(opts.dynamicConfig),
    },
  }));
  return { address, uiUrl, pid: null, stop: () => env.teardown() };
}

