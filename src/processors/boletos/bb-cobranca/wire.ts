import { barcodeToLinhaDigitavel, linhaDigitavelToBarcode, validateBarcode, validateLinhaDigitavel } from '../../../payments/boleto.rules';
import type { BoletoRegistrationRequest, BoletoStatus, IssuedBoleto, PaidBoleto } from '../boleto-issuer.port';
import type { BbCobrancaConnection } from './bb-cobranca.connection';

/**
 * Lastro's boleto port to and from the wire of BB's API Cobranças v2: dates `dd.mm.yyyy`, amounts
 * in reais as JSON numbers, the boleto's id `numeroTituloCliente` = "000" + the convênio (7
 * digits) + Lastro's number (10 digits). Pure.
 */

export class BbWireError extends Error {}

/** codigoEstadoTituloCobranca: 1 normal (payable); 6 liquidado, 14 em liquidação, 16 creditado, 17-19 pago; 7 baixado (by request or by time). */
const PAID_STATES = new Set([6, 14, 16, 17, 18, 19]);
const CANCELED_STATES = new Set([7, 10]);

export function statusOf(code: number): BoletoStatus {
  if (PAID_STATES.has(code)) return 'paid';
  if (CANCELED_STATES.has(code)) return 'canceled';
  return 'registered';
}

export function titleId(connection: Pick<BbCobrancaConnection, 'convenio'>, number: string): string {
  if (!/^\d{1,10}$/.test(number)) throw new BbWireError(`A boleto number is 1 to 10 digits, got ${JSON.stringify(number)}`);
  if (!/^\d{7}$/.test(connection.convenio)) throw new BbWireError('The convênio is 7 digits');
  return `000${connection.convenio}${number.padStart(10, '0')}`;
}

/** Lastro's number of a numeroTituloCliente of this convênio; null for another convênio's. */
export function numberOfTitle(connection: Pick<BbCobrancaConnection, 'convenio'>, id: string): string | null {
  const m = /^000(\d{7})(\d{10})$/.exec(id);
  return m && m[1] === connection.convenio ? m[2] : null;
}

/**
 * The query parameter BB's API gateway reads the application key from: `gw-app-key` in
 * production (api.bb.com.br and BB's other production hosts), `gw-dev-app-key` in homologation
 * and the sandbox (hosts with an `hm`, `homologa…` or `sandbox` label) and anywhere else (the
 * embedded issuer accepts both). Named by the host, so a production connection cannot be made
 * with the sandbox's parameter by forgetting an option.
 */
export function appKeyParam(baseUrl: string): 'gw-app-key' | 'gw-dev-app-key' {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return 'gw-dev-app-key';
  }
  const labels = host.split('.');
  const bb = host === 'bb.com.br' || host.endsWith('.bb.com.br');
  const testing = labels.some((l) => l === 'hm' || l === 'sandbox' || l.startsWith('homologa'));
  return bb && !testing ? 'gw-app-key' : 'gw-dev-app-key';
}

export const toBbDate = (iso: string): string => iso.split('-').reverse().join('.');
export function fromBbDate(d: unknown): string {
  const m = typeof d === 'string' ? /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(d) : null;
  if (!m) throw new BbWireError(`Not a date dd.mm.yyyy: ${JSON.stringify(d)}`);
  return `${m[3]}-${m[2]}-${m[1]}`;
}

export const toReais = (cents: number): number => Number((cents / 100).toFixed(2));
export function fromReais(v: unknown): number {
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) throw new BbWireError(`Not an amount: ${JSON.stringify(v)}`);
  return Math.round(n * 100);
}

const dayAfter = (iso: string): string => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const onlyDigits = (s: string) => s.replace(/\D/g, '');

/** The body of `POST /cobrancas/v2/boletos`. */
export function registrationToWire(connection: BbCobrancaConnection, r: BoletoRegistrationRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    numeroConvenio: Number(connection.convenio),
    numeroCarteira: connection.carteira,
    numeroVariacaoCarteira: connection.variacaoCarteira,
    codigoModalidade: 1,
    dataEmissao: toBbDate(r.issuedOn),
    dataVencimento: toBbDate(r.dueDate),
    valorOriginal: toReais(r.amount),
    valorAbatimento: 0,
    indicadorAceiteTituloVencido: r.daysPayableAfterDue > 0 ? 'S' : 'N',
    ...(r.daysPayableAfterDue > 0 ? { numeroDiasLimiteRecebimento: r.daysPayableAfterDue } : {}),
    codigoAceite: 'N',
    codigoTipoTitulo: 2,
    descricaoTipoTitulo: 'DM',
    indicadorPermissaoRecebimentoParcial: 'N',
    numeroTituloBeneficiario: r.reference.slice(0, 15),
    numeroTituloCliente: titleId(connection, r.number),
    // Bolepix is Lastro's, on the company's own Pix rail: BB's own QR code is not asked for.
    indicadorPix: 'N',
  };
  if (r.instructions) body.mensagemBloquetoOcorrencia = r.instructions.slice(0, 165);
  if (r.fine) {
    body.multa = r.fine.kind === 'percent'
      ? { tipo: 2, data: toBbDate(dayAfter(r.dueDate)), porcentagem: r.fine.percent }
      : { tipo: 1, data: toBbDate(dayAfter(r.dueDate)), valor: toReais(r.fine.amount) };
  }
  if (r.interest) {
    body.jurosMora = r.interest.kind === 'monthly_percent' ? { tipo: 2, porcentagem: r.interest.percent } : { tipo: 1, valor: toReais(r.interest.amount) };
  }
  if (r.discount) {
    body.desconto = r.discount.kind === 'percent'
      ? { tipo: 2, dataExpiracao: toBbDate(r.discount.until), porcentagem: r.discount.percent }
      : { tipo: 1, dataExpiracao: toBbDate(r.discount.until), valor: toReais(r.discount.amount) };
  }
  if (r.payer) {
    const doc = onlyDigits(r.payer.document);
    const a = r.payer.address;
    body.pagador = {
      tipoInscricao: doc.length === 11 ? 1 : 2,
      numeroInscricao: Number(doc),
      nome: r.payer.name.slice(0, 60),
      ...(a ? { endereco: a.street.slice(0, 60), cep: Number(onlyDigits(a.zipCode)), cidade: a.city.slice(0, 20), bairro: (a.neighborhood ?? '').slice(0, 20), uf: a.state } : {}),
    };
  }
  return body;
}

