import { PixPspError, type PixCharge, type PixChargeKind, type PixPsp, type ReceivedPix } from '../pix-psp.port';
import type { ApiPixConnection, ApiPixOptions } from './api-pix.connection';
import { createTransport, send, type HttpAnswer } from './http';
import { OAuthToken } from './oauth-token';
import { createApiPixMandates, type ApiPixMethod } from './api-pix.mandates';
import { problemOf } from './problem';
import { ApiPixWireError, assertId, chargeFromWire, chargeToWire, pixFromWire, pixPageFromWire, refundFromWire, refundToWire, webhookUrlFromWire } from './wire';

/**
 * Lastro's Pix port over the Central Bank's API Pix (release 2.9.0), for any PSP that follows it:
 * `cob`/`cobv`, `pix`, `devolucao` and `webhook`, authenticated with an OAuth2 client-credentials
 * token over mutual TLS. Network faults are retried in `http.ts`; a 401 renews the token once; a
 * 4xx problem becomes a non-retryable `PixPspError` carrying its API Pix type; a 404 on a read is
 * "no such thing" (null).
 */

export interface ApiPixPsp extends PixPsp {
  /** Closes the kept-alive connections to the PSP. */
  close(): Promise<void>;
}

type Method = ApiPixMethod;
const PATHS = { immediate: 'cob', due_date: 'cobv' } as const satisfies Record<PixChargeKind, string>;
const MAX_PAGES = 10_000;

export function createApiPixPsp(connection: ApiPixConnection, options: ApiPixOptions = {}): ApiPixPsp {
  const transport = createTransport(connection.tls, options);
  const pageSize = options.pageSize ?? 100;
  const baseUrl = connection.baseUrl.replace(/\/+$/, '');
  const token = new OAuthToken(connection, transport);

  /** One API call with the current token; a 401 drops it and tries once more with a new one. */
  async function call(method: Method, route: string, path: string, body?: unknown): Promise<HttpAnswer> {
    for (let renewed = false; ; renewed = true) {
      const bearer = await token.get();
      const answer = await send(transport, {
        method,
        route,
        url: `${baseUrl}${path}`,
        headers: { authorization: `Bearer ${bearer}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (answer.status !== 401 || renewed) return answer;
      token.drop(bearer);
    }
  }

  function refused(route: string, answer: HttpAnswer): PixPspError {
    const p = problemOf(answer.body);
    return new PixPspError(`${route}: the PSP refused the request (${answer.status}${p ? `: ${p.text}` : ''})`, false, answer.status, p?.tipo ?? null);
  }

  const isOk = (a: HttpAnswer) => a.status >= 200 && a.status < 300;
  // Only a problem body makes a 404 "not found": a bare 404 (a wrong baseUrl, a proxy) must not read as "no such charge".
  const isNotFound = (a: HttpAnswer) => a.status === 404 && problemOf(a.body) !== null;

  /** Answers the mapped body of a 2xx, null for a 404 problem when `nullable`, and throws for anything else. */
  async function exchange<T>(method: Method, route: string, path: string, map: (body: unknown) => T, opts: { body?: unknown; nullable?: boolean } = {}): Promise<T | null> {
    const answer = await call(method, route, path, opts.body);
    if (opts.nullable && isNotFound(answer)) return null;
    if (!isOk(answer)) throw refused(route, answer);
    return wire(route, () => map(answer.body));
  }

  /** Lastro's own input or a PSP answer that does not fit the document: refused, and no retry will change that. */
  function wire<T>(route: string, f: () => T): T {
    try {
      return f();
    } catch (err) {
      if (err instanceof ApiPixWireError) throw new PixPspError(`${route}: ${err.message}`, false);
      throw err;
    }
  }

  const chargePath = (kind: PixChargeKind, txid: string) => `/${PATHS[kind]}/${encodeURIComponent(assertId('txid', txid))}`;
  const refundPath = (e2eid: string, id: string) => `/pix/${encodeURIComponent(assertId('endToEndId', e2eid))}/devolucao/${encodeURIComponent(assertId('refundId', id))}`;

  const psp: ApiPixPsp = {
    async createCharge(request) {
      const route = `PUT /${PATHS[request.kind]}/{txid}`;
      const [path, body] = wire(route, () => [chargePath(request.kind, request.txid), chargeToWire(request)] as const);
      return (await exchange('PUT', route, path, (b) => chargeFromWire(request.kind, b), { body }))!;
    },

    async getCharge(kind, txid) {
      const route = `GET /${PATHS[kind]}/{txid}`;
      return exchange('GET', route, wire(route, () => chargePath(kind, txid)), (b) => chargeFromWire(kind, b), { nullable: true });
    },

    async removeCharge(kind, txid): Promise<PixCharge | null> {
      const route = `PATCH /${PATHS[kind]}/{txid}`;
      const path = wire(route, () => chargePath(kind, txid));
      const answer = await call('PATCH', route, path, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
      if (isNotFound(answer)) return null;
      if (isOk(answer)) return wire(route, () => chargeFromWire(kind, answer.body));
      // The PSP refuses to change a charge that is no longer ATIVA (paid, removed, expired): read what it is.
      if (answer.status >= 400 && answer.status < 500 && answer.status !== 401 && answer.status !== 403) {
        const current = await psp.getCharge(kind, txid);
        if (current && current.status !== 'ATIVA') return current;
      }
      throw refused(route, answer);
    },

    async getPix(endToEndId) {
      const route = 'GET /pix/{e2eid}';
      return exchange('GET', route, wire(route, () => `/pix/${encodeURIComponent(assertId('endToEndId', endToEndId))}`), pixFromWire, { nullable: true });
    },

    async listPix({ from, to }) {
      const route = 'GET /pix';
      const seen = new Map<string, ReceivedPix>();
      // Pages are read until the last one the PSP reports, re-read on every page: Pix that arrive meanwhile add pages at the end.
      for (let page = 0, pages = 1; page < pages && page < MAX_PAGES; page++) {
        const q = new URLSearchParams({ inicio: from.toISOString(), fim: to.toISOString(), 'paginacao.paginaAtual': String(page), 'paginacao.itensPorPagina': String(pageSize) });
        const result = (await exchange('GET', route, `/pix?${q}`, pixPageFromWire))!;
        for (const p of result.pix) if (!seen.has(p.endToEndId)) seen.set(p.endToEndId, p);
        pages = result.pages;
      }
      return [...seen.values()];
    },

    async requestRefund(request) {
      const route = 'PUT /pix/{e2eid}/devolucao/{id}';
      const [path, body] = wire(route, () => [refundPath(request.endToEndId, request.id), refundToWire(request)] as const);
      return (await exchange('PUT', route, path, refundFromWire, { body }))!;
    },

    async getRefund(endToEndId, id) {
      const route = 'GET /pix/{e2eid}/devolucao/{id}';
      return exchange('GET', route, wire(route, () => refundPath(endToEndId, id)), refundFromWire, { nullable: true });
    },

    async registerWebhook(chave, url) {
      await exchange('PUT', 'PUT /webhook/{chave}', `/webhook/${encodeURIComponent(chave)}`, () => undefined, { body: { webhookUrl: url } });
    },

    async getWebhook(chave) {
      return exchange('GET', 'GET /webhook/{chave}', `/webhook/${encodeURIComponent(chave)}`, webhookUrlFromWire, { nullable: true });
    },

    mandates: createApiPixMandates({ call, exchange, wire, refused, isOk, isNotFound }),

    close: () => transport.dispatcher.close(),
  };
  return psp;
}
