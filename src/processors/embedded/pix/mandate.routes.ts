import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type Router from '@koa/router';
import { z } from 'zod';
import { isCalendarDate, isTxid, paginacao, type Problema, type TipoErro, type Violacao } from './pix.rules';
import { isRecId } from './mandate.rules';
import { cobRRevisada, cobRSolicitada, recRevisada, recSolicitada, solicRecRevisada, solicRecSolicitada } from './mandate.schemas';
import { webhookSolicitado } from './schemas';
import type { MandateBooks, PayerBehaviour } from './mandates';

/**
 * The Pix Automático routes of the embedded PSP (API Pix 2.9.0): `locrec`, `rec`, `solicrec`,
 * `cobr` (with `retentativa`), `webhookrec` and `webhookcobr`, and the simulator's own controls
 * under `/embedded/` (the payer approving, refusing or cancelling a recurrence, an attempt
 * settled now). The server hands in its token check, body parsing and problem raising.
 */

export interface MandateRouteKit {
  mandates: MandateBooks;
  requires: (scope: string) => Koa.Middleware;
  parse: <T>(schema: z.ZodType<T>, body: unknown, tipo: TipoErro, prefix: string) => T;
  raise: (tipo: TipoErro, violacoes?: Violacao[], detail?: string) => never;
  fail: (problem: Problema) => never;
}

const listBase = {
  inicio: z.iso.datetime({ offset: true }),
  fim: z.iso.datetime({ offset: true }),
  cpf: z.string().regex(/^\d{11}$/).optional(),
  cnpj: z.string().regex(/^[0-9A-Z]{14}$/).optional(),
  status: z.string().max(20).optional(),
  'paginacao.paginaAtual': z.coerce.number().int().min(0).default(0),
  'paginacao.itensPorPagina': z.coerce.number().int().min(1).max(1000).default(100),
};
const listRefine = (q: { inicio: string; fim: string; cpf?: string; cnpj?: string }, c: z.RefinementCtx) => {
  if (Date.parse(q.fim) < Date.parse(q.inicio)) c.addIssue({ code: 'custom', path: ['fim'], message: 'fim é anterior a inicio' });
  if (q.cpf !== undefined && q.cnpj !== undefined) c.addIssue({ code: 'custom', path: ['cpf'], message: 'cpf e cnpj não podem ser usados juntos' });
};
const recList = z.object(listBase).superRefine(listRefine);
const cobrList = z.object({ ...listBase, idRec: z.string().regex(/^[a-zA-Z0-9]{29}$/).optional() }).superRefine(listRefine);

/** What the payer's bank does with an attempt: pays, or refuses it with one of the document's codes (AM02 by default). */
const payerBody = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('pays') }),
  z.object({ outcome: z.literal('fails'), codigo: z.enum(['AB10', 'AC05', 'AC06', 'AM02', 'AM09', 'DENC', 'DS27', 'DTED', 'DTNT', 'FBRD', 'IRNT', 'MIDI', 'MSUC', 'NIEC', 'NIPA', 'NITX', 'QUNT', 'RC09', 'UDEI']).default('AM02') }),
]);

