import fc from 'fast-check';
import { releaseMoves, salePosting, settlementReleases } from '../../src/payments/settlement.rules';
import { shareAmount, splitProblem, type SplitShareInput } from '../../src/payments/split.rules';
import { itfWidths } from '../../src/payments/itf-barcode.rules';

const item = (recipientId: string, share: { amount?: number; percentage?: number }, chargeProcessingFee = true): SplitShareInput => ({
  recipientId,
  type: 'sale',
  amount: share.amount ?? null,
  percentage: share.percentage ?? null,
  chargeProcessingFee,
});

describe('splitProblem', () => {
  it('accepts percentages summing to 100 within 0.01, and amounts summing to the total', () => {
    expect(splitProblem([item('a', { percentage: 33.33 }), item('b', { percentage: 33.33 }), item('c', { percentage: 33.34 })], 100)).toBeNull();
    expect(splitProblem([item('a', { percentage: 50 }), item('b', { percentage: 49.99 })], 100)).toBeNull();
    expect(splitProblem([item('a', { amount: 70 }), item('b', { amount: 30 })], 100)).toBeNull();
  });
  it('refuses sums that differ, mixed bases and nobody paying the fee', () => {
    expect(splitProblem([item('a', { percentage: 50 }), item('b', { percentage: 49.98 })], 100)?.code).toBe('invalid_splits_sum');
    expect(splitProblem([item('a', { amount: 70 }), item('b', { amount: 29 })], 100)?.code).toBe('invalid_splits_sum');
    expect(splitProblem([item('a', { amount: 70 }), item('b', { percentage: 30 })], 100)?.code).toBe('validation_failed');
    expect(splitProblem([item('a', { percentage: 100 }, false)], 100)?.code).toBe('validation_failed');
  });
});

describe('shareAmount', () => {
  it('allocates by largest remainder, ties to the first item, and the fee among fee payers only', () => {
    expect(shareAmount([item('a', { percentage: 50 }), item('b', { percentage: 50 })], 101, 0).map((s) => s.gross)).toEqual([51, 50]);
    const shares = shareAmount([item('a', { percentage: 70 }), item('b', { percentage: 30 }, false)], 30_001, 901);
    expect(shares.map((s) => [s.gross, s.fee])).toEqual([
      [21_001, 901],
      [9_000, 0],
    ]);
  });
  it('refuses a fee larger than what the fee payers receive (the counterexample fast-check found)', () => {
    expect(() => shareAmount([item('a', { amount: 1 }), item('b', { amount: 28 }, false)], 14, 1)).toThrow(RangeError);
  });
  it('shares always sum to the amount and fees to the fee (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 100 }), (weights, amount, feePct) => {
        const splits = weights.map((w, i) => item(`r${i}`, { amount: w }, i % 2 === 0));
        const fee = Math.floor((amount * feePct) / 200);
        const payersGross = shareAmount(splits, amount, 0).filter((s) => s.paysFee).reduce((a, s) => a + s.gross, 0);
        if (fee > payersGross) {
          // Creation answers 400 amount_below_fee for such a sale; the rule refuses it too.
          expect(() => shareAmount(splits, amount, fee)).toThrow(RangeError);
          return;
        }
        const shares = shareAmount(splits, amount, fee);
        expect(shares.reduce((a, s) => a + s.gross, 0)).toBe(amount);
        expect(shares.reduce((a, s) => a + s.fee, 0)).toBe(fee);
        for (const s of shares) expect(s.fee).toBeLessThanOrEqual(s.gross);
      }),
    );
  });
});

