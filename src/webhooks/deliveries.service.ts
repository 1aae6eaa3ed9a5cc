import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { conflict, notFound } from '../http/errors';
import { offsetOf } from '../http/pagination';
import { iso } from '../db/base.entity';
import type { Event } from '../events/event.entity';
import { isWebhookEventType } from '../events/catalog';
import { newId } from '../shared/ids';
import type { AttemptOutcome, WebhookDeliveryInput } from '../../workflows/webhooks/webhook-delivery.contract';
import { honoursRetryAfter, isSuccessStatus, nextRetryDelayMs, parseRetryAfterMs, statusAfterAttempt } from './delivery-schedule.rules';
import type { Resolver } from './url-guard';
import { sendWebhookRequest, type WebhookResponse } from './webhook-sender';
import { signatureHeaders } from './webhook-signature';
import { requestDeliveryAttemptNow } from './webhook-delivery-workflow.client';
import { Webhook, WebhookDelivery } from './webhook.entity';
import { bumpVersion } from './webhooks.service';
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
  const [deliveries, total] = await em.findAndCount(WebhookDelivery, where, {
    // The id (time-ordered) breaks ties between deliveries created in the same instant.
    orderBy: { createdAt: dir, id: dir },
    limit: q.limit,
    offset: offsetOf(q),
  });
  return { deliveries, total };
}

// ---------------------------------------------------------------------------------------
// Dispatch: event → deliveries (their workflows start through webhook-delivery-workflow.client.ts)

type ActiveWebhook = Pick<Webhook, 'id' | 'url' | 'events'>;

/** A company's active webhooks, read once per dispatch transaction: the events it dispatches together share them. */
const activeWebhooksByTransaction = new WeakMap<EntityManager, Map<string, Promise<ActiveWebhook[]>>>();

function activeWebhooks(em: EntityManager, companyId: string): Promise<ActiveWebhook[]> {
  let byCompany = activeWebhooksByTransaction.get(em);
  if (!byCompany) activeWebhooksByTransaction.set(em, (byCompany = new Map()));
  let found = byCompany.get(companyId);
  if (!found) {
    found = em.find(Webhook, { companyId, isActive: true, deletedAt: null }, { fields: ['id', 'url', 'events'] });
    byCompany.set(companyId, found);
  }
  return found;
}

const subscribes = (w: ActiveWebhook, type: string): boolean => w.events.length === 0 || w.events.includes(type);

/**
 * Creates one `pending` delivery per active, non-deleted webhook of the event's company that
 * is subscribed to its type (or to everything). Runs in the dispatch transaction; the unique
 * (eventId, webhookId) makes a second dispatch of the same event a no-op. Returns every
 * delivery of the event not attempted yet, the ones a previous dispatch created included, so
 * that a dispatch interrupted before its workflows started is completed by the next one (when
 * no webhook is subscribed any more, those are left as they are: nothing would be sent).
 */
export async function createDeliveriesForEvent(em: EntityManager, event: Event): Promise<WebhookDeliveryInput[]> {
  if (!isWebhookEventType(event.type)) return [];
  const webhooks = (await activeWebhooks(em, event.companyId)).filter((w) => subscribes(w, event.type));
  if (webhooks.length === 0) return [];
  const now = new Date();
  const rows = webhooks.map((w) => ({
    id: newId('whd'),
    companyId: event.companyId,
    webhookId: w.id,
    eventId: event.id,
    eventType: event.type,
    entityType: event.entityType,
    entityId: event.entityId,
    url: w.url,
    payload: event.payload,
    status: 'pending' as const,
    attemptCount: 0,
    attemptRequestedAt: now,
    createdAt: now,
    updatedAt: now,
  }));
  const inserted = await em.createQueryBuilder(WebhookDelivery).insert(rows).onConflict(['eventId', 'webhookId']).ignore().execute();
  // The first dispatch of an event (the usual case) inserted every row: nothing else to read.
  if (inserted.affectedRows === rows.length) return rows.map((r) => ({ deliveryId: r.id, webhookId: r.webhookId }));
  const pending = await em.find(WebhookDelivery, { eventId: event.id, status: 'pending', attemptCount: 0 }, { fields: ['id', 'webhookId'], orderBy: { id: 'asc' } });
  return pending.map((d) => ({ deliveryId: d.id, webhookId: d.webhookId }));
}

/**
 * The retry endpoint (see requestDeliveryAttemptNow): the attempt lands on the same delivery
 * and increments its attemptCount.
 */
export async function retryDelivery(em: EntityManager, temporal: Client, taskQueue: string, companyId: string, id: string): Promise<void> {
  const delivery = await getDelivery(em, companyId, id);
  const webhook = await em.findOne(Webhook, { id: delivery.webhookId });
  if (!webhook || webhook.deletedAt) throw conflict('webhook_deleted', 'The webhook of this delivery was deleted');
  if (!webhook.isActive) throw conflict('webhook_inactive', 'The webhook of this delivery is inactive; activate it (PATCH /webhooks/{id}/status) to retry');
  // A finished delivery is requested here: a new run finding it finished and not requested
  // would take the recorded outcome as its answer. A running one requests its own attempt.
  if (delivery.status === 'success' || delivery.status === 'failed') {
    await em.nativeUpdate(WebhookDelivery, { id: delivery.id, attemptRequestedAt: null }, { attemptRequestedAt: new Date() });
  }
  const input: WebhookDeliveryInput = { deliveryId: delivery.id, webhookId: delivery.webhookId, attemptsBefore: delivery.attemptCount };
  await requestDeliveryAttemptNow(temporal, taskQueue, input);
}

