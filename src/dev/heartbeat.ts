/**
 * A line every few seconds while something long runs without a word (the first run's build of
 * the Temporal CLI), so a developer sees it is working and about how long it takes.
 */
export interface HeartbeatOptions {
  log: (line: string) => void;
  /** What is running, as in "still <label>": `building the Temporal CLI`. */
  label: string;
  /** How long it usually takes, said on each line: `usually 3-6 minutes, once per machine`. */
  expected: string;
  /** Between two lines; 15 s by default. */
  everyMs?: number;
  now?: () => number;
}

export const HEARTBEAT_EVERY_MS = 15_000;

/** `45 s`, `2 min 05 s`. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

export function heartbeatLine(label: string, elapsedMs: number, expected: string): string {
  return `[dev] still ${label}: ${formatElapsed(elapsedMs)} so far (${expected})`;
}

/** Starts the lines; `stop()` ends them and returns the time it ran. The timer never keeps the process alive. */
export function startHeartbeat(opts: HeartbeatOptions): { stop(): number } {
  const now = opts.now ?? Date.now;
  const started = now();
  const timer = setInterval(() => opts.log(heartbeatLine(opts.label, now() - started, opts.expected)), opts.everyMs ?? HEARTBEAT_EVERY_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return now() - started;
    },
  };
}
