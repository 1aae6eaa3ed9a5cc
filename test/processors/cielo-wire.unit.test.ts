import fs from 'node:fs';
import path from 'node:path';
import type { AuthorizationRequest } from '../../src/payments/payment-gateway';
import {
  SALE_STATUS,
  declineReason,
  declineTable,
  normalizeReturnCode,
  pickSale,
  saleErrorOutcome,
  saleOutcome,
  voidAccepted,
  voidHeldAsDuplicate,
  voidableAmount,
  type SaleFacts,
} from '../../src/processors/cards/cielo/cielo.rules';
import { CieloAcquirerError, cieloErrorsOf, redact } from '../../src/processors/cards/cielo/errors';
import { limiter, serializer } from '../../src/processors/cards/cielo/limits';
import { CieloWireError, cieloBrand, holderToWire, merchantOrderIdOf, orderSalesFromWire, saleFromWire, saleToWire } from '../../src/processors/cards/cielo/wire';

/** The Cielo adapter's pure parts: the card brand, the sale JSON both ways, the ReturnCode table and the sale rules. */

const PAYMENT_ID = '1b8cf6a5-0c0a-4a9d-9b89-3a3b7a1c2d4e';
const OTHER_ID = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';

const request = (extra: Partial<AuthorizationRequest> = {}, card: Partial<AuthorizationRequest['card']> = {}): AuthorizationRequest => ({
  idempotencyKey: 'pay_01jdq8v6z3k9m2x4r7t5w8y0ab',
  amount: 15700,
  currency: 'BRL',
  installments: 3,
  card: { pan: '4111111111111111', cvv: '123', holder: 'Maria da Silva', expMonth: 3, expYear: 2031, document: '12345678909', ...card },
  ...extra,
});

describe('card brand as Cielo spells it', () => {
  it.each([
    ['4111111111111111', 'Visa'],
    ['5555555555554444', 'Master'],
    ['2223000048400011', 'Master'],
    ['378282246310005', 'Amex'],
    ['6362970000457013', 'Elo'],
    ['4011780000000007', 'Elo'],
    ['5067000000000004', 'Elo'],
    ['6062825624254001', 'Hipercard'],
    ['36490102462661', 'Diners'],
    ['6011000990139424', 'Discover'],
    ['3530111333300000', 'JCB'],
    ['3589000000000003', 'JCB'],
    ['5078601870000127985', 'Aura'],
  ])('%s is %s', (pan, brand) => {
    expect(cieloBrand(pan)).toBe(brand);
  });

  it('is null for a brand Cielo E-commerce does not take (Hiper), an unknown one, or no number', () => {
    expect(cieloBrand('6370950000000005')).toBeNull();
    expect(cieloBrand('9999999999999995')).toBeNull();
    expect(cieloBrand('3590000000000000')).toBeNull();
    expect(cieloBrand('abc')).toBeNull();
  });
});

