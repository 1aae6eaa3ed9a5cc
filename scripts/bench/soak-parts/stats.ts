import { percentile as nearestRank } from '../harness';

/** What a soak run measures: every request's latency and outcome by minute, and memory samples. */

export interface MinuteStats {
  minute: number;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface RssSample {
  /** Minutes since the traffic started. */
  atMin: number;
  apiMb: number | null;
  workerMb: number | null;
}

export interface ErrorSample {
  atMin: number;
  what: string;
  detail: string;
}

/** The value below which p % of `values` fall (nearest rank), 0 for none. */
export function percentile(values: number[], p: number): number {
  return values.length === 0 ? 0 : nearestRank(values, p);
}

/** Least-squares slope of y over x (units of y per unit of x); null with fewer than 2 points. */
export function slope(points: Array<[number, number]>): number | null {
  if (points.length < 2) return null;
  const n = points.length;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const sxx = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  if (sxx === 0) return null;
  return points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0) / sxx;
}

export class Recorder {
  private readonly latencies = new Map<number, number[]>();
  private readonly errorsByMinute = new Map<number, number>();
  readonly errorsByKind = new Map<string, number>();
  readonly errorSamples: ErrorSample[] = [];
  readonly byName = new Map<string, number[]>();
  readonly started = performance.now();

  /** `minutes`: the run's length; what finishes after it (scenarios in flight) counts in its last minute. */
  constructor(private readonly minutes = Infinity) {}

  minuteNow(): number {
    return Math.min(Math.floor((performance.now() - this.started) / 60_000), this.minutes - 1);
  }

  request(name: string, ms: number): void {
    const m = this.minuteNow();
    const list = this.latencies.get(m) ?? [];
    list.push(ms);
    this.latencies.set(m, list);
    const named = this.byName.get(name) ?? [];
    named.push(ms);
    this.byName.set(name, named);
  }

  error(what: string, detail: string): void {
    const m = this.minuteNow();
    this.errorsByMinute.set(m, (this.errorsByMinute.get(m) ?? 0) + 1);
    this.errorsByKind.set(what, (this.errorsByKind.get(what) ?? 0) + 1);
    if (this.errorSamples.length < 50) this.errorSamples.push({ atMin: (performance.now() - this.started) / 60_000, what, detail: detail.slice(0, 500) });
  }

  minute(m: number): MinuteStats {
    const values = this.latencies.get(m) ?? [];
    const r = (p: number) => Math.round(percentile(values, p) * 10) / 10;
    return { minute: m + 1, requests: values.length, errors: this.errorsByMinute.get(m) ?? 0, p50: r(50), p95: r(95), p99: r(99) };
  }

  totals(): { requests: number; errors: number; p50: number; p95: number; p99: number } {
    const all = [...this.latencies.values()].flat();
    const errors = [...this.errorsByMinute.values()].reduce((a, b) => a + b, 0);
    const r = (p: number) => Math.round(percentile(all, p) * 10) / 10;
    return { requests: all.length, errors, p50: r(50), p95: r(95), p99: r(99) };
  }
}
