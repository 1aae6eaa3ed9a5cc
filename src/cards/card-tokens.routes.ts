import type Koa from 'koa';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import type { Company } from '../companies/company.entity';
import { ApiError } from '../http/errors';
import { defineRoute, type HttpMethod, type PreValidationContext } from '../http/route';
import { cardTokenSchema, companyIdSchema, createCardTokenBody } from './card-tokens.schemas';
import { originAllowed, preflightHeaders, setCorsHeaders } from './card-tokens.cors';
import { admitForCompany, limitTokensFrom } from './card-tokens.limits';
import { findTokenizingCompany, tokenizeCard, unknownCompany } from './card-tokens.service';

const tag = 'Card tokens';

/**
 * The secret key belongs on the merchant's server. A request carrying it (as x-api-key, an
 * Authorization header, or pasted as the companyId) is refused, so a key leaked into a
 * frontend is noticed at once instead of working.
 */
function refuseSecretKeys(koa: Koa.Context, rawBody: unknown): void {
  const body = rawBody as { companyId?: unknown } | undefined;
  const pasted = typeof body?.companyId === 'string' && /^sk_/.test(body.companyId);
  if (koa.get('x-api-key') !== '' || koa.get('authorization') !== '' || pasted) {
    throw new ApiError(
      400,
      'secret_key_not_allowed',
      'Card tokenization is called from the browser with the public companyId (comp_…); never send the secret API key from a browser',
    );
  }
}

/** The company named in the body, when the id is well formed and exists (before full validation). */
async function companyOf(rawBody: unknown, em: EntityManager, deps: AppDeps): Promise<Company | null> {
  const id = companyIdSchema.safeParse((rawBody as { companyId?: unknown } | undefined)?.companyId);
  return id.success ? findTokenizingCompany(em, id.data, deps.config.mode) : null;
}

/**
 * Runs before the registry validates the body, so every answer to an allowed page (a 400 for
 * a bad card included) carries CORS headers and the SDK can read it ("Failed to generate any
 * tokens"); a page whose origin the company does not allow gets its 403 without them.
 */
async function admitBrowserCall({ koa, rawBody, em, deps }: PreValidationContext): Promise<void> {
  let cors = true;
  try {
    await limitTokensFrom(deps, koa.ip);
    refuseSecretKeys(koa, rawBody);
    const company = await companyOf(rawBody, em, deps);
    // For the access log line, as authenticated routes have it; the handler uses it too.
    if (company) koa.state.companyId = company.id;
    koa.state.tokenizingCompany = company;
    // Lastro's own origin is the hosted card fields' iframe, which only an allowed page can frame.
    if (!originAllowed(company, koa.get('Origin')) && koa.get('Origin') !== `${koa.protocol}://${koa.host}`) {
      cors = false;
      throw new ApiError(403, 'origin_not_allowed', 'This page\'s origin is not among the company\'s allowed origins');
    }
  } finally {
    if (cors) setCorsHeaders(koa);
  }
}

export const cardTokenRoutes = [
  defineRoute({
    method: 'post',
    path: '/tokens/cards',
    versioned: true,
    operationId: 'createCardToken',
    summary: 'Tokenize a card (browser SDK; public, CORS, no API key)',
    description:
      'Called by the browser SDK with the public companyId; requests with an x-api-key are refused (400 secret_key_not_allowed). ' +
      'An invalid card or an unknown companyId is 400 (the SDK: "Failed to generate any tokens"). ' +
      'A page whose origin the company does not allow gets 403 origin_not_allowed without CORS headers. ' +
      'Rate limited per client address and per company (429). The token is opaque, single use and valid 24 hours.',
    tag,
    auth: 'public',
    transaction: false,
    responses: { 201: { description: 'The card token', schema: cardTokenSchema } },
    errors: [400, 403, 415, 429, 503],
    request: { body: createCardTokenBody },
    beforeValidation: admitBrowserCall,
    async handler({ koa, em, deps, body }) {
      const company = koa.state.tokenizingCompany as Company | null;
      if (!company) throw unknownCompany();
      await admitForCompany(deps, koa.ip, company.id);
      const token = await tokenizeCard(em, company, body.card);
      // A token is a credential for 24 hours: no cache may keep the response.
      return { status: 201, body: token, headers: { 'Cache-Control': 'no-store' } };
    },
  }),
  defineRoute({
    // The route registry's methods are the API's; a CORS preflight is the one OPTIONS route.
    method: 'options' as HttpMethod,
    path: '/tokens/cards',
    versioned: true,
    operationId: 'preflightCardToken',
    summary: 'CORS preflight for card tokenization',
    tag,
    auth: 'public',
    hidden: true,
    transaction: false,
    responses: { 204: { description: 'Preflight answer' } },
    async handler({ koa }) {
      return { status: 204, body: '', contentType: 'text/plain', headers: preflightHeaders(koa.get('Origin')) };
    },
  }),
];
