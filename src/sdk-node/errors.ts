import type { components } from './openapi';

/** The API's error body: `{ error: { code, message, details?, requestId } }` (docs/api-conventions.md). */
export type ErrorBody = components['schemas']['Error'];
export type ErrorDetail = NonNullable<ErrorBody['error']['details']>[number];

export interface LastroErrorInit {
  status: number;
  code: string;
  message: string;
  details?: ErrorDetail[];
  requestId?: string;
  headers?: Headers;
  /** The answer's body as parsed (JSON), or its text when it was not JSON. */
  body?: unknown;
}

/**
 * Every failure of a call: an answer that is not 2xx (a subclass by status) or no answer at all
 * (LastroConnectionError, status 0). `code`, `message`, `details` and `requestId` are the error
 * body's; a non-JSON answer (a proxy's HTML page) has code `http_<status>` and the text in `body`.
 */
export class LastroError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetail[];
  /** `req_…`: the body's `requestId`, else the `x-request-id` header; quote it to support. */
  readonly requestId: string | undefined;
  readonly headers: Headers | undefined;
  readonly body: unknown;

  constructor(init: LastroErrorInit) {
    super(init.message);
    this.name = new.target.name;
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
    this.headers = init.headers;
    this.body = init.body;
  }
}

/** 400 `validation_failed`: `details` names each field (`path`) and what is wrong with it. */
export class LastroValidationError extends LastroError {}
/** 401 `unauthenticated`: missing, unknown or revoked API key. */
export class LastroAuthenticationError extends LastroError {}
/** 403 (e.g. `origin_not_allowed`). */
export class LastroPermissionError extends LastroError {}
/** 404 `not_found`: missing, or not the caller's. */
export class LastroNotFoundError extends LastroError {}
/** 409: the state forbids it (one code per case), or `idempotency_conflict`. */
export class LastroConflictError extends LastroError {}
/** 429 `rate_limited`, after the client's own retries; `retryAfterSeconds` from the header. */
export class LastroRateLimitError extends LastroError {
  get retryAfterSeconds(): number | undefined {
    const value = this.headers?.get('retry-after');
    return value && /^\d+$/.test(value) ? Number(value) : undefined;
  }
}
/** 5xx, after the client's own retries. */
export class LastroServerError extends LastroError {}
/** No answer: connection refused or reset, DNS, or the client's `timeout`, after its retries. */
export class LastroConnectionError extends LastroError {
  constructor(message: string, options?: { cause?: unknown }) {
    super({ status: 0, code: 'connection_error', message });
    if (options?.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }
}
/** `webhooks.constructEvent`: the signature, its headers or its timestamp do not check out. */
export class LastroSignatureVerificationError extends LastroError {
  constructor(message: string, code = 'invalid_signature') {
    super({ status: 0, code, message });
  }
}
/**
 * `webhooks.constructEventOnce`: this very delivery attempt (`webhook-id` and
 * `webhook-timestamp`) was accepted before: a replay. Code `replayed_webhook`.
 */
export class LastroWebhookReplayError extends LastroSignatureVerificationError {
  constructor(message: string) {
    super(message, 'replayed_webhook');
  }
}
/**
 * The webhook secret given to verify with is empty or malformed: a configuration mistake (an
 * unset variable, a truncated `whsec_…`), refused before any request is looked at, since an
 * empty key would let anyone sign. Code `invalid_webhook_secret`; not a verification failure.
 */
export class LastroWebhookSecretError extends LastroError {
  constructor(message: string) {
    super({ status: 0, code: 'invalid_webhook_secret', message });
  }
}

const BY_STATUS: Record<number, new (init: LastroErrorInit) => LastroError> = {
  400: LastroValidationError,
  401: LastroAuthenticationError,
  403: LastroPermissionError,
  404: LastroNotFoundError,
  409: LastroConflictError,
  429: LastroRateLimitError,
};

function isErrorBody(body: unknown): body is ErrorBody {
  const error = (body as ErrorBody | null)?.error;
  return typeof error === 'object' && error !== null && typeof error.code === 'string' && typeof error.message === 'string';
}

/** The typed error for a non-2xx answer and its body (parsed JSON or text). */
export function errorFromResponse(response: Response, body: unknown): LastroError {
  const Type = BY_STATUS[response.status] ?? (response.status >= 500 ? LastroServerError : LastroError);
  const headerRequestId = response.headers.get('x-request-id') ?? undefined;
  if (isErrorBody(body)) {
    const { code, message, details, requestId } = body.error;
    return new Type({ status: response.status, code, message, details, requestId: requestId ?? headerRequestId, headers: response.headers, body });
  }
  return new Type({
    status: response.status,
    code: `http_${response.status}`,
    message: `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
    requestId: headerRequestId,
    headers: response.headers,
    body,
  });
}