export function mandateRoutes(router: Router, kit: MandateRouteKit): void {
  const { mandates, requires, parse, raise, fail } = kit;
  const outcome = <T>(r: { ok: true; value: T } | { ok: false; problem: Problema }): T => (r.ok ? r.value : fail(r.problem));
  const rec = (id: string) => (isRecId(id) ? mandates.recs.get(id) : undefined) ?? raise('RecNaoEncontrada');
  const cobr = (txid: string) => (isTxid(txid) ? mandates.cobrs.get(txid) : undefined) ?? raise('CobRNaoEncontrado');
  const list = <T>(schema: z.ZodType<T & { 'paginacao.paginaAtual': number; 'paginacao.itensPorPagina': number; inicio: string; fim: string }>, query: unknown, tipo: TipoErro) => {
    const r = schema.safeParse(query);
    if (!r.success) raise(tipo, r.error.issues.map((i) => ({ razao: i.message, propriedade: i.path.join('.') })));
    return r.data!;
  };
  const page = <T>(all: T[], q: { inicio: string; fim: string; 'paginacao.paginaAtual': number; 'paginacao.itensPorPagina': number }) => {
    const p = q['paginacao.paginaAtual'];
    const per = q['paginacao.itensPorPagina'];
    return { parametros: { inicio: q.inicio, fim: q.fim, paginacao: paginacao(all.length, p, per) }, items: all.slice(p * per, p * per + per) };
  };

  // --- locrec ----------------------------------------------------------------------------------
  router.post('/locrec', requires('payloadlocationrec.write'), (ctx) => {
    ctx.status = 201;
    ctx.body = mandates.renderLoc(mandates.createLoc(randomBytes(16).toString('hex')));
  });
  const locList = z
    .object({ inicio: listBase.inicio, fim: listBase.fim, idRecPresente: z.enum(['true', 'false']).optional(), 'paginacao.paginaAtual': listBase['paginacao.paginaAtual'], 'paginacao.itensPorPagina': listBase['paginacao.itensPorPagina'] })
    .superRefine(listRefine);
  router.get('/locrec', requires('payloadlocationrec.read'), (ctx) => {
    const q = list(locList, ctx.query, 'PayloadLocationRecConsultaInvalida');
    const [from, to] = [Date.parse(q.inicio), Date.parse(q.fim)];
    const all = [...mandates.locs.values()]
      .filter((l) => l.criacao.getTime() >= from && l.criacao.getTime() <= to)
      .filter((l) => q.idRecPresente === undefined || (l.idRec !== null) === (q.idRecPresente === 'true'));
    const { parametros, items } = page(all, q);
    ctx.body = { parametros, loc: items.map((l) => mandates.renderLoc(l)) };
  });
  router.get('/locrec/:id', requires('payloadlocationrec.read'), (ctx) => {
    const loc = /^\d{1,15}$/.test(ctx.params.id) ? mandates.locs.get(Number(ctx.params.id)) : undefined;
    ctx.body = mandates.renderLoc(loc ?? raise('PayloadLocationRecNaoEncontrado'));
  });

  // --- rec -------------------------------------------------------------------------------------
  router.post('/rec', requires('rec.write'), (ctx) => {
    const body = parse(recSolicitada, ctx.request.body, 'RecOperacaoInvalida', 'rec');
    ctx.status = 201;
    ctx.body = mandates.renderRec(outcome(mandates.createRec(body)), false);
  });
  router.get('/rec', requires('rec.read'), (ctx) => {
    const q = list(recList, ctx.query, 'RecConsultaInvalida');
    const { parametros, items } = page(mandates.listRecs({ inicio: new Date(q.inicio), fim: new Date(q.fim), status: q.status, cpf: q.cpf, cnpj: q.cnpj }), q);
    ctx.body = { parametros, recs: items.map((r) => mandates.renderRec(r, true)) };
  });
  router.get('/rec/:idRec', requires('rec.read'), (ctx) => {
    const r = rec(ctx.params.idRec);
    const txid = typeof ctx.query.txid === 'string' ? ctx.query.txid : undefined;
    ctx.body = mandates.renderRec(r, true, outcome(mandates.qrJourney(r, txid)));
  });
  router.patch('/rec/:idRec', requires('rec.write'), (ctx) => {
    const r = rec(ctx.params.idRec);
    const body = parse(recRevisada, ctx.request.body, 'RecOperacaoInvalida', 'rec');
    ctx.body = mandates.renderRec(outcome(mandates.reviseRec(r.idRec, body)), false);
  });

  // --- solicrec --------------------------------------------------------------------------------
  router.post('/solicrec', requires('solicrec.write'), (ctx) => {
    const body = parse(solicRecSolicitada, ctx.request.body, 'SolicRecOperacaoInvalida', 'solicrec');
    ctx.status = 201;
    ctx.body = mandates.renderSolicRec(outcome(mandates.createSolicRec(body)));
  });
  router.get('/solicrec/:id', requires('solicrec.read'), (ctx) => {
    const s = isRecId(ctx.params.id) ? mandates.solicitacoes.get(ctx.params.id) : undefined;
    ctx.body = mandates.renderSolicRec(s ?? raise('SolicRecNaoEncontrada'));
  });
  router.patch('/solicrec/:id', requires('solicrec.write'), (ctx) => {
    if (!isRecId(ctx.params.id) || !mandates.solicitacoes.has(ctx.params.id)) raise('SolicRecNaoEncontrada');
    parse(solicRecRevisada, ctx.request.body, 'SolicRecOperacaoInvalida', 'solicrec');
    ctx.status = 201;
    ctx.body = mandates.renderSolicRec(outcome(mandates.cancelSolicRec(ctx.params.id)));
  });

  // --- cobr ------------------------------------------------------------------------------------
  router.put('/cobr/:txid', requires('cobr.write'), (ctx) => {
    const txid = ctx.params.txid;
    if (!isTxid(txid)) raise('CobROperacaoInvalida', [{ razao: 'O txid não respeita o schema [a-zA-Z0-9]{26,35}.', propriedade: 'txid', valor: txid }]);
    const body = parse(cobRSolicitada, ctx.request.body, 'CobROperacaoInvalida', 'cobr');
    ctx.status = 201;
    ctx.body = mandates.renderCobR(outcome(mandates.putCobR(txid, body)), false);
  });
  router.post('/cobr', requires('cobr.write'), (ctx) => {
    const body = parse(cobRSolicitada, ctx.request.body, 'CobROperacaoInvalida', 'cobr');
    ctx.status = 201;
    ctx.body = mandates.renderCobR(outcome(mandates.putCobR(randomBytes(16).toString('hex'), body)), false);
  });
  router.get('/cobr', requires('cobr.read'), (ctx) => {
    const q = list(cobrList, ctx.query, 'CobRConsultaInvalida');
    const { parametros, items } = page(mandates.listCobRs({ inicio: new Date(q.inicio), fim: new Date(q.fim), idRec: q.idRec, status: q.status, cpf: q.cpf, cnpj: q.cnpj }), q);
    ctx.body = { parametros, cobsr: items.map((c) => mandates.renderCobR(c, true)) };
  });
  router.get('/cobr/:txid', requires('cobr.read'), (ctx) => {
    ctx.body = mandates.renderCobR(cobr(ctx.params.txid), true);
  });
  router.patch('/cobr/:txid', requires('cobr.write'), (ctx) => {
    const c = cobr(ctx.params.txid);
    parse(cobRRevisada, ctx.request.body, 'CobROperacaoInvalida', 'cobr');
    ctx.body = mandates.renderCobR(outcome(mandates.cancelCobR(c.txid)), false);
  });
  router.post('/cobr/:txid/retentativa/:data', requires('cobr.write'), (ctx) => {
    const c = cobr(ctx.params.txid);
    if (!isCalendarDate(ctx.params.data)) raise('CobROperacaoInvalida', [{ razao: 'O parâmetro data não respeita o schema YYYY-MM-DD.', propriedade: 'data', valor: ctx.params.data }]);
    ctx.status = 201;
    ctx.body = mandates.renderCobR(outcome(mandates.retryCobR(c.txid, ctx.params.data)), true);
  });

  // --- webhookrec / webhookcobr: one URL each per receiving user ------------------------------
  for (const kind of ['rec', 'cobr'] as const) {
    const path = `/webhook${kind}`;
    router.put(path, requires(`webhook${kind}.write`), (ctx) => {
      const body = parse(webhookSolicitado, ctx.request.body, kind === 'rec' ? 'WebhookRecOperacaoInvalida' : 'WebhookCobROperacaoInvalida', 'webhook');
      const prev = mandates.webhooks[kind];
      mandates.webhooks[kind] = { url: body.webhookUrl, criacao: prev && prev.url === body.webhookUrl ? prev.criacao : new Date() };
      ctx.status = 200;
      ctx.body = '';
    });
    router.get(path, requires(`webhook${kind}.read`), (ctx) => {
      const w = mandates.webhooks[kind] ?? raise('NaoEncontrado', undefined, 'Webhook não encontrado.');
      ctx.body = { webhookUrl: w.url, criacao: w.criacao.toISOString() };
    });
    router.delete(path, requires(`webhook${kind}.write`), (ctx) => {
      if (!mandates.webhooks[kind]) raise('NaoEncontrado', undefined, 'Webhook não encontrado.');
      mandates.webhooks[kind] = null;
      ctx.status = 204;
    });
  }

  // --- the simulator's own controls (NOT part of the API Pix) ---------------------------------
  const approveBody = z.object({
    /** How the payer authorized: a request at their bank (1), the recurrence's QR (2), a composite QR with a payment (3). */
    jornada: z.enum(['JORNADA_1', 'JORNADA_2', 'JORNADA_3', 'JORNADA_4']).default('JORNADA_2'),
    /** What the payer's bank does with each attempt that falls due (default: pays). */
    payer: z.lazy(() => payerBody).optional(),
  });
  router.post('/embedded/rec/:idRec/approve', (ctx) => {
    const body = parse(approveBody, ctx.request.body, 'RequisicaoInvalida', 'approve');
    const r = outcome(mandates.approveRec(rec(ctx.params.idRec).idRec, body.jornada));
    if (body.payer) r.payer = body.payer as PayerBehaviour;
    ctx.body = mandates.renderRec(r, true);
  });
  router.post('/embedded/rec/:idRec/reject', (ctx) => {
    ctx.body = mandates.renderRec(outcome(mandates.rejectRec(rec(ctx.params.idRec).idRec)), true);
  });
  router.post('/embedded/rec/:idRec/cancel', (ctx) => {
    ctx.body = mandates.renderRec(outcome(mandates.payerCancelsRec(rec(ctx.params.idRec).idRec)), true);
  });
  router.post('/embedded/rec/:idRec/expire', (ctx) => {
    ctx.body = mandates.renderRec(outcome(mandates.expireRec(rec(ctx.params.idRec).idRec)), true);
  });
  router.post('/embedded/rec/:idRec/payer', (ctx) => {
    const r = rec(ctx.params.idRec);
    r.payer = parse(payerBody, ctx.request.body, 'RequisicaoInvalida', 'payer') as PayerBehaviour;
    ctx.body = mandates.renderRec(r, true);
  });
  router.post('/embedded/cobr/:txid/settle', (ctx) => {
    const c = cobr(ctx.params.txid);
    const body = parse(payerBody, ctx.request.body, 'RequisicaoInvalida', 'settle') as PayerBehaviour;
    ctx.body = mandates.renderCobR(outcome(mandates.settle(c.txid, body)), true);
  });
}
