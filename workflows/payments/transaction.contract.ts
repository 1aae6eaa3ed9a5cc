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

export const paymentReceivedSignal = defineSignal<[PaymentReceived]>('paymentReceived');
export const cancelTransactionSignal = defineSignal<[CancelRequest]>('cancel');
export const chargebackSignal = defineSignal<[ChargebackRequest]>('chargeback');

export interface PlannedPayment {
  id: string;
  method: 'credit_card' | 'pix' | 'boleto';
  status: string;
  expiresAt: string | null;
}

/**
 * The transaction as the workflow finds it, and (paid) the releases its settlement scheduled.
 * Refunded or charged back since its payment, it is still `paid` here: its releases still run.
 */
export interface TransactionPlan {
  status: 'pending' | TransactionOutcomeStatus;
  reason: string | null;
  payments: PlannedPayment[];
  releases: SettlementReleaseStep[];
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
  settleTransaction(input: { transactionId: string; paidAt: Record<string, string> }): Promise<SettlementReleaseStep[]>;
  releaseTransactionSettlement(input: SettlementReleaseStep): Promise<void>;
  /** Blocks the amount from the liable recipients, charges fee and penalty, marks the payment and transaction `chargeback` (once per chargebackId). */
  openTransactionChargeback(input: ChargebackRequest & { transactionId: string }): Promise<void>;
}
