import { z } from 'zod';
import { cents } from '../http/schemas';

/** GET/PUT /withdrawals/rules: when a withdrawal is approved without an operator (instant payouts). */
export const withdrawalRulesBody = z.strictObject({
  autoApprove: z.boolean().meta({ description: 'Off: every withdrawal waits for an operator' }),
  perWithdrawalLimit: cents.min(0).meta({ description: 'Largest gross amount (cents) approved automatically' }),
  dailyLimit: cents.min(0).meta({ description: 'Largest sum (cents) of one recipient’s automatically approved withdrawals per São Paulo day, the new one included' }),
  minimumKycDays: z.number().int().min(0).max(3650).meta({ description: 'Whole days the recipient must have been KYC-approved (active)' }),
});

export const withdrawalRulesSchema = withdrawalRulesBody
  .extend({ currency: z.literal('BRL').meta({ description: 'Limits are in this currency; withdrawals in another always wait for an operator' }) })
  .meta({ id: 'WithdrawalRules' });

export type WithdrawalRulesInput = z.output<typeof withdrawalRulesBody>;
export type WithdrawalRulesView = z.output<typeof withdrawalRulesSchema>;
