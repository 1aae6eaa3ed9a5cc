import http from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import { z } from 'zod';
import { centsToValor, cobvAmountOn, isDevolucaoId, isEndToEndId, isTxid, paginacao, problema, type Problema, type TipoErro } from './pix.rules';
import { cobRevisada, cobSolicitada, cobvRevisada, cobvSolicitada, devolucaoSolicitada, violacoesOf, webhookSolicitado } from './schemas';
import { Books, type BooksOptions, type CobRecord, type Kind } from './state';
import { WebhookSender, type CallbackMode } from './webhook';
import { MandateBooks } from './mandates';
import { mandateRoutes } from './mandate.routes';
import { DeliveryBatches, DeliverySender, retryDelays } from '../delivery';
import { Faults, faultBody } from './faults';
import { faultRoutes } from '../fault-queue';
import { closeServer, countRequests, listenOn, safeEqual, type EmbeddedServer } from '../http-server';

/**
 * The embedded Pix PSP: a receiving PSP that speaks the Central Bank's API Pix (release 2.9.0)
 * over HTTP, for Lastro's Pix adapter to talk to exactly as to a production PSP. Implemented:
 * OAuth2 client credentials (`POST /oauth/token`) with the document's scopes per route, `cob`,
 * `cobv`, `pix`, `devolucao`, `webhook`, and the payload `location` (a JWS) a payer's bank reads.
 * `/embedded/*` routes are the simulator's own (outside the BCB API): a payer paying a charge,
 * faults injected into the next API answers (`faults.ts`), counters.
 * With `tls` it serves HTTPS and requires a client certificate issued by `tls.ca` on the token
 * endpoint and every API route (mutual TLS, as the BCB requires of PSPs); the payload location and
 * its key set stay public, as a payer's bank reads them. State lives in memory: see `state.ts`.
 */

export const ALL_SCOPES = [
  'cob.write',
  'cob.read',
  'cobv.write',
  'cobv.read',
  'pix.write',
  'pix.read',
  'webhook.write',
  'webhook.read',
  'payloadlocationrec.write',
  'payloadlocationrec.read',
  'rec.write',
  'rec.read',
  'solicrec.write',
  'solicrec.read',
  'cobr.write',
  'cobr.read',
  'webhookrec.write',
  'webhookrec.read',
  'webhookcobr.write',
  'webhookcobr.read',
] as const;
export type Scope = (typeof ALL_SCOPES)[number];

export interface PixPspOptions {
  clientId?: string;
  clientSecret?: string;
  tokenTtlSeconds?: number;
  ispb?: string;
  payerIspb?: string;
  chaves?: string[];
  recebedor?: BooksOptions['recebedor'];
  /** Delay before a devolução leaves EM_PROCESSAMENTO (the SPI's answer), ms. */
  devolucaoDelayMs?: number;
  /** `batchMs`: how long Pix Automático notices for one URL gather into one callback (default 100). */
  webhook?: { attempts?: number; retryBaseMs?: number; lateMs?: number; timeoutMs?: number; batchMs?: number };
  log?: (msg: Record<string, unknown>) => void;
  now?: () => Date;
  /** Mutual TLS: the server's certificate and key, and the CA whose client certificates are accepted. */
  tls?: { cert: Buffer; key: Buffer; ca: Buffer };
}

