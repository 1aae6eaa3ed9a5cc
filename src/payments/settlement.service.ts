import type { EntityManager } from '@mikro-orm/postgresql';
import { postMany, runParts, type PostingInput, type PostManyOptions, type StatementPart } from '../ledger/ledger.service';
import { receivablesOf } from '../receivables/receivable.rules';
import { receivablesInsert, pendingInstallments, releaseInstallments, type SaleReceivables } from '../receivables/receivables.service';
import { lockSale } from './chargeback.service';
import { feeTables, paymentFee } from './payment-fee.service';
import type { Payment } from './payment.entity';
import { availableAtOnce, bearableFee, receivedAmount, salePosting } from './settlement.rules';
import { changesWrite, markTransactionPaid, type Changes } from './transaction-lifecycle.service';
import type { TransactionAggregate } from './transaction-views';

/** A release a sale scheduled: its receivables' installment, released by the release run of its date. */
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
 * company's fee table, their rows inserted in a few statements whatever their number; then
 * their receivables (per recipient and installment) in one more statement, in the same
 * transaction. A Pix's are born released (its sale credits `available`). Nothing is left to
 * schedule: the release runs release the receivables on their dates.
 */
export async function postPaymentSales(
  em: EntityManager,
  sales: Array<{ agg: TransactionAggregate; payment: Payment }>,
  also: StatementPart[] = [],
  options: Pick<PostManyOptions, 'replayRuledOut'> = {},
): Promise<void> {
  if (sales.length === 0) return runParts(em, also);
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
  // The receivables of the postings it inserts, and the caller's writes, in the postings' statement.
  const receivables = (postingIds: Array<string | null>): StatementPart[] => {
    const fresh = postings.flatMap(({ sale }, n): SaleReceivables[] => {
      const salePostingId = postingIds[n];
      if (!salePostingId) return [];
      const { transaction } = sales[n].agg;
      const { payment } = sales[n];
      return [{ companyId: transaction.companyId, transactionId: transaction.id, paymentId: payment.id, salePostingId, currency: payment.currency, drafts: receivablesOf(sale.settlement, availableAtOnce(payment.method)) }];
    });
    const part = receivablesInsert(fresh);
    return part ? [...also, part] : also;
  };
  await postMany(
    em,
    postings.map((p) => p.input),
    { also: receivables, ...options },
  );
}

/**
 * Settles a transaction whose payments are all paid, in the caller's database transaction (the
 * one `c` locked its rows in): marked paid with its events, one sale posting per payment and its
 * receivables; a transaction that ended unpaid settles nothing. Repeatable: a second run finds
 * it paid and the postings made (their keys).
 */
export async function settleTransaction(em: EntityManager, c: Changes, paidAt: Record<string, string>): Promise<void> {
  await settleTransactions(em, [c], paidAt);
}

/**
 * `settleTransaction` for many transactions at once (its one path): all marked paid, their
 * status changes and events written in one flush, then every payment's sale posting in one
 * `postPaymentSales`.
 */
export async function settleTransactions(em: EntityManager, cs: Changes[], paidAt: Record<string, string>, options: Pick<PostManyOptions, 'replayRuledOut'> = {}): Promise<void> {
  for (const c of cs) markTransactionPaid(c, paidAt);
  const settling = cs.filter((c) => c.agg.transaction.status === 'paid');
  if (settling.length === 0) return;
  // Managed rows: the status changes and their events flushed first. Detached ones (a card
  // decision's): written in the postings' statement, with every other change of `cs`.
  if (cs.some((c) => !c.detached)) await em.flush();
  const sales = settling.flatMap((c) => c.agg.payments.map((payment) => ({ agg: c.agg, payment })));
  await postPaymentSales(em, sales, changesWrite(cs), options);
}

/**
 * The releases still to come of a transaction's paid payments (their pending receivables, net
 * of chargebacks, all recipients together): what its timeline shows as scheduled.
 */
export async function scheduledReleases(em: EntityManager, agg: Pick<TransactionAggregate, 'payments'>): Promise<ScheduledRelease[]> {
  const paid = agg.payments.filter((p) => p.status !== 'canceled' && p.paidAt);
  return (await pendingInstallments(em, paid.map((p) => p.id))).map((r) => ({ paymentId: r.paymentId, postingId: '', index: r.installment, releaseAt: r.releaseAt, amount: r.amount }));
}

/**
 * Release n of a sale made early, one at a time (a refund needing the sale's pending money
 * before its date): what the sale posting left pending with this releaseAt, per recipient,
 * net of what chargebacks took from it, moves to available (key `release:<pay_id>:<n>`, the one
 * the release run makes: whichever comes first makes it, the other finds it) and its
 * receivables are released by it. Under the sale's lock, as the run and chargebacks.
 */
export async function releaseSale(em: EntityManager, r: Pick<ScheduledRelease, 'paymentId' | 'postingId' | 'index' | 'releaseAt'>): Promise<void> {
  await em.transactional(async (tem) => {
    await lockSale(tem, r.paymentId);
    const [sale] = await tem.execute<{ company_id: string; source_id: string }[]>('select company_id, source_id from ledger_postings where id = ?', [r.postingId]);
    await releaseInstallments(tem, [{ paymentId: r.paymentId, installment: r.index, salePostingId: r.postingId, releaseAt: new Date(r.releaseAt).toISOString(), companyId: sale.company_id, transactionId: sale.source_id }]);
  });
}
