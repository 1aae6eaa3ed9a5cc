import { computeFee } from '../../src/fees/fee.rules';
import { ispbOf } from '../../src/processors/payouts/bank-ispb';
import { payoutFailureCode, payoutIdOf, withdrawalIdOfPayout } from '../../src/processors/payouts/payout.rules';
import { BASE_MINIMUM_AMOUNT, canMove, isTerminal, minimumAmount, WITHDRAWAL_STATUSES } from '../../src/withdrawals/withdrawal.rules';

describe('withdrawal moves', () => {
  it('are exactly the spec’s table plus processing → failed and paid → failed (a returned payout)', () => {
    const moves = WITHDRAWAL_STATUSES.flatMap((from) => WITHDRAWAL_STATUSES.filter((to) => canMove(from, to)).map((to) => `${from}→${to}`));
    expect(moves.sort()).toEqual(
      ['requested→approved', 'requested→rejected', 'requested→cancelled', 'approved→processing', 'processing→paid', 'processing→failed', 'paid→failed'].sort(),
    );
    expect(WITHDRAWAL_STATUSES.filter(isTerminal).sort()).toEqual(['cancelled', 'failed', 'paid', 'rejected']);
  });
});

describe('minimumAmount', () => {
  it('is the base minimum when the fee leaves something', () => {
    expect(minimumAmount({ percentage: 0, fixed: 0 })).toBe(BASE_MINIMUM_AMOUNT);
    expect(minimumAmount({ percentage: 2.5, fixed: 50 })).toBe(BASE_MINIMUM_AMOUNT);
  });

  it('rises until the net amount is at least one cent', () => {
    expect(minimumAmount({ percentage: 2, fixed: 150 })).toBe(154);
    expect(minimumAmount({ percentage: 0, fixed: 1000 })).toBe(1001);
    // 99.99% of 5000 is 4999.5, rounded half-up to 5000: nothing left; of 5001 it is 5000.4999 → 5000.
    expect(minimumAmount({ percentage: 99.99, fixed: 0 })).toBe(5001);
  });

  it('is null when no amount leaves anything (a 100% fee)', () => {
    expect(minimumAmount({ percentage: 100, fixed: 0 })).toBeNull();
  });

  it.each([
    [0, 0],
    [2, 150],
    [3.99, 349],
    [50, 10],
    [99.5, 7],
  ])('is the smallest qualifying amount (percentage %d, fixed %d)', (percentage, fixed) => {
    const min = minimumAmount({ percentage, fixed })!;
    const net = (a: number) => a - computeFee({ percentage, fixed }, a);
    expect(min).toBeGreaterThanOrEqual(BASE_MINIMUM_AMOUNT);
    expect(net(min)).toBeGreaterThanOrEqual(1);
    if (min > BASE_MINIMUM_AMOUNT) expect(net(min - 1)).toBeLessThan(1);
  });
});

describe('payout rules', () => {
  it('derive the provider id from the withdrawal id and back', () => {
    const id = 'wdr_01jabcdefghjkmnpqrstvwxyz0';
    expect(payoutIdOf(id)).toBe('wdr01jabcdefghjkmnpqrstvwxyz0');
    expect(withdrawalIdOfPayout(payoutIdOf(id))).toBe(id);
    expect(payoutIdOf('ref_01jabcdefghjkmnpqrstvwxyz0:2')).toBe('ref01jabcdefghjkmnpqrstvwxyz02');
    expect(withdrawalIdOfPayout(payoutIdOf('ref_01jabcdefghjkmnpqrstvwxyz0:2'))).toBeNull();
    expect(() => payoutIdOf('x'.repeat(36))).toThrow(RangeError);
  });

  it('translate COMPE codes to ISPBs, and know no bank outside the table', () => {
    expect(ispbOf('001')).toBe('00000000');
    expect(ispbOf('1')).toBe('00000000');
    expect(ispbOf('341')).toBe('60701190');
    expect(ispbOf('260')).toBe('18236120');
    expect(ispbOf('999')).toBeNull();
    expect(ispbOf('1234')).toBeNull();
  });

  it('name SPI reasons in Lastro’s words', () => {
    expect(payoutFailureCode('AC03')).toBe('invalid_account');
    expect(payoutFailureCode('ac04')).toBe('bank_account_closed');
    expect(payoutFailureCode('ZZ99')).toBe('transfer_failed');
    expect(payoutFailureCode(null)).toBe('transfer_failed');
  });
});
