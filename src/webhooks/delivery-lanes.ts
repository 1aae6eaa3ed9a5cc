import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Client as PgClient, Pool as PgPool, type QueryConfig } from 'pg';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { Config } from '../config';
import { idFloorAt } from '../shared/ids';
import type { Logger } from '../shared/logger';
import { nextStartable, orderingKey } from './delivery-order.rules';
import { ATTEMPT_TIMEOUT_MS } from './delivery-schedule.rules';
import { DELIVERIES_CHANNEL, SWEEP_PAYLOAD, deactivateGoneWebhook, markEndpointsFailing, markEndpointsRecovered, notSentMessage, sendAttempt, type AttemptResult } from './deliveries.service';
import type { Resolver } from './url-guard';
import { startRetryWorkflows } from './webhook-delivery-workflow.client';

/**
 * Delivery lanes: the worker process sends every delivery's first attempt straight from the
 * database, with no workflow (docs/webhooks.md, "How it works").
 *
 * - One lane per webhook (endpoint) in the whole deployment: a lane sends only while it holds the
 *   webhook's lease (`webhook_lanes`, renewed while the lane is in use; a worker that dies loses it when it
 *   ends, and another worker's lane takes over), so the per-endpoint cap and the per-entity order
 *   hold across worker processes. It reads its requested deliveries in event order (the claim
 *   only reads: no other lane reads them), POSTs them over keep-alive connections, started in
 *   event order, at most `perEndpoint` at a time and one at a time per entity
 *   (delivery-order.rules.ts), and hands each outcome to the writer; it claims its next batch
 *   while the last attempts of one are in flight. Rows it has read and not yet recorded are
 *   held in memory and left out of its claims. Lanes run side by side: a slow or dead endpoint
 *   holds its own lane only. All lanes together hold at most `maxInFlight` attempts (first come,
 *   first served, each lane queueing at most `perEndpoint`: fair shares).
 * - The writer records the outcomes of every lane in one statement per round (group commit).
 * - A failed attempt is handed to the delivery's retry workflow (Temporal), which sleeps the
 *   schedule durably; the row stays requested until the workflow has started, so a crash in
 *   between is finished by the lane that reads it next.
 * - An endpoint failing FAILING_AFTER_FAILURES times in a row is marked failing (webhook
 *   `failingSince`, event `webhook.failing`): its lane stops claiming and only probes it with
 *   one delivery after each of PROBE_DELAYS_MS, its other deliveries staying `pending` in the
 *   database (no capacity, no workflow). A 2xx clears the mark (`webhook.recovered`).
 * - Woken by the dispatch's `pg_notify` (webhook ids, sent at its commit) on a LISTEN
 *   connection, and by a sweep every `sweepMs` that reads which webhooks have requested
 *   deliveries: the backstop for a lost notification and for a lease that ended.
 */
export interface DeliveryLanesOptions {
  rootEm: EntityManager;
  /** For the lanes' own connections: the LISTEN client and a small pool for their statements. */
  databaseUrl: string;
  temporal: Client;
  taskQueue: string;
  allowlist: readonly string[];
  logger?: Logger;
  /** Tests inject a resolver; production uses the system's. */
  resolve?: Resolver;
  /** Attempts in flight per endpoint (one at a time per entity whatever this is; 1: one at a time for the endpoint). */
  perEndpoint?: number;
  /** Attempts in flight in this process, every endpoint together. */
  maxInFlight?: number;
  /** Deliveries a lane claims at a time. */
  batchSize?: number;
  sweepMs?: number;
  /** How often the process renews the leases of its lanes in use (one statement). */
  leaseRenewEveryMs?: number;
  /** A lane that has not run for this long (and is not probing a failing endpoint) lets its lease end: the next worker with work for it takes it. */
  leaseKeptIdleMs?: number;
}

