import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { recordEvent } from '../events/outbox';
import { conflict, notFound } from '../http/errors';
import { creationPage } from '../http/pagination';
import { iso } from '../db/base.entity';
import { prepared, readWithNext } from '../db/direct-sql-connection';
import type { Event } from '../events/event.entity';
import { isWebhookEventType } from '../events/catalog';
import { newId } from '../shared/ids';
import { observeWebhookAttempt } from '../observability/metrics/webhooks';
import type { AttemptOutcome, WebhookDeliveryInput } from '../../workflows/webhooks/webhook-delivery.contract';
import { honoursRetryAfter, isSuccessStatus, nextRetryDelayMs, parseRetryAfterMs, statusAfterAttempt, type DeliveryStatus } from './delivery-schedule.rules';
import type { Resolver } from './url-guard';
import { sendWebhookRequest, type WebhookResponse } from './webhook-sender';
import { signatureHeaders } from './webhook-signature';
import { requestDeliveryAttemptNow } from './webhook-delivery-workflow.client';
import { Webhook, WebhookDelivery } from './webhook.entity';
import { bumpVersion, toWebhookView } from './webhooks.service';
import type { DeliverySummaryView, DeliveryView, ListDeliveriesQuery } from './webhooks.schemas';

export function toDeliverySummaryView(d: WebhookDelivery): DeliverySummaryView {
  return {
    id: d.id,
    companyId: d.companyId,
    webhookId: d.webhookId,
    eventId: d.eventId,
    eventType: d.eventType,
    entityType: d.entityType,
    entityId: d.entityId,
    url: d.url,
    status: d.status,
    attemptCount: d.attemptCount,
    returnStatus: d.returnStatus,
    errorMessage: d.errorMessage,
    lastAttemptAt: iso(d.lastAttemptAt),
    createdAt: iso(d.createdAt),
    updatedAt: iso(d.updatedAt),
  };
}

export function toDeliveryView(d: WebhookDelivery): DeliveryView {
  return { ...toDeliverySummaryView(d), payload: d.payload, returnData: d.returnData as DeliveryView['returnData'] };
}

export async function getDelivery(em: EntityManager, companyId: string, id: string): Promise<WebhookDelivery> {
  const delivery = await em.findOne(WebhookDelivery, { id, companyId });
  if (!delivery) throw notFound('Webhook delivery');
  return delivery;
}

export async function listDeliveries(em: EntityManager, companyId: string, q: ListDeliveriesQuery): Promise<{ deliveries: WebhookDelivery[]; total: number }> {
  const where: Record<string, unknown> = { companyId };
  if (q.webhookId) where.webhookId = q.webhookId;
  if (q.eventType) where.eventType = q.eventType;
  if (q.status) where.status = q.status;
  if (q.from || q.to) where.createdAt = { ...(q.from ? { $gte: new Date(q.from) } : {}), ...(q.to ? { $lte: new Date(q.to) } : {}) };
  const dir = q.sort === 'createdAt.asc' ? 'asc' : 'desc';
  // Ordered by createdAt, then the id (time-ordered), which breaks ties within one instant.
  const page = await creationPage(em, WebhookDelivery, { companyId }, q, dir, 'Webhook delivery');
  const [found, total] = await em.findAndCount(WebhookDelivery, page.where(where), page.options);
  return { deliveries: page.inListOrder(found), total };
}

// ---------------------------------------------------------------------------------------
// Dispatch: event → deliveries, requested for the delivery lanes

/** The channel a dispatch notifies (at its commit) with the webhook ids that have new deliveries; the worker's lanes listen. */
export const DELIVERIES_CHANNEL = 'lastro_webhook_deliveries';

/** PostgreSQL refuses a notification payload of 8,000 bytes or more: past that, `*` asks the lanes for a sweep instead. */
const NOTIFY_PAYLOAD_MAX = 7_900;
export const SWEEP_PAYLOAD = '*';
const notifyPayload = (webhookIds: string[]): string => {
  const joined = webhookIds.join(',');
  return joined.length < NOTIFY_PAYLOAD_MAX ? joined : SWEEP_PAYLOAD;
};

type ActiveWebhook = Pick<Webhook, 'id' | 'url' | 'events'>;

/** A company's active webhooks, read once per dispatch transaction: the events it dispatches together share them. */
const activeWebhooksByTransaction = new WeakMap<EntityManager, Map<string, Promise<ActiveWebhook[]>>>();

