import { boletoDefault } from '../../../src/processors/connections/boleto-connections.config';
import { amountDueOn, lastPayableDay, type BoletoTerms } from '../../../src/processors/embedded/bb/bb.rules';
import { boletoFromWire, numberOfTitle, registrationToWire, statusOf, titleId } from '../../../src/processors/boletos/bb-cobranca/wire';
import { barcodeToLinhaDigitavel, buildBarcode } from '../../../src/payments/boleto.rules';

const connection = { baseUrl: 'https://api.bb.com.br', tokenUrl: 'https://oauth.bb.com.br/oauth/token', clientId: 'c', clientSecret: 's', appKey: 'k', convenio: '3128557', carteira: 17, variacaoCarteira: 35, agencia: '452', conta: '123873' };

describe('BB wire', () => {
  it('numeroTituloCliente is 000 + the convênio + 10 digits, and back', () => {
    expect(titleId(connection, '42')).toBe('00031285570000000042');
    expect(numberOfTitle(connection, '00031285570000000042')).toBe('0000000042');
    expect(numberOfTitle(connection, '00099999990000000042')).toBeNull();
    expect(() => titleId(connection, '12345678901')).toThrow();
  });

  it('a registration carries fine, interest, discount, days after due and the payer as BB names them', () => {
    const body = registrationToWire(connection, {
      number: '7', amount: 12_345, issuedOn: '2026-11-28', dueDate: '2026-12-05', daysPayableAfterDue: 10,
      fine: { kind: 'percent', percent: 2 }, interest: { kind: 'daily_amount', amount: 15 }, discount: { until: '2026-12-01', kind: 'fixed', amount: 500 },
      instructions: 'x', reference: 'ABC', payer: { name: 'Maria', document: '52998224725' },
    });
    expect(body).toMatchObject({
      numeroConvenio: 3128557, numeroCarteira: 17, numeroVariacaoCarteira: 35, dataEmissao: '28.11.2026', dataVencimento: '05.12.2026', valorOriginal: 123.45,
      indicadorAceiteTituloVencido: 'S', numeroDiasLimiteRecebimento: 10, numeroTituloCliente: '00031285570000000007', indicadorPix: 'N',
      multa: { tipo: 2, data: '06.12.2026', porcentagem: 2 }, jurosMora: { tipo: 1, valor: 0.15 }, desconto: { tipo: 1, dataExpiracao: '01.12.2026', valor: 5 },
      pagador: { tipoInscricao: 1, numeroInscricao: 52998224725, nome: 'Maria' },
    });
    expect(registrationToWire(connection, { number: '8', amount: 100, issuedOn: '2026-11-28', dueDate: '2026-11-28', daysPayableAfterDue: 0, reference: 'x' })).toMatchObject({ indicadorAceiteTituloVencido: 'N' });
  });

  it('a query answer is checked: the line must be the barcode\'s; states map to registered, paid, canceled', () => {
    const barcode = buildBarcode({ bankCode: '001', amount: 100, dueDate: '2026-12-05', freeField: '0000003128557000000000717' });
    const answer = { codigoLinhaDigitavel: barcodeToLinhaDigitavel(barcode), codigoBarraNumerico: barcode, codigoEstadoTituloCobranca: 6, valorOriginalTituloCobranca: 1, dataVencimentoTituloCobranca: '05.12.2026', valorPagoSacado: 1.02, dataRecebimentoTitulo: '06.12.2026' };
    expect(boletoFromWire('7', answer)).toMatchObject({ status: 'paid', amount: 100, paidAmount: 102, paidOn: '2026-12-06', barcode });
    expect(() => boletoFromWire('7', { ...answer, codigoLinhaDigitavel: '0'.repeat(47) })).toThrow();
    expect([1, 6, 7, 14].map(statusOf)).toEqual(['registered', 'paid', 'canceled', 'paid']);
  });
});

describe('the embedded issuer\'s amount due', () => {
  const terms: BoletoTerms = { amount: 10_000, dueDate: '2026-12-05', daysAfterDue: 10, fine: { kind: 2, percent: 2, value: 0, from: '2026-12-06' }, interest: { kind: 2, percent: 3, value: 0 }, discount: { kind: 1, value: 500, percent: 0, until: '2026-12-01' } };
  it('discount up to its date, the amount up to the due date, fine and interest after, nothing past the last day', () => {
    expect(amountDueOn(terms, '2026-12-01')).toBe(9_500);
    expect(amountDueOn(terms, '2026-12-05')).toBe(10_000);
    expect(amountDueOn(terms, '2026-12-08')).toBe(10_000 + 200 + 30);
    expect(lastPayableDay(terms)).toBe('2026-12-15');
    expect(amountDueOn(terms, '2026-12-16')).toBeNull();
  });
});

describe('BOLETO_ISSUER_*', () => {
  const full = {
    BOLETO_ISSUER_BASE_URL: 'https://api.bb.com.br', BOLETO_ISSUER_TOKEN_URL: 'https://oauth.bb.com.br/oauth/token', BOLETO_ISSUER_CLIENT_ID: 'id', BOLETO_ISSUER_CLIENT_SECRET: 'secret',
    BOLETO_ISSUER_APP_KEY: 'key', BOLETO_ISSUER_CONVENIO: '3128557', BOLETO_ISSUER_AGENCIA: '452', BOLETO_ISSUER_CONTA: '123873', BOLETO_ISSUER_CALLBACK_SECRET: 'a'.repeat(43),
  };
  it('all nine or none; the carteira and variação default to 17 and 35', () => {
    const problems: string[] = [];
    expect(boletoDefault({}, problems)).toBeUndefined();
    expect(boletoDefault(full, problems)).toMatchObject({ convenio: '3128557', carteira: 17, variacaoCarteira: 35 });
    expect(problems).toEqual([]);
    const { BOLETO_ISSUER_APP_KEY: _k, ...half } = full;
    expect(boletoDefault(half, problems)).toBeUndefined();
    expect(problems).toEqual([expect.stringContaining('BOLETO_ISSUER_APP_KEY: required with the other BOLETO_ISSUER_* variables')]);
  });
  it('names what is wrong without its value', () => {
    const problems: string[] = [];
    expect(boletoDefault({ ...full, BOLETO_ISSUER_CONVENIO: '123', BOLETO_ISSUER_BASE_URL: 'http://bb.example', BOLETO_ISSUER_CALLBACK_SECRET: 'short' }, problems)).toBeUndefined();
    expect(problems.join('\n')).toMatch(/BOLETO_ISSUER_BASE_URL: Must be https/);
    expect(problems.join('\n')).toMatch(/BOLETO_ISSUER_CONVENIO: The convênio/);
    expect(problems.join('\n')).toMatch(/BOLETO_ISSUER_CALLBACK_SECRET: At least/);
    expect(problems.join('\n')).not.toContain('short');
    expect(boletoDefault({ BOLETO_ISSUER_CARTEIRA: '17' }, problems)).toBeUndefined();
    expect(problems.at(-1)).toMatch(/set without the deployment's boleto issuer/);
  });
});
