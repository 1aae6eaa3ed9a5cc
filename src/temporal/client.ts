import { Client, Connection } from '@temporalio/client';
import type { Config } from '../config';
import { temporalConnectionOptions } from './connection';

/** A client for starting, signalling and querying workflows (API process and CLI). */
export async function connectTemporalClient(config: Config): Promise<Client> {
  const connection = await Connection.connect(temporalConnectionOptions(config.temporal));
  return new Client({ connection, namespace: config.temporal.namespace });
}
