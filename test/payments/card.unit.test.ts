import fc from 'fast-check';
import {
  cvvLength,
  detectBrand,
  isExpired,
  luhnCheckDigit,
  luhnValid,
  panDisplayParts,
  parseExpiration,
} from '../../src/payments/card.rules';

describe('luhnValid', () => {
  it.each([
    '4111111111111111',
    '5555555555554444',
    '4000000000000002',
    '4000000000009995',
    '4000000000000119',
    '378282246310005',
    '371449635398431',
    '6011111111111117',
    '30569309025904',
    '3530111333300000',
    '2223003122003222',
    '4111 1111 1111 1111',
    '4111-1111-1111-1111',
    '000079927398713', // the classic Luhn example, padded to a PAN length
  ])('accepts %p', (pan) => {
    expect(luhnValid(pan)).toBe(true);
  });

  it.each([
    ['4111111111111112', 'wrong check digit'],
    ['5555555555554443', 'wrong check digit'],
    ['41111111111', 'too short (11)'],
    ['41111111111111111111', 'too long (20)'],
    ['4111a11111111111', 'letter'],
    ['', 'empty'],
    ['4111.1111.1111.1111', 'dots are not separators'],
  ])('rejects %p (%s)', (pan) => {
    expect(luhnValid(pan)).toBe(false);
  });

  it('round-trips: payload + luhnCheckDigit is valid and every single-digit change breaks it', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11,18}$/), fc.nat(), fc.integer({ min: 1, max: 9 }), (payload, at, delta) => {
        const pan = payload + luhnCheckDigit(payload);
        expect(luhnValid(pan)).toBe(true);
        const i = at % pan.length;
        const changed = pan.slice(0, i) + ((Number(pan[i]) + delta) % 10) + pan.slice(i + 1);
        expect(luhnValid(changed)).toBe(false);
      }),
    );
  });

  it('luhnCheckDigit rejects non-digits', () => {
    expect(() => luhnCheckDigit('12a')).toThrow(RangeError);
    expect(luhnCheckDigit('7992739871')).toBe(3);
  });
});