describe('the sale POST body', () => {
  it('is a credit card sale captured at once, the idempotency key as MerchantOrderId', () => {
    expect(saleToWire(request(), { softDescriptor: 'LOJA 42' })).toEqual({
      MerchantOrderId: 'pay01jdq8v6z3k9m2x4r7t5w8y0ab',
      Customer: { Name: 'Maria da Silva', Identity: '12345678909', IdentityType: 'CPF' },
      Payment: {
        Type: 'CreditCard',
        Amount: 15700,
        Currency: 'BRL',
        Installments: 3,
        Interest: 'ByMerchant',
        Capture: true,
        SoftDescriptor: 'LOJA 42',
        CreditCard: { CardNumber: '4111111111111111', Holder: 'Maria da Silva', ExpirationDate: '03/2031', SecurityCode: '123', Brand: 'Visa', SaveCard: false },
      },
    });
  });

  it('sends the charge currency: a subscription in USD is a USD sale (the store converts it)', () => {
    expect(saleToWire(request({ currency: 'USD' })).Payment).toMatchObject({ Currency: 'USD', Amount: 15700 });
  });

  it('sends no SecurityCode for a saved card (no CVV) and no SoftDescriptor unless configured', () => {
    const body = saleToWire(request({}, { cvv: null })) as { Payment: Record<string, any> };
    expect(body.Payment.CreditCard).not.toHaveProperty('SecurityCode');
    expect(body.Payment).not.toHaveProperty('SoftDescriptor');
  });

  it('names a CNPJ holder as such, and no identity for a document that is neither', () => {
    expect((saleToWire(request({}, { document: '11222333000181' })) as any).Customer).toEqual({ Name: 'Maria da Silva', Identity: '11222333000181', IdentityType: 'CNPJ' });
    expect((saleToWire(request({}, { document: '' })) as any).Customer).toEqual({ Name: 'Maria da Silva' });
  });

  it('fits the holder into 25 letters and spaces', () => {
    expect(holderToWire('  João   Conceição  ')).toBe('Joao Conceicao');
    expect(holderToWire('Maria Aparecida dos Santos Oliveira')).toBe('Maria Aparecida dos Santo');
    expect(holderToWire("D'Ávila-Souza Jr.")).toBe('D Avila Souza Jr');
    expect(() => holderToWire('123 ***')).toThrow(CieloWireError);
  });

  it('makes the MerchantOrderId of up to 50 letters and digits: a Lastro id loses its _', () => {
    expect(merchantOrderIdOf('pay_01jdq8v6z3k9m2x4r7t5w8y0ab')).toBe('pay01jdq8v6z3k9m2x4r7t5w8y0ab');
    expect(merchantOrderIdOf('x'.repeat(50))).toHaveLength(50);
    expect(() => merchantOrderIdOf('x'.repeat(51))).toThrow(CieloWireError);
    expect(() => merchantOrderIdOf('pay_1')).toThrow(CieloWireError);
    expect(() => merchantOrderIdOf('pay 1')).toThrow(CieloWireError);
    expect(() => merchantOrderIdOf('')).toThrow(CieloWireError);
  });

  it.each<[string, Partial<AuthorizationRequest>, Partial<AuthorizationRequest['card']>]>([
    ['a currency Cielo does not take', { currency: 'JPY' }, {}],
    ['a zero amount', { amount: 0 }, {}],
    ['a fractional amount', { amount: 10.5 }, {}],
    ['13 installments', { installments: 13 }, {}],
    ['a card of no brand Cielo takes', {}, { pan: '6370950000000005' }],
    ['a card number with spaces', {}, { pan: '4111 1111 1111 1111' }],
    ['month 13', {}, { expMonth: 13 }],
    ['a two-digit year', {}, { expYear: 31 }],
    ['a 5-digit CVV', {}, { cvv: '12345' }],
  ])('refuses %s', (_what, extra, card) => {
    expect(() => saleToWire(request(extra, card))).toThrow(CieloWireError);
  });

  it('refuses a SoftDescriptor Cielo would not print', () => {
    expect(() => saleToWire(request(), { softDescriptor: 'LOJA DO ZÉ' })).toThrow(CieloWireError);
    expect(() => saleToWire(request(), { softDescriptor: 'A'.repeat(14) })).toThrow(CieloWireError);
  });

  it('never names a value in its message', () => {
    expect(() => saleToWire(request({}, { pan: '6370950000000005', cvv: '987' }))).toThrow(/^(?!.*6370950000000005).*brand/);
    expect(() => saleToWire(request({}, { cvv: '98765' }))).toThrow(/^(?!.*98765).*cvv/);
  });
});

