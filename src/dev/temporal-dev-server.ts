import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeLines, stopChild, waitForPort } from '../shared/processes';
import { temporalServerEnv, withoutTracingEnv } from './child-env';
import { formatElapsed, startHeartbeat } from './heartbeat';
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
  /** Serves the server's Prometheus metrics on this port (`/metrics`): a benchmark counts the calls its clients made. */
  metricsPort?: number;
}

/**
 * The Temporal dev server with its web UI, persisting to a SQLite file. It is the Temporal
 * CLI built by scripts/temporal-cli.sh (or TEMPORAL_CLI_PATH); on a machine without Go, the
 * Temporal SDK downloads the CLI itself.
 */
export async function startTemporalDevServer(opts: DevTemporalOptions): Promise<DevTemporal> {
  const cli = await provisionCli(opts.root, opts.log);
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
      ...metricsArgs(opts.metricsPort),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: temporalServerEnv(opts.env ?? process.env) },
  );
  pipeLines(child, (l) => opts.log(`[temporal] ${l}`));
  await waitForPort(opts.port, 60_000, child);
  return { address, uiUrl, pid: child.pid ?? null, stop: () => stopChild(child, 15_000) };
}

/** What scripts/temporal-cli.sh says on stderr when it starts the long part: a build, or waiting for another's. */
const BUILD_STARTS = /^temporal-cli: (building|another process is building)/;

/**
 * Runs scripts/temporal-cli.sh and returns the CLI's path ('' without go). Its messages go to the
 * log; while it builds (minutes, the first time on a machine) a heartbeat line every 15 s says so.
 */
async function provisionCli(root: string, log: (line: string) => void): Promise<string> {
  const child = spawn('bash', [path.join(root, 'scripts', 'temporal-cli.sh')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  let heartbeat: ReturnType<typeof startHeartbeat> | undefined;
  const stderr: string[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => {
    stderr.push(line);
    log(`[temporal-cli] ${line}`);
    if (!heartbeat && BUILD_STARTS.test(line)) heartbeat = startHeartbeat({ log, label: 'building the Temporal CLI', expected: 'usually 7-18 minutes on 2 cores, once per machine; later runs reuse it' });
  });
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const took = heartbeat?.stop();
  if (code !== 0) throw new Error(`scripts/temporal-cli.sh failed (exit ${code}):\n${stderr.slice(-20).join('\n')}`);
  if (took !== undefined) log(`[dev] the Temporal CLI is built (${formatElapsed(took)})`);
  return stdout.trim().split('\n').pop() ?? '';
}

const metricsArgs = (port: number | undefined): string[] => (port ? ['--metrics-port', String(port)] : []);

function dynamicConfigArgs(values: DevTemporalOptions['dynamicConfig'] = {}): string[] {
  return Object.entries(values).flatMap(([key, value]) => ['--dynamic-config-value', `${key}=${JSON.stringify(value)}`]);
}

async function startWithSdkDownload(opts: DevTemporalOptions, address: string, uiUrl: string): Promise<DevTemporal> {
  // @temporalio/testing is a dev dependency: present after `npm ci`, which `npm run dev` assumes.
  const { TestWorkflowEnvironment } = await import('@temporalio/testing');
  opts.log('[dev] no go on this machine: the Temporal SDK downloads the Temporal CLI (the first run only, some 40 MB) and starts it');
  const heartbeat = startHeartbeat({ log: opts.log, label: 'downloading and starting the Temporal CLI', expected: 'usually under a minute, once per machine' });
  const env = await withoutTracingEnv(() => TestWorkflowEnvironment.createLocal({
    server: {
      ip: '127.0.0.1',
      port: opts.port,
      ui: true,
      uiPort: opts.uiPort,
      ...(opts.dbFile === null ? {} : { dbFilename: opts.dbFile }),
      namespace: 'default',
      searchAttributes: [...DEV_SEARCH_ATTRIBUTES],
      extraArgs: [...dynamicConfigArgs(opts.dynamicConfig), ...metricsArgs(opts.metricsPort)],
    },
  })).finally(() => heartbeat.stop());
  return { address, uiUrl, pid: null, stop: () => env.teardown() };
}

