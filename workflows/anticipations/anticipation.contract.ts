/**
 * The anticipation approval's public surface: POST /anticipations starts `anticipationWorkflow`
 * (id = the anticipation's id) for an anticipation above the company's approval amount; an
 * operator signals `approve` or `reject` (Temporal UI, `temporal workflow signal`).
 */
import { defineQuery, defineSignal } from '@temporalio/workflow';

export const ANTICIPATION_WORKFLOW = 'anticipationWorkflow';
export const anticipationWorkflowId = (anticipationId: string): string => anticipationId;

export interface AnticipationWorkflowInput {
  anticipationId: string;
}

export interface AnticipationDecision {
  reason?: string;
}

export const approveAnticipationSignal = defineSignal<[AnticipationDecision?]>('approve');
export const rejectAnticipationSignal = defineSignal<[AnticipationDecision?]>('reject');

export type AnticipationStage = 'awaiting_approval' | 'deciding' | 'completed' | 'rejected';
export const anticipationStageQuery = defineQuery<AnticipationStage>('stage');

export interface AnticipationActivities {
  /** Applies the operator's decision in one database transaction, once; dispatches its events after commit. */
  decideAnticipation(input: { anticipationId: string; approve: boolean; reason?: string | null }): Promise<{ status: 'pending_approval' | 'completed' | 'rejected' }>;
}
