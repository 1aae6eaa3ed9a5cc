/**
 * The boleto sweep's public surface: a Temporal Schedule starts it every 10 minutes
 * (BOLETO_SWEEP_SCHEDULE, created by worker/schedules.ts). For each boleto connection it records
 * the boletos the issuer lists paid that a lost webhook left waiting, and cancels at the issuer the
 * boletos of creations that never committed (src/payments/boleto-sweep.service.ts).
 */
import type { BoletoSweepReport } from '../../src/payments/boleto-sweep.service';

export const BOLETO_SWEEP_WORKFLOW = 'boletoSweepWorkflow';

export const BOLETO_SWEEP_SCHEDULE = {
  scheduleId: 'lastro-sweep-boletos',
  workflowType: BOLETO_SWEEP_WORKFLOW,
  every: '10 minutes',
  memo: "Records the boletos each issuer lists paid in the last two days (once each) and cancels the boletos of creations that never committed",
} as const;

/** Days of paid boletos listed: the issuer lists by payment date, and yesterday's are still arriving. */
export const BOLETO_SWEEP_DAYS = 2;
/** A registration older than this whose payment does not exist belongs to a creation that died: far longer than any creation takes. */
export const BOLETO_ORPHAN_AFTER_MS = 10 * 60_000;

export interface BoletoSweepActivities {
  /** Every boleto connection (the deployment default first). */
  listBoletoConnectionIds(): Promise<string[]>;
  /** Sweeps one connection at the workflow's `now`. */
  sweepBoletoConnection(input: { connectionId: string; now: string }): Promise<BoletoSweepReport>;
}
