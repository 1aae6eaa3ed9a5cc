import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EntityManager } from '@mikro-orm/postgresql';

/** The hex SHA-256 of an idempotency key: stable references and codes for the sandbox's answers. */
export const keyDigest = (idempotencyKey: string): string => createHash('sha256').update(idempotencyKey).digest('hex');

/**
 * How a sandbox counterpart (acquirer, PSP) keeps its own books in PostgreSQL, as a real one does
 * on its side: one row per idempotency key. The decision is booked once; a repeated key reads the
 * stored answer, so a retried activity (even in another worker process) never charges or pays
 * twice. `latencyMs` (SANDBOX_GATEWAY_LATENCY_MS) delays the answer after the booking, as a real
 * round trip does: the window in which a crash leaves money moved that Lastro has not heard of.
 * Table and column names are the callers' constants, never input.
 */
export async function bookOnce<Answer>(
  em: EntityManager,
  table: string,
  booking: Record<string, unknown> & { idempotency_key: string },
  answerColumns: readonly string[],
  latencyMs: number,
): Promise<Answer> {
  const columns = Object.keys(booking);
  const [booked] = await em.execute<Answer[]>(
    `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')}) on conflict (idempotency_key) do nothing returning ${answerColumns.join(', ')}`,
    Object.values(booking),
  );
  // A repeated key wrote nothing: its first answer stands.
  const answer = booked ?? (await em.execute<Answer[]>(`select ${answerColumns.join(', ')} from ${table} where idempotency_key = ?`, [booking.idempotency_key]))[0];
  if (latencyMs > 0) await sleep(latencyMs);
  return answer;
}
