import fs from 'node:fs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError } from '../../http/errors';
import { listConnections, type ProcessorConnectionView } from '../../processors/connections/processor-connections.service';
import type { CliContext } from '../context';

/**
 * What every `processors connect <rail>` command shares: secrets read from files or the
 * environment (never argv, which other users see in `ps`), the connect run in one transaction
 * with the connection's view, errors named by the options that set them, the webhook registered
 * at the processor at once, and the callback URL printed only when its secret is made.
 */

export function readOptionFile(file: string, option: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`${option}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

/** A secret from its file option or its environment variable, exactly one of them. */
export function secretFrom(file: string | undefined, option: string, envName: string, env: NodeJS.ProcessEnv, what: string): string {
  if (file && env[envName]) throw new Error(`Give the ${what} once: ${option} or ${envName}, not both`);
  const secret = file ? readOptionFile(file, option).trim() : env[envName]?.trim();
  if (!secret) throw new Error(`The ${what} is read from ${option} <file> or from ${envName} (never from the command line, which other users see in ps)`);
  return secret;
}

/**
 * Runs a connect in one transaction and reads back the connection as `processors list` shows it.
 * A validation failure becomes one error naming every field by its option (`optionOf`).
 */
export async function connectAndView<C extends { id: string }>(ctx: CliContext, companyId: string, optionOf: Record<string, string>, connect: (em: EntityManager) => Promise<{ connection: C; created: boolean }>): Promise<{ connection: C; created: boolean; view: ProcessorConnectionView }> {
  return ctx
    .transaction(async (em) => {
      const { connection, created } = await connect(em);
      const view = (await listConnections(em, companyId)).find((v) => v.id === connection.id)!;
      return { connection, created, view };
    })
    .catch((err: unknown) => {
      if (!(err instanceof ApiError) || !err.details?.length) throw err;
      throw new Error(`Invalid connection:\n${err.details.map((d) => `  ${optionOf[d.path] ?? (d.path || 'options')}: ${d.message}`).join('\n')}`);
    });
}

/**
 * Registers the connection's callback URL at its processor right away, so its first events call
 * back. A processor that cannot be reached does not undo the connection: the answer says so.
 */
export async function registerWebhookNow<A extends { close(): Promise<void> }>(adapter: A, register: (adapter: A) => Promise<unknown>, who: string): Promise<{ registered: boolean; error?: string }> {
  try {
    await register(adapter);
    return { registered: true };
  } catch (err) {
    return { registered: false, error: `the ${who} did not take the webhook (${err instanceof Error ? err.message : String(err)}); register the callbackUrl there, or connect again` };
  } finally {
    await adapter.close();
  }
}

/** The callback URL, printed once: when the connection's callback secret was made by this connect. */
export function callbackUrlOnce(newSecret: boolean, url: () => string, noticeWhenNew: string): { callbackUrl: string | null; callbackUrlNotice: string } {
  return {
    callbackUrl: newSecret ? url() : null,
    callbackUrlNotice: newSecret ? noticeWhenNew : 'Unchanged and not shown again (it holds the callback secret); connect again with --rotate-callback-secret for a new one',
  };
}