describe('a sale read back', () => {
  const answered = {
    MerchantOrderId: 'pay_01jdq8v6z3k9m2x4r7t5w8y0ab',
    Customer: { Name: 'Maria da Silva' },
    Payment: {
      ServiceTaxAmount: 0,
      Installments: 3,
      Interest: 'ByMerchant',
      Capture: true,
      CreditCard: { CardNumber: '411111******1111', Holder: 'Maria da Silva', ExpirationDate: '03/2031', SaveCard: false, Brand: 'Visa' },
      Tid: '1128204512345678901',
      ProofOfSale: '123456',
      AuthorizationCode: '654321',
      PaymentId: PAYMENT_ID,
      Type: 'CreditCard',
      Amount: 15700,
      ReceivedDate: '2026-11-28 20:45:12',
      CapturedAmount: 15700,
      Currency: 'BRL',
      Status: 2,
      ReturnCode: '6',
      ReturnMessage: 'Operation Successful',
      Links: [{ Method: 'GET', Rel: 'self', Href: `https://apiquery.example/1/sales/${PAYMENT_ID}` }],
    },
  };

  it('keeps what the outcome and the voids need', () => {
    expect(saleFromWire(answered)).toEqual({
      paymentId: PAYMENT_ID,
      merchantOrderId: 'pay_01jdq8v6z3k9m2x4r7t5w8y0ab',
      status: 2,
      returnCode: '6',
      returnMessage: 'Operation Successful',
      authorizationCode: '654321',
      receivedDate: '2026-11-28 20:45:12',
      amount: 15700,
      voidedAmount: 0,
      chargebacks: [],
    });
  });

  it('reads the voided amount, or all of it for a sale voided whole without one', () => {
    expect(saleFromWire({ ...answered, Payment: { ...answered.Payment, VoidedAmount: 700 } }).voidedAmount).toBe(700);
    expect(saleFromWire({ ...answered, Payment: { ...answered.Payment, Status: 10 } }).voidedAmount).toBe(15700);
    expect(saleFromWire({ ...answered, Payment: { ...answered.Payment, Status: 11, VoidedAmount: 15700 } }).voidedAmount).toBe(15700);
  });

  it('reads a numeric ReturnCode as text', () => {
    expect(saleFromWire({ ...answered, Payment: { ...answered.Payment, ReturnCode: 51, Status: 3 } }).returnCode).toBe('51');
  });

  it.each<[string, Record<string, unknown>]>([
    ['no Payment', { MerchantOrderId: 'x' }],
    ['a PaymentId that is not a GUID', { Payment: { ...answered.Payment, PaymentId: 'abc' } }],
    ['a Status that is not a number', { Payment: { ...answered.Payment, Status: 'Authorized' } }],
    ['a negative Amount', { Payment: { ...answered.Payment, Amount: -1 } }],
    ['a fractional VoidedAmount', { Payment: { ...answered.Payment, VoidedAmount: 1.5 } }],
  ])('refuses %s', (_what, body) => {
    expect(() => saleFromWire(body)).toThrow(CieloWireError);
  });

  it('lists the sales of an order; none is an empty list', () => {
    expect(orderSalesFromWire({ ReasonCode: 0, ReasonMessage: 'Successful', Payments: [{ PaymentId: PAYMENT_ID, ReceivedDate: '2026-11-28 20:45:12' }, { PaymentId: OTHER_ID }] })).toEqual([PAYMENT_ID, OTHER_ID]);
    expect(orderSalesFromWire({ Payments: [] })).toEqual([]);
    expect(orderSalesFromWire({ ReasonCode: 0 })).toEqual([]);
    expect(orderSalesFromWire(undefined)).toEqual([]);
    expect(() => orderSalesFromWire({ Payments: [{ PaymentId: 'abc' }] })).toThrow(CieloWireError);
    expect(() => orderSalesFromWire({ Payments: 'none' })).toThrow(CieloWireError);
  });
});

