import http from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { z } from 'zod';
import { DeliverySender, retryDelays } from '../delivery';
import { FaultQueue, faultRoutes } from '../fault-queue';
import { closeServer, countRequests, listenOn, safeEqual, type EmbeddedServer } from '../http-server';
import { callbackEntry, FAILURES, fateOf, renderEnvio, spiId, valorToCents, type Envio } from './books';
import { envioSolicitado, faultBody, outcomeBody, webhookSolicitado, type EfiFault } from './schemas';

/**
 * The embedded payout provider: an Efí account's Pix API for sending (Pix Envio), as a process of
 * its own, for Lastro's Efí adapter to talk to exactly as to Efí. Implemented: OAuth2 client
 * credentials (`POST /oauth/token`, HTTP Basic, a JSON or form body) with scopes per route,
 * `PUT /v3/gn/pix/:idEnvio`, `GET /v2/gn/pix/enviados/id-envio/:idEnvio`,
 * `GET /v2/gn/pix/enviados/:e2eId`, `PUT|GET|DELETE /v2/webhook/:chave`, and the webhook callbacks
 * (`POST <webhookUrl>/pix`). Errors are Efí's `{nome, mensagem}`. With `tls`, mutual TLS as Efí
 * requires. `/embedded/*` routes are the simulator's: outcomes, faults, books, counters.
 * Outcomes are decided by the receiving account (books.ts).
 */

export const PAYOUT_SCOPES = ['pix.send', 'gn.pix.send.read', 'webhook.write', 'webhook.read'] as const;
type Scope = (typeof PAYOUT_SCOPES)[number];

export interface EfiPayoutOptions {
  clientId?: string;
  clientSecret?: string;
  tokenTtlSeconds?: number;
  /** The account's own Pix keys (`pagador.chave` must be one); none: any key counts as the account's. */
  chaves?: string[];
  /** How long a send stays EM_PROCESSAMENTO before the SPI's answer, ms. */
  settleDelayMs?: number;
  /** How long after it was paid a `88888…` account returns the money, ms. */
  returnDelayMs?: number;
  webhook?: { attempts?: number; retryBaseMs?: number; timeoutMs?: number };
  tls?: { cert: Buffer; key: Buffer; ca: Buffer };
  log?: (msg: Record<string, unknown>) => void;
}

