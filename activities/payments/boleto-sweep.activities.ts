import type { EntityManager } from '@mikro-orm/postgresql';
import { sweepBoletos, unsweptBoletos } from '../../src/payments/boleto-sweep.service';
import { processorsOf } from '../../src/processors/processors';
import { BOLETO_ORPHAN_AFTER_MS, BOLETO_SWEEP_DAYS, type BoletoSweepActivities } from '../../workflows/payments/boleto-sweep.contract';
import type { ActivityDeps } from '../deps';
import { whileHeartbeating } from '../heartbeat';

/** Well inside sweepBoletoConnection's heartbeat timeout (boleto-sweep.workflow.ts). */
const HEARTBEAT_MS = 5_000;

/** Activities of the boleto sweep (signatures in its contract), thin over processors and boleto-sweep.service. */
export function createBoletoSweepActivities(deps: ActivityDeps): BoletoSweepActivities {
  const em = () => deps.orm.em.fork() as unknown as EntityManager;
  return {
    listBoletoConnectionIds: async () => (await processorsOf(deps).allBoletos(em())).map((rail) => rail.connection.id),
    async sweepBoletoConnection({ connectionId, now }) {
      const rail = await processorsOf(deps).boletoById(em(), connectionId);
      if (!rail) return unsweptBoletos(connectionId, 'The boleto connection no longer exists');
      const report = await whileHeartbeating(HEARTBEAT_MS, () => sweepBoletos(deps, rail, { now: new Date(now), days: BOLETO_SWEEP_DAYS, orphanAfterMs: BOLETO_ORPHAN_AFTER_MS }));
      const noteworthy = report.settled > 0 || report.doubled > 0 || report.late > 0 || report.orphansCanceled > 0 || report.orphansPaid > 0;
      (noteworthy ? deps.logger.warn : deps.logger.info).call(deps.logger, report, 'Boleto sweep');
      return report;
    },
  };
}
