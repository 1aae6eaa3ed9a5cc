import type { EntityManager } from '@mikro-orm/postgresql';
import { post, postMany, type PostingInput, type PostingLine } from '../ledger/ledger.service';
import { chargebackKeyPrefix, lockSale } from './chargeback.service';
import { feeTables, paymentFee } from './payment-fee.service';
import type { Payment } from './payment.entity';
import { bearableFee, receivedAmount, salePosting, settlementReleases } from './settlement.rules';
import { markTransactionPaid, type Changes } from './transaction-lifecycle.service';
import type { TransactionAggregate } from './transaction-views';

/** A release the transaction workflow sleeps until (plain JSON: it crosses into the workflow). */
export interface ScheduledRelease {
  paymentId: string;
  postingId: string;
  index: number;
  releaseAt: string;
  /** Net integer cents moved from pending to available, all recipients together. */
  amount: number;
}

/**
 * The sale postings of paid payments, balanced and idempotent (key `sale:<pay_id>`; lines:
 * settlement.rules `salePosting` over what arrived, `receivedAmount`: a boleto's paid amount), made together in one `postMany`: their fees read once per
 * company's fee table, their accounts locked and their rows inserted in a few statements
 * whatever their number. Returns each payment's releases to schedule, in order.
 */
export async function postPaymentSales(em: EntityManager, sales: Array<{ agg: TransactionAggregate; payment: Payment }>): Promise<ScheduledRelease[][]> {
  if (sales.length === 0) return [];
  const fees = feeTables(em);
  const postings = await Promise.all(
    sales.map(async ({ agg: { transaction, splits }, payment }) => {
      const received = receivedAmount(payment);
      const faceFee = await paymentFee(em, transaction.companyId, { method: payment.method, installments: payment.installments, amount: payment.amount, currency: payment.currency }, fees);
      const fee = received < payment.amount ? bearableFee(splits, received, faceFee) : faceFee;
      const sale = salePosting({ method: payment.method, installments: payment.installments, amount: received, currency: payment.currency, paidAt: payment.paidAt!.toISOString(), fee, splits });
      const input: PostingInput = {
        key: `sale:${payment.id}`,
        kind: 'sale',
        companyId: transaction.companyId,
        source: 'transaction',
        sourceId: transaction.id,
        description: `${payment.method} payment ${payment.id}`,
        lines: sale.lines,
      };
      return { input, sale };
    }),
  );
  const posted = await postMany(em, postings.map((p) => p.input));
  return postings.map(({ sale }, n) => sale.releases.map((r) => ({ paymentId: sales[n].payment.id, postingId: posted[n].postingId, ...r })));
}

/**
 * Settles a transaction whose payments are all paid, in the caller's database transaction (the
 * one `c` locked its rows in): marked paid with its events, and one sale posting per payment.
 * Returns the releases to schedule; a transaction that ended unpaid settles nothing.
 * Repeatable: a second run finds it paid and the postings made (their keys), and returns the same releases.
 */
export async function settleTransaction(em: EntityManager, c: Changes, paidAt: Record<string, string>): Promise<ScheduledRelease[]> {
  const [releases] = await settleTransactions(em, [c], paidAt);
  return releases;
}

/**
 * `settleTransaction` for many transactions at once (its one path): all marked paid, their
 * status changes and events written in one flush, then every payment's sale posting in one
 * `postPaymentSales`. Returns each transaction's releases, in order.
 */
export async function settleTransactions(em: EntityManager, cs: Changes[], paidAt: Record<string, string>): Promise<ScheduledRelease[][]> {
  for (const c of cs) markTransactionPaid(c, paidAt);
  const paid = cs.filter((c) => c.agg.transaction.status === 'paid');
  if (paid.length === 0) return cs.map(() => []);
  // The status changes and their events are written first: the postings lock ledger rows every
  // sale of the company (and the platform's accounts every sale) posts to, held until the commit.
  await em.flush();
  const sales = paid.flatMap((c) => c.agg.payments.map((payment) => ({ agg: c.agg, payment })));
  const posted = await postPaymentSales(em, sales);
  const byTransaction = new Map<string, ScheduledRelease[]>();
  sales.forEach(({ agg }, n) => byTransaction.set(agg.transaction.id, [...(byTransaction.get(agg.transaction.id) ?? []), ...posted[n]]));
  return cs.map((c) => byTransaction.get(c.agg.transaction.id) ?? []);
}

