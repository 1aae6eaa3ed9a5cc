import { Context } from '@temporalio/activity';

/**
 * Runs `call` (one request to an outside system: acquirer, PSP, bank) while heartbeating every
 * `everyMs`. With a heartbeat timeout on the activity, a worker that dies mid-call is noticed
 * after that timeout and the call is retried elsewhere with the same idempotency key, instead
 * of after the whole start-to-close timeout; a slow but live call keeps its full timeout.
 */
export async function whileHeartbeating<T>(everyMs: number, call: () => Promise<T>): Promise<T> {
  const ctx = Context.current();
  const beat = setInterval(() => ctx.heartbeat(), everyMs);
  try {
    return await call();
  } finally {
    clearInterval(beat);
  }
}
