import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError } from '../http/errors';
import type { CardRail, Processors } from '../processors/processors';
import type { Payment } from './payment.entity';

/**
 * Which acquirer store each card payment goes to. A card payment is pinned to its company's card
 * connection (`processor_connection_id`, as a Pix payment is to its PSP's) before the first call
 * that names it, so every later call for it (a retried authorization's query, a void, a refund)
 * reaches the same store, even after the company reconnects to another.
 */

/** A card payment's rail, or why it has none: `processor_not_configured` (nothing was sent), or its connection is gone. */
export type PinnedRail = { rail: CardRail } | { error: ApiError | Error };

/**
 * The rail of each card payment: the connection it is pinned to, else its company's
 * (`Processors.cardFor`), pinned now in one statement for all of them. Two deciders pinning at
 * once keep the first pin (`coalesce`), and both read it back. A company with neither a
 * connection nor a deployment default gets the 409 `processor_not_configured` for its payments.
 */
export async function pinCardRails(em: EntityManager, processors: Processors, mode: 'sandbox' | 'production', payments: Payment[]): Promise<Map<string, PinnedRail>> {
  const out = new Map<string, PinnedRail>();
  const pins = new Map<string, string>();
  const wanted = new Map<string, string>();
  const byCompany = new Map<string, string | ApiError>();
  for (const p of payments) {
    if (p.processorConnectionId) {
      pins.set(p.id, p.processorConnectionId);
      continue;
    }
    if (!byCompany.has(p.companyId)) {
      byCompany.set(
        p.companyId,
        await processors.cardFor(em, { id: p.companyId, mode }).then(
          (r) => r.connection.id,
          (err: unknown) => {
            if (err instanceof ApiError) return err;
            throw err;
          },
        ),
      );
    }
    const company = byCompany.get(p.companyId)!;
    if (company instanceof ApiError) out.set(p.id, { error: company });
    else wanted.set(p.id, company);
  }
  if (wanted.size > 0) {
    const rows = await em.execute<Array<{ id: string; processor_connection_id: string }>>(
      `update payments p set processor_connection_id = coalesce(p.processor_connection_id, v.conn)
         from jsonb_to_recordset(?::jsonb) as v(id text, conn text)
        where p.id = v.id and p.id = any(array(select jsonb_array_elements_text(?::jsonb))) and p.method = 'credit_card'
        returning p.id, p.processor_connection_id`,
      [JSON.stringify([...wanted].map(([id, conn]) => ({ id, conn }))), JSON.stringify([...wanted.keys()])],
      'all',
    );
    for (const r of rows) pins.set(r.id, r.processor_connection_id);
  }
  const rails = new Map<string, CardRail | null>();
  for (const [paymentId, connectionId] of pins) {
    if (!rails.has(connectionId)) rails.set(connectionId, await processors.cardById(em, connectionId));
    const rail = rails.get(connectionId);
    out.set(paymentId, rail ? { rail } : { error: new Error(`Card connection ${connectionId} of payment ${paymentId} is gone: an operator reconnects it before the payment can be decided, voided or refunded`) });
  }
  return out;
}

/** The rail a pinned card payment was authorized on (voids, refunds, chargebacks); null when it was never pinned or its connection is gone. */
export async function pinnedCardRail(em: EntityManager, processors: Processors, payment: Pick<Payment, 'processorConnectionId'>): Promise<CardRail | null> {
  return payment.processorConnectionId ? processors.cardById(em, payment.processorConnectionId) : null;
}

/**
 * Voids approved card payments at the store each was authorized on (a transaction that could not
 * complete). Idempotent at the acquirer: a void of a voided sale changes nothing. A payment never
 * pinned never reached an acquirer: nothing to void.
 */
export async function voidCardPayments(em: EntityManager, processors: Processors, paymentIds: string[]): Promise<void> {
  if (paymentIds.length === 0) return;
  const rows = await em.execute<Array<{ id: string; processor_connection_id: string | null }>>(
    `select id, processor_connection_id from payments where id = any(array(select jsonb_array_elements_text(?::jsonb))) and method = 'credit_card'`,
    [JSON.stringify(paymentIds)],
    'all',
  );
  for (const row of rows) {
    if (!row.processor_connection_id) continue;
    const rail = await processors.cardById(em, row.processor_connection_id);
    if (!rail) throw new Error(`Card connection ${row.processor_connection_id} of payment ${row.id} is gone: its approved charge cannot be voided until an operator reconnects it`);
    await rail.acquirer.void(row.id);
  }
}