export interface PixPspInfo {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface PixPsp extends EmbeddedServer<PixPspInfo> {
  books: Books;
  mandates: MandateBooks;
}

const PROBLEM = 'application/problem+json';

class HttpProblem extends Error {
  constructor(readonly problem: Problema) {
    super(problem.title);
  }
}
const raise = (tipo: TipoErro, violacoes?: Parameters<typeof problema>[1], detail?: string): never => {
  throw new HttpProblem(problema(tipo, violacoes, detail));
};

interface Token {
  scopes: Set<string>;
  expiresAt: number;
}

export function createPixPsp(options: PixPspOptions = {}): PixPsp {
  const clientId = options.clientId ?? `psp_${randomBytes(8).toString('hex')}`;
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const ttl = options.tokenTtlSeconds ?? 3600;
  // The simulator's clock: the host's (or `options.now`) moved by `/embedded/clock`, so a test
  // whose own clock skips ahead (Temporal's time skipping) has the PSP settle on the same days.
  let clockOffsetMs = 0;
  const baseNow = options.now ?? (() => new Date());
  const now = () => new Date(baseNow().getTime() + clockOffsetMs);
  const log = options.log ?? (() => undefined);
  const books = new Books({
    locationHost: 'localhost',
    ispb: options.ispb ?? '99999004',
    payerIspb: options.payerIspb ?? '99999005',
    chaves: options.chaves ?? [],
    recebedor: options.recebedor ?? { cnpj: '11222333000181', nome: 'Recebedor Embedded', logradouro: 'Rua do Sandbox, 1', cidade: 'Sao Paulo', uf: 'SP', cep: '01001000' },
    now,
  });
  const sender = new WebhookSender({
    attempts: options.webhook?.attempts ?? 6,
    retryBaseMs: options.webhook?.retryBaseMs ?? 250,
    lateMs: options.webhook?.lateMs ?? 2000,
    timeoutMs: options.webhook?.timeoutMs ?? 5000,
    log,
  });
  const recurrenceSender = new DeliverySender({ timeoutMs: options.webhook?.timeoutMs ?? 5000, log, what: 'callback' });
  // The notices of one URL within `batchMs` go in one body: a billing run's burst of scheduled charges is one callback, not one each.
  const noticeBatches = (wrap: (items: unknown[]) => unknown) =>
    new DeliveryBatches<unknown>({
      windowMs: options.webhook?.batchMs ?? 100,
      // A client may read each concluded charge back before it answers: a body small enough to answer well within the timeout.
      max: 50,
      deliver: (url, items) => recurrenceSender.send(url, wrap(items), retryDelays(options.webhook?.attempts ?? 6, options.webhook?.retryBaseMs ?? 250)),
    });
  const notices = { rec: noticeBatches((recs) => ({ recs })), cobr: noticeBatches((cobsr) => ({ cobsr })) };
  const mandates = new MandateBooks({
    ispb: books.opts.ispb,
    payerIspb: books.opts.payerIspb,
    locationHost: () => books.opts.locationHost,
    recebedor: books.opts.recebedor,
    now,
    charge: (txid) => {
      const cob = books.cobs.get(txid);
      return cob ? { kind: cob.kind, location: cob.loc.location } : null;
    },
    // `POST <webhookrec>/rec` and `POST <webhookcobr>/cobr`, batched, retried as the Pix callbacks are.
    notify: (n) => {
      const w = mandates.webhooks[n.kind];
      if (!w) return;
      const url = `${w.url.replace(/\/+$/, '')}/${n.kind}`;
      notices[n.kind].add(url, n.kind === 'rec' ? mandates.renderRecNotification(n.rec) : mandates.renderCobRNotification(n.cobr));
    },
  });
  // Attempts fall due on the PSP's clock: checked every second and after every clock move.
  const ticker = setInterval(() => mandates.tick(), 1000);
  ticker.unref();
  const tokens = new Map<string, Token>();
  const devolucaoTimers = new Set<NodeJS.Timeout>();
  const faults = new Faults();
  let tokensIssued = 0;
  // Requests answered per route (`PUT /cob/:txid`), for a benchmark to count the calls an operation makes.
  const requests: Record<string, number> = {};
  // The payload location is a JWS signed by this PSP; the key is made at start (fresh books, fresh key).
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...(publicKey.export({ format: 'jwk' }) as Record<string, unknown>), kid: createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('base64url').slice(0, 16), use: 'sig', alg: 'RS256' };
  let baseUrl = '';

  const app = new Koa();
  app.proxy = false;