/**
 * The releases a paid transaction's sale postings scheduled, read from the postings (not the
 * fee table, which may have changed since): what a workflow started after the settlement sleeps on.
 * Release n is the payment's n-th release date (settlement.rules); one whose shares round to
 * nothing moves 0.
 */
export async function scheduledReleases(em: EntityManager, agg: Pick<TransactionAggregate, 'payments'>): Promise<ScheduledRelease[]> {
  const paid = agg.payments.filter((p) => p.status !== 'canceled' && p.paidAt);
  if (paid.length === 0) return [];
  const rows = await em.execute<{ posting_id: string; key: string; release_at: string | Date | null; net: string }[]>(
    `select p.id as posting_id, p.key, e.release_at, sum(e.amount) as net
       from ledger_postings p join ledger_entries e on e.posting_id = p.id join ledger_accounts a on a.id = e.account_id
      where p.key in (${paid.map(() => '?').join(', ')}) and a.bucket = 'pending'
      group by p.id, p.key, e.release_at`,
    paid.map((p) => `sale:${p.id}`),
  );
  return paid.flatMap((payment) => {
    const own = rows.filter((r) => r.key === `sale:${payment.id}`);
    if (own.length === 0) throw new Error(`Payment ${payment.id} is paid but has no sale posting`);
    const dates = settlementReleases({ method: payment.method, installments: payment.installments, paidAt: payment.paidAt!.toISOString(), shares: [] });
    return dates.map((d) => ({
      paymentId: payment.id,
      postingId: own[0].posting_id,
      index: d.index,
      releaseAt: d.releaseAt,
      amount: Number(own.find((r) => r.release_at !== null && new Date(r.release_at).toISOString() === d.releaseAt)?.net ?? 0),
    }));
  });
}

/**
 * Release n of a sale posting: what that posting left pending with this releaseAt, per
 * recipient, moves to available (key `release:<pay_id>:<n>`, idempotent). Read from the
 * posting's own entries, so a fee table changed since cannot make it disagree.
 */
export async function releaseSale(em: EntityManager, r: Pick<ScheduledRelease, 'paymentId' | 'postingId' | 'index' | 'releaseAt'>): Promise<void> {
  await em.transactional(async (tem) => {
    await lockSale(tem, r.paymentId);
    // Net of what chargebacks already took from this installment (their lines carry its date).
    const rows = await tem.execute<{ recipient_id: string; currency: string; net: string }[]>(
      `select w.recipient_id, e.currency, sum(e.amount) as net
         from ledger_entries e join ledger_accounts a on a.id = e.account_id join wallets w on w.id = a.wallet_id
         join ledger_postings p on p.id = e.posting_id
        where (e.posting_id = ? or starts_with(p.key, ?)) and a.bucket = 'pending' and e.release_at = ?
        group by w.recipient_id, e.currency order by w.recipient_id`,
      [r.postingId, chargebackKeyPrefix(r.paymentId), new Date(r.releaseAt)],
    );
    const moves = rows.filter((x) => Number(x.net) > 0);
    if (moves.length === 0) return;
    const [sale] = await tem.execute<{ company_id: string; source_id: string }[]>('select company_id, source_id from ledger_postings where id = ?', [r.postingId]);
    // The lines carry the installment's date: the statement counts a sale entry as released
    // only when a release line of its posting has its releaseAt (none would release them all).
    const lines = moves.flatMap((m): PostingLine[] => [
      { account: { recipientId: m.recipient_id, bucket: 'pending', currency: m.currency }, amount: -Number(m.net), type: 'sale', inStatement: false, releaseAt: r.releaseAt },
      { account: { recipientId: m.recipient_id, bucket: 'available', currency: m.currency }, amount: Number(m.net), type: 'sale', inStatement: false, releaseAt: r.releaseAt },
    ]);
    await post(tem, {
      key: `release:${r.paymentId}:${r.index}`,
      kind: 'release',
      companyId: sale.company_id,
      source: 'transaction',
      sourceId: sale.source_id,
      releasesPostingId: r.postingId,
      description: `release ${r.index} of ${r.paymentId}`,
      lines,
    });
  });
}
