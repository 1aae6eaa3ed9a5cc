import { z } from 'zod';
import type {
  PixMandate,
  PixMandateBankRequest,
  PixMandateBankRequestStatus,
  PixMandateCharge,
  PixMandateChargeNotice,
  PixMandateChargeRequest,
  PixMandateJourney,
  PixMandatePeriod,
  PixMandateRequest,
} from '../pix-psp.port';
import { ApiPixWireError, assertId, centsToValor, valorToCents } from './wire';

/**
 * Pix Automático's JSON in the API Pix (release 2.9.0) to and from the port's mandate types, with
 * no I/O: `RecSolicitada`/`RecCompleta`, `SolicRecSolicitada`, `CobRSolicitada`/`CobRCompleta`
 * and the callbacks' `RecNotification`/`CobRNotification`. As in `wire.ts`, anything that does
 * not fit is refused with `ApiPixWireError`, naming the field and never its value.
 */

const PERIODS = { weekly: 'SEMANAL', monthly: 'MENSAL', quarterly: 'TRIMESTRAL', semiannual: 'SEMESTRAL', annual: 'ANUAL' } as const satisfies Record<PixMandatePeriod, string>;
const JOURNEYS: Record<string, PixMandateJourney> = { JORNADA_1: 'request', JORNADA_2: 'qr', JORNADA_3: 'qr_with_payment', JORNADA_4: 'qr_with_later_payment', AGUARDANDO_DEFINICAO: 'pending' };
const ID_RE = /^[a-zA-Z0-9]{29}$/;

export function assertMandateId(id: string): string {
  if (!ID_RE.test(id)) throw new ApiPixWireError('mandate id does not match [a-zA-Z0-9]{29}');
  return id;
}

function person(document: string, name: string): Record<string, string> {
  if (/^\d{11}$/.test(document)) return { cpf: document, nome: name.slice(0, 140) };
  if (/^[0-9A-Z]{12}\d{2}$/.test(document)) return { cnpj: document, nome: name.slice(0, 140) };
  throw new ApiPixWireError('debtor.document is neither a CPF (11 digits) nor a CNPJ (14 characters)');
}

/** The body of `POST /rec`, with the location made for a QR journey. */
export function mandateToWire(req: PixMandateRequest, locId: number | null): Record<string, unknown> {
  if (req.fixedAmount != null && req.minimumAmount != null) throw new ApiPixWireError('fixedAmount and minimumAmount cannot both be set');
  if (req.contract.length < 1 || req.contract.length > 35) throw new ApiPixWireError('contract must have 1 to 35 characters');
  const body: Record<string, unknown> = {
    vinculo: { contrato: req.contract, devedor: person(req.debtor.document, req.debtor.name), ...(req.object ? { objeto: req.object.slice(0, 35) } : {}) },
    calendario: { dataInicial: req.startDate, periodicidade: PERIODS[req.period], ...(req.endDate ? { dataFinal: req.endDate } : {}) },
    politicaRetentativa: req.retryPolicy,
  };
  if (req.fixedAmount != null) body.valor = { valorRec: centsToValor(req.fixedAmount, 'fixedAmount') };
  else if (req.minimumAmount != null) body.valor = { valorMinimoRecebedor: centsToValor(req.minimumAmount, 'minimumAmount') };
  if (locId !== null) body.loc = locId;
  if (req.firstPaymentTxid) body.ativacao = { dadosJornada: { txid: assertId('txid', req.firstPaymentTxid) } };
  return body;
}

const closingWire = z
  .object({
    rejeicao: z.object({ codigo: z.string(), descricao: z.string() }).optional(),
    cancelamento: z.object({ codigo: z.string(), descricao: z.string(), solicitante: z.string().optional() }).optional(),
  })
  .optional();

const recWire = z.object({
  idRec: z.string().regex(ID_RE),
  status: z.enum(['CRIADA', 'APROVADA', 'REJEITADA', 'EXPIRADA', 'CANCELADA']),
  loc: z.object({ id: z.number(), location: z.string() }).optional(),
  ativacao: z.object({ tipoJornada: z.string().optional(), dadosJornada: z.object({ txid: z.string() }).optional() }).optional(),
  dadosQR: z.object({ pixCopiaECola: z.string().optional() }).optional(),
  encerramento: closingWire,
});

// Built once: a zod schema built per call is compiled again on every call.
const recCallbackWire = z.object({ recs: z.array(recWire.pick({ idRec: true, status: true })).min(1).max(1000) });
const locationWire = z.object({ id: z.number().int() });
const bankRequestWire = z.object({ idSolicRec: z.string(), status: z.enum(['CRIADA', 'ENVIADA', 'RECEBIDA', 'REJEITADA', 'ACEITA', 'EXPIRADA', 'CANCELADA']) });

function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const r = schema.safeParse(body);
  if (!r.success) throw new ApiPixWireError(`the PSP's ${what} does not match the API Pix (${r.error.issues.map((i) => i.path.join('.') || '(root)').join(', ')})`);
  return r.data;
}

function closingOf(e: z.infer<typeof closingWire>): PixMandate['closing'] {
  if (e?.rejeicao) return { kind: 'rejection', code: e.rejeicao.codigo, reason: e.rejeicao.descricao, by: null };
  if (e?.cancelamento) return { kind: 'cancellation', code: e.cancelamento.codigo, reason: e.cancelamento.descricao, by: e.cancelamento.solicitante ?? null };
  return null;
}

