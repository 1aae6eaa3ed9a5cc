import type { z } from 'zod';

export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * Every failure a client can see. The body is always
 * `{ error: { code, message, details?, requestId } }` (decisions.md, "Error body").
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Resource'): ApiError => new ApiError(404, 'not_found', `${what} not found`);
export const conflict = (code: string, message: string): ApiError => new ApiError(409, code, message);
/**
 * An id in the body (customerId, planId, recipientId) that names nothing the caller owns: 404, as
 * for an id in the path (decisions.md: another company's resource is 404), naming the field.
 */
export const bodyIdNotFound = (path: string, what: string): ApiError =>
  new ApiError(404, 'not_found', `${path}: ${what} not found`, [{ path, message: `${what} not found` }]);
export const badRequest = (code: string, message: string, details?: ErrorDetail[]): ApiError =>
  new ApiError(400, code, message, details);
export const unauthenticated = (message = 'A valid x-api-key header is required'): ApiError =>
  new ApiError(401, 'unauthenticated', message);

/** `['items', 0, 'unitAmount']` → `items[0].unitAmount` (how the field reads in the request). */
function readablePath(path: PropertyKey[]): string {
  return path.reduce<string>((acc, key) => {
    if (typeof key === 'number') return `${acc}[${key}]`;
    return acc ? `${acc}.${String(key)}` : String(key);
  }, '');
}

/** Filters are named by the id they take (`customerId`, as the spec's `webhookId`); the bare names point there. */
const RENAMED_QUERY_FIELDS: Record<string, string> = { customer: 'customerId', subscription: 'subscriptionId', plan: 'planId' };

/**
 * Turns a zod failure into a 400 that names every offending field. Unknown fields are
 * reported one by one (strict bodies: a typo never passes silently).
 */
export function validationError(error: z.ZodError, where: 'body' | 'query' | 'params' | 'headers'): ApiError {
  const details: ErrorDetail[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const renamed = where === 'query' ? RENAMED_QUERY_FIELDS[key] : undefined;
        details.push({ path: [...issue.path, key].join('.'), message: renamed ? `Unknown field '${key}': use '${renamed}'` : `Unknown field '${key}'` });
      }
      continue;
    }
    details.push({ path: issue.path.join('.'), message: issue.message });
  }
  const first = error.issues[0];
  const firstPath = first ? readablePath(first.code === 'unrecognized_keys' ? [...first.path, first.keys[0]] : first.path) : '';
  const message = firstPath
    ? `${firstPath}: ${details[0].message}`
    : `Invalid ${where}: ${details[0]?.message ?? 'validation failed'}`;
  return new ApiError(400, 'validation_failed', message, details);
}
