import type { Card as CardApi, CardOptions, CardToken, CardTokenInput } from './lastro';

/**
 * The SDK's one class. It runs in browsers (and Node 18+): only `fetch`, `AbortController`
 * and `setTimeout`, no dependencies. Error messages are the spec's, exactly, because
 * merchants match on them.
 */

const DEFAULT_TIMEOUT_MS = 15_000;
const FAILED = 'Failed to generate any tokens';
const FIELDS = ['number', 'holder', 'document', 'cvv', 'expiration'] as const;

function tokenizationFailed(details?: unknown): Error {
  const err = new Error(FAILED) as Error & { details?: unknown };
  if (Array.isArray(details)) err.details = details;
  return err;
}

function requestFailed(status: number, body: unknown, message: string): Error {
  const err = new Error(message) as Error & { status: number; body: unknown };
  err.status = status;
  err.body = body;
  return err;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return text === '' ? null : text;
  }
}

export class Card implements CardApi {
  private readonly companyId: string;
  private readonly endpoint: string;
  private readonly timeout: number;

  constructor(options: CardOptions) {
    if (!options || typeof options.companyId !== 'string' || options.companyId === '') throw new TypeError('Lastro.Card: companyId is required');
    if (typeof options.apiUrl !== 'string' || options.apiUrl === '') throw new TypeError('Lastro.Card: apiUrl is required');
    const timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
    if (typeof timeout !== 'number' || !(timeout > 0)) throw new TypeError('Lastro.Card: timeout must be a positive number of milliseconds');
    this.companyId = options.companyId;
    // apiUrl has no version segment (spec); the SDK adds the path itself.
    this.endpoint = `${options.apiUrl.replace(/\/+$/, '')}/v1/tokens/cards`;
    this.timeout = timeout;
  }

  async createCardToken(input: CardTokenInput): Promise<CardToken> {
    // A field that is not even a string cannot tokenize; the server checks everything else.
    if (!input || FIELDS.some((f) => typeof input[f] !== 'string')) throw tokenizationFailed();
    const card = { number: input.number, holder: input.holder, document: input.document, cvv: input.cvv, expiration: input.expiration };

    // The timeout covers the whole exchange (preflight, request, response body): the abort
    // cancels the request, so nothing keeps running after the caller was told "Timeout".
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeout);
    let res: Response;
    let body: unknown;
    try {
      res = await fetch(this.endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ companyId: this.companyId, card }),
        credentials: 'omit',
        cache: 'no-store',
        signal: controller.signal,
      });
      body = await readBody(res);
    } catch (err) {
      if (controller.signal.aborted) throw new Error('Timeout');
      // No response arrived: offline, DNS, connection refused, or a CORS refusal.
      throw requestFailed(0, null, `Lastro: network error (${(err as Error | undefined)?.message ?? String(err)})`);
    } finally {
      clearTimeout(timer);
    }
    if (res.ok && body && typeof (body as CardToken).tokenId === 'string') return { tokenId: (body as CardToken).tokenId };
    // 400: the card or the companyId was refused; the spec gives all of it one message.
    if (res.status === 400) throw tokenizationFailed((body as { error?: { details?: unknown } } | null)?.error?.details);
    throw requestFailed(res.status, body, `Lastro: tokenization failed with HTTP ${res.status}`);
  }
}
