/**
 * Refund states and the pure rules around them (spec "Refund" under States and transitions;
 * docs/refunds.md). Pure: importable from workflow code.
 */
export const REFUND_STATUSES = [
  'pending',
  'approved',
  'processing',
  'awaiting_bank_details',
  'awaiting_confirmation',
  'bank_details_received',
  'ted_processing',
  'invalid_bank_details',
  'refunded',
  'refused',
  'failed',
] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const TERMINAL_REFUND_STATUSES: readonly RefundStatus[] = ['refunded', 'refused', 'failed'];

export const REFUND_REQUESTERS = ['api', 'admin', 'customer', 'gateway'] as const;
export type RefundRequesterType = (typeof REFUND_REQUESTERS)[number];

export type RefundMethod = 'credit_card' | 'pix' | 'boleto';

/** Card and Pix go back through the acquirer; boleto money goes back by TED to the buyer's account. */
export const refundPath = (method: RefundMethod): 'gateway' | 'bank_transfer' => (method === 'boleto' ? 'bank_transfer' : 'gateway');

export const isTerminal = (s: RefundStatus): boolean => TERMINAL_REFUND_STATUSES.includes(s);

/** Where an approval leads: card and Pix to the acquirer, boleto to the buyer's bank details. */
export const approvedStatus = (method: RefundMethod): RefundStatus => (refundPath(method) === 'gateway' ? 'processing' : 'awaiting_bank_details');

/** Only a pending refund awaits a review. */
export const canApprove = (s: RefundStatus): boolean => s === 'pending';

/**
 * A refund can be refused while no money has started moving to the buyer: pending, a boleto
 * refund still waiting for (new) bank details, or one whose account waits for the merchant's
 * confirmation. Terminal and in-flight refunds answer 409.
 */
export const canRefuse = (s: RefundStatus): boolean => s === 'pending' || s === 'awaiting_bank_details' || s === 'invalid_bank_details' || s === 'awaiting_confirmation';

/**
 * A boleto refund whose buyer sent an account while the sale recorded no buyer document: no
 * transfer until the merchant confirms the account (or refuses the refund).
 */
export const canConfirmBankDetails = (s: RefundStatus): boolean => s === 'awaiting_confirmation';

/** The refund waits for a decision (the merchant's, or an operator's signal): a review, or the confirmation of the buyer's account. */
export const awaitsDecision = (s: RefundStatus): boolean => canApprove(s) || canConfirmBankDetails(s);

/** The page accepts bank details while Lastro is waiting for them. */
export const acceptsBankDetails = (s: RefundStatus): boolean => s === 'awaiting_bank_details' || s === 'invalid_bank_details';

/** Statuses whose amount still counts against the payment's refundable rest. */
export const holdsAmount = (s: RefundStatus): boolean => s !== 'refused' && s !== 'failed';

/** Boleto refunds: a reminder every 3 days while bank details are missing, and a 30-day deadline from approval. */
export const BANK_DETAILS_REMINDER_MS = 3 * 24 * 3600 * 1000;
export const BANK_DETAILS_DEADLINE_MS = 30 * 24 * 3600 * 1000;

