import type { EntityManager } from '@mikro-orm/postgresql';
import type { Event } from '../events/event.entity';
import { eventsInsert } from '../events/outbox';
import { executeWithNext, prepared } from '../db/direct-sql-connection';
import { Payment } from './payment.entity';
import { TransactionSplit } from './split.entity';
import { Transaction } from './transaction.entity';

/** Created transactions' rows, built in memory (`newTransaction`, `newPayment`, `newSplit`) and written by `insertTransactions`. */
export interface TransactionRows {
  transaction: Transaction;
  payments: Payment[];
  splits: TransactionSplit[];
}

/** A transaction's row with its defaults (not managed by any unit of work: `insertTransactions` writes it). */
export const newTransaction = (fields: Partial<Transaction> & Pick<Transaction, 'id' | 'companyId' | 'referenceCode' | 'amount' | 'items'>): Transaction => Object.assign(new Transaction(), fields);
export const newPayment = (fields: Partial<Payment> & Pick<Payment, 'id' | 'companyId' | 'transactionId' | 'method' | 'amount'>): Payment => Object.assign(new Payment(), fields);
export const newSplit = (fields: Partial<TransactionSplit> & Pick<TransactionSplit, 'id' | 'transactionId' | 'recipientId' | 'type'>): TransactionSplit => Object.assign(new TransactionSplit(), fields);

/**
 * Writes created transactions, their payments, split items and events in one statement (a
 * `with` per table): no unit of work, and the payments' and splits' foreign keys are checked
 * at its end (they are not deferred), not as statements of the COMMIT. A referenceCode taken
 * fails it with MikroORM's UniqueConstraintViolationException, as a flush would. `last`: its
 * caller's transaction writes nothing after it, so in a direct transaction it goes with the
 * COMMIT (`executeWithNext`), its error read by `last.mapError` there.
 */
export async function insertTransactions(em: EntityManager, made: TransactionRows[], events: Event[] = [], last?: { mapError: (err: unknown) => unknown }): Promise<void> {
  if (made.length === 0 && events.length === 0) return;
  const transactions = made.map(({ transaction: t }) => ({
    id: t.id,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
    company_id: t.companyId,
    reference_code: t.referenceCode,
    customer_id: t.customerId,
    status: t.status,
    amount: t.amount,
    currency: t.currency,
    items: t.items,
    metadata: t.metadata,
    idempotency_key: t.idempotencyKey,
    origin: t.origin,
  }));
  const payments = made.flatMap(({ payments }) =>
    payments.map((p) => ({
      id: p.id,
      created_at: p.createdAt,
      updated_at: p.updatedAt,
      company_id: p.companyId,
      transaction_id: p.transactionId,
      position: p.position,
      method: p.method,
      status: p.status,
      amount: p.amount,
      currency: p.currency,
      installments: p.installments,
      capture: p.capture,
      card: p.card,
      pix: p.pix,
      boleto: p.boleto,
      expires_at: p.expiresAt,
      gateway: p.gateway,
      processor_connection_id: p.processorConnectionId,
    })),
  );
  const splits = made.flatMap(({ splits }) =>
    splits.map((s) => ({
      id: s.id,
      transaction_id: s.transactionId,
      recipient_id: s.recipientId,
      type: s.type,
      amount: s.amount,
      percentage: s.percentage,
      liable: s.liable,
      charge_processing_fee: s.chargeProcessingFee,
      created_at: s.createdAt,
    })),
  );
  const withEvents = events.length > 0 ? eventsInsert(events) : null;
  const sql = `with t as (
       insert into transactions (id, created_at, updated_at, company_id, reference_code, customer_id, status, amount, currency, items, metadata, idempotency_key, origin)
       select id, created_at, updated_at, company_id, reference_code, customer_id, status, amount, currency, items, metadata, idempotency_key, origin
         from jsonb_to_recordset(?::jsonb) as x(id text, created_at timestamptz, updated_at timestamptz, company_id text, reference_code text, customer_id text, status text,
                                                amount bigint, currency text, items jsonb, metadata jsonb, idempotency_key text, origin text)
     ), p as (
       insert into payments (id, created_at, updated_at, company_id, transaction_id, position, method, status, amount, currency, installments, capture, card, pix, boleto,
                             expires_at, gateway, processor_connection_id, charged_back_amount, chargebacks)
       select id, created_at, updated_at, company_id, transaction_id, position, method, status, amount, currency, installments, capture, card, pix, boleto,
              expires_at, gateway, processor_connection_id, 0, '[]'::jsonb
         from jsonb_to_recordset(?::jsonb) as x(id text, created_at timestamptz, updated_at timestamptz, company_id text, transaction_id text, position smallint, method text,
                                                status text, amount bigint, currency text, installments int, capture boolean, card jsonb, pix jsonb, boleto jsonb,
                                                expires_at timestamptz, gateway text, processor_connection_id text)
     ), s as (
       insert into transaction_splits (id, transaction_id, recipient_id, type, amount, percentage, liable, charge_processing_fee, created_at)
       select id, transaction_id, recipient_id, type, amount, percentage, liable, charge_processing_fee, created_at
         from jsonb_to_recordset(?::jsonb) as x(id text, transaction_id text, recipient_id text, type text, amount bigint, percentage double precision,
                                                liable boolean, charge_processing_fee boolean, created_at timestamptz)
     )${withEvents ? `, e as (${withEvents.sql})` : ''}
     select 1`;
  const params = [JSON.stringify(transactions), JSON.stringify(payments), JSON.stringify(splits), ...(withEvents?.params ?? [])];
  // Of a few shapes (with or without events), run by every sale: prepared once per connection.
  if (last) await executeWithNext(em, prepared(sql), params, last.mapError);
  else await em.execute(prepared(sql), params, 'run');
}

