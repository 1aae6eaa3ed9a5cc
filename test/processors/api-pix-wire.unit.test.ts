import { ApiPixWireError, assertId, centsToValor, chargeFromWire, chargeToWire, pixFromWire, pixPageFromWire, refundFromWire, refundToWire, valorToCents, webhookUrlFromWire } from '../../src/processors/pix/api-pix/wire';
import { problemOf } from '../../src/processors/pix/api-pix/problem';
import { retryAfterMs } from '../../src/processors/retry-timing';

/** The API Pix adapter's pure mapping between the document's JSON and the port's types. */

const TXID = 'lastroTx0000000000000000000001';
const E2E = 'E9999900520240105123456789abcdef';
const RTR = 'D9999900420240105123512345abcdef';

describe('money: decimal strings ↔ integer cents', () => {
  it.each([
    ['0.00', 0],
    ['0.01', 1],
    ['12.34', 1234],
    ['100.00', 10000],
    ['9999999999.99', 999_999_999_999],
    ['0.29', 29],
    ['1.10', 110],
  ])('%s ↔ %d', (valor, cents) => {
    expect(valorToCents(valor)).toBe(cents);
    expect(centsToValor(cents)).toBe(valor);
  });

  it('is exact where a float is not (0.29 * 100 is 28.999…)', () => {
    for (let c = 0; c < 2000; c++) expect(valorToCents(centsToValor(c))).toBe(c);
  });

  it.each(['12.3', '12', '12.345', '-1.00', '1,00', ' 1.00', '1.00 ', '1e2', '', '12345678901.00', '.50', '0x1.00'])('refuses %j', (bad) => {
    expect(() => valorToCents(bad)).toThrow(ApiPixWireError);
  });

  it('refuses non-strings', () => {
    expect(() => valorToCents(12.34)).toThrow(ApiPixWireError);
    expect(() => valorToCents(null)).toThrow(ApiPixWireError);
  });

  it.each([-1, 1.5, Number.NaN, Infinity, 1_000_000_000_000])('refuses %d cents', (bad) => {
    expect(() => centsToValor(bad)).toThrow(ApiPixWireError);
  });
});

describe('identifiers that go into a path', () => {
  it('accepts the document formats and refuses the rest', () => {
    expect(assertId('txid', TXID)).toBe(TXID);
    expect(assertId('endToEndId', E2E)).toBe(E2E);
    expect(assertId('refundId', 'r1')).toBe('r1');
    expect(() => assertId('txid', 'short')).toThrow(ApiPixWireError);
    expect(() => assertId('txid', `${TXID.slice(0, 29)}/../x`)).toThrow(ApiPixWireError);
    expect(() => assertId('endToEndId', `${E2E}x`)).toThrow(ApiPixWireError);
    expect(() => assertId('refundId', 'a-b')).toThrow(ApiPixWireError);
  });
});

