import { z } from 'zod';
import type { Config } from '../config';
import { errorBodySchema } from './schemas';
import { toJsonSchema } from './json-schema';
import { isWriteMethod, successStatus, type AnyRoute } from './route';
import { webhookPayloads } from './webhook-payloads';

type Json = Record<string, any>;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid body or parameter (`validation_failed`)',
  401: 'Missing, invalid or revoked x-api-key (`unauthenticated`)',
  404: 'Not found, or not the caller\'s (`not_found`)',
  409: 'Invalid for the current state, or a conflict',
  413: 'Body too large (`payload_too_large`)',
  415: 'Body is not JSON (`unsupported_media_type`)',
  422: 'A boleto without a payer it can be registered with (`boleto_payer_required`, `boleto_payer_invalid`)',
  429: 'Rate limited (`rate_limited`), see Retry-After',
  502: 'The processor refused the request (`processor_rejected`): the operator checks the company\'s connection',
  503: 'The processor did not answer (`processor_unavailable`): retry with the same Idempotency-Key, see Retry-After',
};

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas that validate requests, so
 * the reference can never drift from what the API accepts.
 */
export function buildOpenApi(routes: AnyRoute[], config: Config): Json {
  const components: Json = { schemas: {}, headers: RESPONSE_HEADERS, securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } } };
  const convert = (schema: z.ZodType, io: 'input' | 'output'): Json => hoist(toJsonSchema(schema, io), components.schemas);
  const errorRef = convert(errorBodySchema, 'output');
  const paths: Json = {};

  for (const route of routes.filter((r) => !r.hidden)) {
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const op: Json = {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [route.tag],
      security: route.auth === 'public' ? [] : [{ apiKey: [] }],
      parameters: [...parameters(route.request?.params, 'path', convert), ...parameters(route.request?.query, 'query', convert)],
      responses: {} as Json,
    };
    if (isWriteMethod(route.method) && (route.auth !== 'public' || route.idempotencyKey === 'required')) {
      op.parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: route.idempotencyKey === 'required',
        description: 'Makes a retry safe: the same key and body replay the first response.',
        schema: { type: 'string', minLength: 1, maxLength: 255 },
      });
    }
    if (route.request?.body) {
      op.requestBody = { required: true, content: { 'application/json': { schema: convert(route.request.body, 'input') } } };
    }
    for (const [status, spec] of Object.entries(route.responses)) {
      const contentType = spec.contentType ?? 'application/json';
      op.responses[status] = {
        description: spec.description,
        ...(spec.schema ? { content: { [contentType]: { schema: convert(spec.schema, 'output') } } } : spec.contentType ? { content: { [contentType]: {} } } : {}),
      };
    }
    for (const status of errorStatuses(route)) {
      op.responses[status] ??= { description: ERROR_DESCRIPTIONS[status] ?? 'Error', content: { 'application/json': { schema: errorRef } } };
    }
    for (const [status, response] of Object.entries<Json>(op.responses)) response.headers = responseHeaders(route, Number(status));
    // A versioned route is documented at its /v1 path only; its unversioned alias still answers.
    (paths[route.versioned ? `/v1${path}` : path] ??= {})[route.method] = op;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Lastro API',
      version: '1.0.0',
      description: `Payments for Brazilian merchants: cards, Pix, boleto, splits, payouts, refunds, billing and checkout. Mode: ${config.mode}.`,
    },
    servers: [{ url: config.urls.publicBase }],
    paths,
    webhooks: webhookOperations(convert),
    components,
  };
}

const headerRef = (name: string): Json => ({ $ref: `#/components/headers/${name}` });

/** The headers the API sends, declared once (`components.headers`) and referenced by each response. */
const RESPONSE_HEADERS: Json = {
  RequestId: {
    description: 'This request\'s id (`req_` and 26 characters, time-ordered), on every response; error bodies repeat it as `error.requestId`. Quote it to support.',
    schema: { type: 'string', pattern: '^req_[0-9a-z]{26}$' },
  },
  RateLimitLimit: { description: 'Requests per minute allowed for this API key (`RATE_LIMIT_PER_MINUTE`), on every authenticated answer.', schema: { type: 'integer' } },
  RateLimitRemaining: { description: 'Requests left for this API key in the current one-minute window.', schema: { type: 'integer', minimum: 0 } },
  IdempotentReplayed: {
    description: '`true` when this is the stored answer of an earlier request with the same Idempotency-Key and body (nothing was done again); absent otherwise.',
    schema: { type: 'string', enum: ['true'] },
  },
  RetryAfter: { description: 'Seconds to wait before retrying (a 429, a 409 `idempotency_in_progress`, a 503).', schema: { type: 'integer', minimum: 1 } },
};

