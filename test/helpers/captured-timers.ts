/** A timer that was armed but not scheduled: it fires when the test says so. */
export interface CapturedTimer {
  ms: number;
  fire(): void;
}

/**
 * Calls `start` with `setTimeout` captured while it runs synchronously, and returns what it
 * returned and the timers it armed. For code that arms its timer before its first `await` (the
 * SDK does), this is a fake clock for that one call: the test sees the delay asked for and
 * decides when it has passed. Jest's fake timers would also stop the clocks of everything else
 * in the process (the test stack's worker and database pool), for as long as they are on.
 * The code's later `clearTimeout` of a captured timer does nothing, so fire a timer only while
 * what armed it is still waiting.
 */
export function capturingTimers<T>(start: () => T): { result: T; timers: CapturedTimer[] } {
  const real = globalThis.setTimeout;
  const timers: CapturedTimer[] = [];
  globalThis.setTimeout = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const timer = { ms: ms ?? 0, fire: () => callback(...args) };
    timers.push(timer);
    return timer;
  }) as unknown as typeof setTimeout;
  try {
    return { result: start(), timers };
  } finally {
    globalThis.setTimeout = real;
  }
}