export interface EfiPayoutInfo {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface EfiPayoutServer extends EmbeddedServer<EfiPayoutInfo> {
  envios: Map<string, Envio>;
}

const ISPB = '09089356';

class EfiError extends Error {
  constructor(
    readonly status: number,
    readonly nome: string,
    readonly mensagem: string,
  ) {
    super(mensagem);
  }
}

export function createEfiPayoutServer(options: EfiPayoutOptions = {}): EfiPayoutServer {
  const clientId = options.clientId ?? `efi_${randomBytes(8).toString('hex')}`;
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const ttl = options.tokenTtlSeconds ?? 3600;
  const settleDelayMs = options.settleDelayMs ?? 50;
  const returnDelayMs = options.returnDelayMs ?? 200;
  const log = options.log ?? (() => undefined);
  const chaves = new Set(options.chaves ?? []);
  const envios = new Map<string, Envio>();
  const webhooks = new Map<string, { webhookUrl: string; criacao: string }>();
  const tokens = new Map<string, { scopes: Set<string>; expiresAt: number }>();
  const timers = new Set<NodeJS.Timeout>();
  const faults = new FaultQueue<EfiFault>((path) => path !== '/oauth/token');
  const requests: Record<string, number> = {};
  let tokensIssued = 0;
  const sender = new DeliverySender({ timeoutMs: options.webhook?.timeoutMs ?? 5000, log, what: 'callback' });
  const delays = retryDelays(options.webhook?.attempts ?? 6, options.webhook?.retryBaseMs ?? 250);

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  /** Efí posts every change of a Pix sent from a key to that key's webhook, `<webhookUrl>/pix`. */
  const notify = (e: Envio, tipo: 'SOLICITACAO' | 'DEVOLUCAO') => {
    const hook = webhooks.get(e.chave);
    if (!hook) return log({ msg: 'no webhook for the key: callback not sent', idEnvio: e.idEnvio });
    sender.send(`${hook.webhookUrl.replace(/\/+$/, '')}/pix`, { pix: [callbackEntry(e, tipo)] }, delays);
  };

  const settle = (e: Envio, outcome: 'paid' | 'failed', erro?: { codigo: string; motivo: string }) => {
    if (e.status !== 'EM_PROCESSAMENTO') return;
    e.held = false;
    e.horario.liquidacao = new Date().toISOString();
    if (outcome === 'failed') {
      e.status = 'NAO_REALIZADO';
      e.erro = { codigo: erro!.codigo, origem: 'PSP do usuário recebedor', motivo: erro!.motivo };
    } else {
      e.status = 'REALIZADO';
    }
    notify(e, 'SOLICITACAO');
    if (outcome === 'paid' && e.fate === 'returned') later(returnDelayMs, () => giveBack(e, 'MD06', 'Devolução solicitada pelo usuário recebedor'));
  };

  const giveBack = (e: Envio, codigo: string, motivo: string) => {
    if (e.status !== 'REALIZADO' || e.devolucoes.length > 0) return;
    const at = new Date();
    const rtrId = spiId('D', ISPB, at);
    e.devolucoes.push({ id: rtrId, rtrId, valor: e.valor, horario: { solicitacao: at.toISOString(), liquidacao: at.toISOString() }, status: 'DEVOLVIDO', motivo: `${codigo}: ${motivo}` });
    notify(e, 'DEVOLUCAO');
  };

  const app = new Koa();
  app.use(async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw new EfiError(404, 'nao_encontrado', 'Recurso não encontrado');
    } catch (err) {
      if (err instanceof EfiError) {
        ctx.status = err.status;
        ctx.body = { nome: err.nome, mensagem: err.mensagem };
        return;
      }
      const status = (err as { status?: number }).status;
      if (status === 400 || status === 413 || status === 415) {
        ctx.status = 400;
        ctx.body = { nome: 'json_invalido', mensagem: 'O corpo da requisição não pôde ser lido' };
        return;
      }
      log({ msg: 'internal error', error: err instanceof Error ? err.message : String(err) });
      ctx.status = 500;
      ctx.body = { nome: 'erro_aplicacao', mensagem: 'Ocorreu um erro interno' };
    }
  });
  app.use(countRequests(requests));
  app.use(async (ctx, next) => {
    const f = faults.take(ctx.method, ctx.path);
    if (!f) return next();
    if (f.delayMs) await sleep(f.delayMs);
    if (f.drop) {
      await next();
      // Served (the send is booked), then the connection is cut: the client never reads the answer.
      ctx.req.socket.destroy();
      return;
    }
    if (f.status === undefined) return next();
    if (f.retryAfter !== undefined) ctx.set('Retry-After', String(f.retryAfter));
    ctx.status = f.status;
    ctx.body = f.status === 401 ? { nome: 'nao_autorizado', mensagem: 'Token inválido ou expirado' } : { nome: 'erro_aplicacao', mensagem: `Falha simulada (${f.status})` };
  });
  if (options.tls) {
    app.use(async (ctx, next) => {
      if (!ctx.path.startsWith('/embedded/') && !(ctx.req.socket as TLSSocket).authorized) {
        ctx.status = 401;
        ctx.body = ctx.path === '/oauth/token' ? { error: 'invalid_client', error_description: 'Certificado de cliente ausente (mTLS)' } : { nome: 'certificado_invalido', mensagem: 'Certificado de cliente ausente ou não reconhecido (mTLS)' };
        return;
      }
      await next();
    });
  }
  app.use(bodyParser({ enableTypes: ['json', 'form'], encoding: 'utf-8' }) as unknown as Koa.Middleware);

  const router = new Router();
  router.post('/oauth/token', (ctx) => {
    const m = /^Basic\s+(.+)$/i.exec(ctx.get('authorization'));
    const [id, secret] = m ? Buffer.from(m[1], 'base64').toString('utf8').split(/:(.*)/s) : [];
    ctx.set('Cache-Control', 'no-store');
    if (!m || id !== clientId || !safeEqual(secret ?? '', clientSecret)) {
      ctx.status = 401;
      ctx.body = { error: 'invalid_client', error_description: 'Credenciais inválidas' };
      return;
    }
    // Efí documents a JSON body; RFC 6749's form is taken too.
    const body = (ctx.request.body ?? {}) as Record<string, string>;
    if (body.grant_type !== 'client_credentials') {
      ctx.status = 400;
      ctx.body = { error: 'unsupported_grant_type', error_description: 'Use client_credentials' };
      return;
    }
    const asked = body.scope ? body.scope.split(/\s+/).filter(Boolean) : [...PAYOUT_SCOPES];
    const token = randomBytes(32).toString('base64url');
    tokens.set(token, { scopes: new Set(asked), expiresAt: Date.now() + ttl * 1000 });
    tokensIssued++;
    ctx.body = { access_token: token, token_type: 'Bearer', expires_in: ttl, scope: asked.join(' ') };
  });

  const requires =
    (scope: Scope): Koa.Middleware =>
    async (ctx, next) => {
      const m = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'));
      const t = m ? tokens.get(m[1]) : undefined;
      if (!t || t.expiresAt <= Date.now()) throw new EfiError(401, 'nao_autorizado', 'Token de acesso ausente, inválido ou expirado');
      if (!t.scopes.has(scope)) throw new EfiError(403, 'acesso_negado', `O token não tem o escopo ${scope}`);
      await next();
    };

  const parse = <T>(schema: z.ZodType<T>, body: unknown): T => {
    const r = schema.safeParse(body ?? {});
    if (!r.success) throw new EfiError(400, 'valor_invalido', r.error.issues.map((i) => `${i.path.join('.') || 'corpo'}: ${i.message}`).join('; '));
    return r.data;
  };
  const ownKey = (chave: string) => chaves.size === 0 || chaves.has(chave);

  router.put('/v3/gn/pix/:idEnvio', requires('pix.send'), (ctx) => {
    const { idEnvio } = ctx.params;
    if (!/^[a-zA-Z0-9]{1,35}$/.test(idEnvio)) throw new EfiError(400, 'valor_invalido', 'idEnvio deve respeitar ^[a-zA-Z0-9]{1,35}$');
    const body = parse(envioSolicitado, ctx.request.body);
    if (envios.has(idEnvio)) throw new EfiError(409, 'id_envio_duplicado', 'O id de envio informado já foi utilizado em outro pagamento');
    if (!ownKey(body.pagador.chave)) throw new EfiError(400, 'chave_invalida', 'A chave informada não faz referência à conta Efí autenticada');
    const conta = 'contaBanco' in body.favorecido ? body.favorecido.contaBanco.conta : undefined;
    const { fate, codigo } = fateOf(conta);
    const at = new Date();
    const e: Envio = {
      idEnvio,
      endToEndId: spiId('E', ISPB, at),
      valor: body.valor,
      chave: body.pagador.chave,
      infoPagador: body.pagador.infoPagador,
      status: 'EM_PROCESSAMENTO',
      horario: { solicitacao: at.toISOString() },
      favorecido: body.favorecido,
      devolucoes: [],
      held: fate === 'held',
      fate,
    };
    envios.set(idEnvio, e);
    if (fate !== 'held') later(settleDelayMs, () => settle(e, fate === 'failed' ? 'failed' : 'paid', codigo ? { codigo, motivo: FAILURES[codigo] } : undefined));
    ctx.status = 201;
    ctx.body = { idEnvio, e2eId: e.endToEndId, valor: e.valor, horario: { solicitacao: e.horario.solicitacao }, status: e.status };
  });

  const notFound = (by: string) => {
    throw new EfiError(404, 'PixEnviadoNaoEncontrado', `Pix enviado não encontrado para o ${by} informado`);
  };
  router.get('/v2/gn/pix/enviados/id-envio/:idEnvio', requires('gn.pix.send.read'), (ctx) => {
    const e = envios.get(ctx.params.idEnvio);
    if (!e) notFound('idEnvio');
    ctx.body = renderEnvio(e!);
  });
  router.get('/v2/gn/pix/enviados/:e2eId', requires('gn.pix.send.read'), (ctx) => {
    const e = [...envios.values()].find((x) => x.endToEndId === ctx.params.e2eId);
    if (!e) notFound('e2eId');
    ctx.body = renderEnvio(e!);
  });

  router.put('/v2/webhook/:chave', requires('webhook.write'), (ctx) => {
    const { webhookUrl } = parse(webhookSolicitado, ctx.request.body);
    if (!ownKey(ctx.params.chave)) throw new EfiError(400, 'chave_invalida', 'A chave informada não faz referência à conta Efí autenticada');
    webhooks.set(ctx.params.chave, { webhookUrl, criacao: new Date().toISOString() });
    ctx.body = { webhookUrl };
  });
  router.get('/v2/webhook/:chave', requires('webhook.read'), (ctx) => {
    const hook = webhooks.get(ctx.params.chave);
    if (!hook) throw new EfiError(404, 'webhook_nao_encontrado', 'Webhook não encontrado para a chave informada');
    ctx.body = { webhookUrl: hook.webhookUrl, chave: ctx.params.chave, criacao: hook.criacao };
  });
  router.delete('/v2/webhook/:chave', requires('webhook.write'), (ctx) => {
    webhooks.delete(ctx.params.chave);
    ctx.status = 204;
  });

  // --- The simulator's own routes (not Efí's API) ---------------------------------------------
  router.post('/embedded/pix/:idEnvio/outcome', (ctx) => {
    const e = envios.get(ctx.params.idEnvio);
    if (!e) notFound('idEnvio');
    const o = parse(outcomeBody, ctx.request.body);
    if (o.outcome === 'returned') {
      if (e!.status === 'EM_PROCESSAMENTO') settle(e!, 'paid');
      if (e!.status !== 'REALIZADO' || e!.devolucoes.length > 0) throw new EfiError(409, 'estado_invalido', `O envio está ${e!.status} e não pode ser devolvido`);
      giveBack(e!, o.codigo ?? 'MD06', o.motivo ?? 'Devolução solicitada pelo usuário recebedor');
    } else {
      if (e!.status !== 'EM_PROCESSAMENTO') throw new EfiError(409, 'estado_invalido', `O envio já está ${e!.status}`);
      settle(e!, o.outcome, o.outcome === 'failed' ? { codigo: o.codigo ?? 'AC03', motivo: o.motivo ?? FAILURES.AC03 } : undefined);
    }
    ctx.body = renderEnvio(e!);
  });
  router.get('/embedded/pix', (ctx) => {
    ctx.body = { envios: [...envios.values()].map((e) => ({ ...renderEnvio(e), centavos: valorToCents(e.valor) })) };
  });
  router.get('/embedded/deliveries', (ctx) => {
    ctx.body = { deliveries: sender.deliveries };
  });
  faultRoutes(router, faults, (body) => parse(faultBody, body));
  router.get('/embedded/stats', (ctx) => {
    ctx.body = { tokensIssued, faultsApplied: faults.applied, faultsPending: faults.pending, requests, envios: envios.size };
  });

  app.use(router.routes());
  app.use(router.allowedMethods());

  const server = options.tls
    ? https.createServer({ cert: options.tls.cert, key: options.tls.key, ca: options.tls.ca, requestCert: true, rejectUnauthorized: false }, app.callback())
    : http.createServer(app.callback());
  return {
    envios,
    async listen(port, host = '127.0.0.1') {
      const hostPort = await listenOn(server, port, host);
      const baseUrl = `${options.tls ? 'https' : 'http'}://${hostPort}`;
      return { baseUrl, tokenUrl: `${baseUrl}/oauth/token`, clientId, clientSecret };
    },
    close() {
      sender.close();
      for (const t of timers) clearTimeout(t);
      return closeServer(server);
    },
  };
}
