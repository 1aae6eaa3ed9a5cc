import { bodyParser } from '@koa/bodyparser';
import type Koa from 'koa';
import { z } from 'zod';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import type { CompanyRecord } from '../companies/company.entity';
import type { ApiKeyAuth } from '../companies/api-key-cache';
import { hashApiKey } from '../companies/api-keys';
import { findCompanyByApiKey } from '../companies/companies.service';
import { clientAddressKey } from './client-address';
import { ApiError, unauthenticated, validationError } from './errors';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  DEFAULT_RETENTION_HOURS,
  fingerprintRequest,
  releaseIdempotencyKey,
  validateIdempotencyKey,
  type IdempotencyScope,
} from './idempotency';
import { perMinute, rateLimited, sharedLimits, type LimitRule, type SharedLimits, type Verdict } from './rate-limit';
import { recentKeys } from './recent-keys';
import { groupedRouter, type GroupedRouter, type RouteLayer } from './route-groups';
import { isWriteMethod, successStatus, type AnyRoute, type RouteContext, type RouteResult } from './route';

interface Limiters {
  counters: SharedLimits;
  perKey: LimitRule;
  authFailures: LimitRule;
}

/** Builds the router for a set of declared routes (grouped by first path segment: src/http/route-groups.ts). */
export function mountRoutes(routes: AnyRoute[], deps: AppDeps): GroupedRouter {
  const limiters: Limiters = {
    counters: sharedLimits(deps),
    perKey: perMinute('api_key', deps.config.rateLimitPerMinute),
    authFailures: perMinute('auth_failures', deps.config.authFailuresPerMinute),
  };
  const parsers = new Map<string | number, Koa.Middleware>();
  const parserFor = (limit: string | number): Koa.Middleware => {
    if (!parsers.has(limit)) parsers.set(limit, bodyParser({ enableTypes: ['json'], jsonLimit: limit, encoding: 'utf-8' }) as unknown as Koa.Middleware);
    return parsers.get(limit)!;
  };
  const layers: RouteLayer[] = routes.flatMap((route) => {
    const parseJson = parserFor(route.bodyLimit ?? deps.config.bodyLimit);
    const middleware: Koa.Middleware = (ctx) => handle(ctx, route, deps, limiters, parseJson);
    const paths = route.versioned ? [route.path, `/v1${route.path}`] : [route.path];
    return paths.map((path) => ({ path, method: route.method.toUpperCase(), name: route.operationId, middleware }));
  });
  return groupedRouter(layers);
}

async function handle(koa: Koa.Context, route: AnyRoute, deps: AppDeps, limiters: Limiters, parseJson: Koa.Middleware): Promise<void> {
  // The JSON body is parsed per route (each may declare its own limit); a parse failure is
  // answered after the route's pre-validation hook so its headers (CORS) reach the caller.
  let parseError: unknown;
  try {
    await parseJson(koa, async () => undefined);
  } catch (err) {
    parseError = err;
  }
  if (route.beforeValidation) {
    await route.beforeValidation({ koa, rawBody: parseError ? undefined : (koa.request as { body?: unknown }).body, em: deps.orm.em.fork() as EntityManager, deps });
  }
  if (parseError) throw parseError;

  const caller = route.auth === 'public' ? undefined : await authenticate(koa, deps, limiters);
  if (caller) enforceRateLimit(koa, caller.keyId, limiters);
  const company = caller?.company;

  const params = parse(route.request?.params, koa.params, 'params');
  const query = parse(route.request?.query, koa.query, 'query');
  const body = route.request?.body ? parseBody(koa, route) : refuseUndeclaredFields(koa, route);

  const write = isWriteMethod(route.method);
  const idemKey = koa.get('Idempotency-Key');
  let scope: IdempotencyScope | undefined;
  // A header sent empty is a malformed key (1-255 characters), not an absent one.
  if (write && company && koa.headers['idempotency-key'] !== undefined) {
    validateIdempotencyKey(idemKey);
    scope = {
      companyId: company.id,
      key: idemKey,
      fingerprint: fingerprintRequest(route.method, koa.path.replace(/^\/v1(?=\/)/, ''), (koa.request as any).body),
    };
    const claim = await claimIdempotencyKey(deps.orm.em.fork() as EntityManager, scope, route.idempotencyRetentionHours ?? DEFAULT_RETENTION_HOURS);
    if (claim.kind === 'replay') {
      koa.status = claim.status;
      koa.body = claim.body;
      koa.set('Idempotent-Replayed', 'true');
      return;
    }
  }

  const afterCommit: Array<() => Promise<unknown> | void> = [];
  let em: EntityManager | undefined;
  const rctx: RouteContext<unknown, unknown, unknown> = {
    params,
    query,
    body,
    get em() {
      return (em ??= deps.orm.em.fork() as EntityManager);
    },
    set em(value) {
      em = value;
    },
    company: company as CompanyRecord,
    requestId: koa.state.requestId,
    deps,
    afterCommit: (fn) => afterCommit.push(fn),
    dispatchAfterCommit: (ids) => afterCommit.push(() => deps.dispatcher.dispatchSoon(ids)),
    koa,
  };

  let result: RouteResult;
  try {
    result = await execute(route, rctx, write, scope);
  } catch (err) {
    if (scope) await settleFailedClaim(deps, scope, err, koa.state.requestId);
    throw err;
  }
  for (const fn of afterCommit) {
    try {
      await fn();
    } catch (err) {
      deps.logger.warn({ err, requestId: koa.state.requestId }, 'after-commit step failed');
    }
  }
  send(koa, route, result, deps);
}

