/**
 * What goes wrong with Cielo, in words that are safe to log. Cielo refuses a request with a 4xx
 * and a JSON array of `{Code, Message}`; its messages name fields, but a message, like any text
 * an acquirer sends back, passes through `redact` so a card number or a 40-character key echoed
 * back never reaches a log.
 */

/** A call whose outcome the adapter cannot give: `retryable` when asking again later may settle it. */
export class CieloAcquirerError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null = null,
  ) {
    super(redact(message));
    this.name = 'CieloAcquirerError';
  }
}

export interface CieloErrors {
  codes: number[];
  text: string;
}

const PAN = /\d{12,19}/g;
const KEY = /\b[A-Z0-9]{40}\b/g;

export function redact(s: string): string {
  return s.replace(PAN, '[number]').replace(KEY, '[key]');
}

/** The `[{Code, Message}]` in an error body (or a single such object), or null when the body is not one. */
export function cieloErrorsOf(body: unknown): CieloErrors | null {
  const list = Array.isArray(body) ? body : body && typeof body === 'object' ? [body] : [];
  const codes: number[] = [];
  const texts: string[] = [];
  for (const item of list as Array<Record<string, unknown> | null>) {
    if (!item || typeof item !== 'object') continue;
    const code = typeof item.Code === 'number' ? item.Code : typeof item.Code === 'string' && /^\d+$/.test(item.Code) ? Number(item.Code) : null;
    const message = typeof item.Message === 'string' ? item.Message : null;
    if (code === null && message === null) continue;
    if (code !== null) codes.push(code);
    texts.push([code, message].filter((x) => x !== null).join(' '));
  }
  if (texts.length === 0) return null;
  return { codes, text: redact(texts.join('; ')).slice(0, 500) };
}
