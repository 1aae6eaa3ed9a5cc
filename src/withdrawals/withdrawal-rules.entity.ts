import { BigIntType, EntitySchema, type Opt } from '@mikro-orm/core';

/** A company's withdrawal rules (instant payouts); a company without a row has the defaults (off). */
export class WithdrawalRules {
  companyId!: string;
  autoApprove!: boolean;
  perWithdrawalLimit!: number;
  dailyLimit!: number;
  minimumKycDays!: number;
  createdAt: Opt<Date> = new Date();
  updatedAt: Opt<Date> = new Date();
}

export const WithdrawalRulesSchema = new EntitySchema<WithdrawalRules>({
  class: WithdrawalRules,
  tableName: 'withdrawal_rules',
  properties: {
    companyId: { type: 'string', length: 40, primary: true },
    autoApprove: { type: 'boolean' },
    perWithdrawalLimit: { type: new BigIntType('number') },
    dailyLimit: { type: new BigIntType('number') },
    minimumKycDays: { type: 'integer' },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
    updatedAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});