describe('settlementReleases', () => {
  it('card: one release per installment at D+30·n, remainder on the first, summing to the net', () => {
    const shares = [{ recipientId: 'a', type: 'sale' as const, gross: 10_007, fee: 301, paysFee: true }];
    const releases = settlementReleases({ method: 'credit_card', installments: 3, paidAt: '2026-01-01T12:00:00.000Z', shares });
    expect(releases.map((r) => r.releaseAt)).toEqual(['2026-01-31T12:00:00.000Z', '2026-03-02T12:00:00.000Z', '2026-04-01T12:00:00.000Z']);
    expect(releases.map((r) => r.slices[0].gross)).toEqual([3_337, 3_335, 3_335]);
    expect(releases.map((r) => r.slices[0].fee)).toEqual([101, 100, 100]);
    expect(releases.flatMap(releaseMoves).reduce((a, m) => a + m.amount, 0)).toBe(10_007 - 301);
  });
  it('pix at payment and boleto D+1, in one release', () => {
    const shares = [{ recipientId: 'a', type: 'sale' as const, gross: 100, fee: 1, paysFee: true }];
    expect(settlementReleases({ method: 'pix', installments: 1, paidAt: '2026-01-01T12:00:00.000Z', shares }).map((r) => r.releaseAt)).toEqual(['2026-01-01T12:00:00.000Z']);
    expect(settlementReleases({ method: 'boleto', installments: 1, paidAt: '2026-01-01T12:00:00.000Z', shares }).map((r) => r.releaseAt)).toEqual(['2026-01-02T12:00:00.000Z']);
  });
});

describe('ITF barcode', () => {
  it('encodes 44 digits as start + 22 pairs × 10 elements + stop, each digit with exactly two wide elements', () => {
    const widths = itfWidths('34191090570404959480975279260006611980000081488'.slice(0, 44));
    expect(widths).toHaveLength(4 + 22 * 10 + 3);
    expect(widths.slice(4, 14).filter((w) => w === 3)).toHaveLength(4);
    expect(() => itfWidths('123')).toThrow(RangeError);
  });
});

describe('salePosting (the lines of a paid payment’s sale posting)', () => {
  const owner = item('rcp_owner', { percentage: 100 });

  it('one card payment to the owner: gross pending at D+30, the fee taken from it for revenue, the gross from settlement', () => {
    const { lines, releases } = salePosting({ method: 'credit_card', installments: 1, amount: 1990, currency: 'BRL', paidAt: '2026-01-10T12:00:00.000Z', fee: 55, splits: [owner] });
    expect(lines.map((l) => [('platform' in l.account ? l.account.platform : l.account.bucket), l.amount, l.type, l.inStatement])).toEqual([
      ['pending', 1990, 'sale', true],
      ['pending', -55, 'fee', true],
      ['revenue', 55, 'fee', false],
      ['settlement', -1990, 'sale', false],
    ]);
    expect(releases).toEqual([{ index: 1, releaseAt: settlementReleases({ method: 'credit_card', installments: 1, paidAt: '2026-01-10T12:00:00.000Z', shares: [] })[0].releaseAt, amount: 1935 }]);
  });

  it('is balanced and releases the net, whatever the split, installments and fee', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 1e7 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 99 }), (amount, installments, feePct, share) => {
        const fee = Math.floor((amount * feePct) / 1000);
        const splits = [item('rcp_a', { percentage: share }), item('rcp_b', { percentage: 100 - share })];
        const { lines, releases } = salePosting({ method: 'credit_card', installments, amount, currency: 'BRL', paidAt: '2026-01-10T12:00:00.000Z', fee, splits });
        expect(lines.reduce((a, l) => a + l.amount, 0)).toBe(0);
        expect(lines.every((l) => l.amount !== 0)).toBe(true);
        expect(releases).toHaveLength(installments);
        expect(releases.reduce((a, r) => a + r.amount, 0)).toBe(amount - fee);
      }),
    );
  });
});

describe('salePosting of a Pix', () => {
  it('credits available at once (nothing pending, nothing to release later)', () => {
    const { lines } = salePosting({ method: 'pix', installments: 1, amount: 10_000, currency: 'BRL', paidAt: '2026-03-01T12:00:00.000Z', fee: 99, splits: [item('a', { percentage: 100 })] });
    const wallet = lines.filter((l) => 'recipientId' in l.account);
    expect(wallet.map((l) => 'bucket' in l.account && l.account.bucket)).toEqual(['available', 'available']);
    expect(lines.reduce((a, l) => a + l.amount, 0)).toBe(0);
  });
  it('leaves a card and a boleto pending', () => {
    for (const method of ['credit_card', 'boleto'] as const) {
      const { lines } = salePosting({ method, installments: 1, amount: 10_000, currency: 'BRL', paidAt: '2026-03-01T12:00:00.000Z', fee: 99, splits: [item('a', { percentage: 100 })] });
      expect(lines.filter((l) => 'recipientId' in l.account).every((l) => 'bucket' in l.account && l.account.bucket === 'pending')).toBe(true);
    }
  });
});
