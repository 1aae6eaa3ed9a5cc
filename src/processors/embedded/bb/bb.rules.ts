/**
 * What a boleto of BB's API Cobranças v2 costs on a given day, and until when it can be paid:
 * the discount up to its date, then the original amount up to the due date, then the fine
 * (once) and the interest (per calendar day late) up to the last payable day. Pure.
 */

export interface BoletoTerms {
  /** Cents. */
  amount: number;
  dueDate: string;
  /** Days after the due date it is still accepted (indicadorAceiteTituloVencido S + numeroDiasLimiteRecebimento). */
  daysAfterDue: number;
  /** multa: tipo 1 fixed value (`value` cents), 2 percent (`percent`); applies from `from`. */
  fine: { kind: 1 | 2; percent: number; value: number; from: string } | null;
  /** jurosMora: tipo 1 value per day (`value` cents), 2 monthly percent (`percent`, over 30 days). */
  interest: { kind: 1 | 2; percent: number; value: number } | null;
  /** desconto: tipo 1 fixed value, 2 percent; up to and including `until`. */
  discount: { kind: 1 | 2; percent: number; value: number; until: string } | null;
}

const DAY_MS = 86_400_000;
const dayNumber = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
export const addDays = (iso: string, days: number): string => new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export function lastPayableDay(t: BoletoTerms): string {
  return addDays(t.dueDate, t.daysAfterDue);
}

/** The amount due on `date` (cents), or null when the boleto can no longer be paid that day. */
export function amountDueOn(t: BoletoTerms, date: string): number | null {
  if (date > lastPayableDay(t)) return null;
  if (date <= t.dueDate) {
    if (t.discount && date <= t.discount.until) {
      const off = t.discount.kind === 1 ? t.discount.value : Math.round((t.amount * t.discount.percent) / 100);
      return Math.max(0, t.amount - off);
    }
    return t.amount;
  }
  const late = dayNumber(date) - dayNumber(t.dueDate);
  let due = t.amount;
  if (t.fine && date >= t.fine.from) due += t.fine.kind === 1 ? t.fine.value : Math.round((t.amount * t.fine.percent) / 100);
  if (t.interest) due += t.interest.kind === 1 ? t.interest.value * late : Math.round(((t.amount * t.interest.percent) / 100 / 30) * late);
  return due;
}
