import { ispbOf } from '../bank-ispb';
import { payoutFailureCode } from '../payout.rules';
import type { PayoutRequest, PayoutReturn, PayoutState } from '../payout-provider.port';

/**
 * Efí's Pix Envio JSON both ways (dev.efipay.com.br, "Envio e pagamento Pix"), pure.
 * - `PUT /v3/gn/pix/:idEnvio` `{valor, pagador: {chave, infoPagador}, favorecido: {contaBanco: {nome, cpf|cnpj, codigoBanco (ISPB), agencia, conta, tipoConta}}}`
 *   answers 201 `{idEnvio, e2eId, valor, horario: {solicitacao}, status: "EM_PROCESSAMENTO"}`.
 * - `GET /v2/gn/pix/enviados/id-envio/:idEnvio` answers `{endToEndId, idEnvio, valor, status, horario, favorecido, …}`,
 *   status `EM_PROCESSAMENTO`, `REALIZADO` or `NAO_REALIZADO`.
 * - Errors are `{nome, mensagem}` (`id_envio_duplicado`, `pagamento_negado`, `valor_invalido`…);
 *   a query's 404 is an RFC 7807 problem (`PixEnviadoNaoEncontrado`).
 * Where Efí's public pages are silent (why a send failed in the query answer; returns of a sent
 * Pix), the adapter reads what the webhook shows: `gnExtras.erro {codigo, motivo}` for a failure,
 * and `devolucoes [{id, rtrId, valor, status}]` for money sent back (docs/processors.md).
 */

export class EfiWireError extends Error {}

export function centsToValor(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new EfiWireError('amount: whole cents above 0');
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export function valorToCents(valor: unknown): number {
  if (typeof valor !== 'string' || !/^\d{1,10}\.\d{2}$/.test(valor)) throw new EfiWireError('valor: not a decimal with two places');
  const [units, cents] = valor.split('.');
  return Number(units) * 100 + Number(cents);
}

const TIPO_CONTA = { checking: 'cacc', savings: 'svgs' } as const;

/** The send body; null when the bank has no ISPB in Lastro's table (refused before any call). */
export function sendToWire(req: PayoutRequest, chave: string): Record<string, unknown> | null {
  const codigoBanco = ispbOf(req.destination.bankCode);
  if (!codigoBanco) return null;
  if (req.currency !== 'BRL') throw new EfiWireError(`currency: Pix moves BRL only, not ${req.currency}`);
  const d = req.destination;
  const document = d.holderDocument.replace(/\D/g, '');
  return {
    valor: centsToValor(req.amount),
    pagador: { chave, ...(req.description ? { infoPagador: req.description.slice(0, 140) } : {}) },
    favorecido: {
      contaBanco: {
        nome: d.holderName.slice(0, 200),
        ...(document.length === 11 ? { cpf: document } : { cnpj: document }),
        codigoBanco,
        agencia: d.agency.replace(/\D/g, '').replace(/^0+(?=\d)/, ''),
        conta: d.account.replace(/[^0-9Xx]/g, '').toUpperCase(),
        tipoConta: TIPO_CONTA[d.accountType],
      },
    },
  };
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

function returnsOf(body: Record<string, unknown>): PayoutReturn[] {
  const list = Array.isArray(body.devolucoes) ? body.devolucoes : [];
  return list
    .map(obj)
    .filter((d) => d.status === 'DEVOLVIDO')
    .map((d) => ({ id: str(d.rtrId) ?? str(d.id) ?? '', amount: valorToCents(d.valor), reason: str(d.motivo) }))
    .filter((d) => d.id !== '');
}

/** A sent Pix, as the send or the query answers it. */
export function stateFromWire(answer: unknown): PayoutState {
  const body = obj(answer);
  const transferId = str(body.endToEndId) ?? str(body.e2eId);
  switch (body.status) {
    case 'EM_PROCESSAMENTO':
      return { status: 'processing', transferId };
    case 'REALIZADO':
    case 'DEVOLVIDO':
      return { status: 'paid', transferId, returns: returnsOf(body) };
    case 'NAO_REALIZADO': {
      const erro = obj(obj(body.gnExtras).erro);
      return { status: 'failed', transferId, code: payoutFailureCode(str(erro.codigo)), reason: str(erro.motivo) };
    }
    default:
      throw new EfiWireError(`status: ${JSON.stringify(body.status)} is none of EM_PROCESSAMENTO, REALIZADO, NAO_REALIZADO`);
  }
}

/** Efí's error body `{nome, mensagem}` (or an RFC 7807 problem, or OAuth2's), for messages and codes. */
export function efiErrorOf(body: unknown): { nome: string | null; text: string } {
  const b = obj(body);
  const nome = str(b.nome) ?? str(b.error) ?? (str(b.type)?.split('/').pop() || null);
  const text = [nome, str(b.mensagem) ?? str(b.error_description) ?? str(b.detail) ?? str(b.title)].filter(Boolean).join(': ');
  return { nome, text: text.replace(/\b\d{11}\b|\b\d{14}\b/g, '[documento]').slice(0, 300) };
}

/** The ids a webhook body names: `{"pix": [{"gnExtras": {"idEnvio"}}, …]}` (Pix received, without idEnvio, are skipped). */
export function sentIdsOfCallback(body: unknown): string[] | null {
  const list = obj(body).pix;
  if (!Array.isArray(list)) return null;
  return [...new Set(list.map((p) => str(obj(obj(p).gnExtras).idEnvio)).filter((id): id is string => id !== null))];
}
