/**
 * The transaction workflow's public surface, shared by the API, the CLI and the workflow.
 * Workflow id = the transaction id (`txn_…`). It carries ids, amounts and dates only: card
 * data never enters a workflow input, output, signal, update or query (the card vault
 * reveals it inside the authorization activity).
 */
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';

export const TRANSACTION_WORKFLOW = 'transactionWorkflow';

export const transactionWorkflowId = (transactionId: string): string => transactionId;

export interface TransactionWorkflowInput {
  transactionId: string;
}

export type TransactionOutcomeStatus = 'waiting_payment' | 'paid' | 'refused' | 'failed' | 'canceled';

/** Answer of the `decision` update: the state the creation request reports. */
export interface TransactionDecision {
  status: TransactionOutcomeStatus;
  reason: string | null;
}

/** Sent by POST /sandbox/payments/:payId/pay (or, later, a real Pix/boleto notification). */
export interface PaymentReceived {
  paymentId: string;
  paidAt: string;
}

export interface CancelRequest {
  reason: string;
}

/**
 * Sent by POST /sandbox/payments/:payId/chargeback (or, later, an acquirer's dispute notice).
 * `chargebackId` (made by the sender) keys the ledger posting, so a repeated signal or a
 * retried activity never blocks twice.
 */
export interface ChargebackRequest {
  chargebackId: string;
  paymentId: string;
  /** Cents; null = what is still chargeable of the payment. */
  amount: number | null;
  reason: string;
}

/** How long after settlement a paid transaction's workflow still takes chargebacks (card networks allow up to 180 days). */
export const CHARGEBACK_WINDOW_DAYS = 180;

/** Waits until the card payments are decided (or the transaction waits for Pix/boleto) and returns that state. */
export const decisionUpdate = defineUpdate<TransactionDecision>('decision');
export const paymentReceivedSignal = defineSignal<[PaymentReceived]>('paymentReceived');
export const cancelTransactionSignal = defineSignal<[CancelRequest]>('cancel');
export const chargebackSignal = defineSignal<[ChargebackRequest]>('chargeback');

export interface ScheduledStep {
  at: string;
  kind: 'expiry' | 'release';
  paymentId: string | null;
  /** Release: net cents moved to available (all recipients). */
  amount: number | null;
  description: string;
}

/** What the workflow will do next, with dates (the timeline's future). */
export const scheduledStepsQuery = defineQuery<ScheduledStep[]>('scheduledSteps');

export interface PlannedPayment {
  id: string;
  method: 'credit_card' | 'pix' | 'boleto';
  status: string;
  expiresAt: string | null;
}

export interface TransactionPlan {
  status: string;
  payments: PlannedPayment[];
}

export interface SettlementReleaseStep {
  paymentId: string;
  postingId: string;
  index: number;
  releaseAt: string;
  amount: number;
}

/** The activities the workflow calls; activities/payments implements exactly this interface. */
export interface TransactionActivities {
  loadTransactionPlan(input: { transactionId: string }): Promise<TransactionPlan>;
  authorizeTransactionCard(input: { paymentId: string }): Promise<{ status: 'approved' | 'refused' | 'failed'; code: string | null }>;
  voidTransactionCards(input: { paymentIds: string[] }): Promise<void>;
  markTransactionWaitingPayment(input: { transactionId: string }): Promise<void>;
  finishUnpaidTransaction(input: { transactionId: string; status: 'refused' | 'failed' | 'canceled'; reason: string; voidedPaymentIds: string[] }): Promise<void>;
  settleTransaction(input: { transactionId: string; paidAt: Record<string, string> }): Promise<SettlementReleaseStep[]>;
  releaseTransactionSettlement(input: SettlementReleaseStep): Promise<void>;
  /** Blocks the amount from the liable recipients, charges fee and penalty, marks the payment and transaction `chargeback` (once per chargebackId). */
  openTransactionChargeback(input: ChargebackRequest & { transactionId: string }): Promise<void>;
}
