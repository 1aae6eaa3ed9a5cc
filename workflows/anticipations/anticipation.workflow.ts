import { condition, proxyActivities, setHandler } from '@temporalio/workflow';
import {
  anticipationStageQuery,
  approveAnticipationSignal,
  rejectAnticipationSignal,
  type AnticipationActivities,
  type AnticipationStage,
  type AnticipationWorkflowInput,
} from './anticipation.contract';

const { decideAnticipation } = proxyActivities<AnticipationActivities>({ startToCloseTimeout: '1 minute', retry: { maximumInterval: '30 seconds' } });

/**
 * An anticipation above the company's approval amount: its receivables are reserved (no run
 * releases them, no other anticipation takes them) while it waits, as long as it takes, for an
 * operator's `approve` or `reject`; the first signal decides (a later one is ignored).
 */
export async function anticipationWorkflow(input: AnticipationWorkflowInput): Promise<AnticipationStage> {
  let stage: AnticipationStage = 'awaiting_approval';
  let decision: { approve: boolean; reason: string | null } | null = null;
  setHandler(anticipationStageQuery, () => stage);
  setHandler(approveAnticipationSignal, (d) => {
    decision ??= { approve: true, reason: d?.reason ?? null };
  });
  setHandler(rejectAnticipationSignal, (d) => {
    decision ??= { approve: false, reason: d?.reason ?? null };
  });
  await condition(() => decision !== null);
  stage = 'deciding';
  const { approve, reason } = decision!;
  const { status } = await decideAnticipation({ anticipationId: input.anticipationId, approve, reason });
  stage = status === 'completed' ? 'completed' : 'rejected';
  return stage;
}
