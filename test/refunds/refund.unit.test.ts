import { checkBankDetails } from '../../src/refunds/bank-details.rules';
import { refundShares, shareDebit, type SaleShare } from '../../src/refunds/refund-money.rules';
import { approvedStatus, awaitsDecision, canApprove, canRefuse, REFUND_STATUSES } from '../../src/refunds/refund.rules';

const sale: SaleShare[] = [
  { recipientId: 'rec_a', gross: 7_000, fee: 140, paysFees: true },
  { recipientId: 'rec_b', gross: 3_000, fee: 60, paysFees: true },
];

describe('refundShares', () => {
  it('shares a partial refund in the sale proportions, gives back the processing fee pro rata (floored) and charges the refund fee to fee payers', () => {
    const shares = refundShares({ sale, paid: 10_000, alreadyRefunded: 0, amount: 2_500, refundFee: 100 });
    expect(shares).toEqual([
      { recipientId: 'rec_a', gross: 1_750, feeBack: 35, refundFee: 70 },
      { recipientId: 'rec_b', gross: 750, feeBack: 15, refundFee: 30 },
    ]);
    expect(shares.map(shareDebit)).toEqual([1_785, 765]);
  });

  it('partial refunds adding up to the payment take back exactly what the sale gave, cent for cent', () => {
    const odd: SaleShare[] = [
      { recipientId: 'a', gross: 3_334, fee: 67, paysFees: true },
      { recipientId: 'b', gross: 3_333, fee: 66, paysFees: false },
      { recipientId: 'c', gross: 3_333, fee: 66, paysFees: true },
    ];
    const totals = new Map<string, { gross: number; feeBack: number }>();
    let refunded = 0;
    for (const amount of [1, 333, 999, 7, 4_000, 4_660]) {
      for (const s of refundShares({ sale: odd, paid: 10_000, alreadyRefunded: refunded, amount, refundFee: 0 })) {
        const t = totals.get(s.recipientId) ?? { gross: 0, feeBack: 0 };
        totals.set(s.recipientId, { gross: t.gross + s.gross, feeBack: t.feeBack + s.feeBack });
      }
      refunded += amount;
    }
    expect(refunded).toBe(10_000);
    expect(Object.fromEntries(totals)).toEqual({ a: { gross: 3_334, feeBack: 67 }, b: { gross: 3_333, feeBack: 66 }, c: { gross: 3_333, feeBack: 66 } });
  });

  it('never gives back more fee than was charged, and refuses amounts beyond the paid amount', () => {
    const one: SaleShare[] = [{ recipientId: 'a', gross: 2, fee: 1, paysFees: true }];
    const first = refundShares({ sale: one, paid: 2, alreadyRefunded: 0, amount: 1, refundFee: 0 });
    const second = refundShares({ sale: one, paid: 2, alreadyRefunded: 1, amount: 1, refundFee: 0 });
    expect(first[0].feeBack + second[0].feeBack).toBe(1);
    expect(() => refundShares({ sale: one, paid: 2, alreadyRefunded: 1, amount: 2, refundFee: 0 })).toThrow(RangeError);
    expect(() => refundShares({ sale: one, paid: 2, alreadyRefunded: 0, amount: 1.5, refundFee: 0 })).toThrow(RangeError);
  });

  it('without fee payers the refund fee follows the sale shares', () => {
    const noPayers = sale.map((s) => ({ ...s, paysFees: false }));
    expect(refundShares({ sale: noPayers, paid: 10_000, alreadyRefunded: 0, amount: 10_000, refundFee: 10 }).map((s) => s.refundFee)).toEqual([7, 3]);
  });
});

describe('refund states', () => {
  it('approval leads card and Pix to processing and boleto to awaiting_bank_details; only pending is reviewable', () => {
    expect(approvedStatus('credit_card')).toBe('processing');
    expect(approvedStatus('pix')).toBe('processing');
    expect(approvedStatus('boleto')).toBe('awaiting_bank_details');
    expect(REFUND_STATUSES.filter(canApprove)).toEqual(['pending']);
    expect(REFUND_STATUSES.filter(canRefuse)).toEqual(['pending', 'awaiting_bank_details', 'awaiting_confirmation', 'invalid_bank_details']);
    // The workflow waits for a decision on a review and on the confirmation of the buyer's account.
    expect(REFUND_STATUSES.filter(awaitsDecision)).toEqual(['pending', 'awaiting_confirmation']);
  });
});

describe('checkBankDetails', () => {
  const good = { bankCode: '341', agency: '0001', account: '12345-6', accountType: 'checking', holderName: ' Maria  Silva ', holderDocument: '529.982.247-25' };

  it('accepts a valid account, in canonical form', () => {
    expect(checkBankDetails(good)).toEqual({ ok: true, details: { bankCode: '341', agency: '0001', account: '123456', accountType: 'checking', holderName: 'Maria Silva', holderDocument: '52998224725' } });
  });

  it('names every malformed field', () => {
    const r = checkBankDetails({ bankCode: '34', agency: 'abc', account: '', accountType: 'other', holderName: 'M', holderDocument: '123' });
    expect(!r.ok && r.problems.map((p) => p.field)).toEqual(['bankCode', 'agency', 'account', 'accountType', 'holderName', 'holderDocument']);
  });
});