  app.use(async (ctx, next) => {
    try {
      await next();
      // @koa/router answers 501 to a method no route has (TRACE…), a server error for a client's
      // request: on an API path it is as unsupported as any other method there (405 with Allow),
      // elsewhere the path is not found.
      if (ctx.status === 501 && ctx.body === undefined) {
        if (ctx.response.get('Allow')) ctx.status = 405;
        else {
          ctx.remove('Allow');
          raise('NaoEncontrado');
        }
      }
      if (ctx.status === 405 && ctx.body === undefined) {
        ctx.type = PROBLEM;
        // The API Pix names no error type for a method a resource does not take: RFC 7807's `about:blank`.
        ctx.body = { type: 'about:blank', title: 'Method Not Allowed', status: 405, detail: `O recurso não aceita o método ${ctx.method}.` };
      }
      if (ctx.status === 404 && ctx.body === undefined) raise('NaoEncontrado');
    } catch (err) {
      if (err instanceof HttpProblem) {
        ctx.status = err.problem.status;
        ctx.type = PROBLEM;
        ctx.body = err.problem;
        return;
      }
      const status = (err as { status?: number }).status;
      if (status === 400 || status === 413 || status === 415) {
        ctx.status = 400;
        ctx.type = PROBLEM;
        ctx.body = problema('RequisicaoInvalida', undefined, 'O corpo da requisição não pôde ser lido.');
        return;
      }
      log({ msg: 'internal error', error: err instanceof Error ? err.message : String(err) });
      ctx.status = 500;
      ctx.type = PROBLEM;
      ctx.body = problema('ErroInternoDoServidor');
    }
  });
  app.use(countRequests(requests));
  app.use(faults.middleware());
  // Mutual TLS: the client certificate is asked for in the handshake and checked here, so that the
  // payload location (read by any payer's bank, without a client certificate) stays reachable.
  if (options.tls) {
    app.use(async (ctx, next) => {
      const publicPath = ctx.path === '/jwks' || ctx.path.startsWith('/qr/');
      if (!publicPath && !(ctx.req.socket as TLSSocket).authorized) {
        if (ctx.path === '/oauth/token') {
          ctx.status = 401;
          ctx.body = { error: 'invalid_client', error_description: 'A client certificate issued by this PSP is required (mutual TLS).' };
          return;
        }
        raise('AcessoNegado', undefined, 'Certificado de cliente ausente ou não reconhecido (mTLS).');
      }
      await next();
    });
  }
  app.use(bodyParser({ enableTypes: ['json', 'form'], encoding: 'utf-8' }) as unknown as Koa.Middleware);

  const router = new Router();

  // --- OAuth2 client credentials (RFC 6749 §4.4): errors are OAuth2's, not the API Pix's. ----
  router.post('/oauth/token', (ctx) => {
    const oauthError = (status: number, error: string, description: string) => {
      ctx.status = status;
      if (status === 401) ctx.set('WWW-Authenticate', 'Basic realm="oauth"');
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { error, error_description: description };
    };
    const m = /^Basic\s+(.+)$/i.exec(ctx.get('authorization'));
    const [id, secret] = m ? Buffer.from(m[1], 'base64').toString('utf8').split(/:(.*)/s) : [];
    if (!m || id !== clientId || !safeEqual(secret ?? '', clientSecret)) return oauthError(401, 'invalid_client', 'Client authentication failed.');
    if (!ctx.is('application/x-www-form-urlencoded')) return oauthError(400, 'invalid_request', 'Use application/x-www-form-urlencoded.');
    const form = (ctx.request.body ?? {}) as Record<string, string>;
    if (form.grant_type !== 'client_credentials') return oauthError(400, 'unsupported_grant_type', 'Only client_credentials is supported.');
    const asked = form.scope ? form.scope.split(/\s+/).filter(Boolean) : [...ALL_SCOPES];
    const unknown = asked.filter((s) => !(ALL_SCOPES as readonly string[]).includes(s));
    if (unknown.length > 0) return oauthError(400, 'invalid_scope', `Unknown scope: ${unknown.join(' ')}`);
    const token = randomBytes(32).toString('base64url');
    tokens.set(token, { scopes: new Set(asked), expiresAt: now().getTime() + ttl * 1000 });
    tokensIssued++;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { access_token: token, token_type: 'Bearer', expires_in: ttl, scope: asked.join(' ') };
  });