describe('port → wire', () => {
  it('an immediate charge is a CobSolicitada', () => {
    expect(chargeToWire({ txid: TXID, kind: 'immediate', amount: 12345, chave: 'k@example.com', expiresIn: 3600, payer: { name: 'Fulano', document: '12345678909' }, description: 'Pedido 42' })).toEqual({
      calendario: { expiracao: 3600 },
      devedor: { cpf: '12345678909', nome: 'Fulano' },
      valor: { original: '123.45' },
      chave: 'k@example.com',
      solicitacaoPagador: 'Pedido 42',
    });
    expect(chargeToWire({ txid: TXID, kind: 'immediate', amount: 1, chave: 'k@example.com', payer: null, description: null })).toEqual({ calendario: {}, valor: { original: '0.01' }, chave: 'k@example.com' });
  });

  it('a due-date charge is a CobVSolicitada with fine, interest, abatement and discount', () => {
    expect(
      chargeToWire({
        txid: TXID,
        kind: 'due_date',
        amount: 10000,
        chave: 'k@example.com',
        dueDate: '2030-01-10',
        validityAfterDue: 15,
        payer: { name: 'Empresa', document: '12ABC34501DE35' },
        fine: { modality: 2, value: '2.00' },
        interest: { modality: 2, value: '1.00' },
        abatement: { modality: 1, value: '5.00' },
        discount: { modality: 1, value: '0.00', fixedDates: [{ date: '2030-01-05', value: '3.00' }] },
      }),
    ).toEqual({
      calendario: { dataDeVencimento: '2030-01-10', validadeAposVencimento: 15 },
      devedor: { cnpj: '12ABC34501DE35', nome: 'Empresa' },
      valor: {
        original: '100.00',
        multa: { modalidade: 2, valorPerc: '2.00' },
        juros: { modalidade: 2, valorPerc: '1.00' },
        abatimento: { modalidade: 1, valorPerc: '5.00' },
        desconto: { modalidade: 1, descontoDataFixa: [{ data: '2030-01-05', valorPerc: '3.00' }] },
      },
      chave: 'k@example.com',
    });
    const base = { txid: TXID, kind: 'due_date' as const, amount: 100, chave: 'k@example.com', dueDate: '2030-01-10', payer: { name: 'F', document: '12345678909' } };
    expect((chargeToWire({ ...base, discount: { modality: 3, value: '0.50' } }).valor as any).desconto).toEqual({ modalidade: 3, valorPerc: '0.50' });
  });

  it('refuses what the document cannot carry, without echoing the payer document', () => {
    const base = { txid: TXID, kind: 'due_date' as const, amount: 100, chave: 'k@example.com', dueDate: '2030-01-10', payer: { name: 'F', document: '12345678909' } };
    expect(() => chargeToWire({ ...base, dueDate: undefined })).toThrow(/dueDate/);
    expect(() => chargeToWire({ ...base, payer: null })).toThrow(/payer/);
    expect(() => chargeToWire({ ...base, fine: { modality: 2, value: '2%' } })).toThrow(/fine\.value/);
    expect(() => chargeToWire({ ...base, amount: 10.5 })).toThrow(ApiPixWireError);
    let message = '';
    try {
      chargeToWire({ ...base, payer: { name: 'F', document: '123.456.789-09' } });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/payer\.document/);
    expect(message).not.toContain('123.456.789-09');
  });

  it('a refund is a DevolucaoSolicitada', () => {
    expect(refundToWire({ endToEndId: E2E, id: 'r1', amount: 500, description: 'troca' })).toEqual({ valor: '5.00', descricao: 'troca' });
    expect(refundToWire({ endToEndId: E2E, id: 'r1', amount: 500 })).toEqual({ valor: '5.00' });
  });
});

