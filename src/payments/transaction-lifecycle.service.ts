import type { EntityManager } from '@mikro-orm/postgresql';
import { eventsInsert, newEvent, recordEvent, type RecordEventInput } from '../events/outbox';
import type { StatementPart } from '../ledger/ledger.service';
import type { Event } from '../events/event.entity';
import type { EventType } from '../events/catalog';
import type { AuthorizationResult } from './payment-gateway';
import type { Payment, PaymentStatus } from './payment.entity';
import type { TransactionSplit } from './split.entity';
import type { TransactionStatus } from './transaction.entity';
import { loadTransaction, loadTransactionsLocked } from './transactions.service';
import { toPaymentView, toTransactionView, type TransactionAggregate } from './transaction-views';

/**
 * Every status change of a transaction and its payments, each with its event. Each function
 * works on a `Changes` (the rows locked in the caller's database transaction) and changes
 * (and emits) only from the state it expects: a retried activity finds the change made and emits nothing, so
 * every event is written exactly once per change.
 */

const TERMINAL: TransactionStatus[] = ['paid', 'refused', 'failed', 'canceled'];

export class Changes {
  readonly events: Event[] = [];
  /** Its rows as changed, not written yet (a detached `Changes`: `changesWrite` writes them). */
  private readonly unwritten = new Set<Payment | TransactionAggregate['transaction']>();
  constructor(
    private readonly em: EntityManager,
    readonly agg: TransactionAggregate,
    private readonly publicBaseUrl: string,
    /** Its rows are managed by no unit of work: its changes and events are written by `changesWrite`, not by a flush. */
    readonly detached = false,
  ) {}

  payment(p: Payment, status: PaymentStatus, fields: Partial<Pick<Payment, PaymentChange>> = {}, event?: EventType): void {
    Object.assign(p, { status, ...fields }, this.touched(p));
    if (event) this.event({ companyId: p.companyId, type: event, entityType: 'payment', data: toPaymentView(p, this.publicBaseUrl) });
  }

  transaction(status: TransactionStatus, fields: Partial<Pick<TransactionAggregate['transaction'], TransactionChange>> = {}): void {
    Object.assign(this.agg.transaction, { status, ...fields }, this.touched(this.agg.transaction));
    this.event({ companyId: this.agg.transaction.companyId, type: `transaction.${status}` as EventType, entityType: 'transaction', data: toTransactionView(this.agg, this.publicBaseUrl) });
  }

  /** A detached row's change is kept to write, with its `updatedAt` (a flush sets a managed one's). */
  private touched(row: Payment | TransactionAggregate['transaction']): { updatedAt?: Date } {
    if (!this.detached) return {};
    this.unwritten.add(row);
    return { updatedAt: new Date() };
  }

  private event(input: RecordEventInput): void {
    this.events.push(this.detached ? newEvent(input) : recordEvent(this.em, input));
  }

  /** A detached `Changes`' writes not made yet, as parts of a statement (`changesWrite`); taken once. */
  takeUnwritten(): { payments: Payment[]; transactions: Array<TransactionAggregate['transaction']>; events: Event[] } {
    const rows = [...this.unwritten];
    this.unwritten.clear();
    const events = this.detached ? this.events.filter((e) => !this.eventsTaken.has(e)) : [];
    for (const e of events) this.eventsTaken.add(e);
    return { payments: rows.filter((r): r is Payment => 'transactionId' in r), transactions: rows.filter((r): r is TransactionAggregate['transaction'] => !('transactionId' in r)), events };
  }

  private readonly eventsTaken = new Set<Event>();
}

/** The payment fields a status change sets beside its status (what `changesWrite` writes). */
type PaymentChange = 'gateway' | 'gatewayReference' | 'authorizationCode' | 'statusReason' | 'paidAt' | 'chargedBackAmount' | 'chargebacks';
/** The transaction fields a status change sets beside its status. */
type TransactionChange = 'statusReason' | 'paidAt' | 'canceledAt';

/**
 * The changes of detached `Changes` not written yet, as data-modifying parts of one statement
 * (the payments' and transactions' updates and their events' insert): the caller runs them in
 * one statement of its own (`runParts`, or beside the sale postings in `postMany`).
 */