const obj = (b: unknown): Record<string, unknown> => {
  if (!b || typeof b !== 'object' || Array.isArray(b)) throw new BbWireError('The answer is not a JSON object');
  return b as Record<string, unknown>;
};

function checkedLine(line: unknown, barcode: unknown): { line: string; barcode: string } {
  const l = typeof line === 'string' ? line.replace(/\D/g, '') : '';
  const b = typeof barcode === 'string' ? barcode.replace(/\D/g, '') : '';
  if (b && validateBarcode(b)) {
    const fromBarcode = barcodeToLinhaDigitavel(b);
    if (l && l !== fromBarcode) throw new BbWireError('The linha digitável is not the barcode\'s');
    return { line: fromBarcode, barcode: b };
  }
  if (l && validateLinhaDigitavel(l)) return { line: l, barcode: linhaDigitavelToBarcode(l) };
  throw new BbWireError('The answer carries no valid linha digitável or barcode');
}

/** The answer of the POST (201): the boleto as registered, payable at once. */
export function registeredFromWire(r: BoletoRegistrationRequest, body: unknown): IssuedBoleto {
  const b = obj(body);
  const { line, barcode } = checkedLine(b.linhaDigitavel, b.codigoBarraNumerico);
  return { number: r.number, status: 'registered', line, barcode, amount: r.amount, dueDate: r.dueDate, paidAmount: null, paidOn: null };
}

/** The answer of `GET /cobrancas/v2/boletos/{id}`. */
export function boletoFromWire(number: string, body: unknown): IssuedBoleto {
  const b = obj(body);
  const { line, barcode } = checkedLine(b.codigoLinhaDigitavel, b.codigoBarraNumerico);
  const code = Number(b.codigoEstadoTituloCobranca);
  if (!Number.isInteger(code)) throw new BbWireError('codigoEstadoTituloCobranca is missing');
  const status = statusOf(code);
  const paid = status === 'paid';
  return {
    number,
    status,
    line,
    barcode,
    amount: fromReais(b.valorOriginalTituloCobranca),
    dueDate: fromBbDate(b.dataVencimentoTituloCobranca),
    paidAmount: paid ? fromReais(b.valorPagoSacado) : null,
    paidOn: paid ? fromBbDate(b.dataRecebimentoTitulo) : null,
  };
}

/** A page of `GET /cobrancas/v2/boletos?indicadorSituacao=B`: the paid boletos of this convênio, and whether more pages follow. */
export function paidPageFromWire(connection: Pick<BbCobrancaConnection, 'convenio'>, body: unknown): { boletos: PaidBoleto[]; next: number | null } {
  const b = obj(body);
  const list = Array.isArray(b.boletos) ? b.boletos : [];
  const boletos: PaidBoleto[] = [];
  for (const item of list) {
    const x = obj(item);
    const number = typeof x.numeroBoletoBB === 'string' ? numberOfTitle(connection, x.numeroBoletoBB) : null;
    if (!number || statusOf(Number(x.codigoEstadoTituloCobranca)) !== 'paid') continue;
    boletos.push({ number, paidAmount: fromReais(x.valorPago), paidOn: fromBbDate(x.dataMovimento) });
  }
  const more = b.indicadorContinuidade === 'S' && Number.isInteger(Number(b.proximoIndice));
  return { boletos, next: more ? Number(b.proximoIndice) : null };
}

/** BB's error body `{"erros": [{"codigo", "mensagem"}]}`, as one line and the first code. */
export function bbErrorOf(body: unknown): { code: string | null; text: string } | null {
  const erros = body && typeof body === 'object' ? (body as { erros?: unknown }).erros : undefined;
  if (!Array.isArray(erros) || erros.length === 0) return null;
  const first = erros[0] as { codigo?: unknown; mensagem?: unknown };
  return {
    code: first.codigo === undefined ? null : String(first.codigo),
    text: erros.map((e: { codigo?: unknown; mensagem?: unknown }) => `${String(e.codigo ?? '')} ${String(e.mensagem ?? '')}`.trim()).join('; '),
  };
}
