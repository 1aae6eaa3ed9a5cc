import type { EntityManager } from '@mikro-orm/postgresql';
import { ulid } from 'ulid';
import type { Event } from '../events/event.entity';
import { feeFor } from '../fees/fees.service';
import { post, type PostingLine } from '../ledger/ledger.service';
import { pendingTakes } from '../receivables/receivable.rules';
import { lowerReceivables } from '../receivables/receivables.service';
import { liableShares, takeFromSources, type ChargebackSource } from './chargeback.rules';
import type { Payment } from './payment.entity';
import { changes } from './transaction-lifecycle.service';

/**
 * A chargeback to open. `chargebackId` (made by the sender: derived from the acquirer's case)
 * keys the ledger posting, so a repeated notice never blocks twice.
 */
export interface ChargebackRequest {
  chargebackId: string;
  paymentId: string;
  /** Cents; null = what is still chargeable of the payment. */
  amount: number | null;
  reason: string;
}

/** Chargeback ids (`cbk_…`, time-ordered like every id): they key the posting. */
export const newChargebackId = (): string => `cbk_${ulid().toLowerCase()}`;

/** Statuses a chargeback can be opened from (a payment already partly charged back can take another). */
const CHARGEABLE = new Set<string>(['paid', 'chargeback', 'partially_refunded']);

/**
 * Cents of a payment's refunds that are done or under way (refused and failed ones give
 * nothing back). Refunds are another module, whose table may not exist in every database
 * this runs on yet, hence the check.
 */
async function refundedOrRefunding(em: EntityManager, paymentId: string): Promise<number> {
  const [table] = await em.execute<{ t: string | null }[]>(`select to_regclass('refunds')::text as t`);
  if (!table?.t) return 0;
  const [row] = await em.execute<{ sum: string }[]>(`select coalesce(sum(amount), 0) as sum from refunds where payment_id = ? and status not in ('refused', 'failed')`, [paymentId]);
  return Number(row.sum);
}

/** Cents of a payment still open to chargebacks: what was paid, less chargebacks and refunds so far. */
export async function chargeableAmount(em: EntityManager, p: Payment): Promise<number> {
  if (!CHARGEABLE.has(p.status)) return 0;
  return Math.max(0, p.amount - p.chargedBackAmount - (await refundedOrRefunding(em, p.id)));
}

/** Serialises the chargebacks and releases of one sale: both read then move its pending installments. */
export async function lockSale(em: EntityManager, paymentId: string): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`sale:${paymentId}`]);
}

/** Posting keys of a payment's chargebacks start with this (releases subtract what they took). */
export const chargebackKeyPrefix = (paymentId: string): string => `chargeback:${paymentId}:`;

/**
 * Where a recipient's share can come from: this sale's installments still waiting, as its
 * receivables say (pending, or suspended by a dispute; net of releases, anticipations and
 * earlier chargebacks; latest first, so the nearest release is touched last), then the wallet's
 * available bucket. An anticipated or released installment is no longer in `pending`: taking it
 * from there would take other sales' money. The rows are locked, so an anticipation claiming them
 * meanwhile waits and then finds them changed (409), or has already taken them (they are skipped).
 */
async function sourcesOf(em: EntityManager, companyId: string, paymentId: string, recipientId: string, currency: string): Promise<ChargebackSource[]> {
  const pending = await em.execute<{ release_at: Date; amount: string }[]>(
    `select release_at, sum(amount) as amount
       from (select release_at, amount from receivables
              where payment_id = ? and company_id = ? and recipient_id = ? and currency = ? and status in ('pending', 'suspended') and amount > 0
              for update) waiting
      group by release_at order by release_at desc`,
    [paymentId, companyId, recipientId, currency],
  );
  const [available] = await em.execute<{ balance: string }[]>(
    `select a.balance from ledger_balances a join wallets w on w.id = a.wallet_id where w.company_id = ? and w.recipient_id = ? and w.currency = ? and a.bucket = 'available'`,
    [companyId, recipientId, currency],
  );
  return [
    ...pending.map((r): ChargebackSource => ({ bucket: 'pending', releaseAt: new Date(r.release_at).toISOString(), amount: Number(r.amount) })),
    { bucket: 'available', releaseAt: null, amount: Number(available?.balance ?? 0) },
  ];
}

