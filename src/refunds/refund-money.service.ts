import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError, conflict } from '../http/errors';
import { postRefund, releaseReservation, reserveFunds, reversePosting } from '../ledger/ledger.service';
import { releaseSale } from '../payments/settlement.service';
import type { TransactionSplit } from '../payments/split.entity';
import { refundShares, shareDebit, type RefundShare, type SaleShare } from './refund-money.rules';
import type { Refund, RefundHold } from './refund.entity';

/**
 * The ledger side of a refund (docs/refunds.md "Money"):
 * - at creation the recipients' shares are reserved (available → blocked), taking this sale's
 *   own still-pending money first: its unreleased installments are released early, earliest
 *   first, as far as the refunds of the payment need; then other available money;
 * - when the refund is refunded one balanced posting takes the shares out of `blocked`;
 * - when it is refused or failed the reservation is released.
 */

const saleKey = (paymentId: string) => `sale:${paymentId}`;

/** Per recipient, what the payment's sale posting credited (gross) and charged (fee); empty before it settled. */
export async function saleSharesOf(em: EntityManager, paymentId: string, splits: TransactionSplit[]): Promise<SaleShare[]> {
  const rows = await em.execute<{ recipient_id: string; gross: string; fee: string }[]>(
    `select w.recipient_id,
            coalesce(sum(e.amount) filter (where e.type in ('sale', 'platform_fee')), 0) as gross,
            coalesce(-sum(e.amount) filter (where e.type = 'fee'), 0) as fee
       from ledger_postings p join ledger_entries e on e.posting_id = p.id
       join ledger_accounts a on a.id = e.account_id join wallets w on w.id = a.wallet_id
      where p.key = ? group by w.recipient_id order by w.recipient_id`,
    [saleKey(paymentId)],
  );
  return rows.map((r) => ({
    recipientId: r.recipient_id,
    gross: Number(r.gross),
    fee: Number(r.fee),
    paysFees: splits.some((s) => s.recipientId === r.recipient_id && s.chargeProcessingFee),
  }));
}

interface SaleSlice {
  index: number;
  releaseAt: string;
  released: boolean;
  net: Map<string, number>;
}

/** The sale posting's release slices (installments), in date order, with what each gives each recipient net. */
async function saleSlices(em: EntityManager, paymentId: string): Promise<{ postingId: string; slices: SaleSlice[] } | null> {
  const rows = await em.execute<{ posting_id: string; recipient_id: string; release_at: Date; net: string }[]>(
    `select p.id as posting_id, w.recipient_id, e.release_at, sum(e.amount) as net
       from ledger_postings p join ledger_entries e on e.posting_id = p.id
       join ledger_accounts a on a.id = e.account_id join wallets w on w.id = a.wallet_id
      where p.key = ? and a.bucket = 'pending' and e.release_at is not null
      group by p.id, w.recipient_id, e.release_at order by e.release_at, w.recipient_id`,
    [saleKey(paymentId)],
  );
  if (rows.length === 0) return null;
  // Release n of the payment is the posting keyed `release:<pay_id>:<n>` (settlement.service), n counting dates from 1.
  const done = new Set((await em.execute<{ key: string }[]>(`select key from ledger_postings where key like ?`, [`release:${paymentId}:%`])).map((r) => r.key));
  const slices: SaleSlice[] = [];
  for (const r of rows) {
    const at = new Date(r.release_at).toISOString();
    let slice = slices.find((s) => s.releaseAt === at);
    if (!slice) {
      const index = slices.length + 1;
      slices.push((slice = { index, releaseAt: at, released: done.has(`release:${paymentId}:${index}`), net: new Map() }));
    }
    slice.net.set(r.recipient_id, (slice.net.get(r.recipient_id) ?? 0) + Number(r.net));
  }
  return { postingId: rows[0].posting_id, slices };
}

/**
 * Pending first: releases this payment's installments early (the same release posting, key
 * `release:<pay_id>:<n>`, the transaction workflow would make on the date, so its own later
 * call finds it done) until, for every recipient, what the sale released covers what the
 * payment's refunds hold on it. The remainder, if any, comes from other available money.
 */
async function releaseSaleForRefunds(em: EntityManager, paymentId: string, owed: Map<string, number>): Promise<void> {
  const sale = await saleSlices(em, paymentId);
  if (!sale) return;
  const released = new Map<string, number>();
  const add = (s: SaleSlice) => s.net.forEach((v, k) => released.set(k, (released.get(k) ?? 0) + v));
  sale.slices.filter((s) => s.released).forEach(add);
  const short = () => [...owed].some(([rec, amount]) => (released.get(rec) ?? 0) < amount);
  for (const slice of sale.slices.filter((s) => !s.released)) {
    if (!short()) break;
    await releaseSale(em, { paymentId, postingId: sale.postingId, index: slice.index, releaseAt: slice.releaseAt });
    add(slice);
  }
}