/** Runs the handler; a write runs in one transaction together with storing its idempotent response. */
async function execute(
  route: AnyRoute,
  rctx: RouteContext<unknown, unknown, unknown>,
  write: boolean,
  scope: IdempotencyScope | undefined,
): Promise<RouteResult> {
  const inTransaction = write && route.transaction !== false;
  if (!inTransaction) {
    const result = await route.handler(rctx);
    if (scope) await completeIdempotencyKey(rctx.em, scope, result.status ?? successStatus(route), result.body);
    return result;
  }
  return rctx.em.transactional(async (tem) => {
    rctx.em = tem;
    const result = await route.handler(rctx);
    await tem.flush();
    if (scope) await completeIdempotencyKey(tem, scope, result.status ?? successStatus(route), result.body);
    return result;
  });
}

/** A 4xx is the answer to that request and is replayed; a 5xx frees the key for a retry. */
async function settleFailedClaim(deps: AppDeps, scope: IdempotencyScope, err: unknown, requestId: string): Promise<void> {
  const em = deps.orm.em.fork() as EntityManager;
  if (err instanceof ApiError && err.status < 500) {
    const body = { error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}), requestId } };
    await completeIdempotencyKey(em, scope, err.status, body);
  } else {
    await releaseIdempotencyKey(em, scope);
  }
}

function send(koa: Koa.Context, route: AnyRoute, result: RouteResult, deps: AppDeps): void {
  const status = result.status ?? successStatus(route);
  koa.status = status;
  for (const [k, v] of Object.entries(result.headers ?? {})) koa.set(k, v);
  if (result.contentType) {
    koa.type = result.contentType;
    koa.body = result.body;
    return;
  }
  const schema = route.responses[status]?.schema;
  if (deps.config.validateResponses && schema) {
    const check = schema.safeParse(result.body);
    if (!check.success) {
      throw new Error(`Response of ${route.operationId} (${status}) does not match its schema: ${check.error.message}`);
    }
  }
  // Koa treats a null body as "no content"; JSON null is a legitimate answer (GET /recipients/owner).
  if (result.body === null) {
    koa.type = 'application/json';
    koa.body = 'null';
  } else {
    koa.body = result.body;
  }
}

function parse(schema: z.ZodType | undefined, value: unknown, where: 'params' | 'query'): unknown {
  if (!schema) return undefined;
  rejectNul(value, where);
  const res = schema.safeParse(value ?? {});
  if (!res.success) throw validationError(res.error, where);
  return res.data;
}

function parseBody(koa: Koa.Context, route: AnyRoute): unknown {
  const hasBody = koa.request.length > 0 || koa.get('transfer-encoding') !== '';
  if (hasBody && !koa.is('application/json')) {
    throw new ApiError(415, 'unsupported_media_type', 'Content-Type must be application/json');
  }
  rejectNul((koa.request as any).body, 'body');
  const res = route.request!.body!.safeParse((koa.request as any).body ?? {});
  if (!res.success) throw validationError(res.error, 'body');
  return res.data;
}