/**
 * Opens a chargeback on a paid payment, in the caller's database transaction, once per
 * chargebackId (a repeat finds it in `payment.chargebacks` and does nothing):
 *
 * - the amount (default: all still chargeable) is shared among the liable split recipients
 *   in the sale's proportions and moved into their `blocked` buckets, from this sale's
 *   pending installments first, then `available`;
 * - the fee table's chargeback fee and penalty (on the amount) go to the platform's revenue,
 *   shared the same way, from `available` first, then pending;
 * - what the wallets cannot cover stays uncovered: the platform carries it (buckets never go
 *   negative), and the record on the payment says how much;
 * - payment and transaction become `chargeback`, with payment.chargeback and
 *   transaction.chargeback, in the same transaction as the posting.
 */
export async function openChargeback(
  em: EntityManager,
  input: ChargebackRequest & { transactionId: string },
  publicBaseUrl: string,
): Promise<Event[]> {
  const c = await changes(em, input.transactionId, publicBaseUrl);
  const p = c.agg.payments.find((x) => x.id === input.paymentId);
  if (!p || p.chargebacks.some((x) => x.id === input.chargebackId)) return [];
  // Two chargebacks requested at once: the later one gets what is left (or nothing).
  const amount = Math.min(input.amount ?? Number.MAX_SAFE_INTEGER, await chargeableAmount(em, p));
  if (amount <= 0) return [];

  await lockSale(em, p.id);
  const { companyId } = c.agg.transaction;
  const currency = p.currency;
  const fee = (await feeFor(em, companyId, currency, { kind: 'chargeback' }, amount)) + (await feeFor(em, companyId, currency, { kind: 'chargeback_penalty' }, amount));
  const lines: PostingLine[] = [];
  const fromPending: Array<{ recipientId: string; releaseAt: string | null; amount: number }> = [];
  let blocked = 0;
  let charged = 0;
  let uncovered = 0;
  for (const share of liableShares(c.agg.splits, p.amount, amount, fee)) {
    const { takes, uncovered: short } = takeFromSources(share, await sourcesOf(em, companyId, p.id, share.recipientId, currency));
    uncovered += short.block + short.fee;
    for (const t of takes) {
      if (t.bucket === 'pending') fromPending.push({ recipientId: share.recipientId, releaseAt: t.releaseAt, amount: t.amount });
      const from = { account: { recipientId: share.recipientId, bucket: t.bucket, currency }, releaseAt: t.releaseAt };
      if (t.purpose === 'block') {
        blocked += t.amount;
        // A move between the wallet's own buckets: not a statement entry.
        lines.push({ ...from, amount: -t.amount, type: 'chargeback', inStatement: false });
        lines.push({ account: { recipientId: share.recipientId, bucket: 'blocked', currency }, amount: t.amount, type: 'chargeback', inStatement: false });
      } else {
        charged += t.amount;
        lines.push({ ...from, amount: -t.amount, type: 'fee', inStatement: true });
      }
    }
  }
  if (charged) lines.push({ account: { platform: 'revenue', currency }, amount: charged, type: 'fee', inStatement: false });
  if (lines.length) {
    await post(em, {
      key: `${chargebackKeyPrefix(p.id)}${input.chargebackId}`,
      kind: 'chargeback',
      companyId,
      source: 'chargeback',
      sourceId: input.chargebackId,
      description: `chargeback ${input.chargebackId} of ${p.id}: ${blocked} blocked, ${charged} fees${uncovered ? `, ${uncovered} uncovered (carried by the platform)` : ''}`,
      lines,
    });
    // The receivables keep what is still pending of their installment.
    await lowerReceivables(em, p.id, pendingTakes(fromPending));
  }

  const record = { id: input.chargebackId, amount, reason: input.reason, blocked, fee: charged, uncovered, createdAt: new Date().toISOString() };
  c.payment(p, 'chargeback', { chargedBackAmount: p.chargedBackAmount + amount, chargebacks: [...p.chargebacks, record], statusReason: input.reason }, 'payment.chargeback');
  c.transaction('chargeback', { statusReason: input.reason });
  return c.events;
}