describe('ReturnCode → statusReason', () => {
  it('reads "05" and "5" as one code, letters upper-cased', () => {
    expect(normalizeReturnCode('05')).toBe('5');
    expect(normalizeReturnCode(51)).toBe('51');
    expect(normalizeReturnCode('00')).toBe('0');
    expect(normalizeReturnCode('n7')).toBe('N7');
    expect(normalizeReturnCode(' ')).toBeNull();
    expect(normalizeReturnCode(null)).toBeNull();
  });

  it.each([
    ['05', 'card_declined'],
    ['51', 'insufficient_funds'],
    ['A5', 'insufficient_funds'],
    ['54', 'expired_card'],
    ['14', 'invalid_card'],
    ['N7', 'invalid_cvv'],
    ['82', 'invalid_cvv'],
    ['59', 'suspected_fraud'],
    ['91', 'issuer_unavailable'],
    ['99', 'issuer_unavailable'],
    ['13', 'invalid_amount'],
    ['23', 'invalid_installments'],
    ['58', 'transaction_not_allowed'],
    // ABECS 57 is "transaction not permitted for the card"; Cielo's sandbox prints "Cartão Expirado" for it.
    ['57', 'card_declined'],
    ['41', 'card_declined'],
    ['78', 'card_declined'],
    ['XYZ', 'card_declined'],
    [null, 'card_declined'],
  ])('%s → %s', (code, reason) => {
    expect(declineReason(code)).toBe(reason);
  });

  it('is the table docs/processors.md prints', () => {
    const doc = fs.readFileSync(path.resolve(__dirname, '../../docs/processors.md'), 'utf8');
    const start = doc.indexOf('### Why a card was refused');
    expect(start).toBeGreaterThan(0);
    const section = doc.slice(start, doc.indexOf('\n### ', start + 1));
    const documented = new Map<string, string>();
    for (const m of section.matchAll(/^\| `([a-z_]+)` \| ([^|]+) \|/gm)) {
      if (m[1] === 'card_declined') continue;
      for (const code of m[2].split(',').map((c) => c.trim())) documented.set(code, m[1]);
    }
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(declineTable()));
  });
});

describe('a sale in Lastro words', () => {
  const sale = (status: number, extra: Partial<SaleFacts> = {}): SaleFacts => ({ paymentId: PAYMENT_ID, status, returnCode: null, authorizationCode: '654321', receivedDate: '2026-11-28 20:45:12', ...extra });

  it('approved: Authorized, PaymentConfirmed, and a voided or refunded sale (it was approved first)', () => {
    for (const s of [SALE_STATUS.Authorized, SALE_STATUS.PaymentConfirmed, SALE_STATUS.Voided, SALE_STATUS.Refunded]) {
      expect(saleOutcome(sale(s))).toEqual({ status: 'approved', code: null, reference: PAYMENT_ID, authorizationCode: '654321' });
    }
  });

  it('refused: Denied, the reason from its ReturnCode; failed: Aborted', () => {
    expect(saleOutcome(sale(SALE_STATUS.Denied, { returnCode: '51', authorizationCode: null }))).toEqual({ status: 'refused', code: 'insufficient_funds', reference: PAYMENT_ID, authorizationCode: null });
    expect(saleOutcome(sale(SALE_STATUS.Aborted, { returnCode: '99' }))).toEqual({ status: 'failed', code: 'processor_error', reference: PAYMENT_ID, authorizationCode: null });
  });

  it('not known yet: NotFinished, Pending, Scheduled, a status Cielo may add', () => {
    for (const s of [SALE_STATUS.NotFinished, SALE_STATUS.Pending, SALE_STATUS.Scheduled, 42]) expect(saleOutcome(sale(s))).toBeNull();
  });

  it('of several sales under one order, an approved one answers (the card is charged), else an unfinished one waits, else the first', () => {
    const denied = sale(SALE_STATUS.Denied, { paymentId: OTHER_ID, receivedDate: '2026-11-28 20:45:10' });
    const approved = sale(SALE_STATUS.PaymentConfirmed, { receivedDate: '2026-11-28 20:45:20' });
    expect(pickSale([])).toBeNull();
    expect(pickSale([denied, approved])).toBe(approved);
    expect(pickSale([denied, sale(SALE_STATUS.NotFinished)])).toBe('unfinished');
    const later = sale(SALE_STATUS.Denied, { receivedDate: '2026-11-28 20:46:00' });
    expect(pickSale([later, denied])).toBe(denied);
  });

  it('a 400 on the sale: card errors refuse, the rest fail', () => {
    expect(saleErrorOutcome([126])).toEqual({ status: 'refused', code: 'expired_card' });
    expect(saleErrorOutcome([128])).toEqual({ status: 'refused', code: 'invalid_card' });
    expect(saleErrorOutcome([146])).toEqual({ status: 'refused', code: 'invalid_cvv' });
    expect(saleErrorOutcome([122])).toEqual({ status: 'failed', code: 'processor_error' });
    expect(saleErrorOutcome([])).toEqual({ status: 'failed', code: 'processor_error' });
  });

  it('what is left to void: the rest of an approved sale, nothing of any other', () => {
    expect(voidableAmount({ ...sale(SALE_STATUS.PaymentConfirmed), amount: 1000, voidedAmount: 300 })).toBe(700);
    expect(voidableAmount({ ...sale(SALE_STATUS.Voided), amount: 1000, voidedAmount: 1000 })).toBe(0);
    expect(voidableAmount({ ...sale(SALE_STATUS.Denied), amount: 1000, voidedAmount: 0 })).toBe(0);
  });

  it('a void answer: done, held as a duplicate, or neither', () => {
    expect(voidAccepted({ Status: 10, ReasonCode: 0, ReasonMessage: 'Successful', ReturnCode: '9' })).toBe(true);
    expect(voidAccepted({ Status: 2, ReturnCode: '0' })).toBe(true);
    expect(voidAccepted({ Status: 2, ReasonCode: 9, ReturnCode: '10' })).toBe(false);
    expect(voidAccepted(undefined)).toBe(false);
    expect(voidHeldAsDuplicate({ Status: 2, ReasonCode: 9, ReturnCode: '10' })).toBe(true);
    expect(voidHeldAsDuplicate({ Status: 2, ReasonCode: 19, ReturnCode: '55' })).toBe(false);
  });
});

