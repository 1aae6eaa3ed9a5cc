import type Koa from 'koa';
import type { Company } from '../companies/company.entity';

/**
 * CORS for the public tokenization endpoint, which a buyer's browser calls from the
 * merchant's page. No cookies or credentials are involved, so the answer is the caller's
 * origin (never with Allow-Credentials). A company that lists `settings.allowedOrigins`
 * gets those origins only: other pages get no Access-Control-Allow-Origin, so the browser
 * keeps the response from them.
 */

/** How long a browser may cache the preflight (Chromium caps this at 2 hours). */
const PREFLIGHT_MAX_AGE_SECONDS = '7200';

export function originAllowed(company: Pick<Company, 'settings'> | null, origin: string): boolean {
  const allowed = company?.settings.allowedOrigins ?? [];
  // Without an Origin header the caller is not a browser (curl, a server, the Node SDK):
  // origins are a browser control, and anyone can forge the header outside one.
  if (allowed.length === 0 || origin === '') return true;
  return allowed.some((a) => a.replace(/\/+$/, '').toLowerCase() === origin.toLowerCase());
}

/** Headers of an actual (non-preflight) response to an allowed caller. */
export function setCorsHeaders(koa: Koa.Context): void {
  koa.set('Vary', 'Origin');
  const origin = koa.get('Origin');
  if (!origin) return;
  koa.set('Access-Control-Allow-Origin', origin);
  koa.set('Access-Control-Expose-Headers', 'x-request-id, Retry-After');
}

/**
 * The preflight cannot know the company (it has no body), so it admits any origin for
 * POST with a JSON body; the POST itself applies the company's allowed origins. The API key
 * header is not among the allowed headers: a browser will not even send it.
 */
export function preflightHeaders(origin: string): Record<string, string> {
  return {
    Vary: 'Origin',
    'Access-Control-Allow-Origin': origin || '*',
    'Access-Control-Allow-Methods': 'POST',
    'Access-Control-Allow-Headers': 'Content-Type',
    'Access-Control-Max-Age': PREFLIGHT_MAX_AGE_SECONDS,
  };
}
