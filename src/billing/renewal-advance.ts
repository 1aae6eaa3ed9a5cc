import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordEventInput } from '../events/outbox';
import type { PageRenewal } from './subscription.rules';
import { progressOf } from './subscription-lifecycle.service';
import type { Invoice, Subscription } from './subscription.entity';
import { toSubscriptionView } from './subscription.views';

/**
 * The cycle advance of renewals paid without their workflow (a billing run's page, a mandate
 * charge paid while its row waits parked): set-based, as the workflow's `advanceCycle` and
 * park would, with the same subscription.cycle_advanced event.
 */

/** A row's progress as a renewal reads it: a row paid by its mandate has a payment method. */
export const renewalProgress = (s: Subscription, byMandate = false) => ({ ...progressOf(s), ...(byMandate ? { hasPaymentMethod: true } : {}) });

/** An invoice paid before its renewal is recorded, as it was when collected (open): its advance is the same. */
export const asCollected = <T extends { status: Invoice['status'] }>(invoice: T): T => (invoice.status === 'paid' ? { ...invoice, status: 'open' } : invoice);

/**
 * Advances each row (`subscription`: its current state, locked by the caller) to its renewal's
 * next cycle and parks it until that cycle's wake, claim cleared, in one statement; returns the
 * subscription.cycle_advanced events to insert.
 */
export async function advanceRenewals(em: EntityManager, advancing: Array<{ subscription: Subscription; advance: PageRenewal }>, paidAt: Date): Promise<RecordEventInput[]> {
  if (advancing.length === 0) return [];
  await em.execute(
    `update billing_subscriptions s set cycles_completed = r.cycles_completed, current_period_start = r.period_start, current_period_end = r.period_end,
            next_invoice_at = r.next_invoice_at, next_cycle = r.next_cycle, schedule_start = r.schedule_start, schedule_base_cycle = r.schedule_base_cycle,
            wake_at = r.wake_at, parked_at = now(), renewal_claim = null, updated_at = ?
       from jsonb_to_recordset(?::jsonb) as r(id text, cycles_completed int, period_start timestamptz, period_end timestamptz, next_invoice_at timestamptz, next_cycle int, schedule_start timestamptz, schedule_base_cycle int, wake_at timestamptz)
      where s.id = r.id and s.id = any(array(select jsonb_array_elements_text(?::jsonb)))`,
    [
      paidAt,
      JSON.stringify(
        advancing.map(({ subscription: s, advance: a }) => {
          const { schedule } = progressOf(s);
          return { id: s.id, cycles_completed: a.cyclesCompleted, period_start: a.periodStart, period_end: a.periodEnd, next_invoice_at: a.nextInvoiceAt, next_cycle: a.nextCycle, schedule_start: schedule.start, schedule_base_cycle: schedule.baseCycle, wake_at: a.wakeAt };
        }),
      ),
      JSON.stringify(advancing.map((r) => r.subscription.id)),
    ],
  );
  return advancing.map(({ subscription: s, advance: a }) => {
    const after: Subscription = {
      ...s,
      cyclesCompleted: a.cyclesCompleted,
      currentPeriodStart: new Date(a.periodStart),
      currentPeriodEnd: new Date(a.periodEnd),
      nextInvoiceAt: a.nextInvoiceAt ? new Date(a.nextInvoiceAt) : null,
      updatedAt: paidAt,
    };
    return { companyId: s.companyId, type: 'subscription.cycle_advanced', entityType: 'subscription', data: toSubscriptionView(after) };
  });
}