export function changesWrite(cs: Changes[]): StatementPart[] {
  const taken = cs.map((c) => c.takeUnwritten());
  const payments = taken.flatMap((t) => t.payments);
  const transactions = taken.flatMap((t) => t.transactions);
  const events = taken.flatMap((t) => t.events);
  const parts: StatementPart[] = [];
  // Each update also names its ids as an array: an index scan, where the join alone (a recordset
  // is estimated at 100 rows) reads a table of up to some tens of thousands of rows whole, once per sale.
  if (payments.length > 0) {
    parts.push({
      sql: `update payments p set status = x.status, gateway = x.gateway, gateway_reference = x.gateway_reference, authorization_code = x.authorization_code,
                   status_reason = x.status_reason, paid_at = x.paid_at, charged_back_amount = x.charged_back_amount, chargebacks = x.chargebacks, updated_at = x.updated_at
              from jsonb_to_recordset(?::jsonb) as x(id text, status text, gateway text, gateway_reference text, authorization_code text, status_reason text,
                                                     paid_at timestamptz, charged_back_amount bigint, chargebacks jsonb, updated_at timestamptz)
             where p.id = x.id and p.id = any(array(select jsonb_array_elements_text(?::jsonb)))`,
      params: [
        JSON.stringify(
          payments.map((p) => ({ id: p.id, status: p.status, gateway: p.gateway, gateway_reference: p.gatewayReference, authorization_code: p.authorizationCode, status_reason: p.statusReason, paid_at: p.paidAt, charged_back_amount: p.chargedBackAmount, chargebacks: p.chargebacks, updated_at: p.updatedAt })),
        ),
        JSON.stringify(payments.map((p) => p.id)),
      ],
    });
  }
  if (transactions.length > 0) {
    parts.push({
      sql: `update transactions t set status = x.status, status_reason = x.status_reason, paid_at = x.paid_at, canceled_at = x.canceled_at, updated_at = x.updated_at
              from jsonb_to_recordset(?::jsonb) as x(id text, status text, status_reason text, paid_at timestamptz, canceled_at timestamptz, updated_at timestamptz)
             where t.id = x.id and t.id = any(array(select jsonb_array_elements_text(?::jsonb)))`,
      params: [JSON.stringify(transactions.map((t) => ({ id: t.id, status: t.status, status_reason: t.statusReason, paid_at: t.paidAt, canceled_at: t.canceledAt, updated_at: t.updatedAt }))), JSON.stringify(transactions.map((t) => t.id))],
    });
  }
  if (events.length > 0) parts.push(eventsInsert(events));
  return parts;
}

/** The transaction and its payments, locked, ready for status changes with their events (its splits read unless known). */
export async function changes(em: EntityManager, transactionId: string, publicBaseUrl: string, knownSplits?: TransactionSplit[]): Promise<Changes> {
  return new Changes(em, await loadTransaction(em, null, transactionId, true, knownSplits), publicBaseUrl);
}

/**
 * `changes` for many transactions at once: locked in id order in one statement (with the
 * caller's `alsoRun` in it, `loadTransactionsLocked`), in the order of `ids` (missing ones left
 * out). Detached: the caller writes their changes and events in one statement (`changesWrite`).
 */
export async function changesMany(em: EntityManager, ids: string[], publicBaseUrl: string, knownSplits?: Map<string, TransactionSplit[]>, alsoRun?: { sql: string; params: unknown[] }): Promise<Changes[]> {
  return (await loadTransactionsLocked(em, ids, knownSplits, alsoRun)).map((agg) => new Changes(em, agg, publicBaseUrl, true));
}

/** The processor's answer on a card payment: paid, refused or failed (once). */
export function recordCardOutcome(c: Changes, paymentId: string, result: AuthorizationResult, gateway: string | null): void {
  const p = c.agg.payments.find((x) => x.id === paymentId);
  if (!p || p.status !== 'pending') return;
  const common = { gateway, gatewayReference: result.reference, authorizationCode: result.authorizationCode, statusReason: result.code };
  if (result.status === 'approved') c.payment(p, 'paid', { ...common, paidAt: new Date() }, 'payment.paid');
  else c.payment(p, result.status, common, `payment.${result.status}`);
}

/** Cards approved, Pix/boleto still to pay: the transaction waits. */
export function markTransactionWaiting(c: Changes): void {
  if (c.agg.transaction.status === 'pending') c.transaction('waiting_payment');
}

/**
 * Ends an unpaid transaction: refused or failed (a card answer) or canceled (expiry, the
 * merchant). Payments still open are canceled with it; approved cards were voided at the
 * processor first (statusReason `voided`).
 */
export function finishUnpaidTransaction(c: Changes, input: { status: 'refused' | 'failed' | 'canceled'; reason: string; voidedPaymentIds: string[] }): void {
  if (TERMINAL.includes(c.agg.transaction.status)) return;
  for (const p of c.agg.payments) {
    if (p.status === 'pending' || p.status === 'waiting_payment') c.payment(p, 'canceled', { statusReason: input.reason });
    else if (input.voidedPaymentIds.includes(p.id)) c.payment(p, 'canceled', { statusReason: 'voided' });
  }
  const now = new Date();
  c.transaction(input.status, { statusReason: input.reason, ...(input.status === 'canceled' ? { canceledAt: now } : {}) });
}

/** Every payment is paid: Pix/boleto payments take their paidAt from the payment signal. Returns whether it changed now. */
export function markTransactionPaid(c: Changes, paidAt: Record<string, string>): boolean {
  if (TERMINAL.includes(c.agg.transaction.status)) return false;
  for (const p of c.agg.payments) {
    if (p.status === 'waiting_payment') c.payment(p, 'paid', { paidAt: new Date(paidAt[p.id] ?? Date.now()) }, 'payment.paid');
  }
  if (c.agg.payments.some((p) => p.status !== 'paid')) throw new Error(`Transaction ${c.agg.transaction.id} has unpaid payments; it cannot be marked paid`);
  const at = new Date(Math.max(...c.agg.payments.map((p) => p.paidAt!.getTime())));
  c.transaction('paid', { paidAt: at, statusReason: null });
  return true;
}
