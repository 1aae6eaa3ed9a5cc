import { bearableFee, receivedAmount, salePosting } from '../../src/payments/settlement.rules';

describe('receivedAmount: what a sale posting books', () => {
  it("is a boleto's paid amount, above or below its face", () => {
    expect(receivedAmount({ method: 'boleto', amount: 10_000, boleto: { paidAmount: 10_230 } })).toBe(10_230);
    expect(receivedAmount({ method: 'boleto', amount: 10_000, boleto: { paidAmount: 9_500 } })).toBe(9_500);
  });

  it('is the face amount for a boleto with no paid amount reported (or a zero one), and for every other method', () => {
    expect(receivedAmount({ method: 'boleto', amount: 10_000, boleto: {} })).toBe(10_000);
    expect(receivedAmount({ method: 'boleto', amount: 10_000, boleto: { paidAmount: 0 } })).toBe(10_000);
    expect(receivedAmount({ method: 'boleto', amount: 10_000, boleto: null })).toBe(10_000);
    expect(receivedAmount({ method: 'pix', amount: 10_000, boleto: { paidAmount: 1 } })).toBe(10_000);
  });
});

it('a sale posting of a paid amount stays balanced, its shares largest-remainder over what arrived', () => {
  const splits = [
    { recipientId: 'a', type: 'sale' as const, amount: null, percentage: 70, chargeProcessingFee: true },
    { recipientId: 'b', type: 'sale' as const, amount: null, percentage: 30, chargeProcessingFee: false },
  ];
  const { lines } = salePosting({ method: 'boleto', installments: 1, amount: 10_231, currency: 'BRL', paidAt: '2026-11-02T12:00:00Z', fee: 300, splits });
  expect(lines.reduce((a, l) => a + l.amount, 0)).toBe(0);
  const gross = (id: string) => lines.filter((l) => 'recipientId' in l.account && l.account.recipientId === id && l.type === 'sale').reduce((a, l) => a + l.amount, 0);
  // 7 161.7 → 7 162 (the larger remainder), 3 069.3 → 3 069.
  expect([gross('a'), gross('b')]).toEqual([7_162, 3_069]);
});

it("the fee of a deeply discounted boleto is capped at what the fee payers receive of it", () => {
  const splits = [
    { recipientId: 'a', type: 'sale' as const, amount: null, percentage: 10, chargeProcessingFee: true },
    { recipientId: 'b', type: 'sale' as const, amount: null, percentage: 90, chargeProcessingFee: false },
  ];
  expect(bearableFee(splits, 10_000, 300)).toBe(300);
  // 10% of 1 000 is 100: the fee payer bears 100 of the 300.
  expect(bearableFee(splits, 1_000, 300)).toBe(100);
  const { lines } = salePosting({ method: 'boleto', installments: 1, amount: 1_000, currency: 'BRL', paidAt: '2026-11-02T12:00:00Z', fee: bearableFee(splits, 1_000, 300), splits });
  expect(lines.reduce((a, l) => a + l.amount, 0)).toBe(0);
});
