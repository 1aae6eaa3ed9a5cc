import { z } from 'zod';
import type { PixCharge, PixChargeKind, PixChargeRequest, PixDueDateModality, PixPayer, PixRefund, PixRefundRequest, ReceivedPix } from '../pix-psp.port';

/**
 * The API Pix's JSON (release 2.9.0) to and from the port's types, with no I/O. Money is a
 * decimal string with two places on the wire (`"123.45"`) and integer cents in Lastro; the
 * conversion works on the digits, never through a float. Anything that does not fit the
 * document is refused with `ApiPixWireError`, whose message names the field, never its value
 * (values can be a payer's CPF).
 */

export class ApiPixWireError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ApiPixWireError';
  }
}

const VALOR_RE = /^(\d{1,10})\.(\d{2})$/;
/** The largest amount `\d{1,10}\.\d{2}` can carry. */
const MAX_CENTS = 999_999_999_999;

/** `"123.45"` → 12345. Refuses anything that is not `\d{1,10}\.\d{2}`. */
export function valorToCents(valor: unknown, field = 'valor'): number {
  const m = typeof valor === 'string' ? VALOR_RE.exec(valor) : null;
  if (!m) throw new ApiPixWireError(`${field} is not a decimal string with two places`);
  return Number(m[1]) * 100 + Number(m[2]);
}

