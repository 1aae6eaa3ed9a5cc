/**
 * The transaction workflow's public surface, shared by the API, the CLI and the workflow.
 * Workflow id = the transaction id (`txn_…`). It carries ids, amounts and dates only: card
 * data never enters a workflow input, output or signal (the card vault
 * reveals it inside the authorization activity).
 */
import { defineSignal } from '@temporalio/workflow';

export const TRANSACTION_WORKFLOW = 'transactionWorkflow';

export const transactionWorkflowId = (transactionId: string): string => transactionId;

export interface TransactionWorkflowInput {
  transactionId: string;
  /**
   * Set only by the transaction.created dispatch that starts the run: its subscribers (the
   * webhook deliveries) have committed, so the first read may mark the event dispatched. A run
   * started by anything else (a billing charge left pending, a buyer's signal) leaves the event
   * to the dispatcher.
   */
  marksCreated?: boolean;
}

export type TransactionOutcomeStatus = 'waiting_payment' | 'paid' | 'refused' | 'failed' | 'canceled';

/** How the workflow ended: the transaction's final state. */
export interface TransactionDecision {
  status: TransactionOutcomeStatus;
  reason: string | null;
}

/** Sent when a buyer paid: a Pix reported by its PSP (callback, reconciliation), a boleto paid in the sandbox. */
export interface PaymentReceived {
  paymentId: string;
  paidAt: string;
}

export interface CancelRequest {
  reason: string;
}

export const paymentReceivedSignal = defineSignal<[PaymentReceived]>('paymentReceived');
export const cancelTransactionSignal = defineSignal<[CancelRequest]>('cancel');

export interface PlannedPayment {
  id: string;
  method: 'credit_card' | 'pix' | 'boleto';
  status: string;
  expiresAt: string | null;
}

/** The transaction as the workflow finds it. Refunded or charged back since its payment, it is still `paid` here. */
export interface TransactionPlan {
  status: 'pending' | TransactionOutcomeStatus;
  reason: string | null;
  payments: PlannedPayment[];
}

/** The activities the workflow calls; activities/payments implements exactly this interface. */
export interface TransactionActivities {
  loadTransactionPlan(input: { transactionId: string; marksCreated?: boolean }): Promise<TransactionPlan>;
  /** Authorizes the pending cards and records the outcome (refused, waiting for Pix/boleto, or paid and settled): src/payments/card-decision.service.ts. */
  decideTransactionCards(input: { transactionId: string }): Promise<TransactionPlan>;
  voidTransactionCards(input: { paymentIds: string[] }): Promise<void>;
  /**
   * Before an unpaid transaction is canceled: removes its Pix charges at their PSP and cancels its
   * boletos at their issuer (their cobv removed too); answers the payments a processor had already
   * seen paid (recorded like a callback's), which settle instead.
   */
  cancelTransactionCharges(input: { transactionId: string }): Promise<{ paid: PaymentReceived[] }>;
  finishUnpaidTransaction(input: { transactionId: string; status: 'canceled'; reason: string; voidedPaymentIds: string[] }): Promise<void>;
  /** Marks it paid and posts its sales with their receivables (released later by the release runs). */
  settleTransaction(input: { transactionId: string; paidAt: Record<string, string> }): Promise<void>;
}
