import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../../shared/logger';
import { collectProcessMetrics, registry, type ProcessRole } from './registry';
import { freePort } from './ports';
import type { MetricsSource } from './temporal-runtime';

/** Each process's operator port when OPS_PORT is not set: both run side by side on one host in dev. */
export const OPS_DEFAULT_PORTS: Record<ProcessRole, number> = { api: 9464, worker: 9465 };

/**
 * Operator ports for API and worker children of one launcher (`npm run dev`): OPS_PORT and the
 * next port when set; else the defaults when free, any free ports otherwise (a second stack on
 * the machine holds the defaults). Distinct, so the two children never fight over one.
 */
export async function launcherOpsPorts(opsPort: number | undefined, host: string): Promise<Record<ProcessRole, number>> {
  if (opsPort) return { api: opsPort, worker: opsPort + 1 };
  const api = await freePort(opsPort === 0 ? 0 : OPS_DEFAULT_PORTS.api, host);
  let worker = await freePort(opsPort === 0 ? 0 : OPS_DEFAULT_PORTS.worker, host);
  while (worker === api) worker = await freePort(0, host);
  return { api, worker };
}

const CHECK_TIMEOUT_MS = 2_000;

export interface OpsListenerOptions {
  role: ProcessRole;
  host: string;
  /** 0: any free port (its URL is logged and returned). */
  port: number;
  /** Readiness: each resolves when its dependency answers (PostgreSQL, Temporal, the worker running). */
  checks: Record<string, () => Promise<unknown>>;
  /** More Prometheus text appended to /metrics (the Temporal SDK's own metrics in the worker). */
  extraMetrics?: MetricsSource[];
  /** False (METRICS=off): no process metrics collected, /metrics answers 404. */
  metrics?: boolean;
  logger?: Logger;
}

export interface OpsListener {
  url: string;
  port: number;
  close(): Promise<void>;
}

async function readiness(checks: OpsListenerOptions['checks']): Promise<{ ok: boolean; checks: Record<string, 'ok' | 'unreachable'> }> {
  const names = Object.keys(checks);
  const results = await Promise.all(
    names.map((name) =>
      Promise.race([checks[name](), new Promise((_, reject) => setTimeout(reject, CHECK_TIMEOUT_MS).unref())]).then(
        () => 'ok' as const,
        () => 'unreachable' as const,
      ),
    ),
  );
  return { ok: results.every((r) => r === 'ok'), checks: Object.fromEntries(names.map((n, i) => [n, results[i]])) };
}

async function metricsText(extra: MetricsSource[]): Promise<string> {
  const parts = await Promise.all([registry.metrics(), ...extra.map((source) => source())]);
  return parts.filter(Boolean).join('\n');
}

function send(res: http.ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
  res.end(body);
}

/**
 * The operator listener: /metrics, /health/live and /health/ready on a port of their own, bound
 * to loopback unless OPS_HOST says otherwise, so the public API port never serves them. Rejects
 * with a message naming OPS_PORT when it cannot bind; the process entry stops on it.
 */
export async function startOpsListener(opts: OpsListenerOptions): Promise<OpsListener> {
  const metrics = opts.metrics ?? true;
  if (metrics) collectProcessMetrics(opts.role);
  const extra = opts.extraMetrics ?? [];
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET') return send(res, 405, 'text/plain', 'GET only\n');
    if (path === '/health/live') return send(res, 200, 'application/json', JSON.stringify({ status: 'ok', process: opts.role }));
    if (path === '/health/ready') {
      void readiness(opts.checks).then((r) => send(res, r.ok ? 200 : 503, 'application/json', JSON.stringify({ status: r.ok ? 'ok' : 'degraded', ...r.checks })));
      return;
    }
    if (path === '/metrics' && metrics) {
      metricsText(extra).then(
        (text) => send(res, 200, registry.contentType, text),
        (err) => {
          opts.logger?.warn({ err }, 'metrics: scrape failed');
          send(res, 500, 'text/plain', 'metrics unavailable\n');
        },
      );
      return;
    }
    if (path === '/metrics') return send(res, 404, 'text/plain', 'metrics are off (METRICS=off)\n');
    send(res, 404, 'text/plain', 'not found: /metrics, /health/live, /health/ready\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(new Error(`The ${opts.role} operator listener cannot listen on ${opts.host}:${opts.port} (${err.code ?? err.message}): stop the process that holds it, or set OPS_PORT`));
    });
    server.listen(opts.port, opts.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${port}`;
  opts.logger?.info({ opsUrl: url }, `${opts.role} operator listener on ${url} (/metrics, /health/live, /health/ready)`);
  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
