import type { AuthorizationRequest } from '../../../src/payments/payment-gateway';
import { keyOfMerchantOrderId, merchantOrderIdOf, saleFromWire, saleToWire } from '../../../src/processors/cards/cielo/wire';

const request = (pan: string, initiator?: 'customer' | 'merchant'): AuthorizationRequest => ({
  idempotencyKey: 'pay_01m8j5es1kt70d07gfh8hxdpnj',
  amount: 4_990,
  currency: 'BRL',
  installments: 1,
  card: { pan, cvv: null, holder: 'Maria Silva', expMonth: 12, expYear: 2031, document: '52998224725' },
  initiator,
});
const payment = (body: Record<string, unknown>) => body.Payment as Record<string, unknown>;

describe("Mastercard's stored-credential indicator", () => {
  it('a merchant-initiated Mastercard charge (a subscription cycle) carries M1 Subscription', () => {
    expect(payment(saleToWire(request('5555555555554444', 'merchant'))).InitiatedTransactionIndicator).toEqual({ Category: 'M1', Subcategory: 'Subscription' });
  });
  it('a buyer-initiated Mastercard charge, or a merchant-initiated charge of another brand, carries none', () => {
    expect(payment(saleToWire(request('5555555555554444', 'customer')))).not.toHaveProperty('InitiatedTransactionIndicator');
    expect(payment(saleToWire(request('5555555555554444')))).not.toHaveProperty('InitiatedTransactionIndicator');
    expect(payment(saleToWire(request('4111111111111111', 'merchant')))).not.toHaveProperty('InitiatedTransactionIndicator');
  });
});

describe('MerchantOrderId back to the idempotency key', () => {
  it('puts the `_` back before the last 26 characters of a Lastro id', () => {
    const key = 'pay_01m8j5es1kt70d07gfh8hxdpnj';
    expect(keyOfMerchantOrderId(merchantOrderIdOf(key))).toBe(key);
    expect(keyOfMerchantOrderId('order42')).toBe('order42');
  });
});

describe("a sale's chargebacks", () => {
  const sale = (chargebacks: unknown) => ({ MerchantOrderId: 'pay01m8j5es1kt70d07gfh8hxdpnj', Payment: { PaymentId: '3f3b2a8e-4f9b-4c3e-9a7d-2b1c0d9e8f7a', Status: 2, Amount: 5_000, Chargebacks: chargebacks } });
  it('reads each case with its amount and reason; none when Cielo lists none', () => {
    expect(saleFromWire(sale([{ Amount: 2_000, CaseNumber: '123456', Date: '2026-11-28', ReasonCode: '4837', ReasonMessage: 'No Cardholder Authorization', Status: 'Received' }])).chargebacks).toEqual([
      { caseNumber: '123456', amount: 2_000, reasonCode: '4837', reasonMessage: 'No Cardholder Authorization', date: '2026-11-28', status: 'received', dueDate: null },
    ]);
    expect(saleFromWire(sale(undefined)).chargebacks).toEqual([]);
  });
  it('refuses a chargeback without a case number or with an amount that is not cents', () => {
    expect(() => saleFromWire(sale([{ Amount: 2_000 }]))).toThrow('CaseNumber');
    expect(() => saleFromWire(sale([{ Amount: 20.5, CaseNumber: '1' }]))).toThrow('Amount');
  });
});