  /** A bearer token that is valid and carries `scope`: 401 without one, 403 AcessoNegado without the scope. */
  const requires =
    (scope: Scope): Koa.Middleware =>
    async (ctx, next) => {
      const m = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'));
      const t = m ? tokens.get(m[1]) : undefined;
      if (t && t.expiresAt <= now().getTime()) tokens.delete(m![1]);
      if (!t || t.expiresAt <= now().getTime()) {
        ctx.status = 401;
        ctx.set('WWW-Authenticate', `Bearer realm="api-pix", error="invalid_token", scope="${scope}"`);
        ctx.type = PROBLEM;
        // The API Pix names no error type for a missing token: RFC 7807's `about:blank`.
        ctx.body = { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'Token de acesso ausente, inválido ou expirado.' };
        return;
      }
      if (!t.scopes.has(scope)) raise('AcessoNegado', undefined, `O token não tem o escopo ${scope}.`);
      await next();
    };

  const parse = <T>(schema: z.ZodType<T>, body: unknown, tipo: TipoErro, prefix: string): T => {
    const r = schema.safeParse(body ?? {});
    if (!r.success) raise(tipo, violacoesOf(r.error, prefix));
    return (r as { data: T }).data;
  };

  // --- cob / cobv ------------------------------------------------------------------------------
  for (const kind of ['cob', 'cobv'] as const) {
    const k = kind === 'cob' ? { op: 'CobOperacaoInvalida', q: 'CobConsultaInvalida', nf: 'CobNaoEncontrado' } : { op: 'CobVOperacaoInvalida', q: 'CobVConsultaInvalida', nf: 'CobVNaoEncontrada' };
    const write = `${kind}.write` as Scope;
    const read = `${kind}.read` as Scope;
    const found = (txid: string): CobRecord => {
      const rec = isTxid(txid) ? books.cobs.get(txid) : undefined;
      if (!rec || rec.kind !== kind) raise(k.nf as TipoErro);
      return rec!;
    };

    router.put(`/${kind}/:txid`, requires(write), (ctx) => {
      const txid = ctx.params.txid;
      if (!isTxid(txid)) raise(k.op as TipoErro, [{ razao: 'O txid não respeita o schema [a-zA-Z0-9]{26,35}.', propriedade: 'txid', valor: txid }]);
      const body = kind === 'cob' ? parse(cobSolicitada, ctx.request.body, k.op as TipoErro, kind) : parse(cobvSolicitada, ctx.request.body, k.op as TipoErro, kind);
      const r = books.put(kind, txid, body);
      if (!r.ok) throw new HttpProblem(r.problem);
      ctx.status = 201;
      ctx.body = books.render(r.value);
    });

    router.patch(`/${kind}/:txid`, requires(write), (ctx) => {
      const rec = found(ctx.params.txid);
      const body = kind === 'cob' ? parse(cobRevisada, ctx.request.body, k.op as TipoErro, kind) : parse(cobvRevisada, ctx.request.body, k.op as TipoErro, kind);
      const r = books.patch(kind, rec.txid, body);
      if (!r.ok) throw new HttpProblem(r.problem);
      ctx.body = books.render(r.value);
    });

    router.get(`/${kind}/:txid`, requires(read), (ctx) => {
      const rec = found(ctx.params.txid);
      let revisao: number | undefined;
      if (ctx.query.revisao !== undefined) {
        revisao = Number(ctx.query.revisao);
        if (!Number.isInteger(revisao) || revisao < 0 || revisao >= rec.revisions.length) {
          raise(k.q as TipoErro, [{ razao: 'O parâmetro revisao corresponde a uma revisão inexistente para a cobrança.', propriedade: 'revisao', valor: String(ctx.query.revisao) }]);
        }
      }
      ctx.body = books.render(rec, { revisao, withPix: true });
    });
  }

