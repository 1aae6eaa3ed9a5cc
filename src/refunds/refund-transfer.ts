import type { FinalPayoutState } from '../processors/payouts/payout-outcome';
import { ACCOUNT_FAILURES, payoutIdOf } from '../processors/payouts/payout.rules';
import type { PayoutRequest } from '../processors/payouts/payout-provider.port';
import type { RefundBankDetails } from './refund.entity';

/**
 * The transfer that pays a boleto refund into the buyer's account, through the company's payout
 * provider (src/processors/payouts, the rail withdrawals use). Keyed per refund and bank-details
 * request, so a retried activity never sends twice (the provider is asked for the id before any
 * send), and new details after a bounce send anew under a new id.
 */
export interface RefundTransferRequest {
  idempotencyKey: string;
  companyId: string;
  amount: number;
  currency: string;
  bankDetails: RefundBankDetails;
}

export interface RefundTransferResult {
  status: 'completed' | 'bounced';
  /** Why the transfer did not reach the account (`invalid_account`, `bank_account_closed`, `unknown_bank`…); null when completed. */
  code: string | null;
  transferId: string;
}

/** The payout the provider is asked for: the refund's amount to the buyer's account, under the id derived from the key. */
export function refundPayoutRequest(req: RefundTransferRequest): PayoutRequest {
  const d = req.bankDetails;
  return {
    id: payoutIdOf(req.idempotencyKey),
    amount: req.amount,
    currency: req.currency,
    description: 'Reembolso',
    destination: { bankCode: d.bankCode, agency: d.agency, account: d.account, accountType: d.accountType, holderName: d.holderName, holderDocument: d.holderDocument },
  };
}

/**
 * The provider's outcome as the refund workflow reads it. Every failure bounces (the buyer is asked
 * for an account again, and the next transfer has a new id): a failure that is not about the account
 * (the provider refused for its own reasons) is logged by the caller for an operator too.
 */
export function refundTransferOutcome(state: FinalPayoutState, payoutId: string): RefundTransferResult {
  if (state.status === 'paid') return { status: 'completed', code: null, transferId: state.transferId ?? payoutId };
  return { status: 'bounced', code: state.code, transferId: state.transferId ?? payoutId };
}

/**
 * The refund and the bank-details request a refund transfer's payout id names (`ref01j…2` →
 * `ref_01j…`, 2: the key `ref_01j…:2`), or null when it names another kind of transfer.
 */
export function refundTransferOfPayout(payoutId: string): { refundId: string; attempt: number } | null {
  const m = /^ref([0-9a-z]{26})(\d{1,6})$/.exec(payoutId);
  return m ? { refundId: `ref_${m[1]}`, attempt: Number(m[2]) } : null;
}

/** The payout id of a refund's transfer for its `attempt`-th bank-details request (the key `refundTransferRequest` gives). */
export const refundTransferPayoutId = (refundId: string, attempt: number): string => payoutIdOf(`${refundId}:${attempt}`);

export const isAccountFailure = (code: string | null): boolean => code !== null && ACCOUNT_FAILURES.has(code);
