import type { Client, ClientPathsWithMethod, FetchOptions, MaybeOptionalInit, MethodResponse } from 'openapi-fetch';
import type { components, paths } from './openapi';

/** The HTTP methods the API uses. */
export type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** Every path (a template, `/v1/customers/{id}`) that has `M`. */
export type PathsWith<M extends Method> = ClientPathsWithMethod<Client<paths>, M>;

/** `params` (path, query) and `body` of an operation, as openapi-fetch takes them. */
export type OperationInit<M extends Method, P extends PathsWith<M>> = Pick<FetchOptions<paths[P][M]>, 'params' | 'body' | 'parseAs'>;

/** What openapi-fetch takes for an operation: undefined allowed when nothing is required. */
export type OperationInitOrNot<M extends Method, P extends PathsWith<M>> = MaybeOptionalInit<paths[P], M>;

/** The success answer's body of an operation. */
export type Result<M extends Method, P extends PathsWith<M>> = MethodResponse<Client<paths>, M, P>;

/** The JSON body an operation takes. */
export type Body<M extends Method, P extends PathsWith<M>> = NonNullable<OperationInit<M, P>['body']>;

/** The query parameters an operation takes. */
export type Query<M extends Method, P extends PathsWith<M>> = NonNullable<NonNullable<OperationInit<M, P>['params']>['query']>;

/** Options of one call, beside its parameters and body. */
export interface CallOptions {
  /**
   * The Idempotency-Key of a write. Without one the client makes one (a random UUID) for every
   * write that accepts it, and sends the same one on each retry. Pass your own to make a retry
   * of yours (after a crash, from a queue) replay the first answer.
   */
  idempotencyKey?: string;
  /** Overrides the client's maxRetries for this call. */
  maxRetries?: number;
  /** Overrides the client's timeout (ms per attempt) for this call. */
  timeout?: number;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Aborts the call (no further retries). */
  signal?: AbortSignal;
}

/** The keys of T that are not optional. */
type RequiredKeys<T> = { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? never : K }[keyof T];

/**
 * `init` of a generic call, inferred as openapi-fetch infers it (`Init` is an operation's
 * MaybeOptionalInit): required when the operation has required parameters or a body.
 */
export type InitArgs<Init> = RequiredKeys<Init> extends never ? [init?: Init & CallOptions] : [init: Init & CallOptions];

type Schemas = components['schemas'];
export type Customer = Schemas['Customer'];
export type Recipient = Schemas['Recipient'];
export type Transaction = Schemas['Transaction'];
export type Payment = Schemas['Payment'];
export type Refund = Schemas['Refund'];
export type RefundBankAccount = Schemas['RefundBankAccount'];
export type Withdrawal = Schemas['Withdrawal'];
export type Webhook = Schemas['Webhook'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type Plan = Schemas['Plan'];
export type Subscription = Schemas['Subscription'];
export type Invoice = Schemas['Invoice'];
export type CheckoutLink = Schemas['CheckoutLink'];
export type CheckoutSession = Schemas['CheckoutSession'];
