import type Koa from 'koa';
import type { z } from 'zod';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyRecord } from '../companies/company.entity';
import type { AppDeps } from '../app-deps';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Schema = z.ZodType;
type Out<T> = T extends Schema ? z.output<T> : undefined;

export interface RouteContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /**
   * Request-scoped EntityManager; for write routes it is inside the request's transaction.
   * Forked on first read: a route that never reads it costs no fork.
   */
  em: EntityManager;
  /**
   * The caller's company (routes with `auth: 'apiKey'`): plain data from the API key cache,
   * frozen and shared with other requests, not a managed entity.
   */
  company: CompanyRecord;
  requestId: string;
  deps: AppDeps;
  /** Work to run once the request's transaction has committed (dispatching events, starting workflows). */
  afterCommit(fn: () => Promise<unknown> | void): void;
  /** The event ids recorded by this request, dispatched after commit. */
  dispatchAfterCommit(eventIds: string[]): void;
  koa: Koa.Context;
}

export interface PreValidationContext {
  koa: Koa.Context;
  /** The parsed JSON body before any schema (unknown shape), or undefined. */
  rawBody: unknown;
  em: EntityManager;
  deps: AppDeps;
}

export interface RouteResult {
  status?: number;
  body: unknown;
  /** For pages and scripts: the body is sent as is with this type instead of JSON. */
  contentType?: string;
  headers?: Record<string, string>;
}

export interface ResponseSpec {
  description: string;
  schema?: Schema;
  contentType?: string;
}

export interface RouteSpec<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined> {
  method: HttpMethod;
  /** Koa path, e.g. `/customers/:id`. */
  path: string;
  /**
   * Served under `/v1`, the unversioned path still answering but left out of the OpenAPI
   * document. Every API-key route is (src/routes.ts); a public API route says so.
   */
  versioned?: boolean;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** `apiKey` (default): x-api-key required. `public`: the buyer's browser, pages, health. */
  auth?: 'apiKey' | 'public';
  /** Left out of the OpenAPI document (HTML pages, assets). */
  hidden?: boolean;
  request?: { params?: P; query?: Q; body?: B };
  /** Declared responses; the first 2xx is the success status. Error responses are added for OpenAPI. */
  responses: Record<number, ResponseSpec>;
  /** Error statuses this route can answer beyond the common ones (e.g. 409), for the OpenAPI document. */
  errors?: number[];
  /** Write routes run in one database transaction by default; `false` lets a handler manage its own. */
  transaction?: boolean;
  /** Hours an Idempotency-Key is kept for this route (24 by default; transaction creation keeps 7 days). */
  idempotencyRetentionHours?: number;
  /**
   * `required`: the handler refuses a call without an Idempotency-Key (public checkout confirm,
   * which keeps its own key store), so the OpenAPI document lists the header as required.
   */
  idempotencyKey?: 'required';
  /**
   * Largest JSON body this route accepts (bytes, or a string such as `'24mb'`); `BODY_LIMIT` otherwise.
   * For routes whose own rule is larger (KYC files inline), so the rule answers, not a bare 413.
   */
  bodyLimit?: string | number;
  /**
   * Runs before authentication and validation, with the raw JSON body (undefined when it did
   * not parse): headers it sets stay on every answer, errors included. For browser routes,
   * whose 400s must carry CORS headers or the browser hides them. It may throw (403, 429).
   */
  beforeValidation?(ctx: PreValidationContext): Promise<void> | void;
  handler(ctx: RouteContext<Out<P>, Out<Q>, Out<B>>): Promise<RouteResult>;
}

export type AnyRoute = RouteSpec<any, any, any>;

/** Declares a route once: the same object validates requests and documents the API. */
export function defineRoute<P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined>(
  spec: RouteSpec<P, Q, B>,
): AnyRoute {
  return spec as AnyRoute;
}

export const isWriteMethod = (m: HttpMethod): boolean => m !== 'get';

export function successStatus(route: AnyRoute): number {
  return Number(Object.keys(route.responses).find((s) => Number(s) >= 200 && Number(s) < 300) ?? 200);
}
