import { reconcilePayoutPage } from '../../src/processors/payouts/payout-reconciliation.service';
import {
  PAYOUT_IN_FLIGHT_AFTER_MS,
  PAYOUT_RECONCILIATION_PAGE,
  PAYOUT_RETURN_WATCH_DAYS,
  type PayoutReconciliationActivities,
} from '../../workflows/payouts/payout-reconciliation.contract';
import type { ActivityDeps } from '../deps';
import { whileHeartbeating } from '../heartbeat';

/** Well inside reconcilePayoutPage's heartbeat timeout (payout-reconciliation.workflow.ts). */
const HEARTBEAT_MS = 5_000;

/** Activities of the payout reconciliation (signatures in its contract), thin over payout-reconciliation.service. */
export function createPayoutReconciliationActivities(deps: ActivityDeps): PayoutReconciliationActivities {
  return {
    async reconcilePayoutPage({ kind, now, after }) {
      const page = await whileHeartbeating(HEARTBEAT_MS, () =>
        reconcilePayoutPage(deps, { kind, now: new Date(now), after, inFlightAfterMs: PAYOUT_IN_FLIGHT_AFTER_MS, paidWithinMs: PAYOUT_RETURN_WATCH_DAYS * 86_400_000, limit: PAYOUT_RECONCILIATION_PAGE }),
      );
      const r = page.report;
      (r.recorded > 0 || r.returned > 0 || r.missing > 0 || r.errors > 0 ? deps.logger.warn : deps.logger.info).call(deps.logger, { kind, ...r }, 'Payout reconciliation page');
      return page;
    },
  };
}
