import {
  centsToValor,
  chaveTipo,
  cobvAmountOn,
  cobvViolations,
  effectiveDueDate,
  isCalendarDate,
  isDevolucaoId,
  isEndToEndId,
  isTxid,
  isValor,
  lastPayableDate,
  paginacao,
  problema,
  retryDelays,
  spiId,
  valorToCents,
} from '../../src/processors/embedded/pix/pix.rules';

describe('embedded Pix PSP rules (API Pix 2.9.0)', () => {
  it('txid: 26 to 35 alphanumerics', () => {
    expect(isTxid('a'.repeat(26))).toBe(true);
    expect(isTxid('A1'.repeat(17) + 'b')).toBe(true);
    expect(isTxid('a'.repeat(25))).toBe(false);
    expect(isTxid('a'.repeat(36))).toBe(false);
    expect(isTxid('a'.repeat(25) + '-')).toBe(false);
  });

  it('e2eid and devolucao id formats', () => {
    expect(isEndToEndId('E12345678202009091221abcdef12345')).toBe(true);
    expect(isEndToEndId('E12345678202009091221abcdef1234')).toBe(false);
    expect(isDevolucaoId('1')).toBe(true);
    expect(isDevolucaoId('a'.repeat(36))).toBe(false);
    expect(isDevolucaoId('ab_c')).toBe(false);
  });

  it('valor strings and cents round trip', () => {
    expect(isValor('0.01')).toBe(true);
    expect(isValor('1.0')).toBe(false);
    expect(isValor('1,00')).toBe(false);
    expect(isValor('12345678901.00')).toBe(false);
    expect(valorToCents('37.05')).toBe(3705);
    expect(centsToValor(3705)).toBe('37.05');
    expect(centsToValor(7)).toBe('0.07');
    for (const c of [0, 1, 99, 100, 123456789]) expect(valorToCents(centsToValor(c))).toBe(c);
    expect(() => valorToCents('1.5')).toThrow();
  });

  it('calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-2-1')).toBe(false);
  });

  it('chave: DICT key kinds', () => {
    expect(chaveTipo('12345678909')).toBe('cpf');
    expect(chaveTipo('11222333000181')).toBe('cnpj');
    expect(chaveTipo('+5561996671234')).toBe('telefone');
    expect(chaveTipo('pix@example.com')).toBe('email');
    expect(chaveTipo('7d9f0335-8dcc-4054-9bf9-0dbd61d36906')).toBe('evp');
    expect(chaveTipo('not a key')).toBeNull();
    expect(chaveTipo('')).toBeNull();
  });

  it('SPI ids: letter + ISPB + yyyyMMddHHmm + 11 alphanumerics', () => {
    const at = new Date('2020-09-09T12:21:33Z');
    let i = 0;
    const id = spiId('E', '12345678', at, () => (i++ % 62) / 62);
    expect(id).toHaveLength(32);
    expect(id.startsWith('E12345678202009091221')).toBe(true);
    expect(isEndToEndId(id)).toBe(true);
    expect(spiId('D', '12345678', at, () => 0.999999).startsWith('D12345678202009091221')).toBe(true);
    expect(() => spiId('E', '1234', at, Math.random)).toThrow();
  });

  it('problem bodies carry the document type URIs', () => {
    expect(problema('CobNaoEncontrado')).toEqual({
      type: 'https://pix.bcb.gov.br/api/v2/error/CobNaoEncontrado',
      title: expect.any(String),
      status: 404,
      detail: expect.any(String),
    });
    const p = problema('CobOperacaoInvalida', [{ razao: 'r', propriedade: 'cob.valor.original' }]);
    expect(p.status).toBe(400);
    expect(p.violacoes).toEqual([{ razao: 'r', propriedade: 'cob.valor.original' }]);
  });

  describe('cobv payable window (the document examples A–G)', () => {
    const last = (dataDeVencimento: string, validadeAposVencimento: number) => lastPayableDate({ dataDeVencimento, validadeAposVencimento });
    it.each([
      ['A', '2020-10-20', 4, '2020-10-26'],
      ['B', '2020-12-25', 0, '2020-12-28'],
      ['C', '2020-12-25', 1, '2020-12-29'],
      ['D', '2020-12-25', 3, '2020-12-31'],
      ['E', '2020-12-25', 4, '2021-01-04'],
      ['F', '2021-08-27', 5, '2021-09-01'],
      ['G', '2021-08-28', 5, '2021-09-06'],
    ])('example %s', (_name, due, days, expected) => {
      expect(last(due, days)).toBe(expected);
    });
    it('a due date on a weekend moves to Monday', () => {
      expect(effectiveDueDate('2021-08-28')).toBe('2021-08-30');
    });
  });

  describe('cobv amount on a day', () => {
    const cal = { dataDeVencimento: '2021-08-27', validadeAposVencimento: 5 };
    it('original only', () => {
      expect(cobvAmountOn({ original: '100.00' }, cal, '2021-08-20')?.total).toBe(10000);
    });
    it('fixed-date discount: the first date on or after the payment day', () => {
      const valor = { original: '100.00', desconto: { modalidade: 1, descontoDataFixa: [{ data: '2021-08-25', valorPerc: '5.00' }, { data: '2021-08-20', valorPerc: '10.00' }] } };
      expect(cobvAmountOn(valor, cal, '2021-08-19')?.desconto).toBe(1000);
      expect(cobvAmountOn(valor, cal, '2021-08-21')?.desconto).toBe(500);
      expect(cobvAmountOn(valor, cal, '2021-08-26')?.desconto).toBe(0);
    });
    it('percentage per calendar day of anticipation', () => {
      const valor = { original: '100.00', desconto: { modalidade: 5, valorPerc: '1.00' } };
      expect(cobvAmountOn(valor, cal, '2021-08-24')?.desconto).toBe(300);
    });
    it('fine and interest after the due date; abatement always', () => {
      const valor = { original: '100.00', multa: { modalidade: 2, valorPerc: '2.00' }, juros: { modalidade: 2, valorPerc: '0.10' }, abatimento: { modalidade: 1, valorPerc: '1.00' } };
      expect(cobvAmountOn(valor, cal, '2021-08-27')).toEqual({ original: 10000, multa: 0, juros: 0, abatimento: 100, desconto: 0, total: 9900 });
      expect(cobvAmountOn(valor, cal, '2021-08-30')).toEqual({ original: 10000, multa: 200, juros: 30, abatimento: 100, desconto: 0, total: 10130 });
    });
    it('past the validity: not payable', () => {
      expect(cobvAmountOn({ original: '100.00' }, cal, '2021-09-02')).toBeNull();
    });
  });

  it('cobv semantic violations', () => {
    const cal = { dataDeVencimento: '2030-01-10', validadeAposVencimento: 30 };
    expect(cobvViolations({ original: '10.00' }, cal, '2030-01-01')).toEqual([]);
    const props = (v: ReturnType<typeof cobvViolations>) => v.map((x) => x.propriedade);
    expect(props(cobvViolations({ original: '0.00' }, cal, '2030-01-01'))).toEqual(['cobv.valor.original']);
    expect(props(cobvViolations({ original: '10.00' }, cal, '2030-01-11'))).toEqual(['cobv.calendario.dataDeVencimento']);
    expect(props(cobvViolations({ original: '10.00', abatimento: { modalidade: 1, valorPerc: '10.00' } }, cal, '2030-01-01'))).toEqual(['cobv.valor.abatimento']);
    expect(props(cobvViolations({ original: '10.00', desconto: { modalidade: 1 } }, cal, '2030-01-01'))).toEqual(['cobv.valor.desconto.descontoDataFixa']);
    expect(props(cobvViolations({ original: '10.00', desconto: { modalidade: 3 } }, cal, '2030-01-01'))).toEqual(['cobv.valor.desconto.valorPerc']);
    expect(props(cobvViolations({ original: '10.00', desconto: { modalidade: 2, descontoDataFixa: [{ data: '2030-01-11', valorPerc: '1.00' }] } }, cal, '2030-01-01'))).toEqual(['cobv.valor.desconto.descontoDataFixa']);
  });

  it('pagination and retry delays', () => {
    expect(paginacao(0, 0, 100)).toEqual({ paginaAtual: 0, itensPorPagina: 100, quantidadeDePaginas: 1, quantidadeTotalDeItens: 0 });
    expect(paginacao(201, 2, 100).quantidadeDePaginas).toBe(3);
    expect(retryDelays(4, 100)).toEqual([100, 200, 400]);
    expect(retryDelays(1, 100)).toEqual([]);
  });
});
