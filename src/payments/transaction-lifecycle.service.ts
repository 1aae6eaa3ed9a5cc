import type { EntityManager } from '@mikro-orm/postgresql';
import { recordEvent } from '../events/outbox';
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
  constructor(
    private readonly em: EntityManager,
    readonly agg: TransactionAggregate,
    private readonly publicBaseUrl: string,
  ) {}

  payment(p: Payment, status: PaymentStatus, fields: Partial<Payment> = {}, event?: EventType): void {
    Object.assign(p, { status, ...fields });
    if (event) this.events.push(recordEvent(this.em, { companyId: p.companyId, type: event, entityType: 'payment', data: toPaymentView(p, this.publicBaseUrl) }));
  }

  transaction(status: TransactionStatus, fields: Partial<TransactionAggregate['transaction']> = {}): void {
    Object.assign(this.agg.transaction, { status, ...fields });
    this.events.push(
      recordEvent(this.em, {
        companyId: this.agg.transaction.companyId,
        type: `transaction.${status}` as EventType,
        entityType: 'transaction',
        data: toTransactionView(this.agg, this.publicBaseUrl),
      }),
    );
  }
}

/** The transaction and its payments, locked, ready for status changes with their events (its splits read unless known). */
export async function changes(em: EntityManager, transactionId: string, publicBaseUrl: string, knownSplits?: TransactionSplit[]): Promise<Changes> {
  return new Changes(em, await loadTransaction(em, null, transactionId, true, knownSplits), publicBaseUrl);
}

/**
 * `changes` for many transactions at once: locked in id order in one statement (with the
 * caller's `alsoRun` in it, `loadTransactionsLocked`), in the order of `ids` (missing ones left out).
 */
export async function changesMany(em: EntityManager, ids: string[], publicBaseUrl: string, knownSplits?: Map<string, TransactionSplit[]>, alsoRun?: { sql: string; params: unknown[] }): Promise<Changes[]> {
  return (await loadTransactionsLocked(em, ids, knownSplits, alsoRun)).map((agg) => new Changes(em, agg, publicBaseUrl));
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
