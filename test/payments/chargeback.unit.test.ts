import { liableShares, takeFromSources, type LiableSplit } from '../../src/payments/chargeback.rules';

const split = (recipientId: string, percentage: number, liable: boolean): LiableSplit => ({ recipientId, type: 'sale', amount: null, percentage, chargeProcessingFee: true, liable });

describe('liableShares', () => {
  it('shares block and fee among the liable items in their sale proportions, exactly (ties to the first)', () => {
    const shares = liableShares([split('a', 50, true), split('b', 30, true), split('m', 20, false)], 10_000, 10_000, 700);
    expect(shares).toEqual([
      { recipientId: 'a', block: 6_250, fee: 438 },
      { recipientId: 'b', block: 3_750, fee: 262 },
    ]);
  });

  it('all items answer when none is liable; a recipient on two items gets their sum', () => {
    const shares = liableShares([split('a', 25, false), split('b', 50, false), split('a', 25, false)], 1_001, 1_001, 0);
    expect(shares.reduce((s, x) => s + x.block, 0)).toBe(1_001);
    expect(shares.map((s) => s.recipientId)).toEqual(['a', 'b']);
    expect(shares[0].block + shares[1].block).toBe(1_001);
    expect(Math.abs(shares[0].block - shares[1].block)).toBeLessThanOrEqual(1);
  });
});

describe('takeFromSources', () => {
  const sources = () => [
    { bucket: 'pending' as const, releaseAt: '2027-02-20T00:00:00.000Z', amount: 300 },
    { bucket: 'pending' as const, releaseAt: '2027-01-21T00:00:00.000Z', amount: 300 },
    { bucket: 'available' as const, releaseAt: null, amount: 500 },
  ];

  it('blocks from pending in the order given, then available; the fee from what is left, available first', () => {
    const { takes, uncovered } = takeFromSources({ recipientId: 'a', block: 700, fee: 200 }, sources());
    expect(takes).toEqual([
      { bucket: 'pending', releaseAt: '2027-02-20T00:00:00.000Z', amount: 300, purpose: 'block' },
      { bucket: 'pending', releaseAt: '2027-01-21T00:00:00.000Z', amount: 300, purpose: 'block' },
      { bucket: 'available', releaseAt: null, amount: 100, purpose: 'block' },
      { bucket: 'available', releaseAt: null, amount: 200, purpose: 'fee' },
    ]);
    expect(uncovered).toEqual({ block: 0, fee: 0 });
  });

  it('what the sources cannot cover is uncovered, never taken twice', () => {
    const { takes, uncovered } = takeFromSources({ recipientId: 'a', block: 1_000, fee: 300 }, sources());
    expect(takes.reduce((s, t) => s + t.amount, 0)).toBe(1_100);
    expect(uncovered).toEqual({ block: 0, fee: 200 });
    const none = takeFromSources({ recipientId: 'a', block: 50, fee: 10 }, []);
    expect(none).toEqual({ takes: [], uncovered: { block: 50, fee: 10 } });
  });
});
