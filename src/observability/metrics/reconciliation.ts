import { Counter, Gauge } from 'prom-client';
import type { PixReceiptReport } from '../../payments/pix-receipts.service';
import { metricsRecording, registry } from './registry';

/**
 * The Pix reconciliation run (workflows/payments/pix-reconciliation.*), per connection window,
 * in the worker that ran the activity: what it found (the gaps a lost callback left) and whether
 * the PSP could be read. Counted per process: sum over instances (max for the timestamp).
 */
const windows = new Counter({
  name: 'lastro_pix_reconciliation_windows_total',
  help: "Pix reconciliation windows, one per connection and attempt: reconciled (the PSP's list was read and recorded) or failed (the PSP could not be read)",
  labelNames: ['result'],
  registers: [registry],
});
const pix = new Counter({
  name: 'lastro_pix_reconciliation_pix_total',
  help: 'Pix the reconciliation run listed, by outcome: settled (a payment whose callback never came), already_settled, unknown, rejected and late (both left for an operator)',
  labelNames: ['outcome'],
  registers: [registry],
});
const lastSuccess = new Gauge({
  name: 'lastro_pix_reconciliation_last_success_timestamp_seconds',
  help: 'When a Pix reconciliation window was last reconciled by this process (Unix time, seconds)',
  registers: [registry],
});

type Counts = Omit<PixReceiptReport, 'paid'>;

const OUTCOMES: [keyof Counts, string][] = [
  ['settled', 'settled'],
  ['alreadySettled', 'already_settled'],
  ['unknown', 'unknown'],
  ['rejected', 'rejected'],
  ['late', 'late'],
];

/** One connection's window reconciled: its counts (the receipt service's report). */
export function observePixReconciled(report: Counts, now = Date.now()): void {
  if (!metricsRecording()) return;
  windows.inc({ result: 'reconciled' });
  for (const [field, outcome] of OUTCOMES) pix.inc({ outcome }, report[field]);
  lastSuccess.set(now / 1000);
}

/** One connection's window whose PSP could not be read. */
export function observePixReconciliationFailed(): void {
  if (metricsRecording()) windows.inc({ result: 'failed' });
}