/** A webhook's lane is a worker's for this long after each renewal (set by PostgreSQL's clock). */
const LANE_LEASE_MS = 30_000;
/** A lane takes its lease again before claiming when less than this is left of it (a renewal missed). */
const LEASE_MARGIN_MS = 5_000;
/** A lane whose webhook another worker holds tries again after this (the sweep wakes it). */
const LEASE_HELD_ELSEWHERE_MS = 5_000;
/** A row that failed in a lane (Temporal or PostgreSQL away) is read again after this. */
const FAILED_ROW_HELD_MS = 30_000;
/** No attempt starts on a claim older than this, so the attempt (at most 15 s) and its record land inside the lease. */
const CLAIM_FRESH_MS = LANE_LEASE_MS - ATTEMPT_TIMEOUT_MS - 5_000;
/** Failed attempts in a row after which an endpoint is marked failing and only probed. */
export const FAILING_AFTER_FAILURES = 5;
/** Waits between probes of a failing endpoint (the last repeats). */
export const PROBE_DELAYS_MS = [5_000, 30_000, 2 * 60_000, 5 * 60_000] as const;
/**
 * A claim that does not continue a backlog looks back this far in event time, not to the start of
 * the lane's rows: the rows delivered since the last vacuum keep their index entries, and walking
 * over all of them at every claim grew PostgreSQL's cost with each burst (docs/webhooks.md, "Claiming").
 */
export const CLAIM_LOOKBACK_MS = 5_000;
/** How often a lane claims from the start of its rows all the same: older rows (an event dispatched late, rows left unsent) wait at most this long. */
export const FULL_CLAIM_EVERY_MS = 5_000;
const DEFAULTS = { perEndpoint: 8, maxInFlight: 512, batchSize: 50, sweepMs: 1_000, leaseRenewEveryMs: 10_000, leaseKeptIdleMs: 60_000 };
/**
 * Connections of the lanes' pool. Their statements (leases, claims, outcomes, hand-offs, the sweep) go
 * through `pg` itself, as named prepared statements: the ORM's per-statement work (building,
 * inlining the parameters, its pool) was a tenth of the worker's CPU in a burst, and PostgreSQL
 * parses each statement once per connection.
 */
export const LANES_POOL_CONNECTIONS = 4;
/**
 * Every statement on the lanes' connections is planned for its values, their prepared statements
 * and the claim function's queries alike. With PostgreSQL's default, after five runs a statement
 * may keep a generic plan made without them: at 3,000 × 10 the claims then took 72-286 ms each
 * instead of 2-5, the outcome writes up to 290 ms, and the rounds three to four times as long.
 */
const POOL_SESSION = '-c plan_cache_mode=force_custom_plan';
const RECONNECT_MS = 1_000;

interface ClaimedRow {
  id: string;
  webhook_id: string;
  event_id: string | null;
  entity_type: string | null;
  entity_id: string | null;
  payload: Record<string, unknown>;
  attempt_count: number;
  status: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  is_active: boolean;
  deleted_at: Date | null;
}

/** Where a claim starts: after this (event, id) (the last row of a full claim, or a look-back bound in event time). */
interface ClaimCursor {
  eventId: string;
  id: string;
}

/** A claimed row and when its claim was made (no attempt starts on a claim older than CLAIM_FRESH_MS). */
type Claimed = ClaimedRow & { claimedAt: number };

/** One delivery's outcome as the writer records it. `sent: false`: the webhook was inactive or deleted, nothing was sent. */
interface OutcomeRecord {
  id: string;
  sent: boolean;
  at: string;
  url: string | null;
  return_status: number | null;
  return_data: Record<string, unknown> | null;
  error_message: string | null;
  status: string;
}

