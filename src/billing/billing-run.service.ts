import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import { SUBSCRIPTION_WORKFLOW } from '../../workflows/billing/subscription.contract';
import type { BillingCursor } from '../../workflows/billing/billing-run.contract';
import { ensureInvoicePaymentLink } from './invoice-payment-link.service';
import { issueInvoices, type InvoiceToIssue } from './invoices.service';
import { progressOf } from './subscription-lifecycle.service';
import { Subscription } from './subscription.entity';
import { boundaryAt, dueDateOf, endsInsteadOfInvoicing, nextWakeOf } from './subscription.rules';
import { subscriptionRunOptions } from './subscription-workflow.client';

/** Workflow starts a page sends to Temporal at once. */
const STARTS_AT_ONCE = 16;

/** The next page of parked subscriptions due at `at`, in (wake time, id) order after `after` (the partial index's order). */
export async function listDueSubscriptions(em: EntityManager, at: string, after: BillingCursor | null, limit: number): Promise<{ ids: string[]; last: BillingCursor | null }> {
  // The cursor keeps wake_at as PostgreSQL prints it (microseconds): a Date would cut it to
  // milliseconds and the next page would start before rows it already listed.
  const rows = await em.execute<Array<{ id: string; wake_at: string }>>(
    `select id, wake_at::text as wake_at from billing_subscriptions
      where parked_at is not null and wake_at <= ? and (wake_at, id) > (?::timestamptz, ?) and status = 'active'
      order by wake_at, id limit ?`,
    [at, after?.wakeAt ?? '-infinity', after?.id ?? '', limit],
  );
  const last = rows.at(-1);
  return { ids: rows.map((r) => r.id), last: last ? { wakeAt: last.wake_at, id: last.id } : null };
}

/**
 * Renews one page of a billing run at `at`, in one database transaction and then one batch of
 * workflow starts:
 * 1. claims the rows still parked and due (`renewal_claim` = the run's id; they are no longer
 *    parked, so no other run takes them) and reads back every row holding this run's claim, so a
 *    retried page finds the rows its first try claimed;
 * 2. issues the invoice of each one's next cycle set-based (`issueInvoices`: unique per
 *    subscription and cycle), except where the subscription ends instead (maxCycles reached, or
 *    a prepaid cancellation at period end: its workflow ends it);
 * 3. after commit, makes the send_invoice invoices' payment links and starts each
 *    subscription's workflow with the claim and its invoice: the workflow takes the claim once,
 *    collects the invoice (card charge, dunning), advances the cycle and parks again.
 */
export async function renewDueSubscriptions(deps: AppDeps, { at, claim, ids }: { at: string; claim: string; ids: string[] }, heartbeat: () => void = () => {}): Promise<{ claimed: number; issued: number }> {
  const em = deps.orm.em.fork() as unknown as EntityManager;
  const { claimed, issued, eventIds } = await em.transactional(async (tem) => {
    await tem.execute(
      `update billing_subscriptions set parked_at = null, renewal_claim = ?, updated_at = now()
        where id in (select jsonb_array_elements_text(?::jsonb)) and parked_at is not null and wake_at <= ? and status = 'active'`,
      [claim, JSON.stringify(ids), at],
      'run',
    );
    const rows = await tem.find(Subscription, { id: { $in: ids }, renewalClaim: claim }, { orderBy: { id: 'asc' } });
    const requests: InvoiceToIssue[] = [];
    for (const s of rows) {
      const p = progressOf(s);
      if (nextWakeOf(p).end || endsInsteadOfInvoicing(p)) continue;
      const k = p.nextCycle;
      requests.push({ subscription: s, cycle: k, periodStart: boundaryAt(p.schedule, p.recurrence, k), periodEnd: boundaryAt(p.schedule, p.recurrence, k + 1), issuedAt: at, dueAt: dueDateOf(at, s.collectionMethod) });
    }
    const { invoices, eventIds } = await issueInvoices(tem, requests);
    return { claimed: rows, issued: invoices, eventIds };
  });
  deps.dispatcher.dispatchSoon(eventIds);
  heartbeat();

  for (const invoice of issued) {
    if (invoice.collectionMethod !== 'send_invoice' || invoice.paymentUrl) continue;
    try {
      await ensureInvoicePaymentLink(deps, invoice.id);
    } catch (err) {
      deps.logger.warn({ err, invoiceId: invoice.id }, 'invoice payment link not made; retried when the invoice falls due');
    }
  }

  const invoiceOf = new Map(issued.map((i) => [i.subscriptionId, i]));
  for (let i = 0; i < claimed.length; i += STARTS_AT_ONCE) {
    await Promise.all(
      claimed.slice(i, i + STARTS_AT_ONCE).map((s) => {
        const invoice = invoiceOf.get(s.id);
        const input = {
          subscriptionId: s.id,
          progress: progressOf(s),
          claim,
          issued: invoice ? { cycle: invoice.cycle, invoiceId: invoice.id, total: invoice.total, status: invoice.status, dueAt: invoice.dueAt.toISOString() } : undefined,
        };
        return deps.temporal.workflow.start(SUBSCRIPTION_WORKFLOW, subscriptionRunOptions(deps.config.temporal.taskQueue, input));
      }),
    );
    heartbeat();
  }
  return { claimed: claimed.length, issued: issued.length };
}
