/** The payout reconciliation's report and its sums, pure: the workflow adds its pages' reports. */

export type PayoutKind = 'withdrawal' | 'refund';

export interface PayoutReconciliationReport {
  /** Transfers asked for at their provider. */
  checked: number;
  recorded: number;
  returned: number;
  /** Still processing at the provider. */
  pending: number;
  /** The provider has no transfer of that id (the transfer's workflow sends it, not this run). */
  missing: number;
  unchanged: number;
  /** A provider (or its connection) that could not answer: asked again by the next run. */
  errors: number;
}

export const emptyPayoutReport = (): PayoutReconciliationReport => ({ checked: 0, recorded: 0, returned: 0, pending: 0, missing: 0, unchanged: 0, errors: 0 });

export function addPayoutReports(a: PayoutReconciliationReport, b: PayoutReconciliationReport): PayoutReconciliationReport {
  const sum = emptyPayoutReport();
  for (const k of Object.keys(sum) as Array<keyof PayoutReconciliationReport>) sum[k] = a[k] + b[k];
  return sum;
}