/** The lanes of a process with Lastro's configuration, started (the worker process runs them). */
export async function startDeliveryLanes(deps: { orm: { em: unknown }; config: Config; temporal: Client; logger?: Logger }, opts: Partial<DeliveryLanesOptions> = {}): Promise<DeliveryLanes> {
  const lanes = new DeliveryLanes({
    rootEm: deps.orm.em as EntityManager,
    databaseUrl: deps.config.databaseUrl,
    temporal: deps.temporal,
    taskQueue: deps.config.temporal.taskQueue,
    allowlist: deps.config.webhookAllowlist,
    perEndpoint: deps.config.webhookConcurrencyPerEndpoint,
    logger: deps.logger,
    ...opts,
  });
  await lanes.start();
  return lanes;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class DeliveryLanes {
  private readonly opts: Required<Omit<DeliveryLanesOptions, 'logger' | 'resolve'>> & Pick<DeliveryLanesOptions, 'logger' | 'resolve'>;
  private readonly lanes = new Map<string, Lane>();
  private readonly slots: Semaphore;
  private readonly writer: OutcomeWriter;
  private readonly db: PgPool;
  private readonly background = new Set<Promise<unknown>>();
  private listener: PgClient | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private renewTimer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private stopping: Promise<void> | null = null;
  stopped = false;
  /** This process's name in `webhook_lanes`. */
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  constructor(opts: DeliveryLanesOptions) {
    this.opts = { ...DEFAULTS, ...opts };
    this.slots = new Semaphore(this.opts.maxInFlight);
    this.db = new PgPool({ connectionString: this.opts.databaseUrl, max: LANES_POOL_CONNECTIONS, options: POOL_SESSION });
    // An idle connection that breaks (PostgreSQL restarting) is dropped from the pool; the next statement opens another.
    this.db.on('error', (err) => this.opts.logger?.warn({ err }, 'webhook lanes: a pooled connection failed'));
    this.writer = new OutcomeWriter((query, values) => this.execute(query, values), () => this.stopped, this.opts.logger);
  }

  async start(): Promise<void> {
    await this.listen();
    this.sweepTimer = setInterval(() => this.track(this.sweep()), this.opts.sweepMs);
    this.renewTimer = setInterval(() => this.track(this.renewLeases()), this.opts.leaseRenewEveryMs);
    this.track(this.sweep());
  }

  /** Stops claiming; lets attempts in flight finish and their outcomes be written; gives up the leases. Once, however often called. */
  stop(): Promise<void> {
    this.stopping ??= this.shutDown();
    return this.stopping;
  }

  private async shutDown(): Promise<void> {
    this.stopped = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    if (this.renewTimer) clearInterval(this.renewTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    for (const lane of this.lanes.values()) lane.cancelProbe();
    await Promise.allSettled([...this.lanes.values()].map((l) => l.idle()));
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
    await this.writer.drained();
    // Another worker's lanes take these webhooks over at once, not when the leases would end.
    await this.execute(LEAVE_LEASES, [this.owner]).catch((err: unknown) =>
      this.opts.logger?.warn({ err }, 'webhook lanes: leases not given up; they end by themselves'),
    );
    await this.db.end();
  }

  /** Wakes the lanes of these webhooks: they claim what is requested now. */
  wake(webhookIds: Iterable<string>): void {
    if (this.stopped) return;
    for (const id of webhookIds) {
      if (!id) continue;
      let lane = this.lanes.get(id);
      if (!lane) this.lanes.set(id, (lane = new Lane(id, this)));
      lane.wake();
    }
  }

  // --- what lanes share -------------------------------------------------------------------

  get options() {
    return this.opts;
  }

  track<T>(p: Promise<T>): void {
    const tracked = p.catch((err: unknown) => this.opts.logger?.warn({ err }, 'webhook lanes: background work failed')).finally(() => this.background.delete(tracked));
    this.background.add(tracked);
  }

  acquireSlot(): Promise<() => void> {
    return this.slots.acquire();
  }

  record(rec: OutcomeRecord): Promise<void> {
    return this.writer.write(rec);
  }

  /** One of the lanes' statements, on their pool (a `name` prepares it once per connection). */
  async execute<T>(query: Omit<QueryConfig, 'values'>, values: unknown[]): Promise<T[]> {
    return (await this.db.query({ ...query, values })).rows as T[];
  }

  // --- waking -----------------------------------------------------------------------------

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new PgClient({ connectionString: this.opts.databaseUrl });
    const reconnect = () => {
      if (this.stopped || this.listener !== client) return;
      this.listener = null;
      client.end().catch(() => undefined);
      this.reconnectTimer = setTimeout(() => this.track(this.listen()), RECONNECT_MS);
    };
    client.on('error', reconnect);
    client.on('end', reconnect);
    client.on('notification', (msg) => {
      if (msg.channel !== DELIVERIES_CHANNEL || !msg.payload) return;
      if (msg.payload === SWEEP_PAYLOAD) this.track(this.sweep());
      else this.wake(msg.payload.split(','));
    });
    this.listener = client;
    try {
      await client.connect();
      await client.query(`listen ${DELIVERIES_CHANNEL}`);
      // Whatever was notified while nobody listened.
      if (this.sweepTimer) this.track(this.sweep());
    } catch (err) {
      this.opts.logger?.warn({ err }, 'webhook lanes: LISTEN failed; retrying (the sweep keeps deliveries moving)');
      reconnect();
    }
  }

  /**
   * Renews, in one statement, the leases of the lanes in use: running, run in the last `leaseKeptIdleMs`, or probing a
   * failing endpoint (another worker's fresh lane would not know it is failing). A lane whose lease was not renewed (it
   * ended first) takes it again before its next claim; an idle lane's lease ends by itself.
   */
  private async renewLeases(): Promise<void> {
    if (this.stopped) return;
    const at = Date.now();
    const inUse = [...this.lanes.values()].filter((lane) => lane.inUse(at - this.opts.leaseKeptIdleMs));
    if (inUse.length === 0) return;
    const rows = await this.execute<{ webhook_id: string }>(RENEW_LEASES, [this.owner, inUse.map((lane) => lane.webhookId), LANE_LEASE_MS / 1000]);
    const renewed = new Set(rows.map((r) => r.webhook_id));
    for (const lane of inUse) lane.leaseRenewed(renewed.has(lane.webhookId) ? at + LANE_LEASE_MS : 0);
  }

  /** The webhooks with requested deliveries: `webhooks_with_requested_deliveries()`, a skip scan of the partial index, one probe per webhook whatever its backlog (see its migration). */
  private async sweep(): Promise<void> {
    if (this.stopped) return;
    const rows = await this.execute<{ webhook_id: string }>({ name: 'lanes_sweep', text: `select webhook_id from webhooks_with_requested_deliveries() as webhook_id` }, []);
    this.wake(rows.map((r) => r.webhook_id));
  }
}

/** One webhook's lane (see DeliveryLanes). */
class Lane {
  private running: Promise<void> | null = null;
  /** Rows read and not yet recorded (or handed off): left out of the lane's claims, until the time given. */
  private readonly held = new Map<string, number>();
  /** Until when this process holds the webhook's lease (0: not held). */
  private leaseUntil = 0;
  /** Another worker held the webhook's lease: not tried again before then. */
  private elsewhereUntil = 0;
  private woken = false;
  private failures = 0;
  private failing = false;
  private probes = 0;
  private probeAt = 0;
  private probeTimer: NodeJS.Timeout | null = null;
  /** When the lane last claimed from the start of its rows (0: its next claim does). */
  private fullClaimAt = 0;
  /** When the lane's last run ended (0: never run). */
  private ranAt = 0;

  constructor(
    readonly webhookId: string,
    private readonly lanes: DeliveryLanes,
  ) {}

  wake(): void {
    this.woken = true;
    if (this.running || this.lanes.stopped) return;
    if (this.failing && Date.now() < this.probeAt) return; // the probe timer wakes it
    if (Date.now() < this.elsewhereUntil) return; // the sweep wakes it
    this.running = this.run()
      .catch((err: unknown) => this.lanes.options.logger?.warn({ err, webhookId: this.webhookId }, 'webhook lane failed; the sweep wakes it again'))
      .finally(() => {
        this.running = null;
        this.ranAt = Date.now();
        if (this.woken && !this.lanes.stopped) this.wake();
      });
  }

  /** Whether its lease is worth renewing: the lane is running, probing a failing endpoint, or ran since `since`. */
  inUse(since: number): boolean {
    return this.running !== null || this.failing || this.ranAt >= since;
  }

  cancelProbe(): void {
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeTimer = null;
  }

  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  /**
   * Sends the lane's deliveries until none is requested: claims a batch in event order, starts its rows at most
   * `perEndpoint` at a time and one at a time per entity (an event waits while an earlier event of the same entity is
   * in flight), and claims the next batch as soon as nothing claimed is left to start, while the last attempts are
   * still in flight, so a burst never waits for a batch's slowest answer. Stops early (releasing what it claimed and
   * did not start) on a failure that changes the lane's pace.
   */
  private async run(): Promise<void> {
    const { batchSize, perEndpoint } = this.lanes.options;
    const pending: Claimed[] = [];
    const inFlight = new Set<string>();
    let stop = false;
    let claiming = false;
    // The last claim came back full, or continued after the cursor: more may be requested even with no new wake.
    let more = true;
    // Where the last claim ended when it came back full (claims go in event order): while a backlog lasts, the next
    // claim starts after it in the partial index instead of stepping over every row the run has in flight or has just
    // delivered, whose index entries stay until vacuum. Otherwise the claim starts at `claimFrom`.
    let after: ClaimCursor | null = null;
    const one = async (row: ClaimedRow): Promise<void> => {
      // The row's record goes on in the background; the lane holds the row until it is done (a failure: FAILED_ROW_HELD_MS).
      const releaseAfter = (work: Promise<unknown>) => this.lanes.track(work.then(() => this.release(row.id)));
      if (row.attempt_count > 0) return this.finishHandOff(row).then(() => this.release(row.id));
      if (!row.is_active || row.deleted_at) return releaseAfter(this.lanes.record(notSent(row)));
      const release = await this.lanes.acquireSlot();
      let result: AttemptResult;
      try {
        const webhook = { url: row.url, secret: row.secret, previousSecret: row.previous_secret, previousSecretExpiresAt: row.previous_secret_expires_at };
        result = await sendAttempt(webhook, row.event_id ?? row.id, row.payload, row.attempt_count, { allowlist: this.lanes.options.allowlist, resolve: this.lanes.options.resolve });
      } finally {
        release();
      }
      const written = this.lanes.record(outcomeRecord(row.id, result));
      releaseAfter(result.status === 'retrying' ? written.then(() => this.handOff(row, result)) : written);
      if (result.status === 'success') {
        this.failures = 0;
        if (this.failing) this.recovered();
        return;
      }
      this.failures += 1;
      if (result.returnStatus === 410) {
        // The endpoint asked us to stop: the next claim reads the webhook inactive.
        stop = true;
        this.lanes.track(this.lanes.options.rootEm.fork().transactional((em) => deactivateGoneWebhook(em, this.webhookId)));
      }
      if (this.failing || this.failures >= FAILING_AFTER_FAILURES) {
        stop = true;
        this.backOff();
      }
    };
    await new Promise<void>((resolve, reject) => {
      let failure: unknown = null;
      const pump = (): void => {
        while (inFlight.size < perEndpoint && !stop && !this.lanes.stopped) {
          const i = nextStartable(pending, inFlight);
          if (i < 0 || Date.now() - pending[i].claimedAt > CLAIM_FRESH_MS) break;
          const [row] = pending.splice(i, 1);
          const key = orderingKey(row);
          inFlight.add(key);
          one(row)
            .catch((err: unknown) => this.lanes.options.logger?.warn({ err, deliveryId: row.id }, 'webhook delivery read again later'))
            .finally(() => {
              inFlight.delete(key);
              pump();
            });
        }
        const paced = this.failing && Date.now() < this.probeAt;
        if (!claiming && pending.length === 0 && inFlight.size < perEndpoint && (more || this.woken) && !stop && !this.lanes.stopped && !paced) {
          claiming = true;
          this.woken = false;
          const limit = this.failing ? 1 : batchSize;
          const claimedAt = Date.now();
          const cursor = after;
          this.claim(limit, cursor).then(
            (rows) => {
              claiming = false;
              const full = rows.length === limit;
              const last = rows.at(-1);
              after = full && last ? { eventId: last.event_id ?? '', id: last.id } : null;
              // Claims after the cursor stepped over rows committed behind it meanwhile (requests commit out of event id
              // order): when the backlog ends, one more claim looks back for them rather than leaving them to the sweep.
              more = full || cursor !== null;
              for (const row of rows) pending.push({ ...row, claimedAt });
              pump();
            },
            (err: unknown) => {
              claiming = false;
              stop = true;
              failure = err;
              pump();
            },
          );
        }
        // Nothing in flight and nothing being claimed: nothing more will start in this run.
        if (!claiming && inFlight.size === 0) {
          if (failure) reject(failure);
          else resolve();
        }
      };
      pump();
    }).finally(() => {
      if (pending.length === 0) return;
      for (const row of pending) this.release(row.id);
      // Rows left unsent may sort before the look-back: the next claim starts from the start.
      this.fullClaimAt = 0;
    });
  }

  /** A row's outcome is recorded (or it was left unsent): later claims may read it again if it is still requested. */
  private release(id: string): void {
    this.held.delete(id);
  }

  /**
   * Where a claim that does not continue a backlog starts: at the start of the lane's rows once every
   * FULL_CLAIM_EVERY_MS (and always while the endpoint is failing: its probe is its oldest row), else
   * CLAIM_LOOKBACK_MS back in event time. A row committed late with an earlier event id (requests commit
   * out of id order) is inside the look-back; one older than that waits for the next claim from the start.
   */
  private claimFrom(): ClaimCursor | null {
    const now = Date.now();
    if (this.failing || now - this.fullClaimAt >= FULL_CLAIM_EVERY_MS) {
      this.fullClaimAt = now;
      return null;
    }
    return { eventId: idFloorAt('evt', now - CLAIM_LOOKBACK_MS), id: '' };
  }

  /**
   * Reads up to `limit` of the webhook's requested deliveries in event order, after `cursor` if given (else from where
   * `claimFrom` says), with the webhook as it is now, leaving out the rows the lane holds: one call of `claim_webhook_deliveries` (a database function for
   * the plan it pins; see Migration20261127150000WebhookLaneLeases). Takes or renews the webhook's lease first when it
   * is due; nothing is read while another worker holds it.
   */
  private async claim(limit: number, cursor: ClaimCursor | null): Promise<ClaimedRow[]> {
    if (!(await this.holdLease())) return [];
    const after = cursor ?? this.claimFrom();
    const now = Date.now();
    for (const [id, until] of this.held) if (until <= now) this.held.delete(id);
    const rows = await this.lanes.execute<ClaimedRow>({ name: 'lanes_claim', text: `select * from claim_webhook_deliveries($1, $2, $3, $4, $5, $6)` }, [
      this.webhookId,
      this.lanes.owner,
      after?.eventId ?? null,
      after?.id ?? null,
      limit,
      [...this.held.keys()],
    ]);
    // Held until recorded; a row whose attempt or record fails is read again after FAILED_ROW_HELD_MS.
    for (const row of rows) this.held.set(row.id, now + FAILED_ROW_HELD_MS);
    return rows;
  }

  /** Holds the webhook's lease: taken (or taken again) unless more than LEASE_MARGIN_MS of it is left; false while another worker holds it. */
  private async holdLease(): Promise<boolean> {
    const asked = Date.now();
    if (this.leaseUntil - asked > LEASE_MARGIN_MS) return true;
    const [taken] = await this.lanes.execute<{ owner: string }>(TAKE_LEASE, [this.webhookId, this.lanes.owner, LANE_LEASE_MS / 1000]);
    if (!taken) {
      this.leaseUntil = 0;
      this.elsewhereUntil = asked + LEASE_HELD_ELSEWHERE_MS;
      return false;
    }
    // Taken anew, not kept: what its last holder left (or what waited meanwhile) may sort before the look-back.
    if (this.leaseUntil <= asked) this.fullClaimAt = 0;
    this.leaseUntil = asked + LANE_LEASE_MS;
    this.elsewhereUntil = 0;
    return true;
  }

  /** The process's renewal: until when the lease is now held (0: it had ended, and another worker may hold it). */
  leaseRenewed(until: number): void {
    this.leaseUntil = until;
  }

  /** After a failed first attempt was recorded: its retry workflow takes it; then it is no lane's any more. */
  private async handOff(row: ClaimedRow, result: AttemptResult): Promise<void> {
    await startRetryWorkflows(this.lanes.options.temporal, this.lanes.options.taskQueue, [
      { deliveryId: row.id, webhookId: row.webhook_id, attemptsBefore: result.attemptCount, firstDelayMs: result.nextDelayMs },
    ]);
    await this.lanes.execute(HANDED_OFF, [row.id]);
  }

  /** A row claimed again after its first attempt was recorded (a worker died before the hand-off ended): finish the hand-off. */
  private async finishHandOff(row: ClaimedRow): Promise<void> {
    if (row.status === 'retrying') {
      // Recorded at least a lease ago, longer than the schedule's first wait: the next attempt is due.
      await startRetryWorkflows(this.lanes.options.temporal, this.lanes.options.taskQueue, [
        { deliveryId: row.id, webhookId: row.webhook_id, attemptsBefore: row.attempt_count, firstDelayMs: null },
      ]);
    }
    await this.lanes.execute(HANDED_OFF, [row.id]);
  }

  private backOff(): void {
    if (!this.failing) {
      this.failing = true;
      this.probes = 0;
      this.lanes.track(markEndpointsFailing(this.lanes.options.rootEm, [this.webhookId]));
    }
    const delay = PROBE_DELAYS_MS[Math.min(this.probes, PROBE_DELAYS_MS.length - 1)];
    this.probes += 1;
    this.probeAt = Date.now() + delay;
    this.cancelProbe();
    this.probeTimer = setTimeout(() => {
      this.probeTimer = null;
      this.wake();
    }, delay);
  }

  private recovered(): void {
    this.failing = false;
    this.probes = 0;
    this.probeAt = 0;
    // What waited while it failed is older than the look-back: the next claim starts from the start.
    this.fullClaimAt = 0;
    this.cancelProbe();
    this.lanes.track(this.lanes.options.rootEm.fork().transactional((em) => markEndpointsRecovered(em, [this.webhookId])));
  }
}

/** The outcomes of a round of attempts, in one statement (OutcomeWriter.flush). */
const OUTCOMES = {
  name: 'lanes_outcomes',
  text: `update webhook_deliveries d set
           attempt_count = d.attempt_count + (case when o.sent then 1 else 0 end),
           last_attempt_at = case when o.sent then o.at else d.last_attempt_at end,
           url = coalesce(o.url, d.url),
           return_status = case when o.sent then o.return_status else d.return_status end,
           return_data = case when o.sent then o.return_data else d.return_data end,
           error_message = o.error_message,
           status = o.status,
           updated_at = now(),
           attempt_requested_at = case when o.status = 'retrying' then d.attempt_requested_at end
         from jsonb_to_recordset($1::jsonb) as o(id text, sent boolean, at timestamptz, url text, return_status int, return_data jsonb, error_message text, status text)
         where d.id = o.id and d.id = any(array(select jsonb_array_elements_text($2::jsonb)))`,
};

/** The leases of a process's lanes in use, renewed (those that ended meanwhile are not: another worker may hold them now). */
const RENEW_LEASES = {
  name: 'lanes_renew_leases',
  text: `update webhook_lanes set lease_until = now() + make_interval(secs => $3) where webhook_id = any($2) and owner = $1 and lease_until > now() returning webhook_id`,
};

/** Every lease of a stopping process, ended now. */
const LEAVE_LEASES = { name: 'lanes_leave', text: `update webhook_lanes set lease_until = now() where owner = $1` };

/** A row its retry workflow has taken: no lane's any more. */
const HANDED_OFF = { name: 'lanes_handed_off', text: `update webhook_deliveries set attempt_requested_at = null where id = $1` };

/** The webhook's lease taken (free or ended) or renewed (already this process's); no row when another worker holds it. */
const TAKE_LEASE = {
  name: 'lanes_take_lease',
  text: `insert into webhook_lanes as l (webhook_id, owner, lease_until) values ($1, $2, now() + make_interval(secs => $3))
         on conflict (webhook_id) do update set owner = excluded.owner, lease_until = excluded.lease_until
          where l.owner = excluded.owner or l.lease_until < now()
         returning l.owner`,
};

function outcomeRecord(id: string, r: AttemptResult): OutcomeRecord {
  return { id, sent: true, at: r.at.toISOString(), url: r.url, return_status: r.returnStatus, return_data: r.returnData, error_message: r.errorMessage, status: r.status };
}

function notSent(row: ClaimedRow): OutcomeRecord {
  return { id: row.id, sent: false, at: new Date().toISOString(), url: null, return_status: null, return_data: null, error_message: notSentMessage(!!row.deleted_at), status: 'failed' };
}

/**
 * Records the outcomes of every lane, many per statement: while one write is in flight the
 * next outcomes gather, and go together when it ends. A failed write (PostgreSQL restarting) is
 * tried again; the rows stay requested meanwhile, and a lane that reads one again only sends
 * the delivery again (same webhook-id).
 */
class OutcomeWriter {
  private queue: Array<{ rec: OutcomeRecord; resolve: () => void; reject: (err: unknown) => void }> = [];
  private writing: Promise<void> | null = null;

  constructor(
    private readonly execute: (query: Omit<QueryConfig, 'values'>, values: unknown[]) => Promise<unknown>,
    private readonly stopping: () => boolean,
    private readonly logger?: Logger,
  ) {}

  write(rec: OutcomeRecord): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ rec, resolve, reject });
      this.writing ??= this.loop().finally(() => {
        this.writing = null;
      });
    });
  }

  async drained(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async loop(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, 1000);
      for (let tries = 1; ; tries++) {
        try {
          await this.flush(batch.map((b) => b.rec));
          for (const b of batch) b.resolve();
          break;
        } catch (err) {
          // Stopping: a few more tries, then the leases end and the deliveries are sent again.
          if (this.stopping() && tries >= 5) {
            for (const b of batch) b.reject(err);
            break;
          }
          this.logger?.warn({ err, outcomes: batch.length }, 'webhook outcomes not recorded yet; retrying');
          await sleep(Math.min(5_000, 200 * tries));
        }
      }
    }
  }

  /**
   * One statement for the whole batch; a failure stays requested (and held by its lane) until its hand-off to the retry workflow.
   * The ids as an array give the planner an index scan; joined to the record set alone (estimated at 100 rows), the
   * table is read whole.
   */
  private async flush(records: OutcomeRecord[]): Promise<void> {
    await this.execute(OUTCOMES, [JSON.stringify(records), JSON.stringify(records.map((r) => r.id))]);
  }
}

/** At most `size` holders at a time; waiters are served in arrival order. */
class Semaphore {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(size: number) {
    this.free = size;
  }

  async acquire(): Promise<() => void> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    };
  }
}