const NO_FIELDS = z.strictObject({});

/**
 * A write route without a declared body takes none: fields sent to it (a typo, a field meant
 * for another route) would be silently ignored, so they are a 400 naming them, like an unknown
 * field of a declared body. An empty object or no body at all is fine.
 */
function refuseUndeclaredFields(koa: Koa.Context, route: AnyRoute): undefined {
  const sent = (koa.request as { body?: unknown }).body;
  if (!isWriteMethod(route.method) || !sent || typeof sent !== 'object' || Array.isArray(sent) || Object.keys(sent).length === 0) return undefined;
  const res = NO_FIELDS.safeParse(sent);
  if (!res.success) throw validationError(res.error, 'body');
  return undefined;
}

const NUL_MESSAGE = 'Must not contain the NUL character (\\u0000)';

/**
 * PostgreSQL text and jsonb cannot hold U+0000, so a NUL anywhere in the input (a value or a
 * key, in the body, the query or the path) would fail deep in the database as a 500. It is the
 * caller's input, so it is a 400 naming where it is, on every route.
 */
function rejectNul(value: unknown, where: 'body' | 'query' | 'params'): void {
  const path = nulPath(value, []);
  if (path === null) return;
  const shown = path.map((p) => String(p).replace(/\u0000/g, '\\u0000')).join('.');
  throw new ApiError(400, 'validation_failed', `${shown || where}: ${NUL_MESSAGE}`, [{ path: shown, message: NUL_MESSAGE }]);
}

function nulPath(value: unknown, path: Array<string | number>): Array<string | number> | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) return [...path, k];
      const found = nulPath(v, [...path, k]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Failures are counted per address (IPv6 by /64, src/http/client-address.ts), and past the
 * limit every failing attempt from it is 429 instead of 401, so a script trying keys learns
 * nothing more and is told to slow down (a key has 190 random bits: finding one by trying is
 * out of reach at any rate). The throttle comes before the lookup: once this process knows an
 * address is past its budget, its attempts cost no database work at all, except with a key
 * that has authenticated in this process lately (src/http/recent-keys.ts), which is looked up
 * and passes if valid. So an address shared by many merchants (a NAT, a proxy) is not locked
 * out by one misconfigured integration behind it; a key new to this process waits for the
 * window's end (docs/security.md).
 */
async function authenticate(koa: Koa.Context, deps: AppDeps, limiters: Limiters): Promise<ApiKeyAuth> {
  const client = clientAddressKey(koa.ip);
  const key = koa.get('x-api-key');
  const digest = key ? hashApiKey(key) : '';
  const spent = limiters.counters.spent(limiters.authFailures, client);
  if (spent && !(digest && recentKeys.has(digest))) throw tooManyFailures(spent);
  // The lookup is one raw statement on the connection (no entity, no identity map): no fork needed.
  const found = key ? await findCompanyByApiKey(deps.orm.em, key, deps.config.mode, deps.config.apiKeyCacheTtlMs) : null;
  if (!found) {
    const failure = await limiters.counters.shared(limiters.authFailures, client);
    if (!failure.allowed) throw tooManyFailures(failure);
    throw unauthenticated(key ? 'Invalid or revoked API key' : 'Missing x-api-key header');
  }
  recentKeys.add(digest);
  koa.state.companyId = found.company.id;
  return found;
}

const tooManyFailures = (v: Verdict): ApiError => rateLimited('Too many failed authentication attempts; try again later', v);

/** Counted in this process and synced to the shared counter once a second: no statement of its own (src/http/rate-limit.ts). */
function enforceRateLimit(koa: Koa.Context, keyId: string, limiters: Limiters): void {
  const r = limiters.counters.local(limiters.perKey, keyId);
  koa.set('X-RateLimit-Limit', String(limiters.perKey.limit));
  koa.set('X-RateLimit-Remaining', String(r.remaining));
  if (!r.allowed) throw rateLimited('Rate limit exceeded', r);
}
