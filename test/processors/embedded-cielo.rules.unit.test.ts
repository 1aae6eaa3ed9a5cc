import {
  authorize,
  brandOf,
  cieloDate,
  cieloDateTime,
  decideCapture,
  decideVoid,
  isExpired,
  luhnValid,
  maskCardNumber,
  STATUS,
  tidPrefix,
  voidedStatus,
  type SaleAmounts,
} from '../../src/processors/embedded/cielo/cielo.rules';
import { amountParam, checkCardToken, checkSale } from '../../src/processors/embedded/cielo/schemas';

/** The embedded acquirer's rules: which card gets which answer, what a capture or a void may do, Cielo's checks. */

const NOW = new Date('2026-03-10T15:00:00Z'); // 12:00 in Brasília

describe('card outcomes', () => {
  it.each([
    ['4111111111111111', false, STATUS.Authorized, '4'],
    ['4111111111111111', true, STATUS.PaymentConfirmed, '6'],
    ['5555555555554444', true, STATUS.PaymentConfirmed, '6'],
    ['4024007153763171', false, STATUS.Authorized, '4'],
    ['4000000000000002', true, STATUS.Denied, '05'],
    ['4000000000009995', true, STATUS.Denied, '51'],
    ['4000000000000119', true, STATUS.Aborted, '99'],
  ])('%s (capture %s) is Status %i with ReturnCode %s', (pan, capture, status, code) => {
    const o = authorize(pan, '12/2030', capture, NOW);
    expect([o.Status, o.ReturnCode]).toEqual([status, code]);
    expect(o.approved).toBe(status === STATUS.Authorized || status === STATUS.PaymentConfirmed);
  });

  it('a card past its month is denied 57, one in its last month is not', () => {
    expect(authorize('4111111111111111', '02/2026', true, NOW)).toMatchObject({ Status: STATUS.Denied, ReturnCode: '57' });
    expect(authorize('4111111111111111', '03/2026', true, NOW).approved).toBe(true);
    // 23:30 in Brasília on 31 March is still March, though April in UTC.
    expect(isExpired('03/2026', new Date('2026-04-01T02:30:00Z'))).toBe(false);
    expect(isExpired('03/2026', new Date('2026-04-01T03:00:00Z'))).toBe(true);
  });
});

describe('cards and dates', () => {
  it('masks the first six and last four digits', () => {
    expect(maskCardNumber('4551870000000183')).toBe('455187******0183');
    expect(maskCardNumber('4111111111111111111')).toBe('411111*********1111');
  });

  it('checks mod 10', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('41111111a1111111')).toBe(false);
  });

  it('spells brands as Cielo does', () => {
    expect(brandOf('visa')).toBe('Visa');
    expect(brandOf('MASTER')).toBe('Master');
    expect(brandOf('Mastercard')).toBeUndefined();
  });

  it('writes dates in Brasília time', () => {
    expect(cieloDateTime(new Date('2026-03-10T02:05:09Z'))).toBe('2026-03-09 23:05:09');
    expect(cieloDate(new Date('2026-03-10T02:05:09Z'))).toBe('2026-03-09');
    expect(tidPrefix(new Date('2026-03-10T02:05:09Z'))).toBe('0309230509');
  });

  it('a void on the day of the authorization is 10 Voided, from the next day on 11 Refunded', () => {
    const authorized = new Date('2026-03-10T02:00:00Z'); // 9 March, 23:00 in Brasília
    expect(voidedStatus(authorized, new Date('2026-03-10T02:59:59Z'))).toBe(STATUS.Voided);
    expect(voidedStatus(authorized, new Date('2026-03-10T03:00:00Z'))).toBe(STATUS.Refunded);
  });
});

const sale = (s: Partial<SaleAmounts>): SaleAmounts => ({ Status: STATUS.Authorized, Amount: 10_000, CapturedAmount: 0, VoidedAmount: 0, receivedAt: NOW, ...s });

describe('capture', () => {
  it('captures the whole authorization, or a part of it, once', () => {
    expect(decideCapture(sale({}), undefined)).toEqual({ kind: 'capture', amount: 10_000 });
    expect(decideCapture(sale({}), 4_000)).toEqual({ kind: 'capture', amount: 4_000 });
    expect(decideCapture(sale({}), 10_001)).toMatchObject({ kind: 'refused', ReturnCode: '842' });
    expect(decideCapture(sale({ Status: STATUS.PaymentConfirmed, CapturedAmount: 4_000 }), undefined)).toEqual({ kind: 'unavailable' });
    expect(decideCapture(sale({ Status: STATUS.Denied }), undefined)).toEqual({ kind: 'unavailable' });
  });
});

