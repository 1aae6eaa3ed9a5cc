import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './openapi';
import { OPERATIONS, type OperationFacts } from './operations';
import { errorFromResponse } from './errors';
import { PageList, type PageAt, type PageEnvelope } from './pagination';
import { DEFAULT_RETRY_POLICY, retryingFetch, type RetryPolicy } from './retry';
import { VERSION } from './version';
import { webhooks } from './webhooks';
import type { Body, CallOptions, InitArgs, Method, OperationInit, OperationInitOrNot, PathsWith, Query, Result } from './types';

export interface LastroOptions {
  /** `sk_sandbox_…` or `sk_live_…`. Only public operations (card tokens) work without one. */
  apiKey?: string;
  /** The Lastro address without `/v1` (default http://localhost:3000, `npm run dev`'s). */
  baseUrl?: string;
  /** Retries after the first attempt of a call (default 2; 0: none). */
  maxRetries?: number;
  /** Milliseconds per attempt (default 60000); an attempt past it is retried like a network error. */
  timeout?: number;
  /** The fetch to use (default the global one), e.g. to add a proxy agent or to record calls. */
  fetch?: (request: Request) => Promise<Response>;
  /** Backoff bounds and waiting: see RetryPolicy (defaults in DEFAULT_RETRY_POLICY). */
  retry?: Partial<Pick<RetryPolicy, 'initialDelayMs' | 'maxDelayMs' | 'maxRetryAfterMs' | 'sleep'>>;
}

/**
 * The HTTP side of a call's answer, on every object a call resolves to as `result.lastResponse`
 * (as in Stripe's client; not enumerable, so JSON.stringify and spreading leave it out).
 */
export interface LastResponse {
  /** `x-request-id`: quote it to support. */
  requestId: string | undefined;
  statusCode: number;
  /** Every response header, names in lower case. */
  headers: Record<string, string>;
  /** The Idempotency-Key sent (yours or the generated one); undefined for reads. */
  idempotencyKey: string | undefined;
  /** `Idempotent-Replayed: true`: the API answered with the stored answer of an earlier request with this key. */
  idempotentReplayed: boolean;
}

/** A call's result: an object (the body) carries `lastResponse`; a body-less answer is undefined. */
export type WithLastResponse<T> = T extends object ? T & { readonly lastResponse: LastResponse } : T;

function lastResponseOf(response: Response, idempotencyKey: string | undefined): LastResponse {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return {
    requestId: headers['x-request-id'],
    statusCode: response.status,
    headers,
    idempotencyKey,
    idempotentReplayed: headers['idempotent-replayed'] === 'true',
  };
}

const UNKNOWN_OPERATION: OperationFacts = { operationId: '', auth: 'apiKey', idempotencyKey: 'none' };

/** GET paths whose answer is a page of the API (`{ data, pagination }` or `{ data, page, limit, total }`). */
export type ListPath = {
  [P in PathsWith<'get'>]: Result<'get', P> extends PageEnvelope<unknown> ? P : never;
}[PathsWith<'get'>];
type ItemOf<P extends ListPath> = Result<'get', P> extends PageEnvelope<infer T> ? T : never;

/**
 * The Lastro API from a server (docs/node-client.md). Resources for the main domains
 * (`lastro.customers.create(…)`, `for await (const c of lastro.customers.list())`) and, for every
 * operation of the API, `lastro.request(method, path, { params, body })`, typed from the
 * OpenAPI document. Writes get an Idempotency-Key and are retried safely; failures throw
 * LastroError subclasses carrying the error body.
 */
export class Lastro {
  readonly webhooks = webhooks;
  private readonly api: Client<paths>;
  private readonly apiKey: string | undefined;
  private readonly policy: RetryPolicy;

  constructor(options: LastroOptions = {}) {
    this.apiKey = options.apiKey;
    this.api = createClient<paths>({ baseUrl: (options.baseUrl ?? 'http://localhost:3000').replace(/\/+$/, '') });
    this.policy = {
      ...DEFAULT_RETRY_POLICY,
      ...options.retry,
      maxRetries: options.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
      timeoutMs: options.timeout ?? DEFAULT_RETRY_POLICY.timeoutMs,
      fetch: options.fetch ?? DEFAULT_RETRY_POLICY.fetch,
    };
  }

