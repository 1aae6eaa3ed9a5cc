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
  const [answer] = await bookOnceMany<Answer>(em, table, [booking], answerColumns, latencyMs);
  return answer;
}

/**
 * `bookOnce` for many keys at once (its one path), as an acquirer's batch endpoint answers: the
 * bookings inserted in one statement, the keys booked before read back in one, one round trip's
 * latency. Answers in the bookings' order.
 */
export async function bookOnceMany<Answer>(
  em: EntityManager,
  table: string,
  bookings: Array<Record<string, unknown> & { idempotency_key: string }>,
  answerColumns: readonly string[],
  latencyMs: number,
): Promise<Answer[]> {
  if (bookings.length === 0) return [];
  const columns = Object.keys(bookings[0]);
  const returning = ['idempotency_key', ...answerColumns].join(', ');
  const booked = await em.execute<Array<Answer & { idempotency_key: string }>>(
    `insert into ${table} (${columns.join(', ')}) values ${bookings.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ')} on conflict (idempotency_key) do nothing returning ${returning}`,
    bookings.flatMap((b) => columns.map((c) => b[c])),
  );
  const answers = new Map(booked.map((row) => [row.idempotency_key, row]));
  // A repeated key wrote nothing: its first answer stands.
  const repeated = [...new Set(bookings.map((b) => b.idempotency_key).filter((k) => !answers.has(k)))];
  if (repeated.length > 0) {
    const earlier = await em.execute<Array<Answer & { idempotency_key: string }>>(`select ${returning} from ${table} where idempotency_key in (${repeated.map(() => '?').join(', ')})`, repeated);
    for (const row of earlier) answers.set(row.idempotency_key, row);
  }
  if (latencyMs > 0) await sleep(latencyMs);
  return bookings.map((b) => {
    const { idempotency_key: _key, ...answer } = answers.get(b.idempotency_key)!;
    return answer as Answer;
  });
}
