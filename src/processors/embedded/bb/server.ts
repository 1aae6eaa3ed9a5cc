import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import { barcodeToLinhaDigitavel, buildBarcode } from '../../../payments/boleto.rules';
import { DeliverySender, retryDelays } from '../delivery';
import { FaultQueue, faultPath, faultRoutes, type QueuedFault } from '../fault-queue';
import { closeServer, countRequests, listenOn, safeEqual, type EmbeddedServer } from '../http-server';
import { addDays, amountDueOn, lastPayableDay, type BoletoTerms } from './bb.rules';
import { checkPagador } from './pagador.rules';
import { Books, type BookedBoleto } from './state';

/**
 * The embedded boleto issuer: Banco do Brasil's API Cobranças v2 as a process of its own, for
 * Lastro's `bb_cobranca` adapter to talk to as to BB. Implemented: OAuth2 client credentials
 * (`POST /oauth/token`), the application key (`gw-dev-app-key`, or `gw-app-key`) on every call,
 * `POST /cobrancas/v2/boletos` (online registration, payable at once, a numeroTituloCliente
 * registered once), `GET /cobrancas/v2/boletos/{id}`, `POST /cobrancas/v2/boletos/{id}/baixar`,
 * the list `GET /cobrancas/v2/boletos?indicadorSituacao=B`, and the liquidation webhook.
 * `/embedded/*` routes are the simulator's own: pay a boleto by its linha digitável (as BB's
 * homologation "pagar" does), set the issuer's day, the webhook URL per convênio, faults, books.
 */

export interface BbIssuerOptions {
  clientId?: string;
  clientSecret?: string;
  appKey?: string;
  webhookRetryBaseMs?: number;
  log?: (msg: Record<string, unknown>) => void;
  now?: () => Date;
}

export interface BbIssuerInfo {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  appKey: string;
}

export interface BbIssuer extends EmbeddedServer<BbIssuerInfo> {
  books: Books;
}

interface BbFault extends QueuedFault {
  status?: 500 | 502 | 503 | 504 | 429;
  retryAfter?: number;
  delayMs?: number;
  /** Serve the request to the end (the boleto registered), then drop the connection without an answer. */
  dropAnswerAfterCommit?: boolean;
}

class BbError extends Error {
  constructor(
    readonly status: number,
    readonly codigo: string,
    mensagem: string,
  ) {
    super(mensagem);
  }
}

const erros = (codigo: string, mensagem: string) => ({ erros: [{ codigo, versao: '1', mensagem, ocorrencia: `EMB${randomBytes(6).toString('hex').toUpperCase()}` }] });
export const NOT_FOUND = '4678420';
export const DUPLICATE = '4874915';
export const REJECTED = '4874900';
const INVALID = '4874911';

const toBb = (iso: string): string => iso.split('-').reverse().join('.');
function fromBb(field: string, v: unknown): string {
  const m = typeof v === 'string' ? /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(v) : null;
  const iso = m ? `${m[3]}-${m[2]}-${m[1]}` : '';
  if (!m || Number.isNaN(Date.parse(`${iso}T00:00:00Z`)) || new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10) !== iso) throw new BbError(400, INVALID, `${field}: informe a data no formato dd.mm.aaaa`);
  return iso;
}
function cents(field: string, v: unknown, min = 0): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || Math.round(v * 100) !== Number((v * 100).toFixed(6))) throw new BbError(400, INVALID, `${field}: valor inválido`);
  return Math.round(v * 100);
}
const percent = (field: string, v: unknown): number => {
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0 || v > 100) throw new BbError(400, INVALID, `${field}: percentual inválido`);
  return v;
};
const reais = (c: number): number => Number((c / 100).toFixed(2));
const brasiliaDay = (d: Date): string => new Date(d.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);

