/**
 * How an embedded processor calls a client back (a Pix PSP's webhook, an acquirer's notification
 * post): a JSON POST, retried after a failed attempt (an answer the processor does not take, or a
 * network error) on the delays given, each delivery recorded for the simulator's
 * `/embedded/*` views. Deliveries run in the background; `close()` stops the pending ones.
 */

export interface Delivery {
  url: string;
  attempts: number;
  delivered: boolean;
  lastStatus?: number;
  lastError?: string;
}

export interface DeliveryOptions {
  timeoutMs: number;
  log: (msg: Record<string, unknown>) => void;
  /** What the logs call a delivery ("callback", "notification"). */
  what: string;
  /** The answers that count as delivered. Default: any 2xx. */
  accepts?: (status: number) => boolean;
}

/** The delays between `attempts` attempts: `baseMs`, then doubling. */
export function retryDelays(attempts: number, baseMs: number): number[] {
  return Array.from({ length: Math.max(0, attempts - 1) }, (_, i) => baseMs * 2 ** i);
}

export class DeliverySender {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;
  readonly deliveries: Delivery[] = [];

  constructor(private readonly opts: DeliveryOptions) {}

  /** Schedules a delivery `firstDelayMs` from now; returns its record at once. */
  send(url: string, body: unknown, delays: number[], options: { firstDelayMs?: number; headers?: Record<string, string> } = {}): Delivery {
    const d: Delivery = { url, attempts: 0, delivered: false };
    this.deliveries.push(d);
    this.later(options.firstDelayMs ?? 0, () => void this.attempt(d, JSON.stringify(body), options.headers ?? {}, delays));
    return d;
  }

  private later(ms: number, fn: () => void): void {
    if (this.closed) return;
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  private async attempt(d: Delivery, body: string, headers: Record<string, string>, delays: number[]): Promise<void> {
    if (this.closed) return;
    d.attempts++;
    // Logs name the origin only: a callback URL may carry a secret in its path.
    const to = new URL(d.url).origin;
    try {
      const res = await fetch(d.url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
      d.lastStatus = res.status;
      await res.arrayBuffer().catch(() => undefined);
      if ((this.opts.accepts ?? ((s: number) => s >= 200 && s < 300))(res.status)) {
        d.delivered = true;
        this.opts.log({ msg: `${this.opts.what} delivered`, to, attempts: d.attempts, status: res.status });
        return;
      }
    } catch (err) {
      d.lastError = err instanceof Error ? err.message : String(err);
    }
    const [next, ...rest] = delays;
    if (next === undefined) {
      this.opts.log({ msg: `${this.opts.what} abandoned`, to, attempts: d.attempts, status: d.lastStatus, error: d.lastError });
      return;
    }
    this.later(next, () => void this.attempt(d, body, headers, rest));
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}

/**
 * Items for the same URL gathered for `windowMs` (at most `max` of them) and delivered as one
 * body, as a PSP batches its notifications (the API Pix callback bodies are arrays): a burst of
 * changes costs the client one request, not one each.
 */
export class DeliveryBatches<T> {
  private readonly open = new Map<string, { items: T[]; timer: NodeJS.Timeout }>();

  constructor(private readonly opts: { windowMs: number; max: number; deliver: (url: string, items: T[]) => void }) {}

  add(url: string, item: T): void {
    const batch = this.open.get(url);
    if (batch) {
      batch.items.push(item);
      if (batch.items.length >= this.opts.max) this.flush(url);
      return;
    }
    this.open.set(url, { items: [item], timer: setTimeout(() => this.flush(url), this.opts.windowMs) });
    if (this.opts.max <= 1) this.flush(url);
  }

  private flush(url: string): void {
    const batch = this.open.get(url);
    if (!batch) return;
    clearTimeout(batch.timer);
    this.open.delete(url);
    this.opts.deliver(url, batch.items);
  }

  close(): void {
    for (const { timer } of this.open.values()) clearTimeout(timer);
    this.open.clear();
  }
}
