import { checkPagador } from '../../src/processors/embedded/bb/pagador.rules';

/** The embedded BB issuer's check of a registration's pagador, as BB refuses a boleto without its payer. */
const cpf = { tipoInscricao: 1, numeroInscricao: 52998224725, nome: 'Maria Silva' };
const cnpj = { tipoInscricao: 2, numeroInscricao: 11222333000181, nome: 'Loja Exemplo Ltda' };
const address = { endereco: 'Rua Augusta, 100', cep: 1305000, cidade: 'Sao Paulo', bairro: 'Consolacao', uf: 'SP' };

describe('the pagador of a registration', () => {
  it('a CPF or CNPJ payer with a name passes; leading zeros dropped by the number come back', () => {
    expect(checkPagador(cpf)).toEqual({ ok: { tipoInscricao: 1, numeroInscricao: '52998224725', nome: 'Maria Silva' } });
    expect(checkPagador({ ...cnpj, ...address })).toEqual({ ok: { tipoInscricao: 2, numeroInscricao: '11222333000181', nome: 'Loja Exemplo Ltda' } });
    expect(checkPagador({ tipoInscricao: 1, numeroInscricao: 1234567890, nome: 'X' })).toEqual({ ok: { tipoInscricao: 1, numeroInscricao: '01234567890', nome: 'X' } });
  });

  it.each([
    ['missing', undefined, 'pagador: obrigatório'],
    ['not an object', 'Maria', 'pagador: obrigatório'],
    ['no tipoInscricao', { ...cpf, tipoInscricao: undefined }, 'pagador.tipoInscricao'],
    ['no numeroInscricao', { ...cpf, numeroInscricao: undefined }, 'pagador.numeroInscricao: obrigatório'],
    ['a CPF with wrong check digits', { ...cpf, numeroInscricao: 52998224724 }, 'CPF inválido'],
    ['a CNPJ under tipo 1', { ...cnpj, tipoInscricao: 1 }, 'pagador.numeroInscricao'],
    ['an empty name', { ...cpf, nome: '  ' }, 'pagador.nome: obrigatório'],
    ['part of an address', { ...cpf, endereco: 'Rua Augusta' }, 'informados juntos'],
    ['a UF that is no UF', { ...cpf, ...address, uf: 'Sao Paulo' }, 'pagador.uf'],
  ])('%s: refused', (_, pagador, message) => {
    expect(checkPagador(pagador)).toEqual({ refused: expect.stringContaining(message) });
  });
});
