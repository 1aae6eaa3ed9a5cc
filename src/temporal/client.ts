import { Client, Connection } from '@temporalio/client';
import type { Config } from '../config';
import { tracingClientInterceptors } from '../observability/tracing/temporal';
import { temporalConnectionOptions } from './connection';

/** A client for starting, signalling and querying workflows (API process and CLI). */
export async function connectTemporalClient(config: Config): Promise<Client> {
  const connection = await Connection.connect(temporalConnectionOptions(config.temporal));
  // Tracing's interceptors only when it is on (undefined otherwise): spans for starts, updates and signals.
  return new Client({ connection, namespace: config.temporal.namespace, interceptors: tracingClientInterceptors() });
}
