import fc from 'fast-check';
import {
  buildPixPayload,
  crc16ccitt,
  formatPixAmount,
  normalizePixText,
  parsePixPayload,
  PixPayloadError,
} from '../../src/payments/pix.rules';

/** The static example of Banco Central's "Manual de Padrões para Iniciação do Pix". */
const BCB_MANUAL_STATIC =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('crc16ccitt', () => {
  it('has the CRC-16/CCITT-FALSE check value', () => {
    expect(crc16ccitt('123456789')).toBe('29B1');
  });
  it('is FFFF (the init value) for the empty string and always 4 upper-case hex digits', () => {
    expect(crc16ccitt('')).toBe('FFFF');
    expect(crc16ccitt('A')).toMatch(/^[0-9A-F]{4}$/);
  });
  it('reproduces the CRC of the Banco Central manual example', () => {
    expect(crc16ccitt(BCB_MANUAL_STATIC.slice(0, -4))).toBe('1D3D');
  });
});

describe('normalizePixText', () => {
  it.each([
    ['Padaria Pão de Açúcar Ltda ME Filial', 25, 'PADARIA PAO DE ACUCAR LTD'],
    ['São José dos Campos', 15, 'SAO JOSE DOS CA'],
    ['Rio de Janeiro Capital', 15, 'RIO DE JANEIRO'], // trailing space trimmed after the cut
    ['  Brasília  ', 15, 'BRASILIA'],
    ['Café —  Ñandú', 25, 'CAFE NANDU'],
    ['日本', 25, ''],
  ])('%p (max %p) → %p', (input, max, expected) => {
    expect(normalizePixText(input, max)).toBe(expected);
  });
});

describe('formatPixAmount', () => {
  it.each([
    [1, '0.01'],
    [100, '1.00'],
    [6666, '66.66'],
    [123456789, '1234567.89'],
  ])('%p cents → %p', (cents, text) => {
    expect(formatPixAmount(cents)).toBe(text);
  });
  it.each([0, -1, 1.5, 10_000_000_000_000])('rejects %p', (cents) => {
    expect(() => formatPixAmount(cents)).toThrow(RangeError);
  });
});

describe('buildPixPayload', () => {
  it('builds the exact static TLV (key, no amount, txid ***)', () => {
    expect(
      buildPixPayload({
        kind: 'static',
        pixKey: '123e4567-e12b-12d1-a456-426655440000',
        merchantName: 'Fulano de Tal',
        merchantCity: 'Brasília',
      }),
    ).toBe(
      '00020101021126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913FULANO DE TAL6008BRASILIA62070503***6304A5E2',
    );
  });

  it('builds the exact dynamic TLV (01=12, location without scheme, amount, txid ***)', () => {
    expect(
      buildPixPayload({
        kind: 'dynamic',
        locationUrl: 'https://pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25',
        amount: 1000,
        merchantName: 'Loja São João',
        merchantCity: 'São Paulo',
      }),
    ).toBe(
      '00020101021226760014br.gov.bcb.pix2554pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25520400005303986540510.005802BR5913LOJA SAO JOAO6009SAO PAULO62070503***63048A09',
    );
  });

  it('accepts a location already without scheme and an explicit *** txid on dynamic', () => {
    const payload = buildPixPayload({
      kind: 'dynamic',
      locationUrl: 'pix.example.com/qr/v2/abc',
      merchantName: 'X',
      merchantCity: 'Y',
      txid: '***',
    });
    expect(payload).toContain('2525pix.example.com/qr/v2/abc');
    expect(parsePixPayload(payload).txid).toBe('***');
  });

  it('writes a static txid and a normalized, truncated description', () => {
    const payload = buildPixPayload({
      kind: 'static',
      pixKey: '+5511999998888',
      amount: 6666,
      merchantName: 'Maria',
      merchantCity: 'Recife',
      txid: 'PEDIDO42',
      description: 'Pedido 42 — café',
    });
    expect(payload).toContain('0114+55119999988880214Pedido 42 cafe');
    expect(payload).toContain('540566.66');
    expect(payload).toContain('62120508PEDIDO42');
    const parsed = parsePixPayload(payload);
    expect(parsed).toMatchObject({ description: 'Pedido 42 cafe', txid: 'PEDIDO42', amount: 6666 });
  });

  it('truncates the description so that field 26 never exceeds 99 characters', () => {
    const key = 'a'.repeat(60);
    const payload = buildPixPayload({
      kind: 'static',
      pixKey: key,
      merchantName: 'X',
      merchantCity: 'Y',
      description: 'd'.repeat(200),
    });
    const parsed = parsePixPayload(payload);
    expect(parsed.fields['26']).toHaveLength(99);
    expect(parsed.description).toBe('d'.repeat(99 - 18 - 64 - 4));
  });

  it.each([
    [{ kind: 'static', merchantName: 'X', merchantCity: 'Y' }, /pixKey/],
    [{ kind: 'static', pixKey: '   ', merchantName: 'X', merchantCity: 'Y' }, /pixKey/],
    [{ kind: 'static', pixKey: 'k'.repeat(78), merchantName: 'X', merchantCity: 'Y' }, /pixKey/],
    [{ kind: 'static', pixKey: 'k', locationUrl: 'a.b/c', merchantName: 'X', merchantCity: 'Y' }, /locationUrl/],
    [{ kind: 'static', pixKey: 'k', txid: 'ABC-123', merchantName: 'X', merchantCity: 'Y' }, /txid/],
    [{ kind: 'static', pixKey: 'k', txid: 'A'.repeat(26), merchantName: 'X', merchantCity: 'Y' }, /txid/],
    [{ kind: 'dynamic', merchantName: 'X', merchantCity: 'Y' }, /locationUrl/],
    [{ kind: 'dynamic', locationUrl: 'https://', merchantName: 'X', merchantCity: 'Y' }, /locationUrl/],
    [{ kind: 'dynamic', locationUrl: 'ftp://a.b/c', merchantName: 'X', merchantCity: 'Y' }, /locationUrl/],
    [{ kind: 'dynamic', locationUrl: 'a.b/' + 'c'.repeat(80), merchantName: 'X', merchantCity: 'Y' }, /locationUrl/],
    [{ kind: 'dynamic', locationUrl: 'a.b/c', pixKey: 'k', merchantName: 'X', merchantCity: 'Y' }, /pixKey/],
    [{ kind: 'dynamic', locationUrl: 'a.b/c', txid: 'A'.repeat(30), merchantName: 'X', merchantCity: 'Y' }, /txid/],
    [{ kind: 'dynamic', locationUrl: 'a.b/c', description: 'x', merchantName: 'X', merchantCity: 'Y' }, /description/],
    [{ kind: 'static', pixKey: 'k', merchantName: '日本', merchantCity: 'Y' }, /merchantName/],
    [{ kind: 'static', pixKey: 'k', merchantName: 'X', merchantCity: '  ' }, /merchantCity/],
    [{ kind: 'static', pixKey: 'k', amount: 0, merchantName: 'X', merchantCity: 'Y' }, /amount/],
    [{ kind: 'static', pixKey: 'k', amount: 10.5, merchantName: 'X', merchantCity: 'Y' }, /amount/],
    [{ kind: 'other', pixKey: 'k', merchantName: 'X', merchantCity: 'Y' }, /kind/],
  ])('rejects %j', (input, message) => {
    expect(() => buildPixPayload(input as Parameters<typeof buildPixPayload>[0])).toThrow(message);
  });
});

