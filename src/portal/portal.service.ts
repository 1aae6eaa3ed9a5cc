import type { EntityManager } from '@mikro-orm/postgresql';
import QRCode from 'qrcode';
import { Company } from '../companies/company.entity';
import { notFound } from '../http/errors';
import { Mandate } from '../billing/mandates.entity';
import { Invoice, SavedCard, Subscription } from '../billing/subscription.entity';
import type { PortalSession } from './portal-session.entity';

/** How many of the customer's latest invoices the page lists. */
export const PORTAL_INVOICES_SHOWN = 24;

export interface PortalMandate {
  mandate: Mandate;
  /** A pending QR mandate's BR Code as a PNG data URL (the page's CSP allows data: images). */
  qrImage: string | null;
}

export interface PortalContent {
  merchantName: string;
  /** The public company id the page tokenizes cards with (as the checkout's). */
  companyId: string;
  subscriptions: Subscription[];
  invoices: Invoice[];
  /** Each subscription's latest Pix Automático mandate. */
  mandates: Map<string, PortalMandate>;
  /** Each subscription's card (its defaultPaymentMethodRef), when it has one. */
  cards: Map<string, SavedCard>;
}

/** What the session's customer sees: its subscriptions and latest invoices, in its company only. */
export async function portalContent(em: EntityManager, session: PortalSession): Promise<PortalContent> {
  const scope = { companyId: session.companyId, customerId: session.customerId };
  const company = await em.findOneOrFail(Company, { id: session.companyId });
  const subscriptions = await em.find(Subscription, scope, { orderBy: { createdAt: 'desc', id: 'desc' } });
  const invoices = await em.find(Invoice, scope, { orderBy: { issuedAt: 'desc', id: 'desc' }, limit: PORTAL_INVOICES_SHOWN });
  const mandates = new Map<string, PortalMandate>();
  for (const mandate of await em.find(Mandate, scope, { orderBy: { id: 'desc' } })) {
    if (mandates.has(mandate.subscriptionId)) continue;
    const qrImage = mandate.status === 'pending' && mandate.qrCode ? await QRCode.toDataURL(mandate.qrCode, { errorCorrectionLevel: 'M', margin: 2, scale: 5 }) : null;
    mandates.set(mandate.subscriptionId, { mandate, qrImage });
  }
  const refs = subscriptions.map((s) => s.defaultPaymentMethodRef).filter((r): r is string => !!r);
  const saved = refs.length ? await em.find(SavedCard, { id: { $in: refs }, ...scope }) : [];
  const cards = new Map(subscriptions.flatMap((s) => {
    const card = saved.find((c) => c.id === s.defaultPaymentMethodRef);
    return card ? [[s.id, card] as const] : [];
  }));
  return { merchantName: company.name, companyId: company.id, subscriptions, invoices, mandates, cards };
}

/** An invoice of the session's customer; any other (another customer's, another company's): 404. */
export async function portalInvoice(em: EntityManager, session: PortalSession, invoiceId: string): Promise<Invoice> {
  const invoice = await em.findOne(Invoice, { id: invoiceId, companyId: session.companyId, customerId: session.customerId });
  if (!invoice) throw notFound('Invoice');
  return invoice;
}

/** A subscription of the session's customer, else 404. */
export async function portalSubscription(em: EntityManager, session: PortalSession, subscriptionId: string): Promise<Subscription> {
  const subscription = await em.findOne(Subscription, { id: subscriptionId, companyId: session.companyId, customerId: session.customerId });
  if (!subscription) throw notFound('Subscription');
  return subscription;
}
