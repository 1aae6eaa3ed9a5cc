import { feePatch, parseApprovalAbove, parseMonthlyRate } from '../../src/cli/commands/fees';

describe('lastro fees set: the anticipation options', () => {
  it('parses a monthly rate and an approval amount (cents or none); refuses anything else', () => {
    expect(parseMonthlyRate('2.5')).toBe(2.5);
    expect(parseApprovalAbove('500000')).toBe(500_000);
    expect(parseApprovalAbove('none')).toBeNull();
    expect(() => parseMonthlyRate('2,5')).toThrow(/percentage per month/);
    expect(() => parseApprovalAbove('12.5')).toThrow(/integer cents or none/);
    expect(() => parseApprovalAbove('-1')).toThrow(/integer cents or none/);
  });

  it('stores the entry whole: the part not named keeps the current value; neither named leaves it out', () => {
    const current = { percentage: 3, approvalAbove: 5_000 };
    expect(feePatch({ company: 'comp_x', anticipation: 2 }, current).anticipation).toEqual({ percentage: 2, approvalAbove: 5_000 });
    expect(feePatch({ company: 'comp_x', anticipationApprovalAbove: null }, current).anticipation).toEqual({ percentage: 3, approvalAbove: null });
    expect(feePatch({ company: 'comp_x', anticipation: 1, anticipationApprovalAbove: 10 }, current).anticipation).toEqual({ percentage: 1, approvalAbove: 10 });
    expect(feePatch({ company: 'comp_x' }, current).anticipation).toBeUndefined();
    expect(() => feePatch({ company: 'comp_x', anticipation: 101 }, current)).toThrow();
  });
});
