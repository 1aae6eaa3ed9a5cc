import { autoApprovalRefusal, type WithdrawalRulesValues } from '../../src/withdrawals/auto-approval.rules';

const rules: WithdrawalRulesValues = { autoApprove: true, perWithdrawalLimit: 50_000, dailyLimit: 100_000, minimumKycDays: 7 };
const now = new Date('2026-11-29T12:00:00Z');
const approvedDaysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000);
const base = { amount: 10_000, currency: 'BRL', approvedToday: 0, kycApprovedAt: approvedDaysAgo(30), now };

describe('autoApprovalRefusal', () => {
  it('approves within every rule, up to and including each limit', () => {
    expect(autoApprovalRefusal(rules, base)).toBeNull();
    expect(autoApprovalRefusal(rules, { ...base, amount: 50_000 })).toBeNull();
    expect(autoApprovalRefusal(rules, { ...base, amount: 50_000, approvedToday: 50_000 })).toBeNull();
    expect(autoApprovalRefusal(rules, { ...base, kycApprovedAt: approvedDaysAgo(7) })).toBeNull();
  });

  it.each([
    ['rules off', { ...rules, autoApprove: false }, base, 'disabled'],
    ['another currency', rules, { ...base, currency: 'USD' }, 'currency'],
    ['one cent over the per-withdrawal limit', rules, { ...base, amount: 50_001 }, 'per_withdrawal_limit'],
    ['one cent over the daily limit with today’s', rules, { ...base, amount: 10_000, approvedToday: 90_001 }, 'daily_limit'],
    ['KYC approved a second short of the days', rules, { ...base, kycApprovedAt: new Date(approvedDaysAgo(7).getTime() + 1000) }, 'kyc_too_recent'],
    ['KYC approval time unknown', rules, { ...base, kycApprovedAt: null }, 'kyc_too_recent'],
  ] as const)('%s waits for an operator', (_what, r, w, reason) => {
    expect(autoApprovalRefusal(r, w)).toBe(reason);
  });

  it('minimumKycDays 0 approves a recipient approved this instant; limits of 0 approve nothing', () => {
    expect(autoApprovalRefusal({ ...rules, minimumKycDays: 0 }, { ...base, kycApprovedAt: now })).toBeNull();
    expect(autoApprovalRefusal({ ...rules, perWithdrawalLimit: 0 }, base)).toBe('per_withdrawal_limit');
  });
});