// ---------------------------------------------------------------------------------------
// Requests and the lane's drain

/** The outcome a recorded attempt stands for (a Retry-After it honoured is not kept: the schedule applies). */
function recordedOutcome(d: WebhookDelivery): AttemptOutcome {
  const nextDelayMs = d.status === 'retrying' ? nextRetryDelayMs(d.attemptCount, null) : null;
  return { status: d.status, attemptCount: d.attemptCount, nextDelayMs };
}

/**
 * A delivery workflow asks for its next attempt. An attempt already recorded past `afterAttempt`
 * (the attempts the run has seen), or a finished delivery nobody requested again, is the answer: the lane got there first or its signal was lost, and nothing is sent twice.
 * Otherwise the row is marked requested (it keeps an earlier mark) and null says "wake the lane".
 */
export async function requestAttempt(rootEm: EntityManager, deliveryId: string, afterAttempt: number): Promise<AttemptOutcome | null> {
  return rootEm.fork().transactional(async (em) => {
    const d = await em.findOne(WebhookDelivery, { id: deliveryId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!d) return { status: 'missing', attemptCount: 0, nextDelayMs: null };
    if (d.attemptCount > afterAttempt) return recordedOutcome(d);
    if (!d.attemptRequestedAt && (d.status === 'success' || d.status === 'failed')) return recordedOutcome(d);
    d.attemptRequestedAt ??= new Date();
    return null;
  });
}

/** The lane's next batch: the webhook's requested deliveries, in event order (event ids are time-ordered). */
export async function requestedDeliveryIds(em: EntityManager, webhookId: string, limit: number): Promise<string[]> {
  const rows = await em.fork().find(WebhookDelivery, { webhookId, attemptRequestedAt: { $ne: null } }, { fields: ['id'], orderBy: { eventId: 'asc', id: 'asc' }, limit });
  return rows.map((r) => r.id);
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

/** The secrets that sign now: the current one, and the previous one while a rotation overlaps. */
function signingSecrets(webhook: Webhook, now: Date): string[] {
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

/**
 * One delivery attempt (the activity's body). The webhook is read fresh, so an attempt goes
 * to its current URL and secret, and a webhook deactivated or deleted since stops its
 * deliveries without sending. The POST happens outside any transaction (it can take 15 s);
 * its result is then recorded under a row lock. Never throws for an HTTP failure: that is an
 * outcome, and the workflow owns the schedule.
 */
export async function attemptDelivery(rootEm: EntityManager, deliveryId: string, opts: AttemptOptions): Promise<AttemptOutcome> {
  const em = rootEm.fork();
  const delivery = await em.findOne(WebhookDelivery, { id: deliveryId });
  if (!delivery) return { status: 'missing', attemptCount: 0, nextDelayMs: null };
  const webhook = await em.findOne(Webhook, { id: delivery.webhookId });
  if (!webhook || webhook.deletedAt || !webhook.isActive) {
    delivery.status = 'failed';
    delivery.errorMessage = `Not sent: the webhook is ${!webhook || webhook.deletedAt ? 'deleted' : 'inactive'}`;
    delivery.attemptRequestedAt = null;
    await em.flush();
    return { status: 'failed', attemptCount: delivery.attemptCount, nextDelayMs: null };
  }

  const now = new Date();
  const body = envelopeBody(delivery.payload);
  const headers = signatureHeaders(signingSecrets(webhook, now), delivery.eventId ?? delivery.id, Math.floor(now.getTime() / 1000), body);
  const response = await sendWebhookRequest({ url: webhook.url, body, headers, allowlist: opts.allowlist, resolve: opts.resolve });

  return rootEm.fork().transactional(async (tem) => {
    const d = await tem.findOneOrFail(WebhookDelivery, { id: deliveryId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const httpStatus = response.kind === 'response' ? response.status : null;
    d.attemptCount += 1;
    d.lastAttemptAt = new Date();
    d.attemptRequestedAt = null;
    d.url = webhook.url;
    d.returnStatus = httpStatus;
    d.returnData = response.kind === 'response' ? response.returnData : null;
    d.errorMessage = describeFailure(response);
    d.status = statusAfterAttempt(httpStatus, d.attemptCount);
    d.updatedAt = new Date();
    if (httpStatus === 410) {
      // The receiver says the endpoint is gone for good: stop sending it anything.
      const w = await tem.findOne(Webhook, { id: webhook.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (w?.isActive) {
        w.isActive = false;
        bumpVersion(w);
      }
    }
    const retryAfterMs = response.kind === 'response' && honoursRetryAfter(response.status) ? parseRetryAfterMs(response.retryAfter, Date.now()) : null;
    const nextDelayMs = d.status === 'retrying' ? nextRetryDelayMs(d.attemptCount, retryAfterMs) : null;
    return { status: d.status, attemptCount: d.attemptCount, nextDelayMs };
  });
}