describe('detectBrand', () => {
  it.each([
    // Elo inside Visa, Discover and other ranges: the longest prefix wins
    ['4011780000000000', 'elo'],
    ['4011790000000000', 'elo'],
    ['4389350000000000', 'elo'],
    ['4514160000000000', 'elo'],
    ['4573930000000000', 'elo'],
    ['5067000000000000', 'elo'],
    ['5067990000000000', 'elo'],
    ['5090000000000000', 'elo'],
    ['5099990000000000', 'elo'],
    ['6500000000000000', 'elo'],
    ['6509990000000000', 'elo'],
    ['6550000000000000', 'elo'],
    ['6559990000000000', 'elo'],
    ['6362970000000000', 'elo'],
    // Hipercard and Hiper
    ['6062825624254001', 'hipercard'],
    ['6370950000000000', 'hiper'],
    ['6375680000000000', 'hiper'],
    ['6375990000000000', 'hiper'],
    ['6376090000000000', 'hiper'],
    ['6376120000000000', 'hiper'],
    // Mastercard 51-55 and 2221-2720
    ['5105105105105100', 'mastercard'],
    ['5555555555554444', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['2720990000000000', 'mastercard'],
    // Amex, Diners, Discover, Visa
    ['378282246310005', 'amex'],
    ['340000000000009', 'amex'],
    ['30569309025904', 'diners'],
    ['30000000000004', 'diners'],
    ['36000000000008', 'diners'],
    ['38000000000006', 'diners'],
    ['39000000000004', 'diners'],
    ['6011111111111117', 'discover'],
    ['6221260000000000', 'discover'],
    ['6229250000000000', 'discover'],
    ['6440000000000000', 'discover'],
    ['6510000000000000', 'discover'],
    ['4111111111111111', 'visa'],
    ['4011770000000000', 'visa'], // next to Elo's 401178
    ['4389360000000000', 'visa'],
    ['4111 1111 1111 1111', 'visa'],
  ])('%p → %p', (pan, brand) => {
    expect(detectBrand(pan)).toBe(brand);
  });

  it.each([
    ['3530111333300000', 'JCB is not supported'],
    ['2220990000000000', 'just below Mastercard 2221'],
    ['2721000000000000', 'just above Mastercard 2720'],
    ['5000000000000000', '50 outside Elo ranges'],
    ['3060000000000000', 'Diners stops at 305'],
    ['6221250000000000', 'just below Discover 622126'],
    ['9999999999999999', 'unknown'],
    ['', 'empty'],
    ['abcd', 'not digits'],
  ])('%p → null (%s)', (pan) => {
    expect(detectBrand(pan)).toBeNull();
  });

  it('works on partial numbers, letting longer prefixes win as digits arrive', () => {
    expect(detectBrand('4')).toBe('visa');
    expect(detectBrand('40117')).toBe('visa');
    expect(detectBrand('401178')).toBe('elo');
    expect(detectBrand('65')).toBe('discover');
    expect(detectBrand('650')).toBe('discover');
    expect(detectBrand('650031')).toBe('elo');
  });
});

describe('cvvLength', () => {
  it('is 4 for amex and 3 for everything else', () => {
    expect(cvvLength('amex')).toBe(4);
    for (const brand of ['visa', 'mastercard', 'elo', 'hipercard', 'hiper', 'diners', 'discover'] as const) {
      expect(cvvLength(brand)).toBe(3);
    }
    expect(cvvLength(null)).toBe(3);
  });
});

describe('parseExpiration', () => {
  it.each([
    ['12/2030', { month: 12, year: 2030 }],
    ['01/30', { month: 1, year: 2030 }],
    [' 07/2031 ', { month: 7, year: 2031 }],
    ['02/00', { month: 2, year: 2000 }],
    ['09/99', { month: 9, year: 2099 }],
  ])('%p → %j', (input, expected) => {
    expect(parseExpiration(input)).toEqual(expected);
  });

  it.each(['13/2030', '00/30', '1/2030', '12/203', '12/20300', '12-2030', '1230', '', 'ab/cdef', '12/ 2030'])(
    'rejects %p',
    (input) => {
      expect(parseExpiration(input)).toBeNull();
    },
  );
});

describe('isExpired', () => {
  it('keeps a card valid through the last day of its month (Brasília time)', () => {
    const jan2026 = { month: 1, year: 2026 };
    expect(isExpired(jan2026, new Date('2026-01-01T00:00:00-03:00'))).toBe(false);
    expect(isExpired(jan2026, new Date('2026-01-31T23:59:59-03:00'))).toBe(false);
    expect(isExpired(jan2026, new Date('2026-02-01T02:59:59Z'))).toBe(false); // still Jan 31 in Brazil
    expect(isExpired(jan2026, new Date('2026-02-01T00:00:00-03:00'))).toBe(true);
    expect(isExpired(jan2026, new Date('2027-01-15T12:00:00Z'))).toBe(true);
  });

  it('compares years before months', () => {
    expect(isExpired({ month: 12, year: 2025 }, new Date('2026-01-01T12:00:00Z'))).toBe(true);
    expect(isExpired({ month: 1, year: 2027 }, new Date('2026-12-31T12:00:00Z'))).toBe(false);
    expect(isExpired({ month: 2, year: 2026 }, new Date('2026-01-15T12:00:00Z'))).toBe(false);
  });

  it('handles December rollover and leap-year February', () => {
    expect(isExpired({ month: 12, year: 2025 }, new Date('2025-12-31T23:59:59-03:00'))).toBe(false);
    expect(isExpired({ month: 2, year: 2028 }, new Date('2028-02-29T23:00:00-03:00'))).toBe(false);
    expect(isExpired({ month: 2, year: 2028 }, new Date('2028-03-01T00:00:00-03:00'))).toBe(true);
  });
});

describe('panDisplayParts', () => {
  it('exposes only the BIN and the last 4', () => {
    expect(panDisplayParts('4111 1111 1111 1111')).toEqual({ first6: '411111', last4: '1111' });
    expect(panDisplayParts('378282246310005')).toEqual({ first6: '378282', last4: '0005' });
    expect(() => panDisplayParts('1234')).toThrow(RangeError);
  });
});