describe('error bodies and messages', () => {
  it("reads Cielo's [{Code, Message}]", () => {
    expect(cieloErrorsOf([{ Code: 126, Message: 'Credit Card Expiration Date is invalid' }, { Code: '146', Message: 'SecurityCode length exceeded' }])).toEqual({
      codes: [126, 146],
      text: '126 Credit Card Expiration Date is invalid; 146 SecurityCode length exceeded',
    });
    expect(cieloErrorsOf({ Code: 0, Message: 'Internal error' })?.codes).toEqual([0]);
    expect(cieloErrorsOf('<html>Bad Gateway</html>')).toBeNull();
    expect(cieloErrorsOf(undefined)).toBeNull();
  });

  it('never carries a card number or a merchant key', () => {
    const key = 'XKGHUBSBKIRXKAVPSKWLVXYCLVJUGTNZLIHPUSYV';
    expect(redact(`card 4111111111111111 key ${key}`)).toBe('card [number] key [key]');
    expect(new CieloAcquirerError(`echo 5555555555554444 ${key}`, false).message).not.toMatch(/5555555555554444|XKGHUB/);
  });
});

describe('in-process bounds', () => {
  it('limiter: never more than max tasks at once, every task run', async () => {
    const limit = limiter(3);
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        limit(async () => {
          peak = Math.max(peak, ++running);
          await new Promise((r) => setImmediate(r));
          running--;
          return i;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('limiter: a failing task frees its slot', async () => {
    const limit = limiter(1);
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limit(async () => 'next')).resolves.toBe('next');
  });

  it('serializer: one key one at a time, in order, a failure not blocking the next', async () => {
    const serial = serializer();
    const log: string[] = [];
    const step = (name: string, fail = false) => async () => {
      log.push(`${name}:start`);
      await new Promise((r) => setImmediate(r));
      log.push(`${name}:end`);
      if (fail) throw new Error(name);
      return name;
    };
    const runs = [serial('a', step('a1', true)), serial('a', step('a2')), serial('b', step('b1'))];
    const settled = await Promise.allSettled(runs);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(log.indexOf('a1:end')).toBeLessThan(log.indexOf('a2:start'));
    expect(log.indexOf('b1:start')).toBeLessThan(log.indexOf('a1:end'));
  });
});
