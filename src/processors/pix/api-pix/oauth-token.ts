import { PixPspError } from '../pix-psp.port';
import type { ApiPixConnection } from './api-pix.connection';
import { send, type Transport } from './http';
import { problemOf } from './problem';

/**
 * The PSP's OAuth2 access token (client credentials, RFC 6749 §4.4): fetched once, shared by
 * every call until shortly before it expires. Callers that arrive while a token is being fetched
 * wait for that same request, so a burst of calls makes one token request, not one each.
 */
export class OAuthToken {
  private cached: { token: string; refreshAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly connection: ApiPixConnection,
    private readonly transport: Transport,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<string> {
    if (this.cached && this.now() < this.cached.refreshAt) return Promise.resolve(this.cached.token);
    this.pending ??= this.request().finally(() => (this.pending = null));
    return this.pending;
  }

  /** The PSP refused `token` (401): forget it, unless a newer one already replaced it. */
  drop(token: string): void {
    if (this.cached?.token === token) this.cached = null;
  }

  private async request(): Promise<string> {
    const { clientId, clientSecret, scopes, tokenUrl } = this.connection;
    const form = new URLSearchParams({ grant_type: 'client_credentials', ...(scopes ? { scope: scopes } : {}) });
    const answer = await send(this.transport, {
      method: 'POST',
      url: tokenUrl,
      route: 'POST {tokenUrl}',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
    });
    const body = (answer.body ?? {}) as { access_token?: unknown; expires_in?: unknown };
    if (answer.status !== 200 || typeof body.access_token !== 'string' || body.access_token.length === 0) {
      const p = problemOf(answer.body);
      const why = answer.status === 200 ? 'answered no access_token' : `refused the client (${answer.status}${p ? `: ${p.text}` : ''})`;
      throw new PixPspError(`POST {tokenUrl}: the token endpoint ${why}`, false, answer.status, p?.tipo ?? null);
    }
    const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 300;
    // Renew a little early (a tenth of the lifetime, at most a minute) so a call never carries a token that expires in flight.
    const marginS = Math.min(60, expiresIn / 10);
    this.cached = { token: body.access_token, refreshAt: this.now() + (expiresIn - marginS) * 1000 };
    return body.access_token;
  }
}
