import type Koa from 'koa';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import type { Company } from '../companies/company.entity';
import { ApiError, validationError } from '../http/errors';
import { defineRoute, type HttpMethod } from '../http/route';
import { cardTokenSchema, companyIdSchema, createCardTokenBody, type CreateCardTokenInput } from './card-tokens.schemas';
import { originAllowed, preflightHeaders, setCorsHeaders } from './card-tokens.cors';
import { countOrRefuse, tokenLimiters } from './card-tokens.limits';
import { findTokenizingCompany, tokenizeCard, unknownCompany } from './card-tokens.service';

const tag = 'Card tokens';

/**
 * The body is validated here, not by the route registry: the registry rejects a bad body
 * before any handler runs, and that 400 would then go out without CORS headers, so the
 * buyer's browser would hide it from the SDK, which must turn it into "Failed to generate
 * any tokens". So the OpenAPI document describes the body in the operation's text only
 * (a registry hook that sets headers before validation would let it declare the schema).
 */
function parseBody(koa: Koa.Context): CreateCardTokenInput {
  if (!koa.is('application/json')) throw new ApiError(415, 'unsupported_media_type', 'Content-Type must be application/json');
  const res = createCardTokenBody.safeParse((koa.request as { body?: unknown }).body ?? {});
  if (!res.success) throw validationError(res.error, 'body');
  return res.data;
}

/**
 * The secret key belongs on the merchant's server. A request carrying it (as x-api-key, an
 * Authorization header, or pasted as the companyId) is refused, so a key leaked into a
 * frontend is noticed at once instead of working.
 */
function refuseSecretKeys(koa: Koa.Context): void {
  const body = (koa.request as { body?: { companyId?: unknown } }).body;
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
async function companyOf(koa: Koa.Context, em: EntityManager, deps: AppDeps): Promise<Company | null> {
  const id = companyIdSchema.safeParse((koa.request as { body?: { companyId?: unknown } }).body?.companyId);
  return id.success ? findTokenizingCompany(em, id.data, deps.config.mode) : null;
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
      'Body: CreateCardToken `{ companyId, card: { number, holder, document, cvv, expiration } }`, strict. ' +
      'An invalid card or an unknown companyId is 400 (the SDK: "Failed to generate any tokens"). ' +
      'A page whose origin the company does not allow gets 403 origin_not_allowed without CORS headers. ' +
      'Rate limited per client address and per company (429). The token is opaque, single use and valid 24 hours.',
    tag,
    auth: 'public',
    transaction: false,
    responses: { 201: { description: 'The card token', schema: cardTokenSchema } },
    errors: [400, 403, 415, 429, 503],
    async handler({ koa, em, deps }) {
      let cors = true;
      try {
        const limits = tokenLimiters(deps);
        countOrRefuse(limits.perIp, koa.ip, 'from this address');
        refuseSecretKeys(koa);
        const company = await companyOf(koa, em, deps);
        // For the access log line, as authenticated routes have it.
        if (company) koa.state.companyId = company.id;
        if (!originAllowed(company, koa.get('Origin'))) {
          cors = false;
          throw new ApiError(403, 'origin_not_allowed', 'This page\'s origin is not among the company\'s allowed origins');
        }
        const body = parseBody(koa);
        if (!company) throw unknownCompany();
        countOrRefuse(limits.perCompany, company.id, 'for this company');
        const token = await tokenizeCard(em, company, body.card);
        // A token is a credential for 24 hours: no cache may keep the response.
        return { status: 201, body: token, headers: { 'Cache-Control': 'no-store' } };
      } finally {
        if (cors) setCorsHeaders(koa);
      }
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
