/**
 * Checks of checkout content that zod alone cannot name with the spec's codes. Pure, so links,
 * sessions and the workflow can share them.
 */

export interface CheckoutProblem {
  code: 'no_items' | 'amount_too_low' | 'validation_failed' | 'invalid_splits_sum';
  path: string;
  message: string;
}

interface PricedItem {
  quantity: number;
  unitAmount: number;
}

/** The total to charge: the sum of quantity × unitAmount (integer cents). */
export function itemsTotal(items: readonly PricedItem[]): number {
  return items.reduce((sum, i) => sum + i.quantity * i.unitAmount, 0);
}

/**
 * `no_items` for an empty list; `amount_too_low` when the items total 0 (every item priced 0 or
 * with quantity 0); otherwise each item still needs quantity >= 1 and unitAmount >= 1
 * (`validation_failed` naming the item). A total past Number.MAX_SAFE_INTEGER cents could not
 * be charged exactly, so it is refused too.
 */
export function itemsProblem(items: readonly PricedItem[]): CheckoutProblem | null {
  if (items.length === 0) return { code: 'no_items', path: 'items', message: 'At least one item is required' };
  const total = itemsTotal(items);
  if (total === 0) return { code: 'amount_too_low', path: 'items', message: 'The items total 0; the amount to charge must be at least 1 cent' };
  for (const [i, item] of items.entries()) {
    if (item.quantity < 1) return { code: 'validation_failed', path: `items.${i}.quantity`, message: 'Must be an integer >= 1' };
    if (item.unitAmount < 1) return { code: 'validation_failed', path: `items.${i}.unitAmount`, message: 'Must be integer cents >= 1' };
  }
  if (!Number.isSafeInteger(total)) return { code: 'validation_failed', path: 'items', message: 'The items total is too large' };
  return null;
}

export const SPLIT_PERCENT_TOLERANCE = 0.01;
// Percentages are compared in millionths of a percent, exact for any decimal a client writes
// with up to six places, so 33.33 + 33.33 + 33.34 is exactly 100 and 100.0101 is outside.
const SCALE = 1_000_000;

/** `invalid_splits_sum` unless the percentages sum to 100 within 0.01. No splits is fine. */
export function splitsSumProblem(splits: readonly { percentage: number }[]): CheckoutProblem | null {
  if (splits.length === 0) return null;
  const scaled = splits.reduce((sum, s) => sum + Math.round(s.percentage * SCALE), 0);
  if (Math.abs(scaled - 100 * SCALE) > SPLIT_PERCENT_TOLERANCE * SCALE) {
    return { code: 'invalid_splits_sum', path: 'splits', message: `Split percentages sum to ${scaled / SCALE}, not 100 (tolerance ${SPLIT_PERCENT_TOLERANCE})` };
  }
  return null;
}
