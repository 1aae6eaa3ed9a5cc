import { defineRoute } from '../http/route';
import { withdrawalRulesBody, withdrawalRulesSchema } from './withdrawal-rules.schemas';
import { getWithdrawalRules, setWithdrawalRules } from './withdrawal-rules.service';

const tag = 'Withdrawals';

/** Declared before `/withdrawals/:id` (withdrawals.routes.ts spreads them first), which would otherwise match. */
export const withdrawalRulesRoutes = [
  defineRoute({
    method: 'get',
    path: '/withdrawals/rules',
    versioned: true,
    operationId: 'getWithdrawalRules',
    summary: 'When a withdrawal is approved without an operator (instant payouts)',
    tag,
    responses: { 200: { description: 'The company’s withdrawal rules (off by default)', schema: withdrawalRulesSchema } },
    async handler({ em, company }) {
      return { body: await getWithdrawalRules(em, company.id) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/withdrawals/rules',
    versioned: true,
    operationId: 'setWithdrawalRules',
    summary: 'Set when a withdrawal is approved without an operator',
    description:
      'A BRL withdrawal is approved at creation when `autoApprove` is on, its amount is at most `perWithdrawalLimit`, the recipient’s automatically approved withdrawals of the São Paulo day plus this one are at most `dailyLimit`, and the recipient has been KYC-approved for at least `minimumKycDays` days; any other waits for an operator. Applies to withdrawals requested from then on.',
    tag,
    request: { body: withdrawalRulesBody },
    responses: { 200: { description: 'The rules now in force', schema: withdrawalRulesSchema } },
    async handler({ em, company, body }) {
      return { body: await setWithdrawalRules(em, company.id, body) };
    },
  }),
];
