import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * Lastro's own registry, not prom-client's global one: a library that registers on the global
 * registry cannot add series to /metrics or collide with our names.
 */
export const registry = new Registry();

export type ProcessRole = 'api' | 'worker';

let recording = true;

/** METRICS=off: the counters and histograms record nothing (set once, when a process starts its operator listener). */
export function setMetricsRecording(on: boolean): void {
  recording = on;
}

export const metricsRecording = (): boolean => recording;

let defaultsFor: ProcessRole | undefined;

/**
 * Node's process metrics (CPU, memory, event loop lag, GC), labelled with the process's role.
 * Once per process: tests run the API and the worker in one process, which gets the first role.
 */
export function collectProcessMetrics(role: ProcessRole): void {
  if (defaultsFor) return;
  defaultsFor = role;
  collectDefaultMetrics({ register: registry, prefix: 'lastro_', labels: { process: role } });
}

export interface TimedCounterSpec<L extends string> {
  counter: { name: string; help: string };
  histogram: { name: string; help: string; buckets: number[] };
  labelNames: readonly L[];
}

/**
 * A counter and a latency histogram over the same labels, recorded together: one inc and one
 * observe, nothing else on the hot path. `startedAt` is performance.now() at the start.
 */
export function timedCounter<L extends string>(spec: TimedCounterSpec<L>): (labels: Record<L, string>, startedAt: number) => void {
  const count = new Counter({ ...spec.counter, labelNames: spec.labelNames, registers: [registry] });
  const time = new Histogram({ ...spec.histogram, labelNames: spec.labelNames, registers: [registry] });
  return (labels, startedAt) => {
    if (!recording) return;
    count.inc(labels);
    time.observe(labels, (performance.now() - startedAt) / 1000);
  };
}
