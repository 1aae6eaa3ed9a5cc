/**
 * A sale's receivables as data: per recipient and installment, the net a release makes
 * available and the São Paulo date it falls due on. Pure: the settlement writes them, the release
 * run reads them by date, and the release workflows take their default date from here.
 */
import { releaseMoves, type SettlementRelease } from '../payments/settlement.rules';

/** Release runs and receivables' dates follow the platform's calendar: Brazil's (no DST since 2019, but ICU knows the history). */
export const RELEASE_TIME_ZONE = 'America/Sao_Paulo';

const dateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: RELEASE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The `YYYY-MM-DD` date in São Paulo of an instant: the day its receivable is available on. */
export function availableOn(at: string | number | Date): string {
  const d = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(d.getTime())) throw new RangeError(`not an instant: ${String(at)}`);
  return dateFormat.format(d);
}

/** Whether `on` is a calendar date `YYYY-MM-DD` (a release run's date). */
export function isRunDate(on: unknown): on is string {
  if (typeof on !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(on)) return false;
  const d = new Date(`${on}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === on;
}

/**
 * `pending`: waiting for its date (the API's `waiting_funds`); `reserved`: an anticipation
 * waiting for an operator holds it (still waiting funds: no run releases it, no other
 * anticipation takes it); `suspended`: a dispute holds it
 * (still pending money, not released until restored); `anticipated`: moved to `available` early
 * by an anticipation; `released`: moved by its release posting (the API's `paid`).
 */
export type ReceivableStatus = 'pending' | 'reserved' | 'released' | 'anticipated' | 'suspended';

/** The API's names of the states (Pagar.me's payables): a receivable waits for funds, is anticipated, is paid (released) or is suspended. */
export const RECEIVABLE_API_STATUSES = ['waiting_funds', 'anticipated', 'paid', 'suspended'] as const;
export type ReceivableApiStatus = (typeof RECEIVABLE_API_STATUSES)[number];

const API_STATUS: Record<ReceivableStatus, ReceivableApiStatus> = { pending: 'waiting_funds', reserved: 'waiting_funds', anticipated: 'anticipated', released: 'paid', suspended: 'suspended' };
export const apiStatusOf = (status: ReceivableStatus): ReceivableApiStatus => API_STATUS[status];
/** The internal states an API status lists (`waiting_funds`: pending and reserved). */
export const statusesOfApi = (status: ReceivableApiStatus): ReceivableStatus[] => (Object.keys(API_STATUS) as ReceivableStatus[]).filter((s) => API_STATUS[s] === status);

export interface ReceivableDraft {
  recipientId: string;
  installment: number;
  amount: number;
  releaseAt: string;
  availableOn: string;
  status: ReceivableStatus;
}

/**
 * The receivables of one sale: for each release (installment) and recipient, its gross slices
 * less its fee slices (what release n moves for it). A recipient whose slice of an installment
 * nets nothing has no receivable for it. `availableAtOnce` (Pix): credited to `available` by the
 * sale itself, so they are born released.
 */
export function receivablesOf(releases: SettlementRelease[], availableAtOnce: boolean): ReceivableDraft[] {
  return releases.flatMap((r) =>
    releaseMoves(r).map(({ recipientId, amount }) => ({ recipientId, installment: r.index, amount, releaseAt: r.releaseAt, availableOn: availableOn(r.releaseAt), status: availableAtOnce ? 'released' : 'pending' })),
  );
}

/**
 * What a chargeback took from each pending installment of a sale, per (recipient, releaseAt):
 * its block and its fee taken from the same installment add up. Takes from `available` (no
 * date) lower no receivable.
 */
export function pendingTakes(takes: Array<{ recipientId: string; releaseAt: string | null; amount: number }>): Array<{ recipientId: string; releaseAt: string; amount: number }> {
  const byKey = new Map<string, { recipientId: string; releaseAt: string; amount: number }>();
  for (const t of takes) {
    if (t.releaseAt === null || t.amount <= 0) continue;
    const releaseAt = new Date(t.releaseAt).toISOString();
    const k = `${t.recipientId}\n${releaseAt}`;
    const seen = byKey.get(k);
    if (seen) seen.amount += t.amount;
    else byKey.set(k, { recipientId: t.recipientId, releaseAt, amount: t.amount });
  }
  return [...byKey.values()];
}

/** One recipient's move of a release posting: pending → available, both lines carrying the installment's date (the statement's release status reads it). */
export interface ReleaseMove {
  recipientId: string;
  currency: string;
  amount: number;
}

/** The lines of release n of a sale: each positive net move, pending −x and available +x. */
export function releaseLines(moves: ReleaseMove[], releaseAt: string) {
  return moves
    .filter((m) => m.amount > 0)
    .flatMap((m) => [
      { account: { recipientId: m.recipientId, bucket: 'pending' as const, currency: m.currency }, amount: -m.amount, type: 'sale' as const, inStatement: false, releaseAt },
      { account: { recipientId: m.recipientId, bucket: 'available' as const, currency: m.currency }, amount: m.amount, type: 'sale' as const, inStatement: false, releaseAt },
    ]);
}

/** The posting key of release n of a payment: one per (payment, installment), whoever makes it (the release run, a refund releasing it early). */
export const releaseKey = (paymentId: string, installment: number): string => `release:${paymentId}:${installment}`;