  // --- pix ---------------------------------------------------------------------------------------
  router.get('/pix/:e2eid', requires('pix.read'), (ctx) => {
    const p = isEndToEndId(ctx.params.e2eid) ? books.pix.get(ctx.params.e2eid) : undefined;
    if (!p) raise('PixNaoEncontrado');
    ctx.body = books.renderPix(p!);
  });

  const listQuery = z
    .object({
      inicio: z.iso.datetime({ offset: true }),
      fim: z.iso.datetime({ offset: true }),
      txid: z.string().regex(/^[a-zA-Z0-9]{1,35}$/).optional(),
      txIdPresente: z.enum(['true', 'false']).optional(),
      devolucaoPresente: z.enum(['true', 'false']).optional(),
      cpf: z.string().regex(/^\d{11}$/).optional(),
      cnpj: z.string().regex(/^[0-9A-Z]{14}$/).optional(),
      'paginacao.paginaAtual': z.coerce.number().int().min(0).default(0),
      'paginacao.itensPorPagina': z.coerce.number().int().min(1).max(1000).default(100),
    })
    .superRefine((q, c) => {
      if (Date.parse(q.fim) < Date.parse(q.inicio)) c.addIssue({ code: 'custom', path: ['fim'], message: 'fim é anterior a inicio' });
      if (q.cpf !== undefined && q.cnpj !== undefined) c.addIssue({ code: 'custom', path: ['cpf'], message: 'cpf e cnpj não podem ser usados juntos' });
    });
  router.get('/pix', requires('pix.read'), (ctx) => {
    const r = listQuery.safeParse(ctx.query);
    if (!r.success) raise('PixConsultaInvalida', r.error.issues.map((i) => ({ razao: i.message, propriedade: i.path.join('.') })));
    const q = r.data!;
    const bool = (s?: string) => (s === undefined ? undefined : s === 'true');
    const all = books.listPix({ inicio: new Date(q.inicio), fim: new Date(q.fim), txid: q.txid, txIdPresente: bool(q.txIdPresente), devolucaoPresente: bool(q.devolucaoPresente), cpf: q.cpf, cnpj: q.cnpj });
    const page = q['paginacao.paginaAtual'];
    const per = q['paginacao.itensPorPagina'];
    const parametros: Record<string, unknown> = { inicio: q.inicio, fim: q.fim };
    for (const key of ['txid', 'txIdPresente', 'devolucaoPresente', 'cpf', 'cnpj'] as const) if (q[key] !== undefined) parametros[key] = key.endsWith('Presente') ? q[key] === 'true' : q[key];
    parametros.paginacao = paginacao(all.length, page, per);
    ctx.body = { parametros, pix: all.slice(page * per, page * per + per).map((p) => books.renderPix(p)) };
  });

  // --- devolução ---------------------------------------------------------------------------------
  const notifyPix = (e2eid: string, mode: CallbackMode = 'normal') => {
    const p = books.pix.get(e2eid);
    if (!p || p.txid === undefined) return; // the document: only Pix with a txid are notified
    const w = books.webhooks.get(p.chave);
    if (w) sender.send(w.webhookUrl, { pix: [books.renderPix(p)] }, mode);
  };

  router.put('/pix/:e2eid/devolucao/:id', requires('pix.write'), (ctx) => {
    const { e2eid, id } = ctx.params;
    if (!isEndToEndId(e2eid) || !books.pix.has(e2eid)) raise('PixNaoEncontrado');
    if (!isDevolucaoId(id)) raise('PixDevolucaoInvalida', [{ razao: 'O id não respeita o schema [a-zA-Z0-9]{1,35}.', propriedade: 'id', valor: id }]);
    const body = parse(devolucaoSolicitada, ctx.request.body, 'PixDevolucaoInvalida', 'devolucao');
    const r = books.requestDevolucao(e2eid, id, body);
    if (!r.ok) throw new HttpProblem(r.problem);
    if (r.created) {
      const t = setTimeout(() => {
        devolucaoTimers.delete(t);
        if (books.settleDevolucao(e2eid, id)) notifyPix(e2eid);
      }, options.devolucaoDelayMs ?? 50);
      devolucaoTimers.add(t);
    }
    ctx.status = 201;
    ctx.body = books.renderDevolucao(r.value);
  });