describe('wire → port', () => {
  const devolucao = { id: 'r1', rtrId: RTR, valor: '5.00', natureza: 'ORIGINAL', horario: { solicitacao: '2024-01-05T12:35:00.000-03:00', liquidacao: '2024-01-05T12:35:01Z' }, status: 'DEVOLVIDO' };
  const pix = { endToEndId: E2E, txid: TXID, valor: '123.45', componentesValor: { original: { valor: '123.45' } }, chave: 'k@example.com', horario: '2024-01-05T12:34:56.789Z', infoPagador: 'obrigado', devolucoes: [devolucao] };

  it('a Pix with its devoluções', () => {
    expect(pixFromWire(pix)).toEqual({
      endToEndId: E2E,
      txid: TXID,
      amount: 12345,
      paidAt: '2024-01-05T12:34:56.789Z',
      payerInfo: 'obrigado',
      refunds: [{ id: 'r1', rtrId: RTR, amount: 500, status: 'DEVOLVIDO', reason: null, requestedAt: '2024-01-05T15:35:00.000Z', settledAt: '2024-01-05T12:35:01.000Z' }],
    });
    expect(pixFromWire({ endToEndId: E2E, valor: '1.00', horario: '2024-01-05T12:34:56Z' })).toEqual({ endToEndId: E2E, txid: null, amount: 100, paidAt: '2024-01-05T12:34:56.000Z', payerInfo: null, refunds: [] });
  });

  it('a devolução not made carries its motivo and no liquidacao', () => {
    expect(refundFromWire({ id: 'r2', rtrId: RTR, valor: '1.00', horario: { solicitacao: '2024-01-05T12:35:00Z' }, status: 'NAO_REALIZADO', motivo: 'conta encerrada' })).toEqual({
      id: 'r2',
      rtrId: RTR,
      amount: 100,
      status: 'NAO_REALIZADO',
      reason: 'conta encerrada',
      requestedAt: '2024-01-05T12:35:00.000Z',
      settledAt: null,
    });
  });

  it('a charge: location, pixCopiaECola, revisao and the Pix that paid it', () => {
    const cob = { calendario: { criacao: '2024-01-05T12:00:00Z', expiracao: 3600 }, txid: TXID, revisao: 2, loc: { id: 7, location: 'psp.example/qr/v2/abc', tipoCob: 'cob' }, location: 'psp.example/qr/v2/abc', status: 'CONCLUIDA', valor: { original: '123.45' }, chave: 'k@example.com', pixCopiaECola: '000201…', pix: [pix] };
    const c = chargeFromWire('immediate', cob);
    expect(c).toMatchObject({ txid: TXID, kind: 'immediate', status: 'CONCLUIDA', revision: 2, location: 'psp.example/qr/v2/abc', pixCopiaECola: '000201…', amount: 12345 });
    expect(c.pix.map((p) => p.endToEndId)).toEqual([E2E]);
    const { location: _l, pixCopiaECola: _p, pix: _x, ...bare } = cob;
    expect(chargeFromWire('due_date', bare)).toMatchObject({ kind: 'due_date', location: 'psp.example/qr/v2/abc', pixCopiaECola: null, pix: [] });
  });

  it('refuses answers that do not fit the document', () => {
    expect(() => chargeFromWire('immediate', { txid: TXID, revisao: 0, status: 'PAGA', location: 'x', valor: { original: '1.00' } })).toThrow(/status/);
    expect(() => chargeFromWire('immediate', { txid: TXID, revisao: 0, status: 'ATIVA', valor: { original: '1.00' } })).toThrow(/location/);
    expect(() => pixFromWire({ ...pix, valor: '123.4' })).toThrow(/pix\.valor/);
    expect(() => pixFromWire({ ...pix, horario: 'yesterday' })).toThrow(/horario/);
    expect(() => refundFromWire({ ...devolucao, status: 'PENDENTE' })).toThrow(ApiPixWireError);
    expect(() => webhookUrlFromWire({})).toThrow(ApiPixWireError);
  });

  it('a page of the Pix list', () => {
    expect(pixPageFromWire({ parametros: { inicio: 'a', fim: 'b', paginacao: { paginaAtual: 1, itensPorPagina: 2, quantidadeDePaginas: 3, quantidadeTotalDeItens: 5 } }, pix: [pix] })).toMatchObject({ page: 1, pages: 3, pix: [{ endToEndId: E2E }] });
  });

  it('the webhook URL', () => {
    expect(webhookUrlFromWire({ webhookUrl: 'https://lastro.example/pix', chave: 'k', criacao: '2024-01-05T12:00:00Z' })).toBe('https://lastro.example/pix');
  });
});

describe('error bodies', () => {
  it('an API Pix problem names its type; documents it echoes are masked and violation values left out', () => {
    const p = problemOf({
      type: 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida',
      title: 'Cobrança inválida.',
      status: 400,
      detail: 'Devedor 123.456.789-09 / 12345678909 / 12ABC34501DE35 inválido',
      violacoes: [{ razao: 'não respeita o schema', propriedade: 'cob.devedor.cpf', valor: '98765432100' }],
    });
    expect(p?.tipo).toBe('CobOperacaoInvalida');
    expect(p?.text).toContain('cob.devedor.cpf: não respeita o schema');
    for (const doc of ['123.456.789-09', '12345678909', '12ABC34501DE35', '98765432100']) expect(p?.text).not.toContain(doc);
  });

  it('about:blank and OAuth2 errors have no API Pix type; a body that is no problem is null', () => {
    expect(problemOf({ type: 'about:blank', title: 'Unauthorized', status: 401 })).toMatchObject({ tipo: null, text: 'Unauthorized' });
    expect(problemOf({ error: 'invalid_client', error_description: 'Client authentication failed.' })).toMatchObject({ tipo: null, text: 'invalid_client; Client authentication failed.' });
    expect(problemOf('<html>Not Found</html>')).toBeNull();
    expect(problemOf(undefined)).toBeNull();
  });

  it('Retry-After in seconds or as an HTTP date', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:05 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(5000);
  });
});
