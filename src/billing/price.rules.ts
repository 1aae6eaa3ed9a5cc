/**
 * Rules of a price that do not depend on storage. Pure: importable from workflow code.
 */
import type { BillingAnchor, BillingSchedule, BillingUnit } from './schedule.rules';
import { validateTiers, type BillingScheme, type PriceTier } from './pricing.rules';

export type CollectionTiming = 'prepaid' | 'postpaid';

export interface Recurrence {
  interval: number;
  unit: BillingUnit;
  anchor: BillingAnchor;
  /** 1..31 with the day_of_month anchor, null otherwise. */
  anchorDay: number | null;
  collectionTiming: CollectionTiming;
}

export interface TrialSpec {
  durationDays: number;
  requiresPaymentMethod: boolean;
}

/** The scheme-dependent fields of a price as the client sent them. */
export interface SchemeFields {
  billingScheme: BillingScheme;
  tiers?: PriceTier[] | null;
  packageSize?: number | null;
  meterId?: string | null;
}

export interface RuleProblem {
  path: string;
  message: string;
}

/**
 * Each scheme takes exactly its own extra field: tiers for tiered, packageSize for package,
 * meterId for metered; fixed and per_unit take none. A field sent with another scheme is a
 * forbidden combination (400), never silently ignored.
 */
export function checkSchemeFields(p: SchemeFields): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const present = (v: unknown) => v !== undefined && v !== null;
  const own: Record<BillingScheme, 'tiers' | 'packageSize' | 'meterId' | null> = {
    fixed: null,
    per_unit: null,
    tiered: 'tiers',
    package: 'packageSize',
    metered: 'meterId',
  };
  const required = own[p.billingScheme];
  for (const field of ['tiers', 'packageSize', 'meterId'] as const) {
    if (field === required) {
      if (!present(p[field])) problems.push({ path: field, message: `Required with billingScheme ${p.billingScheme}` });
    } else if (present(p[field])) {
      problems.push({ path: field, message: `Not allowed with billingScheme ${p.billingScheme}` });
    }
  }
  if (p.billingScheme === 'tiered' && p.tiers) {
    for (const message of validateTiers(p.tiers)) problems.push({ path: 'tiers', message });
  }
  return problems;
}

/** anchorDay is required with day_of_month (and only there); anchors other than subscription_start need month or year. */
export function checkRecurrence(r: { unit: string; anchor: BillingAnchor; anchorDay?: number | null }): RuleProblem[] {
  const problems: RuleProblem[] = [];
  if (r.anchor === 'day_of_month' && (r.anchorDay === undefined || r.anchorDay === null)) {
    problems.push({ path: 'recurrence.anchorDay', message: 'Required when anchor is day_of_month' });
  }
  if (r.anchor !== 'day_of_month' && r.anchorDay !== undefined && r.anchorDay !== null) {
    problems.push({ path: 'recurrence.anchorDay', message: 'Allowed only when anchor is day_of_month' });
  }
  if (r.anchor !== 'subscription_start' && r.unit !== 'month' && r.unit !== 'year') {
    problems.push({ path: 'recurrence.anchor', message: `Anchor ${r.anchor} is valid only with unit month or year` });
  }
  return problems;
}

/**
 * Versions of one component replace each other when they share the currency and the billing
 * cadence (interval, unit, anchor, anchorDay). collectionTiming is not part of the key: moving a
 * price from prepaid to postpaid is a new version of the same price, not a second price.
 */
export function priceVersionKey(planItemId: string, currency: string, r: Recurrence): string {
  return [planItemId, currency, r.interval, r.unit, r.anchor, r.anchorDay ?? '-'].join(':');
}

/** The schedule of a subscription that started at `start` on a price with this recurrence. */
export function scheduleOf(start: string, r: Recurrence): BillingSchedule {
  return { start, interval: r.interval, unit: r.unit, anchor: r.anchor, anchorDay: r.anchorDay };
}
