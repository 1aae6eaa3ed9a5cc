/**
 * How much a plan component (price) charges for one billing cycle. Pure: importable from
 * workflow code. All amounts are integer cents; quantities are non-negative integers.
 *
 * billable quantity = max(0, quantity − quantityIncluded): the included units are free and
 * every scheme except `fixed` prices only the billable units.
 *
 * - fixed:    `amount` once per cycle, whatever the quantity (a flat fee, like a plan's base
 *             price). Quantity and quantityIncluded do not change it.
 * - per_unit: amount × billable.
 * - tiered:   graduated: the billable units are counted from 1 and each unit is priced by the
 *             tier it falls in (tier k covers units upTo[k−1]+1 … upTo[k]; the last tier,
 *             upTo null, is open). `amount` is not used.
 * - package:  amount × ceil(billable / packageSize): every started package is charged.
 * - metered:  `quantity` is the usage reported for the cycle; amount × billable usage.
 */

export type BillingScheme = 'fixed' | 'per_unit' | 'tiered' | 'package' | 'metered';

export interface PriceTier {
  /** Last unit (inclusive) of this tier; null for the final, open-ended tier. */
  upTo: number | null;
  /** Integer cents per unit within this tier, ≥ 0. */
  unitAmount: number;
}

/** The fields of a price that decide its amount. */
export interface PriceAmountSpec {
  billingScheme: BillingScheme;
  /** Integer cents (flat amount, unit amount or package amount depending on the scheme). */
  amount: number;
  tiers?: PriceTier[] | null;
  packageSize?: number | null;
}

function assertNonNegativeInteger(n: number, label: string): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${label} must be an integer >= 0`);
}

function safe(n: number): number {
  if (!Number.isSafeInteger(n)) throw new RangeError('component amount is out of the safe integer range');
  return n;
}

/**
 * Checks a tier list: non-empty; every upTo a positive integer strictly greater than the
 * previous one; only the last tier open (upTo null) and the last tier must be open; every
 * unitAmount integer cents ≥ 0. Returns the problems found (empty when valid), each naming
 * the offending path, e.g. `tiers[1].upTo must be greater than tiers[0].upTo`.
 */
export function validateTiers(tiers: PriceTier[]): string[] {
  const errors: string[] = [];
  if (tiers.length === 0) return ['tiers must not be empty'];
  let previous = 0;
  tiers.forEach((tier, i) => {
    const last = i === tiers.length - 1;
    if (!Number.isSafeInteger(tier.unitAmount) || tier.unitAmount < 0) {
      errors.push(`tiers[${i}].unitAmount must be an integer >= 0`);
    }
    if (tier.upTo === null) {
      if (!last) errors.push(`tiers[${i}].upTo may be null only on the last tier`);
      return;
    }
    if (last) errors.push(`tiers[${i}].upTo must be null on the last tier`);
    if (!Number.isSafeInteger(tier.upTo) || tier.upTo < 1) {
      errors.push(`tiers[${i}].upTo must be a positive integer`);
    } else if (tier.upTo <= previous) {
      errors.push(`tiers[${i}].upTo must be greater than tiers[${i - 1}].upTo`);
    } else {
      previous = tier.upTo;
    }
  });
  return errors;
}

/** Graduated tier pricing of `units` units counted from 1. */
function graduated(tiers: PriceTier[], units: number): number {
  let total = 0;
  let floor = 0; // units already priced by previous tiers
  for (const tier of tiers) {
    if (floor >= units) break;
    const ceiling = tier.upTo === null ? units : Math.min(tier.upTo, units);
    total += (ceiling - floor) * tier.unitAmount;
    floor = ceiling;
  }
  return total;
}

/**
 * The amount in integer cents that one component charges for one cycle, given the quantity
 * (or metered usage) and the quantity included for free. See the module comment for each
 * scheme. Throws RangeError for invalid tiers, a missing packageSize or bad numbers.
 */
export function componentAmount(price: PriceAmountSpec, quantity: number, quantityIncluded = 0): number {
  assertNonNegativeInteger(quantity, 'quantity');
  assertNonNegativeInteger(quantityIncluded, 'quantityIncluded');
  if (price.billingScheme !== 'tiered') assertNonNegativeInteger(price.amount, 'amount');
  const billable = Math.max(0, quantity - quantityIncluded);
  switch (price.billingScheme) {
    case 'fixed':
      return price.amount;
    case 'per_unit':
    case 'metered':
      return safe(price.amount * billable);
    case 'package': {
      const size = price.packageSize;
      if (size === null || size === undefined || !Number.isSafeInteger(size) || size < 1) {
        throw new RangeError('packageSize must be a positive integer for the package scheme');
      }
      return safe(price.amount * Math.ceil(billable / size));
    }
    case 'tiered': {
      const tiers = price.tiers ?? [];
      const errors = validateTiers(tiers);
      if (errors.length > 0) throw new RangeError(errors.join('; '));
      return safe(graduated(tiers, billable));
    }
    default:
      throw new RangeError(`unknown billingScheme ${String((price as { billingScheme: unknown }).billingScheme)}`);
  }
}
