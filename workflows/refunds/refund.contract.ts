/**
 * The refund workflow's public surface, shared by the API, the CLI, the bank-details page and
 * the workflow. Workflow id = the refund id (`ref_…`), so an operator finds it by the id in
 * the API. The API moves rows itself (approve/refuse answer the new status at once) and then
 * signals `reviewed` (also after the merchant confirms the buyer's account); operators send
 * `approve` / `refuse` from the Temporal UI or the CLI (on a refund awaiting confirmation,
 * `approve` confirms the account); the bank-details page sends `bankDetailsSubmitted` after it
 * stored the buyer's account.
 */
import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { GatewayRefundResult } from '../../src/payments/payment-gateway';
import type { RefundTransferResult } from '../../src/refunds/refund-transfer';
import type { RefundMethod, RefundStatus } from '../../src/refunds/refund.rules';

export const REFUND_WORKFLOW = 'refundWorkflow';

export const refundWorkflowId = (refundId: string): string => refundId;

export interface RefundWorkflowInput {
  refundId: string;
}

export interface ApproveRefund {
  operator: string;
}

export interface RefuseRefund {
  operator: string;
  reason?: string | null;
}

/** The row changed outside the workflow (API review, page submission): re-read it. */
export const reviewedSignal = defineSignal('reviewed');
export const bankDetailsSubmittedSignal = defineSignal('bankDetailsSubmitted');
export const approveRefundSignal = defineSignal<[ApproveRefund]>('approve');
export const refuseRefundSignal = defineSignal<[RefuseRefund]>('refuse');

export interface RefundState {
  refundId: string;
  status: RefundStatus | null;
  /** Boleto refunds: when the next reminder goes out (ISO), null otherwise. */
  nextReminderAt: string | null;
}

export const refundStateQuery = defineQuery<RefundState>('refundState');

export interface RefundOutcome {
  /** The final status, or `abandoned` when the row was never committed. */
  status: RefundStatus | 'abandoned';
}

export interface RefundSnapshot {
  status: RefundStatus;
  method: RefundMethod;
}

/**
 * Activities the workflow calls (activities/refunds implements exactly this). Moves return the
 * row's status after they ran; a move that no longer applies changes nothing.
 */
export interface RefundActivities {
  loadRefund(input: { refundId: string }): Promise<RefundSnapshot | null>;
  /**
   * An operator's decision from a signal: pending → processing | awaiting_bank_details | refused;
   * awaiting_confirmation → bank_details_received (approve confirms the buyer's account) | refused.
   */
  reviewRefund(input: { refundId: string; outcome: 'approve' | 'refuse'; operator: string; reason: string | null }): Promise<RefundStatus>;
  /** approved → processing. */
  startRefundProcessing(input: { refundId: string }): Promise<RefundStatus>;
  /** The acquirer's refund, idempotent per refund id; null when the refund is no longer processing. */
  sendRefundToGateway(input: { refundId: string }): Promise<GatewayRefundResult | null>;
  /** processing → refunded | failed. */
  completeGatewayRefund(input: { refundId: string; outcome: GatewayRefundResult }): Promise<RefundStatus>;
  /** bank_details_received → ted_processing. */
  startRefundTed(input: { refundId: string }): Promise<RefundStatus>;
  /** The TED to the buyer's account, idempotent per refund and details request; null when not in ted_processing. */
  sendRefundTed(input: { refundId: string }): Promise<RefundTransferResult | null>;
  /** ted_processing → refunded | invalid_bank_details (new link). */
  completeRefundTed(input: { refundId: string; outcome: RefundTransferResult }): Promise<RefundStatus>;
  remindRefundBankDetails(input: { refundId: string }): Promise<RefundStatus>;
  /** awaiting / invalid bank details past the deadline → failed. */
  expireRefundBankDetails(input: { refundId: string }): Promise<RefundStatus>;
}
