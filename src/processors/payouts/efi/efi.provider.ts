import { PixPspError } from '../../pix/pix-psp.port';
import { createTransport, send, type HttpAnswer } from '../../pix/api-pix/http';
import { OAuthToken } from '../../pix/api-pix/oauth-token';
import { isPayoutId } from '../payout.rules';
import { PayoutProviderError, type PayoutProvider, type PayoutRequest, type PayoutState } from '../payout-provider.port';
import type { EfiConnection, EfiOptions } from './efi.connection';
import { EfiWireError, efiErrorOf, sendToWire, stateFromWire } from './wire';

/**
 * The payout port over Efí's Pix Envio, on part 1's API Pix transport (OAuth2 client credentials
 * over mutual TLS, timeouts, retries with backoff and Retry-After). A transfer is sent at most once
 * per id: `send` first reads the id (`GET /v2/gn/pix/enviados/id-envio/:idEnvio`) and sends only
 * when Efí has none; a PUT repeated (a retried attempt whose answer was lost) is refused by Efí
 * with `id_envio_duplicado` and answered from the query.
 */
export interface EfiPayoutProvider extends PayoutProvider {
  readonly name: 'efi';
}

export function createEfiPayoutProvider(connection: EfiConnection, options: EfiOptions = {}): EfiPayoutProvider {
  const transport = createTransport(connection.tls, options);
  const baseUrl = connection.baseUrl.replace(/\/+$/, '');
  const token = new OAuthToken(connection, transport);

  /** One call with the current token; a 401 drops it and tries once more. Transport faults become PayoutProviderErrors. */
  async function call(method: 'GET' | 'PUT', route: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> {
    try {
      for (let renewed = false; ; renewed = true) {
        const bearer = await token.get();
        const answer = await send(transport, {
          method,
          route,
          url: `${baseUrl}${path}`,
          headers: { authorization: `Bearer ${bearer}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (answer.status !== 401 || renewed) return answer;
        token.drop(bearer);
      }
    } catch (err) {
      if (err instanceof PixPspError) throw new PayoutProviderError(err.message.replace(/\bPSP\b/g, 'provider'), err.retryable, err.status);
      throw err;
    }
  }

  const refused = (route: string, a: HttpAnswer) => new PayoutProviderError(`${route}: the provider refused the request (${a.status}${efiErrorOf(a.body).text ? `: ${efiErrorOf(a.body).text}` : ''})`, false, a.status);

  function read(route: string, a: HttpAnswer): PayoutState {
    try {
      return stateFromWire(a.body);
    } catch (err) {
      if (err instanceof EfiWireError) throw new PayoutProviderError(`${route}: ${err.message}`, true, a.status);
      throw err;
    }
  }

  function checkedId(id: string): string {
    if (!isPayoutId(id)) throw new PayoutProviderError(`payout id ${JSON.stringify(id)}: 1-35 letters and digits`, false);
    return id;
  }

  async function get(id: string): Promise<PayoutState | null> {
    const route = 'GET /v2/gn/pix/enviados/id-envio/{idEnvio}';
    const a = await call('GET', route, `/v2/gn/pix/enviados/id-envio/${checkedId(id)}`);
    // Only an error body makes a 404 "none": a bare 404 (a wrong baseUrl, a proxy) must not read as "never sent".
    if (a.status === 404 && efiErrorOf(a.body).nome) return null;
    if (a.status !== 200) throw a.status === 404 ? new PayoutProviderError(`${route}: 404 without an error body (is baseUrl the API host?)`, false, 404) : refused(route, a);
    return read(route, a);
  }

  return {
    name: 'efi',
    get,
    async send(req: PayoutRequest): Promise<PayoutState> {
      const id = checkedId(req.id);
      let body;
      try {
        body = sendToWire(req, connection.chave);
      } catch (err) {
        if (err instanceof EfiWireError) throw new PayoutProviderError(`PUT /v3/gn/pix/{idEnvio}: ${err.message}`, false);
        throw err;
      }
      if (!body) return { status: 'failed', transferId: null, code: 'unknown_bank', reason: `No ISPB is known for bank ${req.destination.bankCode}` };
      const before = await get(id);
      if (before) return before;
      const route = 'PUT /v3/gn/pix/{idEnvio}';
      const a = await call('PUT', route, `/v3/gn/pix/${id}`, body);
      if (a.status === 200 || a.status === 201) return read(route, a);
      const error = efiErrorOf(a.body);
      if (a.status === 409 && error.nome === 'id_envio_duplicado') {
        // Sent already (an attempt whose answer was lost): the query is the answer.
        const sent = await get(id);
        if (sent) return sent;
        throw new PayoutProviderError(`${route}: Efí holds the idEnvio but the query does not show it yet`, true, 409);
      }
      // Efí refused this transfer (a denied payment, an invalid account or key): no money moved.
      if (a.status === 400 || a.status === 422) return { status: 'failed', transferId: null, code: a.status === 422 ? 'payout_refused' : 'transfer_failed', reason: error.text || null };
      throw refused(route, a);
    },
    async getWebhook() {
      const route = 'GET /v2/webhook/{chave}';
      const a = await call('GET', route, `/v2/webhook/${encodeURIComponent(connection.chave)}`);
      if (a.status === 404) return null;
      if (a.status !== 200) throw refused(route, a);
      const url = (a.body as { webhookUrl?: unknown } | undefined)?.webhookUrl;
      return typeof url === 'string' ? url : null;
    },
    async registerWebhook(url: string) {
      const route = 'PUT /v2/webhook/{chave}';
      // Lastro authenticates Efí's callbacks by the secret in the URL and a query back, not by mTLS
      // on its own server: Efí's documented header for a webhook server without mutual TLS.
      const a = await call('PUT', route, `/v2/webhook/${encodeURIComponent(connection.chave)}`, { webhookUrl: url }, { 'x-skip-mtls-checking': 'true' });
      if (a.status < 200 || a.status >= 300) throw refused(route, a);
    },
    close: () => transport.dispatcher.close(),
  };
}
