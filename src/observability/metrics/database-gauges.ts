import { Gauge } from 'prom-client';
import type { Logger } from '../../shared/logger';
import { registry } from './registry';

/** Runs one SQL statement and returns its rows (an ORM connection's `execute`, or pg's). */
export type Sql = <T>(text: string) => Promise<T[]>;

export interface DatabaseGaugeOptions {
  /** Endpoints given a series of their own in lastro_webhook_backlog: the N with the largest backlog. */
  topEndpoints?: number;
  /** A reading is reused for this long, so many scrapers (or a fast one) cost one query round. */
  cacheMs?: number;
}

const DATABASE_GAUGES = ['lastro_webhook_backlog', 'lastro_webhook_backlog_all', 'lastro_outbox_lag_seconds', 'lastro_outbox_undispatched'];

interface Reading {
  backlog: { webhook_id: string; backlog: number }[];
  backlogAll: number;
  outboxLagSeconds: number;
  outboxUndispatched: number;
}

/**
 * Gauges read from PostgreSQL at scrape time, in the worker process (the database is the same
 * for every replica, so each worker reports the same values: aggregate them with max, not sum).
 * Both statements use partial indexes on the rows still owed work, so their cost follows the
 * backlog, not the tables.
 */
export function registerDatabaseGauges(sql: Sql, logger?: Logger, opts: DatabaseGaugeOptions = {}): void {
  const topEndpoints = opts.topEndpoints ?? 20;
  const cacheMs = opts.cacheMs ?? 5_000;
  let cached: { at: number; reading: Promise<Reading | undefined> } | undefined;

  const read = async (): Promise<Reading> => {
    const [backlog, [outbox]] = await Promise.all([
      sql<{ webhook_id: string; backlog: number; total: number }>(
        `select webhook_id, count(*)::int as backlog, (sum(count(*)) over ())::int as total
           from webhook_deliveries where attempt_requested_at is not null
          group by webhook_id order by backlog desc, webhook_id limit ${topEndpoints}`,
      ),
      sql<{ lag: number | null; undispatched: number }>(
        `select extract(epoch from now() - min(created_at))::float8 as lag, count(*)::int as undispatched from events where dispatched_at is null`,
      ),
    ]);
    return {
      backlog: backlog.map((r) => ({ webhook_id: r.webhook_id, backlog: Number(r.backlog) })),
      backlogAll: Number(backlog[0]?.total ?? 0),
      outboxLagSeconds: Math.max(0, Number(outbox?.lag ?? 0)),
      outboxUndispatched: Number(outbox?.undispatched ?? 0),
    };
  };

  // One reading per scrape for the four gauges; a failed one (PostgreSQL away) leaves them empty rather than stale.
  const reading = (): Promise<Reading | undefined> => {
    if (!cached || performance.now() - cached.at > cacheMs) {
      cached = {
        at: performance.now(),
        reading: read().catch((err) => {
          logger?.warn({ err }, 'metrics: database gauges not read');
          return undefined;
        }),
      };
    }
    return cached.reading;
  };

  // A second registration (a test's second stack) replaces the first, whose reader is closed.
  for (const name of DATABASE_GAUGES) registry.removeSingleMetric(name);
  new Gauge({
    name: 'lastro_webhook_backlog',
    help: `Webhook deliveries waiting for their first attempt, per endpoint (the ${topEndpoints} endpoints with the largest backlog)`,
    labelNames: ['webhook_id'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of (await reading())?.backlog ?? []) this.set({ webhook_id: r.webhook_id }, r.backlog);
    },
  });
  const scalar = (name: string, help: string, pick: (r: Reading) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const r = await reading();
        if (r) this.set(pick(r));
        else this.reset();
      },
    });
  scalar('lastro_webhook_backlog_all', 'Webhook deliveries waiting for their first attempt, all endpoints together', (r) => r.backlogAll);
  scalar('lastro_outbox_lag_seconds', 'Age of the oldest outbox event not dispatched yet (0 when none is waiting)', (r) => r.outboxLagSeconds);
  scalar('lastro_outbox_undispatched', 'Outbox events not dispatched yet', (r) => r.outboxUndispatched);
}