describe('parsePixPayload', () => {
  it('decodes the Banco Central manual example and verifies its CRC', () => {
    const parsed = parsePixPayload(BCB_MANUAL_STATIC);
    expect(parsed).toEqual({
      kind: 'static',
      singleUse: false,
      pixKey: '123e4567-e12b-12d1-a456-426655440000',
      merchantCategoryCode: '0000',
      currency: '986',
      countryCode: 'BR',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      txid: '***',
      crc: '1D3D',
      fields: {
        '00': '01',
        '26': '0014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000',
        '52': '0000',
        '53': '986',
        '58': 'BR',
        '59': 'Fulano de Tal',
        '60': 'BRASILIA',
        '62': '0503***',
        '63': '1D3D',
      },
    });
  });

  it('decodes a dynamic payload', () => {
    const parsed = parsePixPayload(
      '00020101021226760014br.gov.bcb.pix2554pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25520400005303986540510.005802BR5913LOJA SAO JOAO6009SAO PAULO62070503***63048A09',
    );
    expect(parsed).toMatchObject({
      kind: 'dynamic',
      singleUse: true,
      locationUrl: 'pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25',
      amount: 1000,
      merchantName: 'LOJA SAO JOAO',
      merchantCity: 'SAO PAULO',
      txid: '***',
    });
    expect(parsed.pixKey).toBeUndefined();
  });

  it('accepts an upper-case GUI, a lower-case CRC, surrounding whitespace and a missing field 62', () => {
    const upper =
      '00020126490014BR.GOV.BCB.PIX0114+55119999988880209Pedido 42520400005303986540566.665802BR5905MARIA6006RECIFE62120508PEDIDO4263042FBD';
    expect(parsePixPayload(upper)).toMatchObject({ pixKey: '+5511999998888', description: 'Pedido 42', amount: 6666, txid: 'PEDIDO42' });
    expect(parsePixPayload(` ${upper.slice(0, -4)}2fbd\n`).crc).toBe('2FBD');
    const no62 = parsePixPayload('00020101021126330014br.gov.bcb.pix0111123456789095204000053039865802BR5901X6001Y630414F8');
    expect(no62.txid).toBeUndefined();
    expect(no62.pixKey).toBe('12345678909');
  });

  it('reads amounts with 0, 1 or 2 decimals', () => {
    const make = (amount: string): string => {
      const body = `000201265000${'14'}br.gov.bcb.pix0128${'k'.repeat(28)}52040000530398654${String(amount.length).padStart(2, '0')}${amount}5802BR5901X6001Y6304`;
      return body + crc16ccitt(body);
    };
    expect(parsePixPayload(make('10')).amount).toBe(1000);
    expect(parsePixPayload(make('10.5')).amount).toBe(1050);
    expect(parsePixPayload(make('0.01')).amount).toBe(1);
    expect(() => parsePixPayload(make('10.555'))).toThrow(PixPayloadError);
    expect(() => parsePixPayload(make('1,00'))).toThrow(PixPayloadError);
  });

  it('rejects a wrong CRC, a tampered payload and a missing CRC field', () => {
    expect(() => parsePixPayload(BCB_MANUAL_STATIC.slice(0, -4) + '1D3E')).toThrow(/CRC mismatch/);
    expect(() => parsePixPayload(BCB_MANUAL_STATIC.replace('Fulano', 'Fulana'))).toThrow(/CRC mismatch/);
    expect(() => parsePixPayload(BCB_MANUAL_STATIC.slice(0, -8))).toThrow(/6304/);
    expect(() => parsePixPayload(BCB_MANUAL_STATIC.slice(0, -4) + 'XYZW')).toThrow(/hex/);
    expect(() => parsePixPayload('')).toThrow(PixPayloadError);
  });

  it('rejects payloads without a Pix merchant account, with bad TLV or missing mandatory fields', () => {
    const seal = (body: string): string => body + '6304' + crc16ccitt(body + '6304');
    expect(() =>
      parsePixPayload('00020126230012br.com.other0103abc5204000053039865802BR5901X6001Y62070503***63045828'),
    ).toThrow(/br\.gov\.bcb\.pix/);
    expect(() => parsePixPayload(seal('000201260500XYZ'))).toThrow(PixPayloadError); // bad nested TLV
    expect(() => parsePixPayload(seal('0002012699'))).toThrow(/overruns/);
    expect(() => parsePixPayload(seal('000202'))).toThrow(/field 00/);
    expect(() => parsePixPayload(seal('26180014br.gov.bcb.pix000201'))).toThrow(/field 00/);
    expect(() => parsePixPayload(seal('00020126180014br.gov.bcb.pix5802BR'))).toThrow(/neither/);
    expect(() => parsePixPayload(seal('00020126250014br.gov.bcb.pix0103abc5802BR'))).toThrow(/mandatory field 52/);
    expect(() => parsePixPayload(seal('00020100020126250014br.gov.bcb.pix0103abc'))).toThrow(/twice/);
  });

  it('round-trips every buildable static payload', () => {
    const text = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => normalizePixText(s, 25) !== '' && normalizePixText(s, 15) !== '');
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9@.+-]{1,77}$/),
        fc.option(fc.integer({ min: 1, max: 99_999_999_999 }), { nil: undefined }),
        text,
        text,
        fc.option(fc.stringMatching(/^[A-Za-z0-9]{1,25}$/), { nil: undefined }),
        (pixKey, amount, merchantName, merchantCity, txid) => {
          const payload = buildPixPayload({ kind: 'static', pixKey, amount, merchantName, merchantCity, txid });
          const parsed = parsePixPayload(payload);
          expect(parsed.kind).toBe('static');
          expect(parsed.singleUse).toBe(false);
          expect(parsed.pixKey).toBe(pixKey);
          expect(parsed.amount).toBe(amount);
          expect(parsed.merchantName).toBe(normalizePixText(merchantName, 25));
          expect(parsed.merchantCity).toBe(normalizePixText(merchantCity, 15));
          expect(parsed.merchantName).toMatch(/^[\x20-\x7e]{1,25}$/);
          expect(parsed.merchantCity).toMatch(/^[\x20-\x7e]{1,15}$/);
          expect(parsed.txid).toBe(txid ?? '***');
          expect(parsed.crc).toBe(crc16ccitt(payload.slice(0, -4)));
        },
      ),
    );
  });

  it('round-trips every buildable dynamic payload', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9.]{1,20}\/[a-zA-Z0-9/]{1,50}$/),
        fc.option(fc.integer({ min: 1, max: 1_000_000_000 }), { nil: undefined }),
        (location, amount) => {
          const payload = buildPixPayload({
            kind: 'dynamic',
            locationUrl: `https://${location}`,
            amount,
            merchantName: 'Empresa',
            merchantCity: 'Curitiba',
          });
          const parsed = parsePixPayload(payload);
          expect(parsed).toMatchObject({ kind: 'dynamic', singleUse: true, locationUrl: location, txid: '***' });
          expect(parsed.amount).toBe(amount);
        },
      ),
    );
  });
});
