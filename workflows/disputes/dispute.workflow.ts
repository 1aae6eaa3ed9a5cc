import { condition, proxyActivities, setHandler } from '@temporalio/workflow';
import { resolvedSignal, type DisputeActivities, type DisputeWorkflowInput } from './dispute.contract';
import type { DisputeOutcome } from '../../src/disputes/dispute.rules';

const { expireDispute } = proxyActivities<DisputeActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

/**
 * One dispute from its opening to its outcome. It sleeps until the deadline unless the acquirer's
 * outcome comes first (`resolved`, sent by the API once booked). At the deadline, a dispute still
 * without evidence is lost; one whose evidence was sent waits for the acquirer's outcome, as long
 * as it takes. The outcome itself is booked by the API when the acquirer reports it.
 */
export async function disputeWorkflow(input: DisputeWorkflowInput): Promise<{ outcome: DisputeOutcome | 'missing' }> {
  let outcome: DisputeOutcome | null = null;
  setHandler(resolvedSignal, (s) => {
    outcome = s.outcome;
  });
  const untilDeadline = Math.max(1, Date.parse(input.dueBy) - Date.now());
  if (await condition(() => outcome !== null, untilDeadline)) return { outcome: outcome! };
  const status = await expireDispute({ disputeId: input.disputeId });
  if (status === null) return { outcome: 'missing' };
  if (status === 'won' || status === 'lost') return { outcome: status };
  await condition(() => outcome !== null);
  return { outcome: outcome! };
}
