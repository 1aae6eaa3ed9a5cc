import { attemptMethod, retryAt, retryDaysProblem } from '../../src/billing/dunning.rules';
import { dunningSettingsBody } from '../../src/billing/dunning.schemas';

describe('attemptMethod', () => {
  it('the first attempt uses the card, else the mandate, else nothing', () => {
    expect(attemptMethod(1, { hasCard: true, hasMandate: true })).toBe('card');
    expect(attemptMethod(1, { hasCard: false, hasMandate: true })).toBe('mandate');
    expect(attemptMethod(1, { hasCard: false, hasMandate: false })).toBe('none');
  });
  it('after a failed card: the mandate when there is one, else by hand; later retries try the card again', () => {
    expect([1, 2, 3, 4].map((a) => attemptMethod(a, { hasCard: true, hasMandate: true }))).toEqual(['card', 'mandate', 'card', 'card']);
    expect([1, 2, 3, 4].map((a) => attemptMethod(a, { hasCard: true, hasMandate: false }))).toEqual(['card', 'by_hand', 'card', 'card']);
  });
  it('after a failed mandate (its PSP retries spent): by hand', () => {
    expect([1, 2, 3].map((a) => attemptMethod(a, { hasCard: false, hasMandate: true }))).toEqual(['mandate', 'by_hand', 'by_hand']);
    expect([1, 2].map((a) => attemptMethod(a, { hasCard: false, hasMandate: false }))).toEqual(['none', 'by_hand']);
  });
});

describe('retry schedule', () => {
  it('retryAt: the n-th retry day after the due date, null once spent', () => {
    const due = '2026-03-10T12:00:00.000Z';
    expect([1, 2, 3].map((a) => retryAt(due, a, [2, 7]))).toEqual(['2026-03-12T12:00:00.000Z', '2026-03-17T12:00:00.000Z', null]);
    expect(retryAt(due, 1, [])).toBeNull();
  });
  it('retryDaysProblem: ascending whole days from 1 to 60, at most 8', () => {
    expect(retryDaysProblem([1, 3, 5])).toBeNull();
    expect(retryDaysProblem([])).toBeNull();
    expect(retryDaysProblem([3, 3])).toEqual({ path: 'retryDays.1', message: expect.stringContaining('ascending') });
    expect(retryDaysProblem([5, 2])?.path).toBe('retryDays.1');
    expect(retryDaysProblem([0])?.path).toBe('retryDays.0');
    expect(retryDaysProblem([61])?.path).toBe('retryDays.0');
    expect(retryDaysProblem([1, 2, 3, 4, 5, 6, 7, 8, 9])?.path).toBe('retryDays');
  });
  it('the PUT body refuses what the rules refuse, with the offending index as its path', () => {
    expect(dunningSettingsBody.safeParse({ retryDays: [1, 3, 5] }).success).toBe(true);
    const unordered = dunningSettingsBody.safeParse({ retryDays: [4, 2] });
    expect(unordered.success).toBe(false);
    expect(unordered.error?.issues[0].path).toEqual(['retryDays', 1]);
    expect(dunningSettingsBody.safeParse({ retryDays: [1.5] }).success).toBe(false);
    expect(dunningSettingsBody.safeParse({ retryDays: [1], extra: true }).success).toBe(false);
    expect(dunningSettingsBody.safeParse({}).success).toBe(false);
  });
});