  router.get('/pix/:e2eid/devolucao/:id', requires('pix.read'), (ctx) => {
    const p = isEndToEndId(ctx.params.e2eid) ? books.pix.get(ctx.params.e2eid) : undefined;
    if (!p) raise('PixNaoEncontrado');
    const d = p!.devolucoes.find((x) => x.id === ctx.params.id);
    if (!d) raise('PixDevolucaoNaoEncontrada');
    ctx.body = books.renderDevolucao(d!);
  });

  // --- webhook -----------------------------------------------------------------------------------
  router.put('/webhook/:chave', requires('webhook.write'), (ctx) => {
    const body = parse(webhookSolicitado, ctx.request.body, 'WebhookOperacaoInvalida', 'webhook');
    const r = books.putWebhook(ctx.params.chave, body.webhookUrl);
    if (!r.ok) throw new HttpProblem(r.problem);
    ctx.status = 200;
    ctx.body = '';
  });
  router.get('/webhook/:chave', requires('webhook.read'), (ctx) => {
    const w = books.webhooks.get(ctx.params.chave);
    if (!w) raise('WebhookNaoEncontrado');
    ctx.body = books.renderWebhook(w!);
  });
  router.delete('/webhook/:chave', requires('webhook.write'), (ctx) => {
    if (!books.webhooks.delete(ctx.params.chave)) raise('WebhookNaoEncontrado');
    ctx.status = 204;
  });

  // --- payload location (what a payer's bank reads from the BR Code): a JWS, no token. ----------
  const jws = (payload: unknown): string => {
    const header = { alg: 'RS256', typ: 'JWT', kid: jwk.kid, jku: `${baseUrl}/jwks` };
    const input = `${b64(header)}.${b64(payload)}`;
    return `${input}.${sign('sha256', Buffer.from(input), privateKey as KeyObject).toString('base64url')}`;
  };
  router.get('/jwks', (ctx) => {
    ctx.body = { keys: [jwk] };
  });
  const servePayload = (kind: Kind) => (ctx: Koa.ParameterizedContext) => {
    const rec = books.byLocationToken((ctx as unknown as { params: { token: string } }).params.token);
    if (!rec || rec.kind !== kind) {
      ctx.status = 404;
      ctx.type = PROBLEM;
      ctx.body = { ...problema('NaoEncontrado'), type: 'https://pix.bcb.gov.br/api/v2/error/CobPayloadNaoEncontrado', title: 'Cobrança não encontrada' };
      return;
    }
    const full = books.render(rec);
    const cur = books.current(rec);
    const calendario = { ...(full.calendario as object), apresentacao: now().toISOString() };
    const payload: Record<string, unknown> = { calendario, txid: rec.txid, revisao: cur.revisao, status: cur.status };
    if (full.devedor) payload.devedor = full.devedor;
    if (kind === 'cobv') {
      payload.recebedor = full.recebedor;
      const due = cobvAmountOn(cur.content.valor as never, cur.content.calendario as never, now().toISOString().slice(0, 10));
      const v: Record<string, string> = { original: cur.content.valor.original as string };
      if (due) {
        for (const key of ['multa', 'juros', 'abatimento', 'desconto'] as const) if (due[key]) v[key] = centsToValor(due[key]);
        v.final = centsToValor(due.total);
      }
      payload.valor = v;
    } else {
      payload.valor = full.valor;
    }
    payload.chave = full.chave;
    if (full.solicitacaoPagador !== undefined) payload.solicitacaoPagador = full.solicitacaoPagador;
    if (full.infoAdicionais !== undefined) payload.infoAdicionais = full.infoAdicionais;
    ctx.type = 'application/jose';
    ctx.body = jws(payload);
  };
  router.get('/qr/v2/cobv/:token', servePayload('cobv'));
  router.get('/qr/v2/:token', servePayload('cob'));

