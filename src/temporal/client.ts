import { Client, Connection, InternalConnectionLikeSymbol, type InternalConnectionLike } from '@temporalio/client';
import type { Config } from '../config';
import { tracingClientInterceptors } from '../observability/tracing/temporal';
import { temporalConnectionOptions } from './connection';

/** A client for starting, signalling and querying workflows (API process and CLI). */
export async function connectTemporalClient(config: Config): Promise<Client> {
  const connection = await Connection.connect(temporalConnectionOptions(config.temporal));
  // Tracing's interceptors only when it is on (undefined otherwise): spans for starts, updates and signals.
  return new Client({ connection, namespace: config.temporal.namespace, interceptors: tracingClientInterceptors() });
}

/**
 * Whether a workflow this client starts can be handed its first workflow task in the start's
 * answer (eager start): only over a NativeConnection that a worker of this process also polls
 * on, as in the worker process. The SDK refuses the request otherwise; core falls back to the
 * task queue by itself when no local worker of that queue has a free slot.
 */
export function startsEagerly(client: Client): boolean {
  return (client.connection as InternalConnectionLike)[InternalConnectionLikeSymbol]?.supportsEagerStart === true;
}