/** The registration body checked as BB checks it; the first fault is the 400 answer. */
function checkRegistration(body: unknown): { boleto: Omit<BookedBoleto, 'barcode' | 'line' | 'state' | 'paidAmount' | 'paidOn' | 'canceledOn' | 'registeredOn'> } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BbError(400, INVALID, 'Corpo da requisição inválido');
  const b = body as Record<string, unknown>;
  const convenio = String(b.numeroConvenio ?? '');
  if (!Number.isInteger(b.numeroConvenio) || !/^\d{7}$/.test(convenio)) throw new BbError(400, INVALID, 'numeroConvenio: informe o convênio de 7 dígitos');
  if (!Number.isInteger(b.numeroCarteira) || !Number.isInteger(b.numeroVariacaoCarteira)) throw new BbError(400, INVALID, 'numeroCarteira e numeroVariacaoCarteira: obrigatórios');
  if (b.codigoModalidade !== 1 && b.codigoModalidade !== 4) throw new BbError(400, INVALID, 'codigoModalidade: 1 (simples) ou 4 (vinculada)');
  const id = typeof b.numeroTituloCliente === 'string' ? b.numeroTituloCliente : '';
  if (!new RegExp(`^000${convenio}\\d{10}$`).test(id)) throw new BbError(400, INVALID, 'numeroTituloCliente: "000" + convênio (7 dígitos) + 10 dígitos');
  const issuedOn = fromBb('dataEmissao', b.dataEmissao);
  const dueDate = fromBb('dataVencimento', b.dataVencimento);
  if (dueDate < issuedOn) throw new BbError(400, INVALID, 'dataVencimento: anterior à data de emissão');
  const amount = cents('valorOriginal', b.valorOriginal, 0.01);
  const aceite = b.indicadorAceiteTituloVencido ?? 'N';
  if (aceite !== 'S' && aceite !== 'N') throw new BbError(400, INVALID, 'indicadorAceiteTituloVencido: S ou N');
  const days = aceite === 'S' ? b.numeroDiasLimiteRecebimento : 0;
  if (!Number.isInteger(days) || (days as number) < 0 || (days as number) > 999) throw new BbError(400, INVALID, 'numeroDiasLimiteRecebimento: de 0 a 999');
  const terms: BoletoTerms = { amount, dueDate, daysAfterDue: days as number, fine: null, interest: null, discount: null };
  const m = b.multa as Record<string, unknown> | undefined;
  if (m && m.tipo !== 0) {
    if (m.tipo !== 1 && m.tipo !== 2) throw new BbError(400, INVALID, 'multa.tipo: 0, 1 (valor) ou 2 (percentual)');
    const from = fromBb('multa.data', m.data);
    if (from <= dueDate) throw new BbError(400, INVALID, 'multa.data: posterior ao vencimento');
    terms.fine = m.tipo === 1 ? { kind: 1, value: cents('multa.valor', m.valor, 0.01), percent: 0, from } : { kind: 2, percent: percent('multa.porcentagem', m.porcentagem), value: 0, from };
  }
  const j = b.jurosMora as Record<string, unknown> | undefined;
  if (j && j.tipo !== 0 && j.tipo !== 3) {
    if (j.tipo !== 1 && j.tipo !== 2) throw new BbError(400, INVALID, 'jurosMora.tipo: 0, 1 (valor por dia), 2 (taxa mensal) ou 3 (isento)');
    terms.interest = j.tipo === 1 ? { kind: 1, value: cents('jurosMora.valor', j.valor, 0.01), percent: 0 } : { kind: 2, percent: percent('jurosMora.porcentagem', j.porcentagem), value: 0 };
  }
  const d = b.desconto as Record<string, unknown> | undefined;
  if (d && d.tipo !== 0) {
    if (d.tipo !== 1 && d.tipo !== 2) throw new BbError(400, INVALID, 'desconto.tipo: 0, 1 (valor fixo até a data) ou 2 (percentual até a data)');
    const until = fromBb('desconto.dataExpiracao', d.dataExpiracao);
    if (until > dueDate) throw new BbError(400, INVALID, 'desconto.dataExpiracao: até o vencimento');
    terms.discount = d.tipo === 1 ? { kind: 1, value: cents('desconto.valor', d.valor, 0.01), percent: 0, until } : { kind: 2, percent: percent('desconto.porcentagem', d.porcentagem), value: 0, until };
    if (d.tipo === 1 && terms.discount.value >= amount) throw new BbError(400, INVALID, 'desconto.valor: menor que o valor do título');
  }
  const pagador = checkPagador(b.pagador);
  if ('refused' in pagador) throw new BbError(400, INVALID, pagador.refused);
  const payer: BookedBoleto['payer'] = pagador.ok;
  const instructions = typeof b.mensagemBloquetoOcorrencia === 'string' ? b.mensagemBloquetoOcorrencia : null;
  return {
    boleto: { id, convenio, carteira: b.numeroCarteira as number, variacao: b.numeroVariacaoCarteira as number, terms, issuedOn, reference: String(b.numeroTituloBeneficiario ?? ''), instructions, payer },
  };
}

