/**
 * Public paths whose segment is a bearer credential (a KYC or refund bank-details token, a
 * checkout session or payment id that opens the buyer's page, a processor's callback secret): logs and spans name the route,
 * never the credential. Their assets (`…/assets/…`) are not credentials. A checkout link's
 * `/c/<slug>` is not here: the merchant publishes it.
 */
const CREDENTIAL_SEGMENTS = [
  /^(\/kyc\/)(?!assets\/)[^/]+/,
  /^(\/refunds\/bank-details\/)(?!assets\/)[^/]+/,
  /^(\/pay\/)[^/]+/,
  /^(\/checkout\/public\/sessions\/)[^/]+/,
  /^(\/pix\/)[^/]+/,
  /^(\/boletos\/)[^/]+/,
  // Every rail's callback route: /processors/<rail>/(callbacks|notifications)/<connection>/<secret>.
  /^(\/processors\/[^/]+\/(?:callbacks|notifications)\/[^/]+\/)[^/]+/,
];

/** A request path with its credential segment, if any, replaced by `[redacted]`. */
export function redactPath(path: string): string {
  return CREDENTIAL_SEGMENTS.reduce((p, pattern) => p.replace(pattern, '$1[redacted]'), path);
}

/**
 * A URL (`http://host/kyc/…?…`) or request target (`/kyc/…?…`) for a log line or a span: the
 * path as redactPath leaves it, every query value replaced (filters name documents and
 * e-mails: `?document=…`), the fragment dropped.
 */
export function redactUrl(url: string): string {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? '';
  const rest = url.slice(origin.length).split('#')[0];
  const q = rest.indexOf('?');
  const path = q === -1 ? rest : rest.slice(0, q);
  if (q === -1) return origin + redactPath(path);
  const query = rest
    .slice(q + 1)
    .split('&')
    .map((pair) => (pair.includes('=') ? `${pair.slice(0, pair.indexOf('='))}=[redacted]` : pair && '[redacted]'))
    .join('&');
  return `${origin}${redactPath(path)}?${query}`;
}
