/**
 * The withdrawal workflow's public surface, shared by the API, the CLI and the workflow.
 * Operators send `approve` / `reject` from the Temporal UI (workflow id = the wdr_ id they
 * see in the API) or with `npm run lastro -- withdrawals approve|reject`; the API sends
 * `cancel` after POST /withdrawals/:id/cancel has cancelled the row.
 */
import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { PayoutResult } from '../../src/withdrawals/payout-result';
import type { WithdrawalStatus } from '../../src/withdrawals/withdrawal.rules';

export const WITHDRAWAL_WORKFLOW = 'withdrawalWorkflow';

/** Workflow id = the withdrawal id (`wdr_…`), so an operator finds it by the id in the API. */
export const withdrawalWorkflowId = (withdrawalId: string): string => withdrawalId;

export interface WithdrawalWorkflowInput {
  withdrawalId: string;
}

export interface ApproveWithdrawal {
  operator: string;
}

export interface RejectWithdrawal {
  operator: string;
  reason: string;
}

/** From the API, after it cancelled the row: the workflow re-reads the row and ends. */
export interface CancelWithdrawal {
  reason: string | null;
}

export const approveSignal = defineSignal<[ApproveWithdrawal]>('approve');
export const rejectSignal = defineSignal<[RejectWithdrawal]>('reject');
export const cancelSignal = defineSignal<[CancelWithdrawal]>('cancel');

/**
 * Where the workflow is. `awaiting_approval` is the operator's queue; it is also the memo
 * field `stage`, shown in the Temporal UI's list.
 */
export type WithdrawalStage = 'loading' | 'awaiting_approval' | 'processing' | 'done';

export interface WithdrawalState {
  withdrawalId: string;
  stage: WithdrawalStage;
  /** The row's status as the workflow last saw it (null before the row was read). */
  status: WithdrawalStatus | null;
  /** The signals that move it on now: approve, reject (operators), cancel (the API); empty otherwise. */
  waitingFor: string[];
  decidedBy: string | null;
}

export const withdrawalStateQuery = defineQuery<WithdrawalState>('withdrawalState');

/**
 * The stage as a Keyword search attribute, so operators can list exactly the withdrawals
 * waiting for them: `WithdrawalStage="awaiting_approval"`. A server must have it registered
 * (`temporal server start-dev --search-attribute WithdrawalStage=Keyword`, or
 * `temporal operator search-attribute create --name WithdrawalStage --type Keyword`).
 */
export const WITHDRAWAL_STAGE_ATTRIBUTE = { name: 'WithdrawalStage', type: 'KEYWORD' } as const;

/** The memo of a withdrawal workflow, readable in the Temporal UI's list and detail pages. */
export interface WithdrawalMemo {
  stage: WithdrawalStage;
  companyId?: string;
  amount?: number;
  netAmount?: number;
  currency?: string;
}

export interface WithdrawalOutcome {
  /** The final status, or `abandoned` when the row was never committed (the API rolled back). */
  status: WithdrawalStatus | 'abandoned';
}

/** The PSP's definitive answer, as the payout activity hands it to the workflow (plain JSON). */
export type PayoutOutcome = PayoutResult;

export interface WithdrawalSnapshot {
  status: WithdrawalStatus;
  companyId: string;
  amount: number;
  netAmount: number;
  currency: string;
}

/**
 * The activities the workflow calls, declared here (the workflow may not import activities/);
 * activities/withdrawals implements exactly this interface. Each returns the row's status
 * after it ran: a move that no longer applies (the API cancelled first) changes nothing.
 */
export interface WithdrawalActivities {
  /** Waits for the creating transaction to end; null when it rolled back (no row). */
  loadWithdrawal(input: { withdrawalId: string }): Promise<WithdrawalSnapshot | null>;
  /** requested → approved | rejected (rejected releases the reservation, withdrawal.rejected). */
  decideWithdrawal(input: { withdrawalId: string; outcome: 'approved' | 'rejected'; operator: string; reason: string | null }): Promise<WithdrawalStatus>;
  /** approved → processing. */
  startWithdrawalProcessing(input: { withdrawalId: string }): Promise<WithdrawalStatus>;
  /** The provider's transfer of the net amount, idempotent per withdrawal (read by id before any send), awaited until final; throws on transient errors and while the provider still processes it. */
  sendWithdrawalPayout(input: { withdrawalId: string }): Promise<PayoutOutcome>;
  /** processing → paid (ledger debit, withdrawal.paid) | failed (reservation reversed). */
  completeWithdrawalPayout(input: { withdrawalId: string; payout: PayoutOutcome }): Promise<WithdrawalStatus>;
}
