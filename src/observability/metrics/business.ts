import { Counter } from 'prom-client';
import type { Event } from '../../events/event.entity';
import { metricsRecording, registry } from './registry';

/**
 * Business counters, fed from one place: the outbox dispatcher, after the dispatch transaction
 * commits. Every state change records its event in its own transaction, so an event exists only
 * if its change committed, and the dispatcher takes each event once (row lock, marked in the
 * same transaction). Counted per process that dispatched: sum over instances.
 */
const counter = (name: string, help: string, labelNames: string[]) => new Counter({ name, help, labelNames, registers: [registry] });

const events = counter('lastro_events_dispatched_total', 'Outbox events dispatched, by event type', ['type']);
const transactions = counter('lastro_transactions_total', 'Transactions reaching a status, by payment method (card, pix, boleto; mixed for several) and status', ['method', 'status']);
const refunds = counter('lastro_refunds_total', 'Refunds reaching a status', ['status']);
const withdrawals = counter('lastro_withdrawals_total', 'Withdrawals reaching a status', ['status']);
const invoices = counter('lastro_invoices_total', 'Invoices reaching a status', ['status']);
const authorized = counter('lastro_money_authorized_cents_total', 'Card payments the acquirer approved, in minor units (cents), by currency', ['currency']);
const settled = counter('lastro_money_settled_cents_total', 'Payments paid (card captured, Pix received, boleto paid) and posted to the ledger, in minor units (cents), by currency and method', ['currency', 'method']);
const withdrawn = counter('lastro_money_withdrawn_cents_total', 'Withdrawals paid out, in minor units (cents), by currency', ['currency']);
const refunded = counter('lastro_money_refunded_cents_total', 'Refunds completed, in minor units (cents), by currency', ['currency']);

const METHOD_LABEL: Record<string, string> = { credit_card: 'card', pix: 'pix', boleto: 'boleto' };

type Data = { amount?: unknown; currency?: unknown; paymentMethod?: unknown; payments?: { paymentMethod?: unknown }[] };

function methodOf(method: unknown): string {
  return METHOD_LABEL[String(method)] ?? 'other';
}

function transactionMethod(data: Data): string {
  const methods = new Set((data.payments ?? []).map((p) => methodOf(p.paymentMethod)));
  if (methods.size === 1) return [...methods][0];
  return methods.size === 0 ? 'none' : 'mixed';
}

const cents = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);
const currencyOf = (data: Data): string => (typeof data.currency === 'string' ? data.currency : 'unknown');

function count(event: Pick<Event, 'type' | 'payload'>): void {
  events.inc({ type: event.type });
  const dot = event.type.indexOf('.');
  const domain = event.type.slice(0, dot);
  const status = event.type.slice(dot + 1);
  const data = ((event.payload as { data?: Data }).data ?? {}) as Data;
  switch (domain) {
    case 'transaction':
      transactions.inc({ method: transactionMethod(data), status });
      return;
    case 'payment':
      if (status !== 'paid') return;
      settled.inc({ currency: currencyOf(data), method: methodOf(data.paymentMethod) }, cents(data.amount));
      if (data.paymentMethod === 'credit_card') authorized.inc({ currency: currencyOf(data) }, cents(data.amount));
      return;
    case 'refund':
      refunds.inc({ status });
      if (status === 'refunded') refunded.inc({ currency: currencyOf(data) }, cents(data.amount));
      return;
    case 'withdrawal':
      withdrawals.inc({ status });
      if (status === 'paid') withdrawn.inc({ currency: currencyOf(data) }, cents(data.amount));
      return;
    case 'invoice':
      invoices.inc({ status });
      return;
  }
}

/** Counts the events a dispatch took, once its transaction committed. */
export function countDispatchedEvents(dispatched: readonly Pick<Event, 'id' | 'type' | 'payload'>[], ids: ReadonlySet<string>): void {
  if (!metricsRecording()) return;
  for (const event of dispatched) if (ids.has(event.id)) count(event);
}