// Written out: every event of every company passes here, and the ORM's query building costs more than the statement.
const ACTIVE_WEBHOOKS_SQL = prepared(`select id, url, events from webhooks where company_id = ? and is_active and deleted_at is null`);

function activeWebhooks(em: EntityManager, companyId: string, prefetch = false): Promise<ActiveWebhook[]> {
  let byCompany = activeWebhooksByTransaction.get(em);
  if (!byCompany) activeWebhooksByTransaction.set(em, (byCompany = new Map()));
  let found = byCompany.get(companyId);
  if (!found) {
    found = prefetch ? readWithNext<ActiveWebhook[]>(em, ACTIVE_WEBHOOKS_SQL, [companyId]) : em.execute<ActiveWebhook[]>(ACTIVE_WEBHOOKS_SQL, [companyId]);
    byCompany.set(companyId, found);
  }
  return found;
}

/**
 * Starts reading these companies' active webhooks for a dispatch in `em`'s transaction: a direct
 * transaction sends the reads with its next statement (`readWithNext`). Its error, if any, is
 * the dispatch's, when it reads them.
 */
export function prefetchActiveWebhooks(em: EntityManager, companyIds: string[]): void {
  for (const companyId of new Set(companyIds)) activeWebhooks(em, companyId, true).catch(() => undefined);
}

const subscribes = (w: ActiveWebhook, type: string): boolean => w.events.length === 0 || w.events.includes(type);

/**
 * Creates one `pending` delivery per active, non-deleted webhook of each event's company that
 * is subscribed to its type (or to everything), requested for its lane, and notifies the lanes
 * (`pg_notify`, delivered only if the dispatch transaction commits): one statement for all the
 * events a dispatch takes together. The unique (eventId, webhookId) makes a second dispatch of
 * the same event a no-op. Returns the webhook ids notified.
 */
export async function createDeliveriesForEvents(em: EntityManager, events: readonly Event[]): Promise<string[]> {
  const rows = [];
  for (const event of events) {
    if (!isWebhookEventType(event.type)) continue;
    for (const w of await activeWebhooks(em, event.companyId)) {
      if (subscribes(w, event.type)) rows.push({ id: newId('whd'), webhook_id: w.id, event_id: event.id, url: w.url });
    }
  }
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.webhook_id))];
  // The event's fields and payload come from its row, locked by this dispatch, not from here: the
  // statement carries each payload once, not once per webhook. The event ids as an array give the
  // planner an index scan of events (joined to the record set alone, it may read the table whole).
  await em.execute(
    `with inserted as (
       insert into webhook_deliveries (id, company_id, webhook_id, event_id, event_type, entity_type, entity_id, url, payload, status, attempt_count, attempt_requested_at, created_at, updated_at)
       select r.id, e.company_id, r.webhook_id, e.id, e.type, e.entity_type, e.entity_id, r.url, e.payload, 'pending', 0, now(), now(), now()
         from jsonb_to_recordset(?::jsonb) as r(id text, webhook_id text, event_id text, url text)
         join events e on e.id = r.event_id
        where e.id = any(array(select jsonb_array_elements_text(?::jsonb)))
       on conflict (event_id, webhook_id) do nothing
       returning 1)
     select (select count(*) from inserted)::int as inserted, pg_notify(?, ?)`,
    [JSON.stringify(rows), JSON.stringify([...new Set(rows.map((r) => r.event_id))]), DELIVERIES_CHANNEL, notifyPayload(ids)],
  );
  return ids;
}

/** One event's deliveries (createDeliveriesForEvents). */
export const createDeliveriesForEvent = (em: EntityManager, event: Event): Promise<string[]> => createDeliveriesForEvents(em, [event]);

/**
 * The retry endpoint: the attempt lands on the same delivery and increments its attemptCount.
 * Any delivery can be retried: its retry workflow attempts now (a running one skips its wait, a
 * finished or never-started one gets a new run). A delivery still waiting for its lane's first
 * attempt is taken from the lane, so the lane does not send it later; a lane that had already read
 * it may send it too (two attempts, both recorded, under the same webhook-id).
 */
