import type { EntityManager } from '@mikro-orm/postgresql';
import { Mandate } from '../billing/mandates.entity';
import { Invoice, Subscription } from '../billing/subscription.entity';
import type { CheckoutSession } from './checkout-session.entity';
import type { SubscriptionProgressView } from './checkout-subscription.rules';

/** The method a subscription session's confirmation chose: a mandate, else the saved card. */
export const sessionMethodOf = (s: CheckoutSession) => (s.mandateId ? ('pix_automatico' as const) : ('credit_card' as const));

/** The session's mandate as its views show it (subscription sessions that started one only). */
export async function sessionMandate(em: EntityManager, s: CheckoutSession): Promise<{ status: string; qrCode: string | null } | null> {
  if (!s.mandateId) return null;
  const m = await em.findOne(Mandate, { id: s.mandateId }, { fields: ['id', 'status', 'qrCode'] });
  return m ? { status: m.status, qrCode: m.qrCode } : null;
}

/** What the session's subscription, its first invoice and its mandate say now (null before a confirmation made one). */
export async function subscriptionProgressOf(em: EntityManager, s: CheckoutSession): Promise<SubscriptionProgressView | null> {
  if (!s.subscriptionId) return null;
  const [sub, invoice, mandate] = await Promise.all([
    em.findOne(Subscription, { id: s.subscriptionId }, { fields: ['id', 'status'], refresh: true }),
    em.findOne(Invoice, { subscriptionId: s.subscriptionId, cycle: 0 }, { fields: ['id', 'status'], refresh: true }),
    sessionMandate(em, s),
  ]);
  if (!sub) return null;
  return { method: sessionMethodOf(s), subscriptionStatus: sub.status, firstInvoiceStatus: invoice?.status ?? null, mandateStatus: mandate?.status ?? null };
}
