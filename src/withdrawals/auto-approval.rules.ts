/**
 * When a withdrawal is approved without an operator (an instant payout), under the company's
 * withdrawal rules (docs/withdrawals.md, "Instant payouts"). Pure: no I/O.
 */

export interface WithdrawalRulesValues {
  /** Off: every withdrawal waits for an operator. */
  autoApprove: boolean;
  /** Largest gross amount approved automatically, in cents. */
  perWithdrawalLimit: number;
  /** Largest sum of one recipient's automatically approved withdrawals per São Paulo day, in cents (this one included). */
  dailyLimit: number;
  /** Whole days the recipient's link must have been KYC-approved. */
  minimumKycDays: number;
}

export const DEFAULT_WITHDRAWAL_RULES: WithdrawalRulesValues = { autoApprove: false, perWithdrawalLimit: 0, dailyLimit: 0, minimumKycDays: 0 };

/** Pix moves reais: withdrawals in another currency always wait for an operator. */
export const AUTO_APPROVAL_CURRENCY = 'BRL';

export type AutoApprovalRefusal = 'disabled' | 'currency' | 'per_withdrawal_limit' | 'daily_limit' | 'kyc_too_recent';

export interface AutoApprovalInput {
  amount: number;
  currency: string;
  /** Sum of the recipient's automatically approved withdrawals today (São Paulo date), this company's, in this currency. */
  approvedToday: number;
  /** When the link became active (KYC approved); null when unknown. */
  kycApprovedAt: Date | null;
  now: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `null` when the withdrawal is approved automatically; otherwise why it waits for an operator. */
export function autoApprovalRefusal(rules: WithdrawalRulesValues, w: AutoApprovalInput): AutoApprovalRefusal | null {
  if (!rules.autoApprove) return 'disabled';
  if (w.currency !== AUTO_APPROVAL_CURRENCY) return 'currency';
  if (w.amount > rules.perWithdrawalLimit) return 'per_withdrawal_limit';
  if (w.approvedToday + w.amount > rules.dailyLimit) return 'daily_limit';
  if (!w.kycApprovedAt || w.now.getTime() - w.kycApprovedAt.getTime() < rules.minimumKycDays * DAY_MS) return 'kyc_too_recent';
  return null;
}