  /**
   * Any operation of the API: `path` is its template in the OpenAPI document (merchant routes with
   * `/v1`), `params.path` / `params.query` its parameters, `body` its JSON body. Resolves to the
   * success body; throws a LastroError for any other answer.
   */
  async request<M extends Method, P extends PathsWith<M>, I extends OperationInitOrNot<M, P>>(method: M, path: P, ...[init]: InitArgs<I>): Promise<WithLastResponse<Result<M, P>>> {
    const { idempotencyKey, maxRetries, timeout, headers, signal, ...operationInit } = (init ?? {}) as OperationInit<M, P> & CallOptions;
    const facts = OPERATIONS[`${method} ${path}`] ?? UNKNOWN_OPERATION;
    const sent: Record<string, string> = { 'user-agent': `lastro-node/${VERSION}`, ...headers };
    if (facts.auth === 'apiKey') {
      if (!this.apiKey) throw new TypeError(`${method.toUpperCase()} ${path} needs an API key: new Lastro({ apiKey })`);
      sent['x-api-key'] = this.apiKey;
    }
    const takesKey = method !== 'get' && facts.idempotencyKey !== 'none';
    if (takesKey) sent['Idempotency-Key'] = idempotencyKey ?? globalThis.crypto.randomUUID();
    const policy = { ...this.policy, maxRetries: maxRetries ?? this.policy.maxRetries, timeoutMs: timeout ?? this.policy.timeoutMs };
    const { data, error, response } = await this.api.request(method, path as any, {
      ...(operationInit as object),
      headers: sent,
      signal,
      fetch: retryingFetch(policy, method === 'get' || takesKey),
    } as any);
    if (!response.ok) throw errorFromResponse(response, error);
    if (typeof data === 'object' && data !== null) {
      Object.defineProperty(data, 'lastResponse', { value: lastResponseOf(response, takesKey ? sent['Idempotency-Key'] : undefined), enumerable: false });
    }
    return data as WithLastResponse<Result<M, P>>;
  }

  /**
   * Every item of a list operation, page by page: `await` it for the first page, `for await` it
   * for the items of every page. It starts where the query says (`page`, default 1, or a cursor:
   * `startingAfter` / `endingBefore`); on lists that take cursors each next page starts after
   * the last item seen (pagination.ts, PageList).
   */
  paginate<P extends ListPath, I extends OperationInitOrNot<'get', P>>(path: P, ...[init]: InitArgs<I>): PageList<ItemOf<P>, WithLastResponse<Result<'get', P>> & PageEnvelope<ItemOf<P>>> {
    type PageQuery = { page?: number; startingAfter?: string; endingBefore?: string } & Record<string, unknown>;
    const given = (init ?? {}) as { params?: { query?: PageQuery } };
    const { page, startingAfter, endingBefore, ...filters } = given.params?.query ?? {};
    const start: PageAt = startingAfter !== undefined ? { startingAfter } : endingBefore !== undefined ? { endingBefore } : { page: page ?? 1 };
    const fetchPage = (at: PageAt) => (this.request as any)('get', path, { ...given, params: { ...given.params, query: { ...filters, ...at } } });
    return new PageList(fetchPage, start, OPERATIONS[`get ${path}`]?.cursors === true);
  }

  readonly customers = {
    create: (body: Body<'post', '/v1/customers'>, options?: CallOptions) => this.request('post', '/v1/customers', { body, ...options }),
    retrieve: (id: string, options?: CallOptions) => this.request('get', '/v1/customers/{id}', { params: { path: { id } }, ...options }),
    update: (id: string, body: Body<'put', '/v1/customers/{id}'>, options?: CallOptions) => this.request('put', '/v1/customers/{id}', { params: { path: { id } }, body, ...options }),
    del: (id: string, options?: CallOptions) => this.request('delete', '/v1/customers/{id}', { params: { path: { id } }, ...options }),
    list: (query?: Query<'get', '/v1/customers'>, options?: CallOptions) => this.paginate('/v1/customers', { params: { query }, ...options }),
  };

  readonly transactions = {
    create: (body: Body<'post', '/v1/transactions'>, options?: CallOptions) => this.request('post', '/v1/transactions', { body, ...options }),
    retrieve: (id: string, options?: CallOptions) => this.request('get', '/v1/transactions/{id}', { params: { path: { id } }, ...options }),
    list: (query?: Query<'get', '/v1/transactions'>, options?: CallOptions) => this.paginate('/v1/transactions', { params: { query }, ...options }),
    cancel: (id: string, options?: CallOptions) => this.request('post', '/v1/transactions/{id}/cancel', { params: { path: { id } }, ...options }),
    timeline: (id: string, options?: CallOptions) => this.request('get', '/v1/transactions/{id}/timeline', { params: { path: { id } }, ...options }),
    /** Refunds a payment of the transaction (all of it without `amount`). */
    refund: (transactionId: string, paymentId: string, body: Body<'post', '/v1/transactions/{txnId}/payments/{payId}/refund'>, options?: CallOptions) =>
      this.request('post', '/v1/transactions/{txnId}/payments/{payId}/refund', { params: { path: { txnId: transactionId, payId: paymentId } }, body, ...options }),
  };

  readonly refunds = {
    retrieve: (id: string, options?: CallOptions) => this.request('get', '/v1/refunds/{id}', { params: { path: { id } }, ...options }),
    approve: (id: string, options?: CallOptions) => this.request('post', '/v1/refunds/{id}/approve', { params: { path: { id } }, ...options }),
    refuse: (id: string, body: Body<'post', '/v1/refunds/{id}/refuse'>, options?: CallOptions) => this.request('post', '/v1/refunds/{id}/refuse', { params: { path: { id } }, body, ...options }),
    /** Confirms the buyer's account of a boleto refund awaiting_confirmation (the sale recorded no buyer document): the transfer starts. */
    confirmBankDetails: (id: string, options?: CallOptions) => this.request('post', '/v1/refunds/{id}/confirm-bank-details', { params: { path: { id } }, ...options }),
    listByTransaction: (transactionId: string, query?: Query<'get', '/v1/refunds/transaction/{transactionId}'>, options?: CallOptions) =>
      this.paginate('/v1/refunds/transaction/{transactionId}', { params: { path: { transactionId }, query }, ...options }),
  };