/** BB's free field for a 7-digit convênio: six zeros, the nosso número (convênio + 10 digits), the carteira. */
function barcodeOf(b: Pick<BookedBoleto, 'id' | 'carteira' | 'terms'>): string {
  const freeField = `000000${b.id.slice(3)}${String(b.carteira).padStart(2, '0').slice(-2)}`;
  return buildBarcode({ bankCode: '001', amount: b.terms.amount, dueDate: b.terms.dueDate, freeField });
}

export function createBbIssuer(options: BbIssuerOptions = {}): BbIssuer {
  const clientId = options.clientId ?? `bb_${randomBytes(8).toString('hex')}`;
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const appKey = options.appKey ?? randomBytes(16).toString('hex');
  const log = options.log ?? (() => undefined);
  const now = options.now ?? (() => new Date());
  let todayOverride: string | null = null;
  const today = () => todayOverride ?? brasiliaDay(now());
  const books = new Books();
  const tokens = new Map<string, number>();
  const requests: Record<string, number> = {};
  const faults = new FaultQueue<BbFault>();
  const deliveries = new DeliverySender({ timeoutMs: 5_000, log, what: 'webhook' });
  const delays = retryDelays(6, options.webhookRetryBaseMs ?? 250);

  /** Lazily: a boleto past its last payable day is baixado by the bank (decurso de prazo). */
  const current = (b: BookedBoleto): BookedBoleto => {
    if (b.state === 1 && today() > lastPayableDay(b.terms)) {
      b.state = 7;
      b.canceledOn = addDays(lastPayableDay(b.terms), 1);
    }
    return b;
  };
  const find = (id: string, convenio?: unknown): BookedBoleto => {
    const b = books.boletos.get(id);
    if (!b || (convenio !== undefined && String(convenio) !== b.convenio)) throw new BbError(404, NOT_FOUND, 'Título não encontrado');
    return current(b);
  };
  const view = (b: BookedBoleto) => ({
    codigoLinhaDigitavel: b.line,
    codigoBarraNumerico: b.barcode,
    numeroContratoCobranca: Number(b.convenio),
    codigoEstadoTituloCobranca: b.state,
    codigoTipoTituloCobranca: 2,
    codigoModalidadeTitulo: 1,
    numeroTituloCedenteCobranca: b.reference,
    dataEmissaoTituloCobranca: toBb(b.issuedOn),
    dataRegistroTituloCobranca: toBb(b.registeredOn),
    dataVencimentoTituloCobranca: toBb(b.terms.dueDate),
    valorOriginalTituloCobranca: reais(b.terms.amount),
    valorAtualTituloCobranca: reais(amountDueOn(b.terms, today()) ?? b.terms.amount),
    textoMensagemBloquetoTitulo: b.instructions ?? '',
    nomeSacadoCobranca: b.payer?.nome ?? '',
    dataRecebimentoTitulo: b.paidOn ? toBb(b.paidOn) : '',
    valorPagoSacado: b.paidAmount === null ? 0 : reais(b.paidAmount),
    valorMultaRecebido: 0,
    valorJuroMoraRecebido: 0,
    dataBaixaAutomaticoTitulo: toBb(addDays(lastPayableDay(b.terms), 1)),
  });

  const app = new Koa();
  const router = new Router();
  app.use(countRequests(requests));
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (err instanceof BbError) {
        ctx.status = err.status;
        ctx.body = erros(err.codigo, err.message);
        return;
      }
      log({ msg: 'internal error', error: err instanceof Error ? err.message : String(err) });
      ctx.status = 500;
      ctx.body = erros('5000000', 'Erro interno');
    }
  });
  // The body is read before a fault applies: a registration held back by `delayMs` completes even when its client has gone, as at a bank.
  app.use(bodyParser({ enableTypes: ['json', 'form'] }));
  app.use(async (ctx, next) => {
    const f = faults.take(ctx.method, ctx.path);
    if (!f) return next();
    if (f.delayMs) await sleep(f.delayMs);
    if (f.dropAnswerAfterCommit) {
      try {
        await next();
      } finally {
        ctx.respond = false;
        ctx.req.socket.destroy();
      }
      return;
    }
    if (f.status === undefined) return next();
    if (f.retryAfter !== undefined) ctx.set('Retry-After', String(f.retryAfter));
    ctx.status = f.status;
    ctx.body = erros('5000001', 'Serviço indisponível');
  });

  router.post('/oauth/token', (ctx) => {
    const m = /^Basic (.+)$/i.exec(ctx.get('authorization'));
    const [id, secret] = m ? Buffer.from(m[1], 'base64').toString().split(':') : [];
    if (!m || id !== clientId || !safeEqual(secret ?? '', clientSecret)) {
      ctx.status = 401;
      ctx.body = { error: 'invalid_client', error_description: 'Client authentication failed.' };
      return;
    }
    if ((ctx.request.body as Record<string, string> | undefined)?.grant_type !== 'client_credentials') {
      ctx.status = 400;
      ctx.body = { error: 'unsupported_grant_type', error_description: 'Only client_credentials is supported.' };
      return;
    }
    const token = randomBytes(32).toString('base64url');
    tokens.set(token, now().getTime() + 600_000);
    ctx.body = { access_token: token, token_type: 'Bearer', expires_in: 600, scope: 'cobrancas.boletos-info cobrancas.boletos-requisicao' };
  });

  const authorized: Koa.Middleware = async (ctx, next) => {
    const m = /^Bearer (.+)$/i.exec(ctx.get('authorization'));
    const until = m ? tokens.get(m[1]) : undefined;
    if (until === undefined || until <= now().getTime()) {
      ctx.status = 401;
      ctx.body = { statusCode: 401, error: 'Unauthorized', message: 'Token inválido ou expirado' };
      return;
    }
    const key = (ctx.query['gw-dev-app-key'] ?? ctx.query['gw-app-key']) as string | undefined;
    if (!key || !safeEqual(key, appKey)) {
      ctx.status = 401;
      ctx.body = { statusCode: 401, error: 'Unauthorized', message: 'gw-dev-app-key inválida' };
      return;
    }
    await next();
  };

  router.post('/cobrancas/v2/boletos', authorized, (ctx) => {
    const { boleto } = checkRegistration(ctx.request.body);
    if (books.boletos.has(boleto.id)) throw new BbError(400, DUPLICATE, 'Nosso Número já incluído anteriormente.');
    if (boleto.instructions?.includes('[sandbox:reject]')) throw new BbError(400, REJECTED, 'Título recusado pelo simulador ([sandbox:reject] nas instruções)');
    const barcode = barcodeOf(boleto);
    const booked: BookedBoleto = { ...boleto, barcode, line: barcodeToLinhaDigitavel(barcode), state: 1, paidAmount: null, paidOn: null, canceledOn: null, registeredOn: today() };
    books.boletos.set(booked.id, booked);
    ctx.status = 201;
    ctx.body = {
      numero: booked.id,
      numeroCarteira: booked.carteira,
      numeroVariacaoCarteira: booked.variacao,
      codigoCliente: Number(booked.convenio),
      linhaDigitavel: booked.line,
      codigoBarraNumerico: booked.barcode,
      numeroContratoCobranca: Number(booked.convenio),
      beneficiario: { agencia: 1, contaCorrente: 1, tipoEndereco: 1, logradouro: '', bairro: '', cidade: '', codigoCidade: 0, uf: '', cep: 0, indicadorComprovacao: '' },
      qrCode: { url: '', txId: '', emv: '' },
    };
  });

  router.get('/cobrancas/v2/boletos/:id', authorized, (ctx) => {
    if (ctx.query.numeroConvenio === undefined) throw new BbError(400, INVALID, 'numeroConvenio: obrigatório');
    ctx.body = view(find(ctx.params.id, ctx.query.numeroConvenio));
  });

  router.post('/cobrancas/v2/boletos/:id/baixar', authorized, (ctx) => {
    const b = find(ctx.params.id, (ctx.request.body as Record<string, unknown> | undefined)?.numeroConvenio);
    if (b.state !== 1) throw new BbError(400, '4874920', b.state === 6 ? 'Título liquidado não pode ser baixado' : 'Título já baixado');
    b.state = 7;
    b.canceledOn = today();
    ctx.body = { numeroContratoCobranca: String(b.convenio), dataBaixa: toBb(b.canceledOn), horarioBaixa: now().toISOString().slice(11, 19) };
  });

  router.get('/cobrancas/v2/boletos', authorized, (ctx) => {
    const q = ctx.query as Record<string, string | undefined>;
    if (q.indicadorSituacao !== 'A' && q.indicadorSituacao !== 'B') throw new BbError(400, INVALID, 'indicadorSituacao: A (em ser) ou B (baixados/liquidados)');
    if (!q.agenciaBeneficiario || !q.contaBeneficiario) throw new BbError(400, INVALID, 'agenciaBeneficiario e contaBeneficiario: obrigatórios');
    const from = q.dataInicioMovimento ? fromBb('dataInicioMovimento', q.dataInicioMovimento) : '0000-00-00';
    const to = q.dataFimMovimento ? fromBb('dataFimMovimento', q.dataFimMovimento) : '9999-99-99';
    const state = q.codigoEstadoTituloCobranca ? Number(q.codigoEstadoTituloCobranca) : null;
    const all = [...books.boletos.values()].map(current).filter((b) => {
      if (q.indicadorSituacao === 'A') return b.state === 1;
      const moved = b.paidOn ?? b.canceledOn ?? '';
      return b.state !== 1 && (state === null || b.state === state) && moved >= from && moved <= to;
    });
    const index = Number(q.indice ?? 0);
    const page = all.slice(index, index + 300);
    const more = index + page.length < all.length;
    ctx.body = {
      indicadorContinuidade: more ? 'S' : 'N',
      quantidadeRegistros: page.length,
      proximoIndice: more ? index + page.length : 0,
      boletos: page.map((b) => ({
        numeroBoletoBB: b.id,
        dataRegistro: toBb(b.registeredOn),
        dataVencimento: toBb(b.terms.dueDate),
        valorOriginal: reais(b.terms.amount),
        carteiraConvenio: b.carteira,
        variacaoCarteiraConvenio: b.variacao,
        codigoEstadoTituloCobranca: b.state,
        estadoTituloCobranca: b.state === 1 ? 'NORMAL' : b.state === 6 ? 'LIQUIDADO' : 'BAIXADO',
        contrato: Number(b.convenio),
        dataMovimento: toBb(b.paidOn ?? b.canceledOn ?? b.registeredOn),
        dataCredito: b.paidOn ? toBb(b.paidOn) : '',
        valorAtual: reais(amountDueOn(b.terms, today()) ?? b.terms.amount),
        valorPago: b.paidAmount === null ? 0 : reais(b.paidAmount),
      })),
    };
  });

  // --- the simulator's own routes -------------------------------------------------------------

  /** Pays a boleto by its linha digitável or barcode, on `date` (default: the issuer's today), as a payer's bank would. */
  router.post('/embedded/boletos-cobranca/:line/pagar', (ctx) => {
    const b = books.byLine(ctx.params.line.replace(/\D/g, ''));
    if (!b) throw new BbError(404, NOT_FOUND, 'Título não encontrado');
    const date = (ctx.request.body as { date?: unknown } | undefined)?.date;
    const on = typeof date === 'string' ? date : today();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(on)) throw new BbError(400, INVALID, 'date: YYYY-MM-DD');
    if (b.state === 1 && on > lastPayableDay(b.terms)) current(b);
    if (b.state !== 1) throw new BbError(409, '4874920', b.state === 6 ? 'Título já liquidado' : 'Título baixado: não pode ser pago');
    const due = amountDueOn(b.terms, on);
    if (due === null) throw new BbError(409, '4874921', 'Título vencido além do limite de recebimento');
    b.state = 6;
    b.paidAmount = due;
    b.paidOn = on;
    const url = books.webhooks.get(b.convenio);
    const delivery = url
      ? deliveries.send(url, [
        {
          id: b.id,
          dataRegistro: toBb(b.registeredOn),
          dataVencimento: toBb(b.terms.dueDate),
          valorOriginal: reais(b.terms.amount),
          valorPagoSacado: reais(due),
          numeroConvenio: Number(b.convenio),
          numeroOperacao: Number(randomBytes(4).readUInt32BE(0) % 100_000_000),
          carteiraConvenio: b.carteira,
          variacaoCarteiraConvenio: b.variacao,
          codigoEstadoBaixaOperacional: 1,
          dataLiquidacao: `${toBb(on)} ${now().toISOString().slice(11, 19)}`,
          instituicaoLiquidacao: '001',
          canalLiquidacao: 4,
          codigoModalidadeBoleto: 1,
          tipoPessoaPortador: b.payer?.tipoInscricao ?? 2,
          identidadePortador: Number(b.payer?.numeroInscricao ?? 0),
          nomePortador: b.payer?.nome ?? '',
          formaPagamento: 2,
        },
      ], delays)
      : null;
    ctx.status = 201;
    ctx.body = { id: b.id, valorPago: reais(due), dataPagamento: on, webhook: delivery ? 'scheduled' : 'none' };
  });

  router.put('/embedded/webhooks/:convenio', (ctx) => {
    const url = (ctx.request.body as { url?: unknown } | undefined)?.url;
    if (!/^\d{7}$/.test(ctx.params.convenio)) throw new BbError(400, INVALID, 'convênio: 7 dígitos');
    if (url === null) books.webhooks.delete(ctx.params.convenio);
    else if (typeof url === 'string' && /^https?:\/\//.test(url)) books.webhooks.set(ctx.params.convenio, url);
    else throw new BbError(400, INVALID, 'url: an http(s) URL, or null');
    ctx.status = 204;
  });

  router.put('/embedded/today', (ctx) => {
    const date = (ctx.request.body as { date?: unknown } | undefined)?.date;
    if (date !== null && (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date))) throw new BbError(400, INVALID, 'date: YYYY-MM-DD, or null for the clock');
    todayOverride = date;
    ctx.body = { today: today() };
  });

  router.get('/embedded/boletos', (ctx) => {
    const convenio = ctx.query.convenio;
    ctx.body = [...books.boletos.values()].map(current).filter((b) => !convenio || b.convenio === convenio).map((b) => ({ ...b, terms: b.terms }));
  });
  router.get('/embedded/deliveries', (ctx) => {
    ctx.body = deliveries.deliveries.map((d) => ({ ...d, url: new URL(d.url).origin }));
  });
  router.get('/embedded/stats', (ctx) => {
    ctx.body = { faultsApplied: faults.applied, faultsPending: faults.pending, requests };
  });
  faultRoutes(router, faults, (body) => {
    const f = (body ?? {}) as Record<string, unknown>;
    const status = f.status;
    if (status !== undefined && ![500, 502, 503, 504, 429].includes(status as number)) throw new BbError(400, INVALID, 'status: 500, 502, 503, 504 or 429');
    if (f.path !== undefined && !faultPath.safeParse(f.path).success) throw new BbError(400, INVALID, 'path: a regular expression');
    const times = f.times === undefined ? 1 : Number(f.times);
    if (!Number.isInteger(times) || times < 1) throw new BbError(400, INVALID, 'times: a positive integer');
    if (status === undefined && !f.delayMs && !f.dropAnswerAfterCommit) throw new BbError(400, INVALID, 'a fault: status, delayMs or dropAnswerAfterCommit');
    return {
      times,
      ...(f.path !== undefined ? { path: String(f.path) } : {}),
      ...(status !== undefined ? { status: status as BbFault['status'] } : {}),
      ...(f.retryAfter !== undefined ? { retryAfter: Number(f.retryAfter) } : {}),
      ...(f.delayMs !== undefined ? { delayMs: Number(f.delayMs) } : {}),
      ...(f.dropAnswerAfterCommit ? { dropAnswerAfterCommit: true } : {}),
    };
  });

  app.use(router.routes());
  app.use(router.allowedMethods());
  const server = http.createServer(app.callback());

  return {
    books,
    async listen(port, host = '127.0.0.1') {
      const hostPort = await listenOn(server, port, host);
      const baseUrl = `http://${hostPort}`;
      return { baseUrl, tokenUrl: `${baseUrl}/oauth/token`, clientId, clientSecret, appKey };
    },
    async close() {
      deliveries.close();
      await closeServer(server);
    },
  };
}
