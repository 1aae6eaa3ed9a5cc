import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { badRequest, conflict, notFound } from '../http/errors';
import { creationPage } from '../http/pagination';
import { iso } from '../db/base.entity';
import { EVENT_CATALOG, EVENT_TYPES } from '../events/catalog';
import { newId } from '../shared/ids';
import { guardWebhookUrl, UnsafeWebhookUrlError, type Resolver } from './url-guard';
import { generateWebhookSecret } from './webhook-signature';
import { Webhook } from './webhook.entity';
import type { CreateWebhookInput, ListWebhooksQuery, UpdateWebhookInput, WebhookView } from './webhooks.schemas';

/** After a secret change the old secret keeps signing (beside the new one) this long. */
export const SECRET_ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

export interface UrlPolicy {
  allowlist: readonly string[];
  /** Tests inject a resolver; production uses the system's. */
  resolve?: Resolver;
}

export function toWebhookView(w: Webhook): WebhookView {
  return {
    id: w.id,
    companyId: w.companyId,
    name: w.name,
    url: w.url,
    events: w.events,
    secret: w.secret,
    isActive: w.isActive,
    version: w.version,
    deliveryState: w.failingSince ? 'failing' : 'healthy',
    failingSince: iso(w.failingSince),
    createdAt: iso(w.createdAt),
    updatedAt: iso(w.updatedAt),
    deletedAt: iso(w.deletedAt),
  };
}

export function listListeners(): { data: Array<{ code: string; description: string }> } {
  return { data: EVENT_TYPES.map((code) => ({ code, description: EVENT_CATALOG[code] })) };
}

/** The URL rules of the spec, resolved now: 400 `webhook_url_not_allowed` with the reason. */
export async function assertWebhookUrlAllowed(url: string, policy: UrlPolicy): Promise<void> {
  try {
    await guardWebhookUrl(url, policy.allowlist, policy.resolve);
  } catch (err) {
    if (!(err instanceof UnsafeWebhookUrlError)) throw err;
    throw badRequest('webhook_url_not_allowed', `url: ${err.message}`, [{ path: 'url', message: err.message }]);
  }
}

export async function createWebhook(em: EntityManager, companyId: string, input: CreateWebhookInput, policy: UrlPolicy): Promise<Webhook> {
  await assertWebhookUrlAllowed(input.url, policy);
  const webhook = em.create(Webhook, {
    id: newId('whk'),
    companyId,
    name: input.name,
    url: input.url,
    events: input.events,
    secret: input.secret ?? generateWebhookSecret(),
  });
  em.persist(webhook);
  return webhook;
}

/** The caller's webhook (deleted ones included, with deletedAt), or 404. */
export async function getWebhook(em: EntityManager, companyId: string, id: string, lock = false): Promise<Webhook> {
  const webhook = await em.findOne(Webhook, { id, companyId }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!webhook) throw notFound('Webhook');
  return webhook;
}

async function getLiveWebhookForChange(em: EntityManager, companyId: string, id: string): Promise<Webhook> {
  const webhook = await getWebhook(em, companyId, id, true);
  if (webhook.deletedAt) throw conflict('webhook_deleted', 'A deleted webhook cannot be changed');
  return webhook;
}

/** Records a change: version +1 (spec: on each update, status toggle and removal). */
export function bumpVersion(webhook: Webhook): void {
  webhook.version += 1;
  webhook.updatedAt = new Date();
}

export async function updateWebhook(em: EntityManager, companyId: string, id: string, input: UpdateWebhookInput, policy: UrlPolicy): Promise<Webhook> {
  const webhook = await getLiveWebhookForChange(em, companyId, id);
  let changed = false;
  if (input.url !== undefined && input.url !== webhook.url) {
    await assertWebhookUrlAllowed(input.url, policy);
    webhook.url = input.url;
    changed = true;
  }
  if (input.name !== undefined && input.name !== webhook.name) {
    webhook.name = input.name;
    changed = true;
  }
  if (input.events !== undefined && !sameSet(input.events, webhook.events)) {
    webhook.events = input.events;
    changed = true;
  }
  if (input.secret !== undefined && input.secret !== webhook.secret) {
    // Rotation: the old secret signs too for a day, so a receiver can deploy the new one
    // without rejecting events in between (Standard Webhooks: space-separated signatures).
    webhook.previousSecret = webhook.secret;
    webhook.previousSecretExpiresAt = new Date(Date.now() + SECRET_ROTATION_OVERLAP_MS);
    webhook.secret = input.secret;
    changed = true;
  }
  // A PUT that changes nothing is not a change: the version stays.
  if (changed) bumpVersion(webhook);
  return webhook;
}

export async function setWebhookStatus(em: EntityManager, companyId: string, id: string, isActive: boolean): Promise<Webhook> {
  const webhook = await getLiveWebhookForChange(em, companyId, id);
  if (webhook.isActive !== isActive) {
    webhook.isActive = isActive;
    bumpVersion(webhook);
  }
  return webhook;
}

/** Soft delete (version +1); deleting again returns the same deleted webhook. */
export async function deleteWebhook(em: EntityManager, companyId: string, id: string): Promise<Webhook> {
  const webhook = await getWebhook(em, companyId, id, true);
  if (!webhook.deletedAt) {
    webhook.deletedAt = new Date();
    bumpVersion(webhook);
  }
  return webhook;
}

export async function listWebhooks(em: EntityManager, companyId: string, q: ListWebhooksQuery): Promise<{ webhooks: Webhook[]; total: number }> {
  const qb = em.createQueryBuilder(Webhook, 'w').where({ companyId, deletedAt: null });
  if (q.isActive !== undefined) qb.andWhere({ isActive: q.isActive });
  // Subscribed to the code, or to everything (empty list).
  if (q.event) qb.andWhere(...subscribedToSql('w', q.event));
  const page = await creationPage(em, Webhook, { companyId }, q, 'desc', 'Webhook');
  qb.andWhere(page.where({}) as Record<string, unknown>).orderBy(page.options.orderBy).limit(page.options.limit).offset(page.options.offset);
  const [webhooks, total] = await qb.getResultAndCount();
  return { webhooks: page.inListOrder(webhooks), total };
}

/** SQL for "this webhook receives `code`": subscribed to it, or to everything (empty list). */
export function subscribedToSql(alias: string, code: string): [string, string[]] {
  return [`(${alias}.events = '[]'::jsonb or ${alias}.events @> ?::jsonb)`, [JSON.stringify([code])]];
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}
