import { retryDelays } from './pix.rules';

/**
 * Callback delivery: `POST <webhookUrl>/pix` with `{ "pix": [ … ] }`, as the API Pix's
 * `PUT /webhook/{chave}` callback `listaPix` describes. A non-2xx answer or a network error is
 * retried with exponential backoff. For fault tests a delivery can be sent twice, late, or never.
 */

export type CallbackMode = 'normal' | 'twice' | 'late' | 'never';

export interface DeliveryOptions {
  attempts: number;
  retryBaseMs: number;
  /** Delay before the first attempt when the mode is `late`. */
  lateMs: number;
  timeoutMs: number;
  log: (msg: Record<string, unknown>) => void;
}

export interface Delivery {
  url: string;
  attempts: number;
  delivered: boolean;
  lastStatus?: number;
  lastError?: string;
}

/** `<webhookUrl>/pix`, one slash between them (a URL ending in `/` does not get `//pix`). */
export function callbackUrl(webhookUrl: string): string {
  return `${webhookUrl.replace(/\/+$/, '')}/pix`;
}

export class WebhookSender {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;
  readonly deliveries: Delivery[] = [];

  constructor(private readonly opts: DeliveryOptions) {}

  /** Schedules the callback; returns at once (delivery runs in the background). */
  send(webhookUrl: string, body: { pix: unknown[] }, mode: CallbackMode = 'normal'): void {
    if (mode === 'never') {
      this.opts.log({ msg: 'callback withheld', to: new URL(webhookUrl).origin });
      return;
    }
    const copies = mode === 'twice' ? 2 : 1;
    for (let i = 0; i < copies; i++) {
      const d: Delivery = { url: callbackUrl(webhookUrl), attempts: 0, delivered: false };
      this.deliveries.push(d);
      this.later(mode === 'late' ? this.opts.lateMs : 0, () => this.attempt(d, JSON.stringify(body), retryDelays(this.opts.attempts, this.opts.retryBaseMs)));
    }
  }

  private later(ms: number, fn: () => void): void {
    if (this.closed) return;
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  private async attempt(d: Delivery, body: string, delays: number[]): Promise<void> {
    if (this.closed) return;
    d.attempts++;
    try {
      const res = await fetch(d.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
      d.lastStatus = res.status;
      await res.arrayBuffer().catch(() => undefined);
      if (res.ok) {
        d.delivered = true;
        this.opts.log({ msg: 'callback delivered', to: new URL(d.url).origin, attempts: d.attempts, status: res.status });
        return;
      }
    } catch (err) {
      d.lastError = err instanceof Error ? err.message : String(err);
    }
    const [next, ...rest] = delays;
    if (next === undefined) {
      this.opts.log({ msg: 'callback abandoned', to: new URL(d.url).origin, attempts: d.attempts, status: d.lastStatus, error: d.lastError });
      return;
    }
    this.later(next, () => void this.attempt(d, body, rest));
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
