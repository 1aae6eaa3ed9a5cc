import { context, propagation } from '@opentelemetry/api';
import { getRPCMetadata, RPCType } from '@opentelemetry/core';
import { activeTracing } from './state';

/** The span attribute and baggage key that carry the API's request id (`req_…`, the error body's `requestId`). */
export const REQUEST_ID_ATTRIBUTE = 'lastro.request_id';

/**
 * Runs the rest of a request (`next`) with its request id in the trace: on the HTTP server
 * span, and in the baggage, so the Temporal client's headers carry it to the workflows and
 * activities the request sets going. Names the server span by its route once routing is done
 * (`POST /v1/transactions`), as the Koa instrumentation would with a plain router. Off: `next()`.
 */
export function traceRequest(requestId: string, next: () => Promise<unknown>, matchedRoute: () => string | undefined): Promise<unknown> {
  if (!activeTracing()) return next();
  const active = context.active();
  const rpc = getRPCMetadata(active);
  rpc?.span.setAttribute(REQUEST_ID_ATTRIBUTE, requestId);
  // A fresh baggage, not the caller's: what a client sends in a `baggage` header goes no further.
  const baggage = propagation.createBaggage({ [REQUEST_ID_ATTRIBUTE]: { value: requestId } });
  return context.with(propagation.setBaggage(active, baggage), async () => {
    try {
      return await next();
    } finally {
      const route = matchedRoute();
      if (rpc?.type === RPCType.HTTP && route) rpc.route = route;
    }
  });
}
