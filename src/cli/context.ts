import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { loadConfig, type Config } from '../config';
import type { Orm } from '../db/orm';

/**
 * What a CLI command runs against: the same configuration as the API (so it works beside
 * `npm run dev`), with the database and Temporal opened only when a command needs them. Their
 * clients' modules are imported then too: they are most of a start's CPU, and `listen`, `--help`
 * and a refused argument need neither.
 */
export class CliContext {
  readonly config: Config = loadConfig({ LOG_LEVEL: 'silent', ...process.env });
  private orm?: Orm;
  private temporal?: Client;

  /** Runs `fn` in one transaction on a fresh EntityManager. */
  async transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    this.orm ??= await (await import('../db/orm')).createConfiguredOrm(this.config);
    return (this.orm.em.fork() as unknown as EntityManager).transactional(fn);
  }

  async temporalClient(): Promise<Client> {
    this.temporal ??= await (await import('../temporal/client')).connectTemporalClient(this.config);
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