type Row = Record<string, unknown>;
const dateOf = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));
const numberOf = (v: unknown): number => Number(v);

/**
 * A transaction from its row as `to_jsonb` gives it, mapped by hand: not managed by any unit of
 * work (its changes are written by `writeChanges`), and no entity hydration on the hot path.
 */
export function transactionOfRow(r: Row): Transaction {
  return newTransaction({
    id: r.id as string,
    createdAt: dateOf(r.created_at)!,
    updatedAt: dateOf(r.updated_at)!,
    deletedAt: dateOf(r.deleted_at),
    companyId: r.company_id as string,
    referenceCode: r.reference_code as string,
    customerId: (r.customer_id as string | null) ?? null,
    status: r.status as Transaction['status'],
    amount: numberOf(r.amount),
    currency: r.currency as string,
    items: r.items as Transaction['items'],
    metadata: r.metadata as Transaction['metadata'],
    statusReason: (r.status_reason as string | null) ?? null,
    paidAt: dateOf(r.paid_at),
    canceledAt: dateOf(r.canceled_at),
    idempotencyKey: (r.idempotency_key as string | null) ?? null,
    origin: r.origin as Transaction['origin'],
  });
}

/** A payment from its `to_jsonb` row (`transactionOfRow`). */
export function paymentOfRow(r: Row): Payment {
  return newPayment({
    id: r.id as string,
    createdAt: dateOf(r.created_at)!,
    updatedAt: dateOf(r.updated_at)!,
    deletedAt: dateOf(r.deleted_at),
    companyId: r.company_id as string,
    transactionId: r.transaction_id as string,
    position: numberOf(r.position),
    method: r.method as Payment['method'],
    status: r.status as Payment['status'],
    amount: numberOf(r.amount),
    currency: r.currency as string,
    installments: numberOf(r.installments),
    capture: r.capture as boolean,
    card: (r.card as Payment['card']) ?? null,
    pix: (r.pix as Payment['pix']) ?? null,
    boleto: (r.boleto as Payment['boleto']) ?? null,
    expiresAt: dateOf(r.expires_at),
    gateway: (r.gateway as string | null) ?? null,
    gatewayReference: (r.gateway_reference as string | null) ?? null,
    processorConnectionId: (r.processor_connection_id as string | null) ?? null,
    authorizationCode: (r.authorization_code as string | null) ?? null,
    statusReason: (r.status_reason as string | null) ?? null,
    paidAt: dateOf(r.paid_at),
    chargedBackAmount: numberOf(r.charged_back_amount),
    chargebacks: (r.chargebacks as Payment['chargebacks']) ?? [],
  });
}
