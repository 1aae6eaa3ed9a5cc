/**
 * What a paid payment does to the ledger, as data: the shares of the sale posting and the
 * releases that follow it. Pure: the workflow and the settlement service both read it.
 *
 * Each recipient's gross and fee are spread over the payment's releases with
 * release-schedule.rules (pix at payment, boleto D+1, card installment n at D+30·n; the
 * remainder cent on the first release), so release n moves exactly
 * gross slice n − fee slice n from pending to available, and all releases sum to the net.
 */
import { releaseSchedule, type ReleaseMethod } from '../ledger/release-schedule.rules';
import { shareAmount, type RecipientShare, type SplitShareInput } from './split.rules';

export interface ShareSlice {
  recipientId: string;
  type: 'sale' | 'platform_fee';
  gross: number;
  fee: number;
}

export interface SettlementRelease {
  /** 1-based: the installment it releases (always 1 for Pix and boleto). */
  index: number;
  releaseAt: string;
  slices: ShareSlice[];
}

export function settlementReleases(input: { method: ReleaseMethod; installments: number; paidAt: string; shares: RecipientShare[] }): SettlementRelease[] {
  const installments = input.method === 'credit_card' ? input.installments : 1;
  const perShare = input.shares.map((s) => ({
    share: s,
    gross: releaseSchedule({ method: input.method, amount: s.gross, installments, paidAt: input.paidAt }),
    fee: releaseSchedule({ method: input.method, amount: s.fee, installments, paidAt: input.paidAt }),
  }));
  const dates = releaseSchedule({ method: input.method, amount: 0, installments, paidAt: input.paidAt }).map((r) => r.releaseAt);
  return dates.map((releaseAt, i) => ({
    index: i + 1,
    releaseAt,
    slices: perShare.map((p) => ({ recipientId: p.share.recipientId, type: p.share.type, gross: p.gross[i].amount, fee: p.fee[i].amount })),
  }));
}

/** Net cents a release moves for each recipient (pending → available), zero moves left out. */
export function releaseMoves(release: SettlementRelease): Array<{ recipientId: string; amount: number }> {
  const byRecipient = new Map<string, number>();
  for (const s of release.slices) byRecipient.set(s.recipientId, (byRecipient.get(s.recipientId) ?? 0) + s.gross - s.fee);
  return [...byRecipient].filter(([, amount]) => amount !== 0).map(([recipientId, amount]) => ({ recipientId, amount }));
}

/**
 * The cents that arrived for a payment, what its sale posting books: a boleto's `paidAmount` as
 * its issuer (or its bolepix PSP) reported it, fine and interest in, discount out; every other
 * payment (and a boleto without a reported amount) its own amount. The difference from the face
 * amount goes to the recipients the way the sale does (`shareAmount` over what arrived), while
 * the processing fee stays the one of the face amount (docs/ledger.md "A boleto paid another amount").
 */
export function receivedAmount(payment: { method: string; amount: number; boleto?: { paidAmount?: number } | null }): number {
  const paid = payment.method === 'boleto' ? payment.boleto?.paidAmount : undefined;
  return typeof paid === 'number' && Number.isSafeInteger(paid) && paid > 0 ? paid : payment.amount;
}

/**
 * The processing fee a sale of `received` cents can bear: the face amount's fee, but never more
 * than what the fee payers receive of it (a boleto paid with a discount so deep that its fee
 * would pass their share: they keep nothing rather than go negative; the platform earns less).
 */
export function bearableFee(splits: SplitShareInput[], received: number, fee: number): number {
  const payers = shareAmount(splits, received, 0).filter((s) => s.paysFee).reduce((a, s) => a + s.gross, 0);
  return Math.min(fee, payers);
}

/** A line of a sale posting (the ledger's PostingLine, as data). */
export interface SaleLine {
  account: { recipientId: string; bucket: 'pending' | 'available'; currency: string } | { platform: 'revenue' | 'settlement'; currency: string };
  amount: number;
  type: 'sale' | 'platform_fee' | 'fee';
  inStatement: boolean;
  releaseAt?: string;
}

/**
 * The sale posting of one paid payment and the releases it schedules, as data:
 *
 *   platform settlement   −amount          (what the acquirer owes Lastro)
 *   recipient pending     +gross slice n   (type sale or platform_fee, releaseAt n)
 *   recipient pending     −fee slice n     (type fee, releaseAt n)
 *   platform revenue      +fee             (Lastro's processing fee)
 *
 * for every split item and release n. Balanced whatever the split: the shares add up to the amount.
 * A Pix is available at payment (`availableAtOnce`): its recipients' lines credit `available`
 * directly, still carrying their date, and nothing is left to release.
 */
export function salePosting(input: {
  method: ReleaseMethod;
  installments: number;
  amount: number;
  currency: string;
  paidAt: string;
  fee: number;
  splits: SplitShareInput[];
}): { lines: SaleLine[]; releases: Array<{ index: number; releaseAt: string; amount: number }>; settlement: SettlementRelease[] } {
  const { currency } = input;
  const shares = shareAmount(input.splits, input.amount, input.fee);
  const releases = settlementReleases({ method: input.method, installments: input.installments, paidAt: input.paidAt, shares });
  const bucket = availableAtOnce(input.method) ? ('available' as const) : ('pending' as const);
  const lines: SaleLine[] = [];
  for (const r of releases) {
    for (const s of r.slices) {
      const account = { recipientId: s.recipientId, bucket, currency };
      if (s.gross) lines.push({ account, amount: s.gross, type: s.type, inStatement: true, releaseAt: r.releaseAt });
      if (s.fee) lines.push({ account, amount: -s.fee, type: 'fee', inStatement: true, releaseAt: r.releaseAt });
    }
  }
  if (input.fee) lines.push({ account: { platform: 'revenue', currency }, amount: input.fee, type: 'fee', inStatement: false });
  lines.push({ account: { platform: 'settlement', currency }, amount: -input.amount, type: 'sale', inStatement: false });
  return { lines, releases: releases.map((r) => ({ index: r.index, releaseAt: r.releaseAt, amount: r.slices.reduce((a, s) => a + s.gross - s.fee, 0) })), settlement: releases };
}

/** Whether a payment's money is available at payment, with no pending step (Pix: the PSP settled it already). */
export function availableAtOnce(method: ReleaseMethod): boolean {
  return method === 'pix';
}
