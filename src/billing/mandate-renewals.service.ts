import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import { firstAttemptOf, type PageRenewal } from './subscription.rules';
import type { Invoice, Subscription } from './subscription.entity';
import type { Mandate } from './mandates.entity';
import { BillingCharger } from './billing-charger';
import { MANDATE_CHARGE_RECHECK_MS, chargeMandates, recheckMandateCharges } from './mandate-charges.service';
import { mandateRecheckAt } from './mandate-renewals.rules';

/**
 * The renewals a billing run's page collects through Pix Automático mandates, without a
 * subscription workflow: the page schedules each invoice's first attempt at the PSP
 * (`chargeMandates`: `PUT /cobr/{txid}`, the txid derived from the invoice and the attempt, then
 * its Pix transaction, referenceCode `<inv_id>-1`), a few at once, and parks the row again on
 * its cycle until the charge's due day. A retried page asks the PSP for the same charges (same
 * txid, same content: the PSP answers the one it holds) and finds their transactions: each
 * invoice has one charge. When the row wakes (its due day, or a decision event sooner) the next
 * page reads the charge's transaction: paid, the page records it as a card renewal's; refused or
 * ended unpaid, the row gets its workflow, whose first attempt finds that transaction and runs
 * the dunning; still pending, it is read back at the PSP (`recheckMandateCharges`: a lost
 * callback) and parks again until its recheck.
 */

/** Mandate charges a page asks the PSP for at once. */
export const MANDATE_CHARGES_AT_ONCE = 8;

export interface MandateRenewal {
  subscription: Subscription;
  invoice: Invoice;
  mandate: Mandate;
  advance: PageRenewal;
}

export interface MandateRenewalsResult {
  /** Charges decided paid: recorded by the page (transaction id of each). */
  paid: Array<{ renewal: MandateRenewal; transactionId: string }>;
  /** Subscriptions parked again waiting for their charge. */
  awaiting: Set<string>;
  /** Subscriptions whose row moved since their claim (not charged, or not parked): their workflow reads the row. */
  moved: Set<string>;
}

/**
 * Schedules (or finds) the page's mandate charges, MANDATE_CHARGES_AT_ONCE at once, each chunk
 * checked still due right before (`stillDue`: open, its row holding the claim, active, not
 * paused), then parks the pending ones set-based. A charge the PSP refuses, or one decided
 * unpaid, is in none of the result's sets: its workflow runs the dunning.
 */
export async function collectMandateRenewals(
  deps: AppDeps,
  { claim, at, renewals }: { claim: string; at: string; renewals: MandateRenewal[] },
  stillDue: (invoiceIds: string[]) => Promise<Set<string>>,
  heartbeat: () => void,
): Promise<MandateRenewalsResult> {
  const result: MandateRenewalsResult = { paid: [], awaiting: new Set(), moved: new Set() };
  if (renewals.length === 0) return result;
  const made: Array<{ renewal: MandateRenewal; transactionId: string; found: boolean }> = [];
  for (let i = 0; i < renewals.length; i += MANDATE_CHARGES_AT_ONCE) {
    const chunk = renewals.slice(i, i + MANDATE_CHARGES_AT_ONCE);
    const due = await stillDue(chunk.map((r) => r.invoice.id));
    for (const r of chunk) if (!due.has(r.invoice.id)) result.moved.add(r.subscription.id);
    const charging = chunk.filter((r) => due.has(r.invoice.id));
    const outcomes = await chargeMandates(
      deps,
      charging.map(({ subscription: s, invoice, mandate }) => ({ mandate, req: { ...firstAttemptOf(s, invoice), dueAt: invoice.dueAt.toISOString(), at } })),
    );
    const charges = outcomes.map((charge, n) => ('transactionId' in charge ? { renewal: charging[n], transactionId: charge.transactionId, found: charge.found === true } : null));
    for (const c of charges) if (c) made.push(c);
    heartbeat();
  }

  // New charges are undecided (due days ahead); a row woken to read its charge may find it decided.
  const decisions = await new BillingCharger(deps).decisionsOf(made.map((m) => m.transactionId));
  const pending: MandateRenewal[] = [];
  const rechecked: string[] = [];
  for (const m of made) {
    const decision = decisions.get(m.transactionId);
    if (decision?.paid) result.paid.push({ renewal: m.renewal, transactionId: m.transactionId });
    else if (!decision) {
      pending.push(m.renewal);
      if (m.found) rechecked.push(m.transactionId);
    }
  }
  for (const id of await parkAwaiting(deps, claim, at, pending)) result.awaiting.add(id);
  for (const r of pending) if (!result.awaiting.has(r.subscription.id)) result.moved.add(r.subscription.id);
  // A row woken to read its charge and finding it undecided: the report may be lost. Read back once parked, so the decision it brings wakes the row.
  await recheckMandateCharges(deps, rechecked, at);
  heartbeat();
  return result;
}

/**
 * Parks the rows whose charge is pending, on the cycle it pays (not advanced), until
 * `mandateRecheckAt`, for the rows still holding this claim, active and not paused.
 */
async function parkAwaiting(deps: AppDeps, claim: string, at: string, pending: MandateRenewal[]): Promise<string[]> {
  if (pending.length === 0) return [];
  const rows = await (deps.orm.em.fork() as unknown as EntityManager).execute<Array<{ id: string }>>(
    `update billing_subscriptions s set parked_at = now(), renewal_claim = null, wake_at = r.wake_at, updated_at = now()
       from jsonb_to_recordset(?::jsonb) as r(id text, cycle int, wake_at timestamptz)
      where s.id = r.id and s.id = any(array(select jsonb_array_elements_text(?::jsonb)))
        and s.renewal_claim = ? and s.status = 'active' and s.paused_at is null and s.next_cycle = r.cycle
      returning s.id`,
    [
      JSON.stringify(pending.map(({ subscription: s, invoice }) => ({ id: s.id, cycle: invoice.cycle, wake_at: mandateRecheckAt(invoice.dueAt.toISOString(), at, MANDATE_CHARGE_RECHECK_MS) }))),
      JSON.stringify(pending.map((r) => r.subscription.id)),
      claim,
    ],
  );
  return rows.map((r) => r.id);
}
