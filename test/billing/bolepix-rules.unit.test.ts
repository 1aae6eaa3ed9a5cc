import { bolepixDueDate, bolepixTerms, effectiveLateFees } from '../../src/billing/bolepix.rules';
import { lateFeesSchema } from '../../src/billing/bolepix.schemas';

describe('bolepix terms', () => {
  it('no late fees: the due date alone', () => {
    expect(bolepixTerms(null, 1000, '2026-12-10', '2026-12-01')).toEqual({ dueDate: '2026-12-10' });
  });
  it('a fine or interest keeps the boleto payable 30 days after its due date unless told otherwise', () => {
    expect(bolepixTerms({ finePercent: 2, interestMonthlyPercent: 1 }, 1000, '2026-12-10', '2026-12-01')).toEqual({ dueDate: '2026-12-10', payableDaysAfterDue: 30, fine: { percent: 2 }, interest: { monthlyPercent: 1 } });
    expect(bolepixTerms({ finePercent: 1, payableDaysAfterDue: 5 }, 1000, '2026-12-10', '2026-12-01')).toMatchObject({ payableDaysAfterDue: 5 });
  });
  it('a discount lasts until its days before the due date, and is left out once that day passed or when it takes the whole amount', () => {
    expect(bolepixTerms({ discount: { percent: 5, daysBeforeDue: 3 } }, 1000, '2026-12-10', '2026-12-01').discount).toEqual({ until: '2026-12-07', percent: 5 });
    expect(bolepixTerms({ discount: { amount: 100, daysBeforeDue: 0 } }, 1000, '2026-12-10', '2026-12-01').discount).toEqual({ until: '2026-12-10', amount: 100 });
    expect(bolepixTerms({ discount: { percent: 5, daysBeforeDue: 3 } }, 1000, '2026-12-10', '2026-12-08').discount).toBeUndefined();
    expect(bolepixTerms({ discount: { amount: 1000, daysBeforeDue: 0 } }, 1000, '2026-12-10', '2026-12-01').discount).toBeUndefined();
  });
  it("the subscription's fees replace the plan's as a whole", () => {
    expect(effectiveLateFees({ finePercent: 1 }, { interestMonthlyPercent: 1 })).toEqual({ finePercent: 1 });
    expect(effectiveLateFees(null, { interestMonthlyPercent: 1 })).toEqual({ interestMonthlyPercent: 1 });
    expect(effectiveLateFees(null, null)).toBeNull();
  });
  it('the due date is the invoice\'s São Paulo day, never before today', () => {
    expect(bolepixDueDate(new Date('2026-12-10T02:00:00Z'), new Date('2026-12-01T12:00:00Z'))).toBe('2026-12-09');
    expect(bolepixDueDate(new Date('2026-11-20T12:00:00Z'), new Date('2026-12-01T12:00:00Z'))).toBe('2026-12-01');
  });
});

describe('late fees schema', () => {
  it.each([[{ finePercent: 2.01 }], [{ interestMonthlyPercent: 1.01 }], [{ discount: { percent: 1, amount: 1 } }], [{ discount: {} }], [{ payableDaysAfterDue: 0 }], [{ extra: true }]])('refuses %j', (fees) => {
    expect(lateFeesSchema.safeParse(fees).success).toBe(false);
  });
  it('accepts the caps and defaults the discount to the due date', () => {
    expect(lateFeesSchema.parse({ finePercent: 2, interestMonthlyPercent: 1, discount: { percent: 10 } })).toEqual({ finePercent: 2, interestMonthlyPercent: 1, discount: { percent: 10, daysBeforeDue: 0 } });
  });
});