  readonly recipients = {
    create: (body: Body<'post', '/v1/recipients'>, options?: CallOptions) => this.request('post', '/v1/recipients', { body, ...options }),
    retrieve: (id: string, options?: CallOptions) => this.request('get', '/v1/recipients/{id}', { params: { path: { id } }, ...options }),
    update: (id: string, body: Body<'put', '/v1/recipients/{id}'>, options?: CallOptions) => this.request('put', '/v1/recipients/{id}', { params: { path: { id } }, body, ...options }),
    del: (id: string, options?: CallOptions) => this.request('delete', '/v1/recipients/{id}', { params: { path: { id } }, ...options }),
    list: (query?: Query<'get', '/v1/recipients'>, options?: CallOptions) => this.paginate('/v1/recipients', { params: { query }, ...options }),
    owner: (options?: CallOptions) => this.request('get', '/v1/recipients/owner', options),
  };

  readonly withdrawals = {
    create: (body: Body<'post', '/v1/withdrawals'>, options?: CallOptions) => this.request('post', '/v1/withdrawals', { body, ...options }),
    retrieve: (id: string, options?: CallOptions) => this.request('get', '/v1/withdrawals/{id}', { params: { path: { id } }, ...options }),
    list: (query?: Query<'get', '/v1/withdrawals'>, options?: CallOptions) => this.paginate('/v1/withdrawals', { params: { query }, ...options }),
    cancel: (id: string, body: Body<'post', '/v1/withdrawals/{id}/cancel'>, options?: CallOptions) => this.request('post', '/v1/withdrawals/{id}/cancel', { params: { path: { id } }, body, ...options }),
  };

  /** Webhook endpoints (`lastro.webhooks` is the receiving side: constructEvent). */
  readonly webhookEndpoints = {
    create: (body: Body<'post', '/v1/webhooks'>, options?: CallOptions) => this.request('post', '/v1/webhooks', { body, ...options }),
    retrieve: (id: string, options?: CallOptions) => this.request('get', '/v1/webhooks/{id}', { params: { path: { id } }, ...options }),
    update: (id: string, body: Body<'put', '/v1/webhooks/{id}'>, options?: CallOptions) => this.request('put', '/v1/webhooks/{id}', { params: { path: { id } }, body, ...options }),
    del: (id: string, options?: CallOptions) => this.request('delete', '/v1/webhooks/{id}', { params: { path: { id } }, ...options }),
    list: (query?: Query<'get', '/v1/webhooks'>, options?: CallOptions) => this.paginate('/v1/webhooks', { params: { query }, ...options }),
  };

  readonly webhookDeliveries = {
    retrieve: (id: string, options?: CallOptions) => this.request('get', '/v1/webhooks/deliveries/{id}', { params: { path: { id } }, ...options }),
    list: (query?: Query<'get', '/v1/webhooks/deliveries'>, options?: CallOptions) => this.paginate('/v1/webhooks/deliveries', { params: { query }, ...options }),
    retry: (id: string, options?: CallOptions) => this.request('post', '/v1/webhooks/deliveries/{id}/retry', { params: { path: { id } }, ...options }),
  };

  readonly subscriptions = {
    create: (body: Body<'post', '/v1/subscriptions'>, options?: CallOptions) => this.request('post', '/v1/subscriptions', { body, ...options }),
    retrieve: (id: string, options?: CallOptions) => this.request('get', '/v1/subscriptions/{id}', { params: { path: { id } }, ...options }),
    list: (query?: Query<'get', '/v1/subscriptions'>, options?: CallOptions) => this.paginate('/v1/subscriptions', { params: { query }, ...options }),
    cancel: (id: string, body: Body<'post', '/v1/subscriptions/{id}/cancel'>, options?: CallOptions) => this.request('post', '/v1/subscriptions/{id}/cancel', { params: { path: { id } }, body, ...options }),
  };

  readonly invoices = {
    retrieve: (id: string, options?: CallOptions) => this.request('get', '/v1/invoices/{id}', { params: { path: { id } }, ...options }),
    list: (query?: Query<'get', '/v1/invoices'>, options?: CallOptions) => this.paginate('/v1/invoices', { params: { query }, ...options }),
  };

  /** The public card tokens endpoint (no API key is sent): what the browser SDK calls, for server-side tests and tools. */
  readonly tokens = {
    createCard: (body: Body<'post', '/v1/tokens/cards'>, options?: CallOptions) => this.request('post', '/v1/tokens/cards', { body, ...options }),
  };

  /** Sandbox simulators (404 in production). */
  readonly sandbox = {
    payPayment: (paymentId: string, options?: CallOptions) => this.request('post', '/v1/sandbox/payments/{payId}/pay', { params: { path: { payId: paymentId } }, ...options }),
  };
}
