import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Customer } from '../customers/customer.entity';
import { bodyIdNotFound, conflict, notFound } from '../http/errors';
import { iso } from '../db/base.entity';
import { newId } from '../shared/ids';
import { PortalSession } from './portal-session.entity';
import type { CreatePortalSessionInput, PortalSessionView } from './portal-sessions.schemas';

/** How long a portal link works (Stripe's portal sessions are short-lived too): the merchant makes one per visit. */
export const PORTAL_SESSION_TTL_MS = 60 * 60 * 1000;

const digest = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export const portalUrl = (pageBase: string, token: string): string => `${pageBase}/portal/${token}`;

/** A session for one customer of the company; the token is answered once, inside the URL. */
export async function createPortalSession(em: EntityManager, companyId: string, input: CreatePortalSessionInput, pageBase: string, now = new Date()): Promise<PortalSessionView> {
  const customer = await em.findOne(Customer, { id: input.customerId, companyId });
  if (!customer) throw bodyIdNotFound('customerId', 'Customer');
  if (customer.deletedAt) throw conflict('customer_deleted', 'The customer is deleted');
  const token = randomBytes(32).toString('base64url');
  const session = em.create(PortalSession, {
    id: newId('bps'),
    companyId,
    customerId: customer.id,
    tokenHash: digest(token),
    csrfToken: randomBytes(24).toString('base64url'),
    returnUrl: input.returnUrl ?? null,
    locale: input.locale ?? null,
    features: { cancelSubscription: input.features?.cancelSubscription ?? false },
    expiresAt: new Date(now.getTime() + PORTAL_SESSION_TTL_MS),
  });
  em.persist(session);
  await em.flush();
  return {
    id: session.id,
    object: 'billing_portal.session',
    customerId: session.customerId,
    url: portalUrl(pageBase, token),
    returnUrl: session.returnUrl,
    locale: session.locale,
    features: session.features,
    expiresAt: iso(session.expiresAt)!,
    createdAt: iso(session.createdAt)!,
  };
}

/** The live session a URL token opens; unknown or expired: 404 (the page says the link expired). */
export async function portalSessionByToken(em: EntityManager, token: string, now = new Date()): Promise<PortalSession> {
  const session = await em.findOne(PortalSession, { tokenHash: digest(token) });
  if (!session || session.expiresAt.getTime() <= now.getTime()) throw notFound('Portal session');
  return session;
}

/** The action's CSRF token is the page's (compared in constant time). */
export function csrfMatches(session: PortalSession, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(session.csrfToken);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
