import type { EntityManager } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import { observePixReconciled, observePixReconciliationFailed } from '../../src/observability/metrics/reconciliation';
import { receivePix } from '../../src/payments/pix-receipts.service';
import { PixPspError } from '../../src/processors/pix/pix-psp.port';
import { processorsOf } from '../../src/processors/processors';
import { unreconciledPix, type PixReconciliationActivities, type PixReconciliationReport } from '../../workflows/payments/pix-reconciliation.contract';
import type { ActivityDeps } from '../deps';
import { whileHeartbeating } from '../heartbeat';

/** Well inside reconcilePixWindow's heartbeat timeout (pix-reconciliation.workflow.ts). */
const HEARTBEAT_MS = 5_000;

/** Activities of the Pix reconciliation run (signatures in its contract), thin over processors and pix-receipts.service. */
export function createPixReconciliationActivities(deps: ActivityDeps): PixReconciliationActivities {
  const em = () => deps.orm.em.fork() as unknown as EntityManager;
  return {
    listPixConnectionIds: async () => (await processorsOf(deps).allPix(em())).map((rail) => rail.connection.id),

    async reconcilePixWindow({ connectionId, from, to }) {
      const rail = await processorsOf(deps).pixById(em(), connectionId);
      if (!rail) return unreconciledPix(connectionId, 'The Pix connection no longer exists');
      const pix = await whileHeartbeating(HEARTBEAT_MS, () => rail.psp.listPix({ from: new Date(from), to: new Date(to) })).catch((err: unknown) => {
        if (!(err instanceof PixPspError)) throw err;
        observePixReconciliationFailed();
        deps.logger.warn({ connectionId, from, to, status: err.status, problem: err.problem, retryable: err.retryable }, 'Pix reconciliation: the PSP could not be read');
        // A refusal (a 4xx: credentials, scopes) would be refused again: the run reports it at once.
        if (!err.retryable) throw ApplicationFailure.create({ message: err.message, type: 'PixPspRefused', nonRetryable: true });
        throw err;
      });
      const { paid: _paid, ...counts } = await receivePix(deps, connectionId, pix);
      const report: PixReconciliationReport = { connectionId, ...counts };
      observePixReconciled(report);
      if (report.settled > 0 || report.rejected > 0 || report.late > 0) {
        // settled: a callback was lost (or is still on its way); rejected and late wait for an operator.
        deps.logger.warn({ ...report, from, to }, 'Pix reconciliation: settled Pix whose callback never came, or left Pix for an operator');
      } else {
        deps.logger.info({ ...report, from, to }, 'Pix reconciliation');
      }
      return report;
    },
  };
}
