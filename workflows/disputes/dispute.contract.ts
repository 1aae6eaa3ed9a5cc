/**
 * The dispute workflow's public surface, shared by the API, the activities and the workflow.
 * Workflow id = the dispute id (`dsp_…`). The API signals `resolved` once the acquirer's outcome
 * is booked, so the workflow stops waiting for it.
 */
import { defineSignal } from '@temporalio/workflow';
import type { DisputeOutcome, DisputeStatus } from '../../src/disputes/dispute.rules';

export const DISPUTE_WORKFLOW = 'disputeWorkflow';

export const disputeWorkflowId = (disputeId: string): string => disputeId;

export interface DisputeWorkflowInput {
  disputeId: string;
  /** The deadline for evidence (ISO). */
  dueBy: string;
}

export interface DisputeResolved {
  outcome: DisputeOutcome;
}

export const resolvedSignal = defineSignal<[DisputeResolved]>('resolved');

export interface DisputeActivities {
  /**
   * At the deadline: an open dispute without evidence is lost (booked once); any other is left as
   * it is. Answers the dispute's status afterwards, null when there is no such dispute.
   */
  expireDispute(input: { disputeId: string }): Promise<DisputeStatus | null>;
}
