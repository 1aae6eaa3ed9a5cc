import { itemsProblem, itemsTotal, splitsSumProblem } from '../../src/checkout/checkout.rules';

describe('itemsProblem', () => {
  it('names an empty list no_items', () => {
    expect(itemsProblem([])?.code).toBe('no_items');
  });

  it.each([
    ['every unitAmount 0', [{ quantity: 2, unitAmount: 0 }]],
    ['every quantity 0', [{ quantity: 0, unitAmount: 500 }, { quantity: 0, unitAmount: 1 }]],
  ])('names a list totalling 0 (%s) amount_too_low', (_label, items) => {
    expect(itemsProblem(items)?.code).toBe('amount_too_low');
  });

  it('names a zero item in a list with a positive total validation_failed at that item', () => {
    expect(itemsProblem([{ quantity: 1, unitAmount: 100 }, { quantity: 1, unitAmount: 0 }])).toMatchObject({ code: 'validation_failed', path: 'items.1.unitAmount' });
    expect(itemsProblem([{ quantity: 0, unitAmount: 100 }, { quantity: 1, unitAmount: 1 }])).toMatchObject({ code: 'validation_failed', path: 'items.0.quantity' });
  });

  it('refuses a total beyond exact integers', () => {
    expect(itemsProblem([{ quantity: 2, unitAmount: Number.MAX_SAFE_INTEGER }])?.code).toBe('validation_failed');
  });

  it('accepts the smallest valid list and totals quantity × unitAmount', () => {
    expect(itemsProblem([{ quantity: 1, unitAmount: 1 }])).toBeNull();
    expect(itemsTotal([{ quantity: 3, unitAmount: 1050 }, { quantity: 1, unitAmount: 1 }])).toBe(3151);
  });
});

describe('splitsSumProblem', () => {
  const splits = (...p: number[]) => p.map((percentage) => ({ percentage }));

  it.each([
    [[100]],
    [[33.33, 33.33, 33.34]],
    [[50, 49.99]],
    [[50, 50.01]],
    [[0.01, 99.99]],
    [[]],
  ])('accepts %j (100 within 0.01, or no splits)', (p) => {
    expect(splitsSumProblem(splits(...p))).toBeNull();
  });

  it.each([[[50, 49.98]], [[50, 50.02]], [[100, 0.0101]], [[60, 60]]])('refuses %j with invalid_splits_sum', (p) => {
    expect(splitsSumProblem(splits(...p))?.code).toBe('invalid_splits_sum');
  });
});
