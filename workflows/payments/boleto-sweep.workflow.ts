import { ActivityFailure, proxyActivities } from '@temporalio/workflow';
import type { BoletoSweepReport } from '../../src/payments/boleto-sweep.service';
import type { BoletoSweepActivities } from './boleto-sweep.contract';

const { listBoletoConnectionIds } = proxyActivities<BoletoSweepActivities>({ startToCloseTimeout: '1 minute', retry: { maximumAttempts: 3 } });
// Few attempts: an issuer down now is swept again by the next run. It heartbeats while the issuer
// answers: a worker that dies (or drains at shutdown) mid-sweep is noticed in 30 s, not 5 minutes.
const { sweepBoletoConnection } = proxyActivities<BoletoSweepActivities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { maximumAttempts: 3, initialInterval: '2 seconds' },
});

/**
 * One boleto sweep: every boleto connection in turn, an issuer that cannot be read reported with
 * its error while the others go on. Exactly once comes from the services (a boleto's payment is
 * written once, a cancel of a cancelled boleto changes nothing). "Now" is the workflow's clock.
 */
export async function boletoSweepWorkflow(): Promise<{ connections: BoletoSweepReport[] }> {
  const now = new Date(Date.now()).toISOString();
  const connections: BoletoSweepReport[] = [];
  for (const connectionId of await listBoletoConnectionIds()) {
    try {
      connections.push(await sweepBoletoConnection({ connectionId, now }));
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
      connections.push({ connectionId, received: 0, settled: 0, alreadySettled: 0, unknown: 0, doubled: 0, late: 0, orphansCanceled: 0, orphansPaid: 0, error: err.cause?.message ?? err.message });
    }
  }
  return { connections };
}