function mandateOf(r: z.infer<typeof recWire>): PixMandate {
  return {
    id: r.idRec,
    status: r.status,
    journey: JOURNEYS[r.ativacao?.tipoJornada ?? 'AGUARDANDO_DEFINICAO'] ?? 'pending',
    firstPaymentTxid: r.ativacao?.dadosJornada?.txid ?? null,
    location: r.loc?.location ?? null,
    pixCopiaECola: r.dadosQR?.pixCopiaECola ?? null,
    closing: closingOf(r.encerramento),
  };
}

/** `RecGerada` / `RecCompleta` as a mandate. */
export function mandateFromWire(body: unknown): PixMandate {
  return mandateOf(parse(recWire, body, 'recurrence'));
}

/** A `/rec` callback's `RecNotification`s: the ids and statuses it reports (each read back before use). */
export function mandateNotificationsFromWire(body: unknown): Array<{ id: string; status: PixMandate['status'] }> {
  const recs = parse(recCallbackWire, body, 'recurrence callback').recs;
  return recs.map((r) => ({ id: r.idRec, status: r.status }));
}

export function locationIdFromWire(body: unknown): number {
  return parse(locationWire, body, 'location').id;
}

export function bankRequestToWire(req: PixMandateBankRequest): Record<string, unknown> {
  const doc = req.account.document;
  const who = /^\d{11}$/.test(doc) ? { cpf: doc } : /^[0-9A-Z]{12}\d{2}$/.test(doc) ? { cnpj: doc } : null;
  if (!who) throw new ApiPixWireError('account.document is neither a CPF nor a CNPJ');
  if (!/^[0-9A-Z]{8}$/.test(req.account.ispb)) throw new ApiPixWireError('account.ispb is not 8 characters');
  return {
    idRec: assertMandateId(req.mandateId),
    calendario: { dataExpiracaoSolicitacao: req.expiresAt.toISOString() },
    destinatario: { conta: req.account.number, ispbParticipante: req.account.ispb, ...(req.account.branch ? { agencia: req.account.branch } : {}), ...who },
  };
}

export function bankRequestFromWire(body: unknown): { id: string; status: PixMandateBankRequestStatus } {
  const s = parse(bankRequestWire, body, 'request to the payer');
  return { id: s.idSolicRec, status: s.status };
}

/** The body of `PUT /cobr/{txid}` (`CobRSolicitada`). */
export function mandateChargeToWire(req: PixMandateChargeRequest): Record<string, unknown> {
  return {
    idRec: assertMandateId(req.mandateId),
    calendario: { dataDeVencimento: req.dueDate },
    valor: { original: centsToValor(req.amount) },
    ajusteDiaUtil: true,
    recebedor: { conta: req.account.number, tipoConta: req.account.type, ...(req.account.branch ? { agencia: req.account.branch } : {}) },
    ...(req.description ? { infoAdicional: req.description.slice(0, 140) } : {}),
  };
}

const attemptWire = z.object({
  dataLiquidacao: z.string(),
  tipo: z.string(),
  status: z.enum(['SOLICITADA', 'AGENDADA', 'PAGA', 'CANCELADA', 'REJEITADA', 'EXPIRADA']),
  endToEndId: z.string(),
  rejeicao: z.object({ codigo: z.string(), descricao: z.string() }).optional(),
});
const cobrWire = z.object({
  idRec: z.string(),
  txid: z.string(),
  status: z.enum(['CRIADA', 'ATIVA', 'CONCLUIDA', 'EXPIRADA', 'REJEITADA', 'CANCELADA']),
  calendario: z.object({ dataDeVencimento: z.string() }).optional(),
  valor: z.object({ original: z.string() }).optional(),
  tentativas: z.array(attemptWire).optional(),
  pix: z.array(z.object({ endToEndId: z.string(), valor: z.string(), horario: z.string() })).optional(),
  encerramento: closingWire,
});

const cobrCallbackWire = z.object({ cobsr: z.array(cobrWire.pick({ txid: true, status: true, tentativas: true })).min(1).max(1000) });

/** `CobRGerada` / `CobRCompleta` (and a callback's `CobRNotification`, which has no amount or date) as a mandate charge. */
export function mandateChargeFromWire(body: unknown): PixMandateCharge {
  const c = parse(cobrWire, body, 'recurring charge');
  return {
    txid: c.txid,
    mandateId: c.idRec,
    status: c.status,
    dueDate: c.calendario?.dataDeVencimento ?? '',
    amount: c.valor ? valorToCents(c.valor.original, 'valor.original') : 0,
    attempts: (c.tentativas ?? []).map((t) => ({ date: t.dataLiquidacao, kind: t.tipo, status: t.status, endToEndId: t.endToEndId, rejection: t.rejeicao ? { code: t.rejeicao.codigo, reason: t.rejeicao.descricao } : null })),
    pix: (c.pix ?? []).map((p) => ({ endToEndId: p.endToEndId, amount: valorToCents(p.valor, 'pix.valor'), paidAt: p.horario })),
    closing: closingOf(c.encerramento),
  };
}

/** A `/cobr` callback's `CobRNotification`s: the txids it reports with their status and attempts' (each read back before use). */
export function mandateChargeNotificationsFromWire(body: unknown): PixMandateChargeNotice[] {
  const cobsr = parse(cobrCallbackWire, body, 'recurring charge callback').cobsr;
  return cobsr.map((c) => ({ txid: c.txid, status: c.status, attemptStatuses: c.tentativas?.map((t) => t.status) ?? null }));
}