/** The headers of one response of a route: the request id always; the rest where the API sends them. */
function responseHeaders(route: AnyRoute, status: number): Json {
  const headers: Json = { 'x-request-id': headerRef('RequestId') };
  // Set once the key is known: on every answer of an authenticated route but its 401.
  if (route.auth !== 'public' && status !== 401) {
    headers['X-RateLimit-Limit'] = headerRef('RateLimitLimit');
    headers['X-RateLimit-Remaining'] = headerRef('RateLimitRemaining');
  }
  // Stored answers (2xx and 4xx) of writes that take an Idempotency-Key are replayed.
  const takesKey = isWriteMethod(route.method) && (route.auth !== 'public' || route.idempotencyKey === 'required');
  if (takesKey && status < 500 && ![401, 413, 415, 429].includes(status)) headers['Idempotent-Replayed'] = headerRef('IdempotentReplayed');
  if (status === 429 || status === 503 || (status === 409 && takesKey)) headers['Retry-After'] = headerRef('RetryAfter');
  return headers;
}

/**
 * The OpenAPI 3.1 `webhooks` section: one entry per event code a webhook can receive, the
 * envelope Lastro POSTs to the merchant's URL, with the Standard Webhooks headers.
 */
function webhookOperations(convert: (s: z.ZodType, io: 'input' | 'output') => Json): Json {
  const header = (name: string, description: string): Json => ({ name, in: 'header', required: true, description, schema: { type: 'string' } });
  const parameters = [
    header('webhook-id', 'The event id (`evt_…`): the same on every retry and manual resend; deduplicate on it'),
    header('webhook-timestamp', 'Unix seconds of this attempt; refuse one far from now (replays)'),
    header('webhook-signature', '`v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` under the webhook\'s secret; during a rotation two entries, space-separated'),
  ];
  const webhooks: Json = {};
  for (const [code, envelope] of webhookPayloads()) {
    webhooks[code] = {
      post: {
        summary: code,
        description: envelope.meta()?.description,
        tags: ['Webhooks'],
        parameters,
        requestBody: { required: true, content: { 'application/json': { schema: convert(envelope, 'output') } } },
        responses: {
          '2XX': { description: 'Received. Any 2xx within the timeout acknowledges the delivery; anything else is retried (docs/webhooks.md)' },
        },
      },
    };
  }
  return webhooks;
}

/** A list paged by cursor (pagination.ts `cursorQuery`): a cursor naming no item of the list is a 404. */
function takesCursor(route: AnyRoute): boolean {
  const query = route.request?.query;
  return query instanceof z.ZodObject && 'startingAfter' in query.shape;
}

function errorStatuses(route: AnyRoute): number[] {
  const out = new Set<number>(route.errors ?? []);
  if (route.request?.params || route.request?.query || route.request?.body) out.add(400);
  if (route.request?.body) {
    out.add(413);
    out.add(415);
  }
  if (route.auth !== 'public') {
    out.add(401);
    out.add(429);
  }
  // A body may name a resource of the company (recipientId, customerId…) that does not exist; so may a list's cursor.
  if (route.request?.params || (route.request?.body && route.auth !== 'public') || takesCursor(route)) out.add(404);
  if (isWriteMethod(route.method) && route.auth !== 'public') out.add(409);
  out.delete(successStatus(route));
  return [...out].sort();
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query', convert: (s: z.ZodType, io: 'input' | 'output') => Json): Json[] {
  if (!schema) return [];
  const json = convert(schema, 'input');
  const required = new Set<string>(json.required ?? []);
  return Object.entries<Json>(json.properties ?? {}).map(([name, prop]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(prop.description ? { description: prop.description } : {}),
    schema: prop,
  }));
}

/** Moves zod's `$defs` into `components.schemas` and points the refs there. */
function hoist(schema: Json, registry: Json): Json {
  const { $schema: _s, $defs, ...rest } = schema;
  for (const [name, def] of Object.entries<Json>($defs ?? {})) registry[name] = rewriteRefs(def);
  return rewriteRefs(rest);
}

function rewriteRefs(node: any): any {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node && typeof node === 'object') {
    const out: Json = {};
    for (const [k, v] of Object.entries(node)) {
      out[k] = k === '$ref' && typeof v === 'string' ? v.replace('#/$defs/', '#/components/schemas/') : rewriteRefs(v);
    }
    return out;
  }
  return node;
}