/** 12345 → `"123.45"`. Refuses a negative, fractional or too large number. */
export function centsToValor(cents: number, field = 'amount'): string {
  if (!Number.isSafeInteger(cents) || cents < 0 || cents > MAX_CENTS) throw new ApiPixWireError(`${field} is not an integer number of cents between 0 and ${MAX_CENTS}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

// --- identifiers: checked before they go into a URL path ------------------------------------------
const ID_RULES = {
  txid: /^[a-zA-Z0-9]{26,35}$/,
  endToEndId: /^[a-zA-Z0-9]{32}$/,
  refundId: /^[a-zA-Z0-9]{1,35}$/,
} as const;

export function assertId(kind: keyof typeof ID_RULES, value: string): string {
  if (!ID_RULES[kind].test(value)) throw new ApiPixWireError(`${kind} does not match ${ID_RULES[kind].source}`);
  return value;
}

// --- port → wire ---------------------------------------------------------------------------------

function devedor(payer: PixPayer): Record<string, string> {
  if (/^\d{11}$/.test(payer.document)) return { cpf: payer.document, nome: payer.name };
  if (/^[0-9A-Z]{12}\d{2}$/.test(payer.document)) return { cnpj: payer.document, nome: payer.name };
  throw new ApiPixWireError('payer.document is neither a CPF (11 digits) nor a CNPJ (14 characters)');
}

/** A `valorPerc`: an amount or a percentage, both `\d{1,10}\.\d{2}` on the wire. */
function valorPerc(value: string, field: string): string {
  valorToCents(value, field);
  return value;
}

function modalidade(m: PixDueDateModality, field: string): { modalidade: number; valorPerc: string } {
  if (!Number.isInteger(m.modality)) throw new ApiPixWireError(`${field}.modality is not an integer`);
  return { modalidade: m.modality, valorPerc: valorPerc(m.value, `${field}.value`) };
}

/** The body of `PUT /cob/{txid}` (`CobSolicitada`) or `PUT /cobv/{txid}` (`CobVSolicitada`). */
export function chargeToWire(req: PixChargeRequest): Record<string, unknown> {
  const original = centsToValor(req.amount);
  const body: Record<string, unknown> = {};
  if (req.kind === 'immediate') {
    body.calendario = req.expiresIn === undefined ? {} : { expiracao: req.expiresIn };
    if (req.payer) body.devedor = devedor(req.payer);
    body.valor = { original };
  } else {
    if (!req.dueDate) throw new ApiPixWireError('dueDate is required for a due_date charge');
    if (!req.payer) throw new ApiPixWireError('payer is required for a due_date charge');
    body.calendario = { dataDeVencimento: req.dueDate, ...(req.validityAfterDue === undefined ? {} : { validadeAposVencimento: req.validityAfterDue }) };
    body.devedor = devedor(req.payer);
    const valor: Record<string, unknown> = { original };
    if (req.fine) valor.multa = modalidade(req.fine, 'fine');
    if (req.interest) valor.juros = modalidade(req.interest, 'interest');
    if (req.abatement) valor.abatimento = modalidade(req.abatement, 'abatement');
    if (req.discount) {
      const { fixedDates, ...m } = req.discount;
      // Modalities 1 and 2 (a discount up to fixed dates) carry the dates instead of one valorPerc.
      valor.desconto = fixedDates?.length
        ? { modalidade: m.modality, descontoDataFixa: fixedDates.map((d, i) => ({ data: d.date, valorPerc: valorPerc(d.value, `discount.fixedDates.${i}.value`) })) }
        : modalidade(m, 'discount');
    }
    body.valor = valor;
  }
  body.chave = req.chave;
  if (req.description != null) body.solicitacaoPagador = req.description;
  return body;
}

/** The body of `PUT /pix/{e2eid}/devolucao/{id}` (`DevolucaoSolicitada`). */
export function refundToWire(req: PixRefundRequest): Record<string, unknown> {
  const body: Record<string, unknown> = { valor: centsToValor(req.amount) };
  if (req.description != null) body.descricao = req.description;
  return body;
}

// --- wire → port ---------------------------------------------------------------------------------

const instant = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a date-time');
const iso = (s: string): string => new Date(Date.parse(s)).toISOString();

const devolucaoWire = z.object({
  id: z.string(),
  rtrId: z.string(),
  valor: z.string(),
  status: z.enum(['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO']),
  motivo: z.string().optional(),
  horario: z.object({ solicitacao: instant, liquidacao: instant.optional() }),
});
const pixWire = z.object({
  endToEndId: z.string(),
  txid: z.string().optional(),
  valor: z.string(),
  horario: instant,
  infoPagador: z.string().optional(),
  devolucoes: z.array(devolucaoWire).optional(),
});
const chargeWire = z.object({
  txid: z.string(),
  revisao: z.number().int().min(0),
  status: z.enum(['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP']),
  location: z.string().optional(),
  loc: z.object({ location: z.string().optional() }).optional(),
  pixCopiaECola: z.string().optional(),
  valor: z.object({ original: z.string() }),
  pix: z.array(pixWire).optional(),
});
const pixPageWire = z.object({
  parametros: z.object({ paginacao: z.object({ paginaAtual: z.number().int().min(0), quantidadeDePaginas: z.number().int().min(0) }) }),
  pix: z.array(pixWire),
});
const webhookWire = z.object({ webhookUrl: z.string() });

function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const where = r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  throw new ApiPixWireError(`the PSP's ${what} does not match the API Pix: ${where}`);
}

function refundOf(d: z.infer<typeof devolucaoWire>): PixRefund {
  return {
    id: d.id,
    rtrId: d.rtrId,
    amount: valorToCents(d.valor, 'devolucao.valor'),
    status: d.status,
    reason: d.motivo ?? null,
    requestedAt: iso(d.horario.solicitacao),
    settledAt: d.horario.liquidacao === undefined ? null : iso(d.horario.liquidacao),
  };
}

function pixOf(p: z.infer<typeof pixWire>): ReceivedPix {
  return {
    endToEndId: p.endToEndId,
    txid: p.txid ?? null,
    amount: valorToCents(p.valor, 'pix.valor'),
    paidAt: iso(p.horario),
    payerInfo: p.infoPagador ?? null,
    refunds: (p.devolucoes ?? []).map(refundOf),
  };
}

/** A `cob`/`cobv` answer (`CobGerada`, `CobCompleta`, `CobVCompleta`…). */
export function chargeFromWire(kind: PixChargeKind, body: unknown): PixCharge {
  const c = parse(chargeWire, body, 'charge');
  const location = c.location ?? c.loc?.location;
  if (!location) throw new ApiPixWireError("the PSP's charge has neither location nor loc.location");
  return {
    txid: c.txid,
    kind,
    status: c.status,
    revision: c.revisao,
    location,
    pixCopiaECola: c.pixCopiaECola ?? null,
    amount: valorToCents(c.valor.original, 'valor.original'),
    pix: (c.pix ?? []).map(pixOf),
  };
}

/** A `GET /pix/{e2eid}` answer. */
export function pixFromWire(body: unknown): ReceivedPix {
  return pixOf(parse(pixWire, body, 'pix'));
}

/** One page of `GET /pix?inicio&fim`: its Pix, the page number and how many pages there are. */
export function pixPageFromWire(body: unknown): { pix: ReceivedPix[]; page: number; pages: number } {
  const p = parse(pixPageWire, body, 'pix list');
  return { pix: p.pix.map(pixOf), page: p.parametros.paginacao.paginaAtual, pages: p.parametros.paginacao.quantidadeDePaginas };
}

/** A `devolucao` answer. */
export function refundFromWire(body: unknown): PixRefund {
  return refundOf(parse(devolucaoWire, body, 'devolucao'));
}

/** A `GET /webhook/{chave}` answer: the URL registered. */
export function webhookUrlFromWire(body: unknown): string {
  return parse(webhookWire, body, 'webhook').webhookUrl;
}