  // --- the simulator's own control routes (NOT part of the API Pix) ------------------------------
  const payBody = z.object({
    /** Only for a cob with `modalidadeAlteracao: 1`: the amount the payer chose. */
    valor: z.string().regex(/^\d{1,10}\.\d{2}$/).optional(),
    /** cobv: the day paid (`YYYY-MM-DD`), for fines, interest and discounts. Default: today. */
    data: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
    infoPagador: z.string().max(140).optional(),
    pagador: z.object({ cpf: z.string().regex(/^\d{11}$/).optional(), cnpj: z.string().regex(/^[0-9A-Z]{14}$/).optional(), nome: z.string() }).optional(),
    /** The payer's bank will refuse returns of this Pix (NAO_REALIZADO with this reason). */
    recusaDevolucao: z.string().max(140).optional(),
    /** Fault injection for the callback: normal, twice, late or never. */
    callback: z.enum(['normal', 'twice', 'late', 'never']).optional(),
    /** Journey 3: whether the payer accepts the recurrence the charge's composite QR offers (default) or pays only. */
    recorrencia: z.enum(['aceita', 'recusada']).optional(),
  });
  router.post('/embedded/cob/:txid/pay', (ctx) => {
    const body = parse(payBody, ctx.request.body, 'RequisicaoInvalida', 'pay');
    const r = books.receive(ctx.params.txid, { valor: body.valor, payDate: body.data, infoPagador: body.infoPagador, pagador: body.pagador, recusaDevolucao: body.recusaDevolucao });
    if (!r.ok) throw new HttpProblem(r.problem);
    notifyPix(r.value.endToEndId, body.callback);
    mandates.cobPaid(ctx.params.txid, body.recorrencia);
    ctx.status = 201;
    ctx.body = books.renderPix(r.value);
  });
  router.get('/embedded/deliveries', (ctx) => {
    ctx.body = { deliveries: [...sender.deliveries, ...recurrenceSender.deliveries] };
  });
  const clockBody = z.object({ now: z.iso.datetime({ offset: true }).optional(), advanceDays: z.number().int().min(0).max(3660).optional() });
  router.post('/embedded/clock', (ctx) => {
    const body = parse(clockBody, ctx.request.body, 'RequisicaoInvalida', 'clock');
    if (body.now !== undefined) clockOffsetMs = Date.parse(body.now) - baseNow().getTime();
    if (body.advanceDays !== undefined) clockOffsetMs += body.advanceDays * 86_400_000;
    mandates.tick();
    ctx.body = { now: now().toISOString() };
  });
  mandateRoutes(router, {
    mandates,
    requires: (scope) => requires(scope as Scope),
    parse,
    raise,
    fail: (problem) => {
      throw new HttpProblem(problem);
    },
  });
  faultRoutes(router, faults, (body) => parse(faultBody, body, 'RequisicaoInvalida', 'fault'));
  router.get('/embedded/stats', (ctx) => {
    ctx.body = { tokensIssued, faultsApplied: faults.applied, faultsPending: faults.pending, requests };
  });

  app.use(router.routes());
  app.use(router.allowedMethods());

  const server = options.tls
    ? https.createServer({ cert: options.tls.cert, key: options.tls.key, ca: options.tls.ca, requestCert: true, rejectUnauthorized: false }, app.callback())
    : http.createServer(app.callback());
  return {
    books,
    mandates,
    async listen(port, host = '127.0.0.1') {
      const hostPort = await listenOn(server, port, host);
      books.opts.locationHost = hostPort;
      baseUrl = `${options.tls ? 'https' : 'http'}://${hostPort}`;
      return { baseUrl, tokenUrl: `${baseUrl}/oauth/token`, clientId, clientSecret };
    },
    close() {
      sender.close();
      notices.rec.close();
      notices.cobr.close();
      recurrenceSender.close();
      clearInterval(ticker);
      for (const t of devolucaoTimers) clearTimeout(t);
      return closeServer(server);
    },
  };
}

function b64(v: unknown): string {
  return Buffer.from(JSON.stringify(v)).toString('base64url');
}
