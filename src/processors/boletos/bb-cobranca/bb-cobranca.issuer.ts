import { setTimeout as sleep } from 'node:timers/promises';
import { PixPspError } from '../../pix/pix-psp.port';
import { createTransport, send, type HttpAnswer, type Transport } from '../../pix/api-pix/http';
import { OAuthToken } from '../../pix/api-pix/oauth-token';
import { backoffMs } from '../../retry-timing';
import { BoletoIssuerError, type BoletoIssuer, type IssuedBoleto, type PaidBoleto } from '../boleto-issuer.port';
import type { BbCobrancaConnection, BbCobrancaOptions } from './bb-cobranca.connection';
import { appKeyParam, bbErrorOf, BbWireError, boletoFromWire, paidPageFromWire, registeredFromWire, registrationToWire, titleId, toBbDate } from './wire';

/**
 * Lastro's boleto port over Banco do Brasil's API Cobranças v2 (online registration): OAuth2
 * client credentials, the application key as `gw-app-key` in production (`gw-dev-app-key` in
 * homologation: `appKeyParam`), JSON over HTTPS. The transport,
 * the token and the retry timing are the API Pix adapter's (the same OAuth2 and HTTP faults).
 *
 * The registration is the one call that is not idempotent on the wire, so it is never sent twice
 * blindly: a POST whose answer was lost (a timeout, a dropped connection, a 5xx) is followed by a
 * query of its numeroTituloCliente; the boleto found is the answer, and only a number the bank
 * does not hold is POSTed again. BB refuses a second boleto under a number it holds, so a late
 * first POST and a second one cannot both register.
 */
const BASE = '/cobrancas/v2/boletos';
const MAX_PAGES = 10_000;

export interface BbCobrancaIssuer extends BoletoIssuer {
  close(): Promise<void>;
}

