import { addPayoutReports, emptyPayoutReport } from '../../src/processors/payouts/payout-reconciliation.rules';
import { withdrawalIdOfPayout } from '../../src/processors/payouts/payout.rules';
import { refundTransferOfPayout, refundTransferOutcome, refundTransferPayoutId } from '../../src/refunds/refund-transfer';

const REF = 'ref_01jabcdefghjkmnpqrstvwxyz0';

describe("a refund transfer's payout id", () => {
  it('names the refund and the bank-details request it paid, both ways', () => {
    expect(refundTransferPayoutId(REF, 2)).toBe('ref01jabcdefghjkmnpqrstvwxyz02');
    expect(refundTransferOfPayout(refundTransferPayoutId(REF, 2))).toEqual({ refundId: REF, attempt: 2 });
    expect(refundTransferOfPayout(refundTransferPayoutId(REF, 12))).toEqual({ refundId: REF, attempt: 12 });
  });

  it('is not a withdrawal, and a withdrawal or a foreign id is not a refund transfer', () => {
    expect(withdrawalIdOfPayout(refundTransferPayoutId(REF, 1))).toBeNull();
    expect(refundTransferOfPayout('wdr01jabcdefghjkmnpqrstvwxyz0')).toBeNull();
    expect(refundTransferOfPayout('ref01jabcdefghjkmnpqrstvwxyz0')).toBeNull();
    expect(refundTransferOfPayout('D' + 'E'.repeat(30))).toBeNull();
  });
});

it("a refund transfer's outcome: paid completes it, any failure bounces it; the transfer id falls back to the payout id", () => {
  expect(refundTransferOutcome({ status: 'paid', transferId: 'E1', returns: [] }, 'p1')).toEqual({ status: 'completed', code: null, transferId: 'E1' });
  expect(refundTransferOutcome({ status: 'failed', transferId: null, code: 'invalid_account', reason: null }, 'p1')).toEqual({ status: 'bounced', code: 'invalid_account', transferId: 'p1' });
});

it("the payout reconciliation's reports add up field by field", () => {
  const a = { ...emptyPayoutReport(), checked: 3, recorded: 1, errors: 2 };
  const b = { ...emptyPayoutReport(), checked: 1, returned: 1, missing: 1 };
  expect(addPayoutReports(a, b)).toEqual({ checked: 4, recorded: 1, returned: 1, pending: 0, missing: 1, unchanged: 0, errors: 2 });
});
