import type { EntityManager } from '@mikro-orm/postgresql';
import type { AfterDispatch, EventSubscriber } from '../events/dispatcher';
import type { Event } from '../events/event.entity';
import { insertEvents } from '../events/outbox';
import { PARK_AFTER_MS } from '../../workflows/billing/subscription.contract';
import { advanceRenewals, asCollected, renewalProgress } from './renewal-advance';
import { pageRenewal } from './subscription.rules';
import { Invoice, Subscription } from './subscription.entity';

const DECISIONS = new Set(['transaction.paid', 'transaction.refused', 'transaction.failed', 'transaction.canceled']);

/**
 * The rows a billing run's page parked waiting for their Pix Automático charge (on the cycle the
 * charge pays, no workflow), moved on by what happens to that charge, in the dispatch's transaction:
 * - its invoice paid (invoice.paid: the charge's Pix received and recorded): the cycle advances
 *   and the row parks until the next one, as the workflow's advance would (subscription.cycle_advanced);
 *   a row whose next cycle is too near to park wakes now instead (the next run gives it its workflow);
 * - its charge decided otherwise (refused, failed, canceled): the row wakes now, and the next
 *   billing run gives it its workflow, whose first attempt records the failure (dunning).
 * A row that is not parked on that invoice's cycle (its workflow runs, or it moved on) is left alone.
 */
export function mandateRenewalSubscriber(dispatchSoon: (eventIds: string[]) => void): EventSubscriber {
  const subscriber: EventSubscriber = {
    name: 'mandate-renewals',
    async handle(em, event) {
      return (await subscriber.handleAll!(em, [event]))?.get(event.id);
    },
    async handleAll(em: EntityManager, events) {
      const work = new Map<string, AfterDispatch>();
      const decided = events.flatMap((event) => {
        if (!DECISIONS.has(event.type) || event.type === 'transaction.paid') return [];
        const data = (event.payload as { data?: { origin?: string; metadata?: Record<string, unknown> } }).data ?? {};
        const { invoiceId, mandateId } = data.metadata ?? {};
        return data.origin === 'subscription' && typeof invoiceId === 'string' && typeof mandateId === 'string' ? [invoiceId] : [];
      });
      const paid = events.filter((e) => e.type === 'invoice.paid' && e.entityId);
      const stay = paid.length > 0 ? await advancePaid(em, paid, work) : [];
      const wake = [...decided, ...stay];
      if (wake.length > 0) {
        await em.execute(
          `update billing_subscriptions s set wake_at = now(), updated_at = now()
             from billing_invoices i
            where i.id = any(array(select jsonb_array_elements_text(?::jsonb))) and s.id = i.subscription_id
              and s.next_cycle = i.cycle and s.parked_at is not null and s.renewal_claim is null and s.wake_at > now()`,
          [JSON.stringify(wake)],
        );
      }
      return work;
    },
  };

  /**
   * Advances the rows parked on these paid invoices' cycles and not advanced past them yet (a
   * workflow running from a parked row, the sandbox's advance, advances it itself: once, one
   * subscription.cycle_advanced); returns the invoices whose row cannot park again (woken instead).
   */
  async function advancePaid(em: EntityManager, paid: Event[], work: Map<string, AfterDispatch>): Promise<string[]> {
    const invoiceIds = paid.map((e) => e.entityId!);
    const rows = await em.execute<Array<Record<string, unknown>>>(
      `select s.* from billing_subscriptions s join billing_invoices i on i.subscription_id = s.id
        where i.id = any(array(select jsonb_array_elements_text(?::jsonb))) and i.status = 'paid' and s.next_cycle = i.cycle
          and s.cycles_completed = i.cycle and s.parked_at is not null and s.renewal_claim is null and s.status = 'active' and s.paused_at is null
        order by s.id for update of s`,
      [JSON.stringify(invoiceIds)],
    );
    if (rows.length === 0) return [];
    const subs = rows.map((r) => em.map(Subscription, r));
    const invoices = new Map((await em.find(Invoice, { id: { $in: invoiceIds } })).map((i) => [i.subscriptionId, i]));
    const now = new Date();
    const advancing = subs.flatMap((s) => {
      const advance = pageRenewal(renewalProgress(s, true), asCollected(invoices.get(s.id)!), now.toISOString(), PARK_AFTER_MS);
      return advance ? [{ subscription: s, advance }] : [];
    });
    const stay = subs.filter((s) => !advancing.some((a) => a.subscription.id === s.id)).map((s) => invoices.get(s.id)!.id);
    if (advancing.length > 0) {
      const ids = await insertEvents(em, await advanceRenewals(em, advancing, now));
      const first = paid[0].id;
      work.set(first, async () => dispatchSoon(ids));
    }
    return stay;
  }

  return subscriber;
}