/** What the payment's refunds that still hold money (not refused, not failed) already took, per recipient and in total. */
async function heldByOtherRefunds(em: EntityManager, paymentId: string, exceptId: string): Promise<{ amount: number; debits: Map<string, number> }> {
  const rows = await em.execute<{ amount: string; holds: RefundHold[] }[]>(
    `select amount, holds from refunds where payment_id = ? and id <> ? and status not in ('refused', 'failed')`,
    [paymentId, exceptId],
  );
  const debits = new Map<string, number>();
  for (const r of rows) for (const h of r.holds) debits.set(h.recipientId, (debits.get(h.recipientId) ?? 0) + shareDebit(h));
  return { amount: rows.reduce((a, r) => a + Number(r.amount), 0), debits };
}

/**
 * Computes the refund's shares and reserves them; call with the payment row locked (so
 * concurrent refunds of one payment see each other). 409 `insufficient_balance` naming the
 * recipient when its wallet cannot cover its share.
 */
export async function reserveRefund(
  em: EntityManager,
  refund: Pick<Refund, 'id' | 'companyId' | 'paymentId' | 'amount' | 'currency'>,
  input: { paid: number; splits: TransactionSplit[]; refundFee: number },
): Promise<RefundHold[]> {
  const sale = await saleSharesOf(em, refund.paymentId, input.splits);
  if (sale.length === 0) throw conflict('payment_not_refundable', 'The payment has no settled sale to refund');
  const others = await heldByOtherRefunds(em, refund.paymentId, refund.id);
  const shares: RefundShare[] = refundShares({ sale, paid: input.paid, alreadyRefunded: others.amount, amount: refund.amount, refundFee: input.refundFee });
  const owed = new Map(others.debits);
  for (const s of shares) owed.set(s.recipientId, (owed.get(s.recipientId) ?? 0) + shareDebit(s));
  await releaseSaleForRefunds(em, refund.paymentId, owed);

  const holds: RefundHold[] = [];
  for (const s of shares) {
    const blocked = Math.max(0, shareDebit(s));
    if (blocked > 0) {
      try {
        await reserveFunds(em, { key: `refund-hold:${refund.id}:${s.recipientId}`, kind: 'refund_hold', companyId: refund.companyId, recipientId: s.recipientId, currency: refund.currency, amount: blocked, source: 'refund', sourceId: refund.id });
      } catch (err) {
        if (err instanceof ApiError && err.code === 'insufficient_balance') {
          throw conflict('insufficient_balance', `Recipient ${s.recipientId} has ${blocked} cents less than its share of this refund needs (its balance must cover the refund)`);
        }
        throw err;
      }
    }
    holds.push({ ...s, blocked });
  }
  return holds;
}

/** The refund's completion postings, each with whether a return reversed it. */
async function refundPostings(em: EntityManager, refundId: string): Promise<Array<{ id: string; reversed: boolean }>> {
  return em.execute<Array<{ id: string; reversed: boolean }>>(
    `select p.id, exists (select 1 from ledger_postings r where r.reverses_posting_id = p.id) as reversed
       from ledger_postings p where p.source = 'refund' and p.source_id = ? and p.kind = 'refund' order by p.created_at, p.id`,
    [refundId],
  );
}

/**
 * The completed refund's posting, key `refund:<ref_…>`, idempotent per refund. A refund completed
 * again after its transfer was returned (`returnRefundMoney`) posts under
 * `refund:<ref_…>:<bank-details request>`, the transfer that completed it this time.
 */
export async function settleRefundMoney(em: EntityManager, refund: Refund): Promise<void> {
  const returned = (await refundPostings(em, refund.id)).some((p) => p.reversed);
  await postRefund(em, {
    key: returned ? `refund:${refund.id}:${refund.bankDetailsRequests}` : `refund:${refund.id}`,
    companyId: refund.companyId,
    currency: refund.currency,
    refundId: refund.id,
    amount: refund.amount,
    shares: refund.holds.map((h) => ({ ...h, from: h.blocked > 0 ? 'blocked' : 'available' })),
  });
}

/** A refused or failed refund gives its reservation back (idempotent per refund and recipient). */
export async function releaseRefundHolds(em: EntityManager, refund: Refund): Promise<void> {
  for (const h of refund.holds.filter((x) => x.blocked > 0)) {
    await releaseReservation(em, { key: `refund-unhold:${refund.id}:${h.recipientId}`, companyId: refund.companyId, recipientId: h.recipientId, currency: refund.currency, amount: h.blocked, source: 'refund', sourceId: refund.id });
  }
}

/**
 * The receiving bank sent a completed refund's transfer back: its completion posting is reversed
 * (one reversal per posting), so the shares are back where the refund took them from (`blocked`:
 * reserved for the refund again, until the next transfer completes it or it fails and releases them).
 */
export async function returnRefundMoney(em: EntityManager, refund: Refund): Promise<void> {
  for (const p of (await refundPostings(em, refund.id)).filter((x) => !x.reversed)) {
    await reversePosting(em, { postingId: p.id, description: `refund ${refund.id}: transfer returned by the receiving bank` });
  }
}