describe('void', () => {
  const req = (amount?: number, extra: Partial<Parameters<typeof decideVoid>[1]> = {}) => ({ amount, now: NOW, guardMs: 5000, ...extra });
  const captured = sale({ Status: STATUS.PaymentConfirmed, CapturedAmount: 8_000 });

  it('voids an authorization whole, never in part', () => {
    expect(decideVoid(sale({}), req())).toMatchObject({ kind: 'void', amount: 10_000, status: STATUS.Voided, ReturnCode: '9' });
    expect(decideVoid(sale({}), req(10_000))).toMatchObject({ kind: 'void', amount: 10_000, ReturnCode: '0' });
    expect(decideVoid(sale({}), req(3_000))).toMatchObject({ kind: 'refused', ReturnCode: '41' });
    expect(decideVoid(sale({}), req(10_001))).toMatchObject({ kind: 'refused', ReturnCode: '51' });
  });

  it('voids a captured sale in parts that add up to at most what was captured', () => {
    expect(decideVoid(captured, req(3_000))).toMatchObject({ kind: 'void', amount: 3_000, status: STATUS.PaymentConfirmed, ReturnCode: '0' });
    const partly = { ...captured, VoidedAmount: 3_000 };
    expect(decideVoid(partly, req(5_000))).toMatchObject({ kind: 'void', amount: 5_000, status: STATUS.Voided });
    expect(decideVoid(partly, req())).toMatchObject({ kind: 'void', amount: 5_000, status: STATUS.Voided, ReturnCode: '9' });
    expect(decideVoid(partly, req(5_001))).toMatchObject({ kind: 'refused', ReturnCode: '55' });
    expect(decideVoid(partly, req(8_001))).toMatchObject({ kind: 'refused', ReturnCode: '51' });
  });

  it('answers a total void of a voided sale as before, and refuses a part of it', () => {
    const voided = { ...captured, Status: STATUS.Voided, VoidedAmount: 8_000 };
    expect(decideVoid(voided, req())).toEqual({ kind: 'repeat' });
    expect(decideVoid(voided, req(100))).toMatchObject({ kind: 'refused', ReturnCode: '55' });
  });

  it('refuses the same void again within the guard (ReturnCode 10), not another one, nor after it', () => {
    const lastVoid = { key: '3000', at: NOW.getTime() - 4_999 };
    expect(decideVoid(captured, req(3_000, { lastVoid }))).toMatchObject({ kind: 'refused', ReturnCode: '10' });
    expect(decideVoid(captured, req(2_000, { lastVoid }))).toMatchObject({ kind: 'void', amount: 2_000 });
    expect(decideVoid(captured, req(3_000, { lastVoid: { key: '3000', at: NOW.getTime() - 5_000 } }))).toMatchObject({ kind: 'void' });
  });

  it('a denied or aborted sale cannot be voided', () => {
    expect(decideVoid(sale({ Status: STATUS.Denied }), req())).toEqual({ kind: 'unavailable' });
    expect(decideVoid(sale({ Status: STATUS.Aborted }), req())).toEqual({ kind: 'unavailable' });
  });
});

describe("Cielo's request checks", () => {
  const valid = {
    MerchantOrderId: 'order1',
    Customer: { Name: 'Comprador' },
    Payment: { Type: 'CreditCard', Amount: 1500, Installments: 1, Capture: true, CreditCard: { CardNumber: '4111111111111111', Holder: 'Teste Holder', ExpirationDate: '12/2030', SecurityCode: '123', Brand: 'visa' } },
  };
  const codes = (body: unknown) => {
    const r = checkSale(body);
    return r.ok ? [] : r.errors.map((e) => e.Code);
  };

  it('takes a valid sale, the brand spelled as Cielo does', () => {
    const r = checkSale(valid);
    expect(r.ok && r.value.Payment.CreditCard).toMatchObject({ Brand: 'Visa', SaveCard: false });
    expect(r.ok && r.value.Payment.Capture).toBe(true);
    expect(checkSale({ ...valid, Payment: { ...valid.Payment, Capture: 'false' } })).toMatchObject({ ok: true, value: { Payment: { Capture: false } } });
  });

  it('lists every fault with its code', () => {
    expect(codes({})).toEqual([122, 119]);
    expect(codes({ MerchantOrderId: 'order-1', Payment: { Type: 'CreditCard', Amount: 0, Installments: 13, CreditCard: { CardNumber: '41111', Holder: 'José', ExpirationDate: '2030-12', SecurityCode: '12345' } } })).toEqual([107, 108, 186, 213, 214, 126, 146, 182]);
    expect(codes({ ...valid, Payment: { ...valid.Payment, Type: 'DebitCard' } })).toEqual([173]);
    expect(codes({ ...valid, Payment: { ...valid.Payment, CreditCard: undefined } })).toEqual([124]);
    expect(codes({ ...valid, Payment: { ...valid.Payment, SoftDescriptor: 'Loja & Cia' } })).toEqual([0]);
  });

  it('takes a CardToken in place of the card', () => {
    const r = checkSale({ ...valid, Payment: { ...valid.Payment, CreditCard: { CardToken: 'DB62DC71-D07B-4745-9969-42697B988CCB', Brand: 'Visa' } } });
    expect(r).toMatchObject({ ok: true, value: { Payment: { CreditCard: { CardToken: 'db62dc71-d07b-4745-9969-42697b988ccb', Brand: 'Visa' } } } });
    expect(codes({ ...valid, Payment: { ...valid.Payment, CreditCard: { CardToken: 'not-a-guid', Brand: 'Visa' } } })).toEqual([130]);
  });

  it('tokenizes only a card that passes mod 10', () => {
    const card = { CustomerName: 'Comprador', CardNumber: '5555555555554444', Holder: 'Comprador T Cielo', ExpirationDate: '12/2030', Brand: 'Visa' };
    expect(checkCardToken(card).ok).toBe(true);
    expect(checkCardToken({ ...card, CardNumber: '5555555555554445' })).toMatchObject({ ok: false, errors: [{ Code: 213 }] });
    expect(checkCardToken({ ...card, CustomerName: undefined })).toMatchObject({ ok: false, errors: [{ Code: 105 }] });
  });

  it('reads ?amount= in cents, above 0', () => {
    expect(amountParam({})).toEqual({ ok: true, value: undefined });
    expect(amountParam({ amount: '1500' })).toEqual({ ok: true, value: 1500 });
    expect(amountParam({ Amount: '1500' })).toEqual({ ok: true, value: 1500 });
    expect(amountParam({ amount: '0' })).toMatchObject({ ok: false, errors: [{ Code: 108 }] });
    expect(amountParam({ amount: '15.00' })).toMatchObject({ ok: false, errors: [{ Code: 108 }] });
  });
});
