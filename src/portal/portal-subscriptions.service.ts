import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import type { Mandate } from '../billing/mandates.entity';
import { startMandateAuthorization } from '../billing/mandates.service';
import { saveCard } from '../billing/saved-cards.service';
import type { SavedCard, Subscription } from '../billing/subscription.entity';
import { attachPaymentMethod } from '../billing/subscriptions.service';
import { Company, type CompanyRecord } from '../companies/company.entity';
import type { PortalSession } from './portal-session.entity';
import { portalSubscription } from './portal.service';

/**
 * What the portal's customer changes on its own subscription: the card it is charged on, and a
 * Pix Automático authorization. Both go through billing's own functions (the API's
 * `POST /payment-methods/cards` + `POST /subscriptions/:id/payment-method`, and
 * `POST /subscriptions/:id/pix-automatico`), for the session's customer only.
 */

/**
 * A new card (tokenized in the customer's browser) saved for the customer and made the
 * subscription's default: the next charge and every dunning retry use it. The caller tells the
 * workflow (`paymentMethodAttached`) once committed, so an incomplete subscription starts.
 */
export async function changeSubscriptionCard(em: EntityManager, session: PortalSession, subscriptionId: string, cardToken: string): Promise<{ subscription: Subscription; card: SavedCard }> {
  const owned = await portalSubscription(em, session, subscriptionId);
  const card = await saveCard(em, session.companyId, { customerId: session.customerId, token: cardToken });
  await em.flush();
  const subscription = await attachPaymentMethod(em, session.companyId, owned.id, card.id);
  return { subscription, card };
}

/**
 * The payer's Pix Automático authorization by QR (the mandate pending, its QR to scan): the
 * mandate's alone, or with the subscription's open invoice paid now by the same QR (journey 3).
 */
export async function startPortalMandate(deps: AppDeps, em: EntityManager, session: PortalSession, subscriptionId: string, authorization: 'qr' | 'qr_with_payment' = 'qr'): Promise<Mandate> {
  const owned = await portalSubscription(em, session, subscriptionId);
  const company = await em.findOneOrFail(Company, { id: session.companyId });
  return startMandateAuthorization(deps, em, company as CompanyRecord, owned.id, { authorization });
}
