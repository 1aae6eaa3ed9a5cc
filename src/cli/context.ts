import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { loadConfig, type Config } from '../config';
import { createOrm, type Orm } from '../db/orm';
import { connectTemporalClient } from '../temporal/client';

/**
 * What a CLI command runs against: the same configuration as the API (so it works beside
 * `npm run dev`), with the database and Temporal opened only when a command needs them.
 */
export class CliContext {
  readonly config: Config = loadConfig({ LOG_LEVEL: 'silent', ...process.env });
  private orm?: Orm;
  private temporal?: Client;

  /** Runs `fn` in one transaction on a fresh EntityManager. */
  async transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    this.orm ??= await createOrm(this.config.databaseUrl);
    return (this.orm.em.fork() as unknown as EntityManager).transactional(fn);
  }

  async temporalClient(): Promise<Client> {
    this.temporal ??= await connectTemporalClient(this.config);
    return this.temporal;
  }

  async close(): Promise<void> {
    await this.orm?.close();
    await this.temporal?.connection.close();
  }
}

/** Commands print one JSON document on stdout, so scripts can parse them. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
