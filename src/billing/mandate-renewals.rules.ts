/**
 * Pure rules of the mandate renewals a billing run's page makes itself: when a row whose
 * Pix Automático charge is scheduled at the PSP wakes to read its outcome. No I/O, no clock.
 */

/**
 * When a row waiting for its mandate charge wakes (parked, its cycle not advanced): at the
 * invoice's due date, the day the PSP settles the charge; once that has passed (the charge was
 * still pending when read), `recheckMs` after this read. A decision event wakes it sooner
 * (mandate-renewals.subscriber).
 */
export function mandateRecheckAt(invoiceDueAt: string, at: string, recheckMs: number): string {
  return Date.parse(invoiceDueAt) > Date.parse(at) ? new Date(invoiceDueAt).toISOString() : new Date(Date.parse(at) + recheckMs).toISOString();
}
