import type Koa from 'koa';
import { redactPath } from '../observability/redaction/urls';
import { traceRequest } from '../observability/tracing/request-id';
import type { Logger } from '../shared/logger';
import { ApiError } from './errors';
import { newRequestId } from './request-id';

/** Every response carries `x-request-id`; error bodies repeat it so a merchant can quote it. */
export function requestId(): Koa.Middleware {
  return async (ctx, next) => {
    ctx.state.requestId = newRequestId();
    ctx.set('x-request-id', ctx.state.requestId);
    // With tracing on, the id goes on the request's span and into the workflows it starts; off, plain next().
    await traceRequest(ctx.state.requestId, next, () => ctx._matchedRoute as string | undefined);
  };
}

/** One JSON line per request: method, route, status, duration, company, request id. Never bodies, never a credential in a path. */
export function accessLog(logger: Logger): Koa.Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      logger.info({
        requestId: ctx.state.requestId,
        method: ctx.method,
        route: ctx._matchedRoute ?? null,
        path: redactPath(ctx.path),
        status: ctx.status,
        durationMs: Number(process.hrtime.bigint() - started) / 1e6,
        companyId: ctx.state.companyId ?? null,
      });
    }
  };
}

/** Maps every failure to the error body of decisions.md; unexpected ones become 500 `internal`. */
export function errorHandler(logger: Logger): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        throw new ApiError(404, 'not_found', `No route for ${ctx.method} ${ctx.path}`);
      }
    } catch (err) {
      const apiError = toApiError(err, ctx);
      // A processor's outage or refusal (502/503) is an answer Lastro chose: one line, no stack.
      if (err instanceof ApiError && err.status >= 500) logger.warn({ code: err.code, requestId: ctx.state.requestId }, err.message);
      else if (apiError.status >= 500) logger.error({ err, requestId: ctx.state.requestId }, 'unhandled error');
      ctx.status = apiError.status;
      for (const [k, v] of Object.entries(apiError.headers ?? {})) ctx.set(k, v);
      ctx.body = {
        error: {
          code: apiError.code,
          message: apiError.message,
          ...(apiError.details ? { details: apiError.details } : {}),
          requestId: ctx.state.requestId,
        },
      };
    }
  };
}

/**
 * The methods the router has for the request's path. `@koa/router`'s `allowedMethods({ throw: true })`
 * throws a bare 405/501 without the `Allow` header (it only sets it when not throwing), so the
 * header is rebuilt here from the layers the router matched on the path.
 */
function allowedMethods(ctx: Koa.Context): string[] {
  const matched = (ctx as unknown as { matched?: Array<{ methods: string[] }> }).matched ?? [];
  return [...new Set(matched.flatMap((layer) => layer.methods))];
}

/** Koa, the router and the body parser throw HttpErrors with a `status`; give each a code and a plain message. */
function toApiError(err: unknown, ctx: Koa.Context): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as { status?: number; statusCode?: number; type?: string; code?: string; expose?: boolean };
  // A body that claims `Content-Encoding: gzip`/`deflate` but does not inflate (zlib Z_DATA_ERROR, …) is the client's fault.
  if (typeof e?.code === 'string' && e.code.startsWith('Z_') && e.status === undefined) {
    return new ApiError(400, 'validation_failed', 'Request body does not match its Content-Encoding');
  }
  const status = e?.status ?? e?.statusCode;
  switch (status) {
    case 400:
      // co-body marks a JSON parse failure with status 400 and throws the SyntaxError itself;
      // its parser (@hapi/bourne) also refuses a `__proto__` key, which deserves saying so.
      if (err instanceof SyntaxError && /forbidden prototype property/.test(err.message)) {
        return new ApiError(400, 'validation_failed', 'JSON body has a key named "__proto__", which is not accepted anywhere');
      }
      return new ApiError(400, 'validation_failed', err instanceof SyntaxError || e.type === 'entity.parse.failed' ? 'Malformed JSON body' : 'Bad request');
    case 405:
    case 501: {
      // 501: a method the router implements nowhere (e.g. PROPFIND); on a known path it is still "not allowed here".
      const allow = allowedMethods(ctx);
      if (allow.length === 0) return new ApiError(404, 'not_found', `No route for ${ctx.method} ${ctx.path}`);
      return new ApiError(405, 'method_not_allowed', `Method ${ctx.method} is not allowed on this path`, undefined, { Allow: allow.join(', ') });
    }
    case 413:
      return new ApiError(413, 'payload_too_large', 'Request body is too large');
    case 415:
      return new ApiError(415, 'unsupported_media_type', 'Content-Type must be application/json');
    default:
      return new ApiError(500, 'internal', 'Internal error; quote the requestId when contacting support');
  }
}
