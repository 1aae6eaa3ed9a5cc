/**
 * Disputes as data (pure, no I/O; importable by workflows): states, the deadline, and the ledger
 * lines of an outcome, computed from the lines of the chargeback that opened the dispute.
 */

export const DISPUTE_STATUSES = ['needs_response', 'under_review', 'won', 'lost'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export type DisputeOutcome = 'won' | 'lost';

/** Days the merchant has to send evidence when the acquirer names no deadline (Cielo's sale lists none). */
export const DEFAULT_RESPONSE_DAYS = 10;

/** The deadline: the acquirer's, or the default counted from the opening. */
export function dueBy(openedAt: Date, acquirerDueDate: string | null | undefined): string {
  if (acquirerDueDate) {
    const given = new Date(acquirerDueDate);
    if (!Number.isNaN(given.getTime()) && given > openedAt) return given.toISOString();
  }
  return new Date(openedAt.getTime() + DEFAULT_RESPONSE_DAYS * 86_400_000).toISOString();
}

/** Whether evidence can still be added or submitted. */
export const acceptsEvidence = (status: DisputeStatus, due: string, now: Date): boolean => status === 'needs_response' && now.getTime() < Date.parse(due);

/** What the deadline does: an open dispute without evidence is lost; one under review waits for the acquirer. */
export const expiryOutcome = (status: DisputeStatus): DisputeOutcome | null => (status === 'needs_response' ? 'lost' : null);

/** One block line of the chargeback's posting: where it took money from (negative) or the block itself (positive, on `blocked`). */
export interface BlockLine {
  recipientId: string;
  bucket: 'pending' | 'available' | 'blocked';
  currency: string;
  amount: number;
  releaseAt: string | null;
}

export interface OutcomeLine {
  account: { recipientId: string; bucket: 'pending' | 'available' | 'blocked'; currency: string } | { platform: 'settlement'; currency: string };
  amount: number;
  type: 'chargeback';
  inStatement: boolean;
  releaseAt?: string | null;
}

/**
 * The posting of an outcome, from the chargeback's block lines (its fee lines are not: the fee and
 * penalty are the acquirer's whatever the outcome):
 * - won: every block line undone, the money back where it came from (a pending installment with
 *   its date, so the release runs release it; available), a move between the wallet's own
 *   buckets, not in the statement; the date of an installment released meanwhile is `available`;
 * - lost: each recipient's block leaves for the platform's settlement account (the acquirer
 *   debits it from the settlement), a `chargeback` debit in the statement.
 */
export function outcomeLines(outcome: DisputeOutcome, block: BlockLine[], releasedDates: ReadonlySet<string> = new Set()): OutcomeLine[] {
  if (outcome === 'won') {
    return block.map((l) => {
      const back = l.bucket === 'pending' && l.releaseAt !== null && releasedDates.has(`${l.recipientId}|${l.releaseAt}`) ? 'available' : l.bucket;
      return {
        account: { recipientId: l.recipientId, bucket: back, currency: l.currency },
        amount: -l.amount,
        type: 'chargeback' as const,
        inStatement: false,
        ...(back === 'pending' ? { releaseAt: l.releaseAt } : {}),
      };
    });
  }
  const lines: OutcomeLine[] = [];
  for (const l of block.filter((x) => x.bucket === 'blocked' && x.amount > 0)) {
    lines.push({ account: { recipientId: l.recipientId, bucket: 'blocked', currency: l.currency }, amount: -l.amount, type: 'chargeback', inStatement: true });
    lines.push({ account: { platform: 'settlement', currency: l.currency }, amount: l.amount, type: 'chargeback', inStatement: false });
  }
  return lines;
}

/** What a won dispute gives back to each recipient's pending installments (to raise their receivables by). */
export function restoredInstallments(lines: OutcomeLine[]): Array<{ recipientId: string; releaseAt: string; amount: number }> {
  return lines.flatMap((l) =>
    'recipientId' in l.account && l.account.bucket === 'pending' && l.releaseAt && l.amount > 0 ? [{ recipientId: l.account.recipientId, releaseAt: l.releaseAt, amount: l.amount }] : [],
  );
}
