import { TransportError } from '@temporalio/worker';
import type { Logger } from '../src/shared/logger';

/** gRPC status codes that mean the server was not there to answer (not that it refused). */
const UNAVAILABLE = 14;
const DEADLINE_EXCEEDED = 4;
const FIRST_PAUSE_MS = 1_000;
const LONGEST_PAUSE_MS = 30_000;

/**
 * Runs `step` until Temporal answers it. A worker started while its Temporal server is down
 * or still restarting (a rollout, a node drain, a chaos test's restart) waits for it rather
 * than exit once the client's own few retries are spent: an exited worker needs someone to
 * start it again, a waiting one polls as soon as the server is back. Pauses double to 30 s,
 * with no bound on attempts; each is logged. Any other failure (a refusal, bad TLS) throws.
 */
export async function whenTemporalAnswers<T>(what: string, logger: Logger, step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      if (!temporalUnreachable(err)) throw err;
      const pauseMs = Math.min(FIRST_PAUSE_MS * 2 ** (attempt - 1), LONGEST_PAUSE_MS);
      logger.warn({ err, attempt, pauseMs }, `Temporal unreachable; waiting to ${what}`);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}

/** The native connection's transport failure, or a client call whose cause chain ends in UNAVAILABLE or DEADLINE_EXCEEDED. */
export function temporalUnreachable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof TransportError) return true;
    const code = (e as { code?: unknown }).code;
    if (code === UNAVAILABLE || code === DEADLINE_EXCEEDED) return true;
  }
  return false;
}