export async function retryDelivery(em: EntityManager, temporal: Client, taskQueue: string, companyId: string, id: string): Promise<void> {
  const delivery = await getDelivery(em, companyId, id);
  const webhook = await em.findOne(Webhook, { id: delivery.webhookId });
  if (!webhook || webhook.deletedAt) throw conflict('webhook_deleted', 'The webhook of this delivery was deleted');
  if (!webhook.isActive) throw conflict('webhook_inactive', 'The webhook of this delivery is inactive; activate it (PATCH /webhooks/{id}/status) to retry');
  if (delivery.attemptCount === 0) {
    await em.execute(`update webhook_deliveries set attempt_requested_at = null where id = ? and attempt_count = 0`, [delivery.id]);
  }
  const input: WebhookDeliveryInput = { deliveryId: delivery.id, webhookId: delivery.webhookId, attemptsBefore: delivery.attemptCount, firstDelayMs: null };
  await requestDeliveryAttemptNow(temporal, taskQueue, input);
}

// ---------------------------------------------------------------------------------------
// One attempt

export interface AttemptOptions {
  allowlist: readonly string[];
  resolve?: Resolver;
}

/**
 * The body sent: the envelope with its keys in a fixed, readable order (PostgreSQL's jsonb
 * does not keep key order), identical on every attempt.
 */
export function envelopeBody(payload: Record<string, unknown>): string {
  const { id, event, companyId, createdAt, data, ...rest } = payload;
  return JSON.stringify({ id, event, companyId, createdAt, data, ...rest });
}

/** What an attempt needs of its webhook. */
export type SigningWebhook = Pick<Webhook, 'url' | 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>;

/** The secrets that sign now: the current one, and the previous one while a rotation overlaps. */
function signingSecrets(webhook: SigningWebhook, now: Date): string[] {
  const overlapping = webhook.previousSecret && webhook.previousSecretExpiresAt && webhook.previousSecretExpiresAt > now;
  return overlapping ? [webhook.secret, webhook.previousSecret!] : [webhook.secret];
}

function describeFailure(response: WebhookResponse): string | null {
  if (response.kind === 'error') return response.message;
  if (isSuccessStatus(response.status)) return null;
  if (response.status >= 300 && response.status < 400) return `HTTP ${response.status}: redirects are not followed`;
  if (response.status === 410) return 'HTTP 410 Gone: the webhook was deactivated';
  return `HTTP ${response.status}`;
}

/** One attempt's result, as recorded on the delivery. */
export interface AttemptResult {
  at: Date;
  url: string;
  returnStatus: number | null;
  returnData: Record<string, unknown> | null;
  errorMessage: string | null;
  /** The attempt count after this attempt. */
  attemptCount: number;
  status: DeliveryStatus;
  /** The wait before the next attempt (a Retry-After honoured), null when finished. */
  nextDelayMs: number | null;
}

/**
 * Signs and POSTs one attempt of `payload` (envelope) to the webhook's current URL: the URL is
 * checked and resolved again, the connection pinned to the checked address (webhook-sender.ts).
 * Never throws for an HTTP failure: it is an outcome. `attemptsBefore`: the delivery's count.
 */
export async function sendAttempt(webhook: SigningWebhook, eventId: string, payload: Record<string, unknown>, attemptsBefore: number, opts: AttemptOptions): Promise<AttemptResult> {
  const now = new Date();
  const body = envelopeBody(payload);
  const headers = signatureHeaders(signingSecrets(webhook, now), eventId, Math.floor(now.getTime() / 1000), body);
  const started = performance.now();
  const response = await sendWebhookRequest({ url: webhook.url, body, headers, allowlist: opts.allowlist, resolve: opts.resolve });
  const returnStatus = response.kind === 'response' ? response.status : null;
  const attemptCount = attemptsBefore + 1;
  const status = statusAfterAttempt(returnStatus, attemptCount);
  observeWebhookAttempt(status, started);
  const retryAfterMs = response.kind === 'response' && honoursRetryAfter(response.status) ? parseRetryAfterMs(response.retryAfter, Date.now()) : null;
  return {
    at: new Date(),
    url: webhook.url,
    returnStatus,
    returnData: response.kind === 'response' ? response.returnData : null,
    errorMessage: describeFailure(response),
    attemptCount,
    status,
    nextDelayMs: status === 'retrying' ? nextRetryDelayMs(attemptCount, retryAfterMs) : null,
  };
}

/** The outcome a recorded attempt stands for (a Retry-After it honoured is not kept: the schedule applies). */
function recordedOutcome(d: WebhookDelivery): AttemptOutcome {
  const nextDelayMs = d.status === 'retrying' ? nextRetryDelayMs(d.attemptCount, null) : null;
  return { status: d.status, attemptCount: d.attemptCount, nextDelayMs };
}

