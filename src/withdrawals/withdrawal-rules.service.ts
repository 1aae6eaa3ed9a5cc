import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecipientLink } from '../recipients/recipient.entity';
import { AUTO_APPROVAL_CURRENCY, DEFAULT_WITHDRAWAL_RULES, autoApprovalRefusal, type AutoApprovalRefusal, type WithdrawalRulesValues } from './auto-approval.rules';
import { WithdrawalRules } from './withdrawal-rules.entity';
import type { WithdrawalRulesInput, WithdrawalRulesView } from './withdrawal-rules.schemas';

const valuesOf = (r: WithdrawalRules | null): WithdrawalRulesValues =>
  r ? { autoApprove: r.autoApprove, perWithdrawalLimit: r.perWithdrawalLimit, dailyLimit: r.dailyLimit, minimumKycDays: r.minimumKycDays } : DEFAULT_WITHDRAWAL_RULES;

export async function getWithdrawalRules(em: EntityManager, companyId: string): Promise<WithdrawalRulesView> {
  return { ...valuesOf(await em.findOne(WithdrawalRules, { companyId })), currency: AUTO_APPROVAL_CURRENCY };
}

/** PUT /withdrawals/rules: replaces the company's rules; applies to withdrawals requested from then on. */
export async function setWithdrawalRules(em: EntityManager, companyId: string, input: WithdrawalRulesInput): Promise<WithdrawalRulesView> {
  // One statement (insert … on conflict update), so two first PUTs at once cannot collide.
  const now = new Date();
  const row = await em.upsert(WithdrawalRules, { companyId, ...input, createdAt: now, updatedAt: now }, { onConflictExcludeFields: ['createdAt'] });
  return { ...valuesOf(row), currency: AUTO_APPROVAL_CURRENCY };
}

/**
 * Whether a new withdrawal is approved without an operator. Called by createWithdrawal while it
 * holds the recipient's wallet lock, so the sum of today's automatic approvals it reads cannot
 * change under it: two concurrent withdrawals never both fit in the daily limit's last room.
 */
export async function autoApprovalOf(em: EntityManager, w: { companyId: string; recipientId: string; amount: number; currency: string; link: RecipientLink }): Promise<AutoApprovalRefusal | null> {
  const rules = valuesOf(await em.findOne(WithdrawalRules, { companyId: w.companyId }));
  if (!rules.autoApprove) return 'disabled';
  const [{ sum }] = await em.execute<{ sum: string }[]>(
    `select coalesce(sum(amount), 0) as sum from withdrawals
      where company_id = ? and recipient_id = ? and currency = ? and auto_approved
        and created_at >= (date_trunc('day', now() at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo')`,
    [w.companyId, w.recipientId, w.currency],
  );
  return autoApprovalRefusal(rules, {
    amount: w.amount,
    currency: w.currency,
    approvedToday: Number(sum),
    kycApprovedAt: w.link.status === 'active' ? (w.link.reviewedAt ?? null) : null,
    now: new Date(),
  });
}
