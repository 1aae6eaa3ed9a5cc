import { isValidCnpj, isValidCpf } from '../../../shared/documents';

/**
 * The registration's `pagador` checked as BB checks it: FEBRABAN's registered-boleto rules make
 * the payer's name and CPF/CNPJ mandatory, so a POST without them, or with a document whose check
 * digits are wrong, is refused. The address prints on the boleto: given at all, it is whole
 * (endereco, cep, cidade, uf; bairro may be empty). Pure; `null` when the pagador passes.
 */

export interface CheckedPagador {
  tipoInscricao: 1 | 2;
  /** Padded to 11 (CPF) or 14 (CNPJ) digits: BB's field is a number, leading zeros dropped. */
  numeroInscricao: string;
  nome: string;
}

export type PagadorCheck = { ok: CheckedPagador } | { refused: string };

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

export function checkPagador(p: unknown): PagadorCheck {
  if (!p || typeof p !== 'object' || Array.isArray(p)) return { refused: 'pagador: obrigatório (tipoInscricao, numeroInscricao e nome)' };
  const r = p as Record<string, unknown>;
  if (r.tipoInscricao !== 1 && r.tipoInscricao !== 2) return { refused: 'pagador.tipoInscricao: 1 (CPF) ou 2 (CNPJ)' };
  const raw = typeof r.numeroInscricao === 'number' || typeof r.numeroInscricao === 'string' ? String(r.numeroInscricao) : '';
  const size = r.tipoInscricao === 1 ? 11 : 14;
  if (!/^\d{1,14}$/.test(raw) || raw.length > size) return { refused: 'pagador.numeroInscricao: obrigatório' };
  const doc = raw.padStart(size, '0');
  if (!(r.tipoInscricao === 1 ? isValidCpf(doc) : isValidCnpj(doc))) return { refused: `pagador.numeroInscricao: ${r.tipoInscricao === 1 ? 'CPF' : 'CNPJ'} inválido` };
  const nome = text(r.nome);
  if (nome.length === 0) return { refused: 'pagador.nome: obrigatório' };
  const address = { endereco: text(r.endereco), cidade: text(r.cidade), uf: text(r.uf), cep: r.cep === undefined || r.cep === null ? '' : String(r.cep) };
  const given = Object.values(address).filter((v) => v !== '');
  if (given.length > 0) {
    if (given.length < 4) return { refused: 'pagador: endereco, cep, cidade e uf informados juntos' };
    if (!/^\d{1,8}$/.test(address.cep)) return { refused: 'pagador.cep: 8 dígitos' };
    if (!/^[A-Z]{2}$/.test(address.uf)) return { refused: 'pagador.uf: a sigla da UF' };
  }
  return { ok: { tipoInscricao: r.tipoInscricao, numeroInscricao: doc, nome } };
}