/**
 * One attempt of the retry workflow (the activity's body). The webhook is read fresh, so an
 * attempt goes to its current URL and secret, and a webhook deactivated or deleted since stops
 * its deliveries without sending. An attempt already recorded past `afterAttempt` (the activity
 * was retried after recording) is the answer: nothing is sent twice. The POST happens outside
 * any transaction (it can take 15 s); its result is then recorded under a row lock.
 */
export async function attemptDelivery(rootEm: EntityManager, deliveryId: string, afterAttempt: number, opts: AttemptOptions): Promise<AttemptOutcome> {
  const em = rootEm.fork();
  const delivery = await em.findOne(WebhookDelivery, { id: deliveryId });
  if (!delivery) return { status: 'missing', attemptCount: 0, nextDelayMs: null };
  if (delivery.attemptCount > afterAttempt) return recordedOutcome(delivery);
  const webhook = await em.findOne(Webhook, { id: delivery.webhookId });
  if (!webhook || webhook.deletedAt || !webhook.isActive) {
    delivery.status = 'failed';
    delivery.errorMessage = notSentMessage(!webhook || !!webhook.deletedAt);
    delivery.attemptRequestedAt = null;
    await em.flush();
    return { status: 'failed', attemptCount: delivery.attemptCount, nextDelayMs: null };
  }

  const result = await sendAttempt(webhook, delivery.eventId ?? delivery.id, delivery.payload, delivery.attemptCount, opts);
  return rootEm.fork().transactional(async (tem) => {
    const d = await tem.findOneOrFail(WebhookDelivery, { id: deliveryId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    d.attemptCount += 1;
    d.lastAttemptAt = result.at;
    d.attemptRequestedAt = null;
    d.url = result.url;
    d.returnStatus = result.returnStatus;
    d.returnData = result.returnData;
    d.errorMessage = result.errorMessage;
    d.status = statusAfterAttempt(result.returnStatus, d.attemptCount);
    d.updatedAt = new Date();
    if (result.returnStatus === 410) await deactivateGoneWebhook(tem, webhook.id);
    if (d.status === 'success') await markEndpointsRecovered(tem, [webhook.id]);
    // A concurrent attempt (a lane's) moved the count: the schedule at the count recorded applies.
    const nextDelayMs = d.status !== 'retrying' ? null : d.attemptCount === result.attemptCount ? result.nextDelayMs : nextRetryDelayMs(d.attemptCount, null);
    return { status: d.status, attemptCount: d.attemptCount, nextDelayMs };
  });
}

export const notSentMessage = (deleted: boolean): string => `Not sent: the webhook is ${deleted ? 'deleted' : 'inactive'}`;

/** The receiver answered 410 Gone: it asks us to stop sending it anything (version +1). */
export async function deactivateGoneWebhook(em: EntityManager, webhookId: string): Promise<void> {
  const w = await em.findOne(Webhook, { id: webhookId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (w?.isActive) {
    w.isActive = false;
    bumpVersion(w);
  }
}

// ---------------------------------------------------------------------------------------
// Endpoint health: a failing endpoint is marked (and reported by an event), and recovers on a 2xx

/** Marks endpoints failing (those not marked yet) and records `webhook.failing` for each, in one transaction. */
export async function markEndpointsFailing(rootEm: EntityManager, webhookIds: string[]): Promise<void> {
  if (webhookIds.length === 0) return;
  await rootEm.fork().transactional(async (em) => {
    const marked = await em.find(Webhook, { id: { $in: webhookIds }, failingSince: null }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    for (const w of marked) {
      w.failingSince = new Date();
      recordEvent(em, { companyId: w.companyId, type: 'webhook.failing', entityType: 'webhook', data: toWebhookView(w) });
    }
  });
}

/** Clears the failing mark of endpoints that answered 2xx, recording `webhook.recovered`, in the caller's transaction. */
export async function markEndpointsRecovered(em: EntityManager, webhookIds: string[]): Promise<void> {
  if (webhookIds.length === 0) return;
  const marked = await em.find(Webhook, { id: { $in: webhookIds }, failingSince: { $ne: null } }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  for (const w of marked) {
    w.failingSince = null;
    recordEvent(em, { companyId: w.companyId, type: 'webhook.recovered', entityType: 'webhook', data: toWebhookView(w) });
  }
}