export function createBbCobrancaIssuer(connection: BbCobrancaConnection, options: BbCobrancaOptions = {}): BbCobrancaIssuer {
  const transport = createTransport(connection.tls, options);
  // One attempt per POST: the registration loop below decides, by a query, whether to send another.
  const once: Transport = { ...transport, attempts: 1 };
  const baseUrl = connection.baseUrl.replace(/\/+$/, '');
  const token = new OAuthToken(connection, transport);
  const key = `${appKeyParam(baseUrl)}=${encodeURIComponent(connection.appKey)}`;

  async function call(t: Transport, method: 'GET' | 'POST', route: string, path: string, query: string, body?: unknown): Promise<HttpAnswer> {
    try {
      for (let renewed = false; ; renewed = true) {
        const bearer = await token.get();
        const answer = await send(t, {
          method,
          route,
          url: `${baseUrl}${path}?${key}${query ? `&${query}` : ''}`,
          headers: { authorization: `Bearer ${bearer}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (answer.status !== 401 || renewed) return answer;
        token.drop(bearer);
      }
    } catch (err) {
      if (err instanceof PixPspError) throw new BoletoIssuerError(err.message.replace(/\bPSP\b/g, 'issuer'), err.retryable, err.status, err.problem);
      throw err;
    }
  }

  const refused = (route: string, a: HttpAnswer): BoletoIssuerError => {
    const e = bbErrorOf(a.body);
    return new BoletoIssuerError(`${route}: the issuer refused the request (${a.status}${e ? `: ${e.text}` : ''})`, false, a.status, e?.code ?? null);
  };
  const wire = <T>(route: string, f: () => T): T => {
    try {
      return f();
    } catch (err) {
      if (err instanceof BbWireError) throw new BoletoIssuerError(`${route}: ${err.message}`, false);
      throw err;
    }
  };
  const ok = (a: HttpAnswer) => a.status >= 200 && a.status < 300;
  // Only BB's error body makes a 404 "no such boleto": a bare 404 (a wrong baseUrl) must not.
  const notFound = (a: HttpAnswer) => a.status === 404 && bbErrorOf(a.body) !== null;

  const issuer: BbCobrancaIssuer = {
    async register(request) {
      const route = `POST ${BASE}`;
      const body = wire(route, () => registrationToWire(connection, request));
      let lost = '';
      for (let i = 0; i < transport.attempts; i++) {
        if (i > 0) await sleep(backoffMs(transport.retryBaseMs, i - 1));
        let answer: HttpAnswer;
        try {
          answer = await call(once, 'POST', route, BASE, '', body);
        } catch (err) {
          if (!(err instanceof BoletoIssuerError && err.retryable)) throw err;
          lost = err.message;
          // Query first: the lost POST may have registered the boleto.
          const found = await issuer.get(request.number);
          if (found) return sameBoleto(route, request, found);
          continue;
        }
        if (ok(answer)) return wire(route, () => registeredFromWire(request, answer.body));
        if (answer.status >= 400 && answer.status < 500 && answer.status !== 401 && answer.status !== 403) {
          // A number BB already holds (an earlier POST whose answer was lost) is refused: that boleto is the answer.
          const found = await issuer.get(request.number);
          if (found) return sameBoleto(route, request, found);
        }
        throw refused(route, answer);
      }
      throw new BoletoIssuerError(`${route}: ${lost}; the boleto was not found by a query after ${transport.attempts} attempts`, true);
    },

    async get(number) {
      const route = `GET ${BASE}/{id}`;
      const id = wire(route, () => titleId(connection, number));
      const answer = await call(transport, 'GET', route, `${BASE}/${id}`, `numeroConvenio=${connection.convenio}`);
      if (notFound(answer)) return null;
      if (!ok(answer)) throw refused(route, answer);
      return wire(route, () => boletoFromWire(number, answer.body));
    },

    async cancel(number) {
      const route = `POST ${BASE}/{id}/baixar`;
      const id = wire(route, () => titleId(connection, number));
      const answer = await call(transport, 'POST', route, `${BASE}/${id}/baixar`, '', { numeroConvenio: Number(connection.convenio) });
      if (notFound(answer)) return null;
      if (ok(answer) || (answer.status >= 400 && answer.status < 500 && answer.status !== 401 && answer.status !== 403)) {
        // Canceled now, or no longer payable (paid, canceled before): read what it is.
        const current = await issuer.get(number);
        if (current && (ok(answer) || current.status !== 'registered')) return current;
        if (!current) return null;
      }
      throw refused(route, answer);
    },

    async listPaid({ from, to }) {
      const route = `GET ${BASE}`;
      const paid = new Map<string, PaidBoleto>();
      for (let index: number | null = 0, pages = 0; index !== null && pages < MAX_PAGES; pages++) {
        const q = new URLSearchParams({
          indicadorSituacao: 'B',
          agenciaBeneficiario: connection.agencia,
          contaBeneficiario: connection.conta,
          codigoEstadoTituloCobranca: '6',
          dataInicioMovimento: toBbDate(from),
          dataFimMovimento: toBbDate(to),
          indice: String(index),
        });
        const answer = await call(transport, 'GET', route, BASE, q.toString());
        if (!ok(answer)) throw refused(route, answer);
        const page = wire(route, () => paidPageFromWire(connection, answer.body));
        for (const b of page.boletos) paid.set(b.number, b);
        index = page.next;
      }
      return [...paid.values()];
    },

    close: () => transport.dispatcher.close(),
  };
  return issuer;
}

/** The boleto found under the number must be the one asked for: another amount or due date is another's (a number reused). */
function sameBoleto(route: string, request: { number: string; amount: number; dueDate: string }, found: IssuedBoleto): IssuedBoleto {
  if (found.amount !== request.amount || found.dueDate !== request.dueDate) {
    throw new BoletoIssuerError(`${route}: the issuer holds number ${request.number} for another boleto (amount or due date differ)`, false);
  }
  return found;
}
