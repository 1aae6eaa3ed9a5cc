import { DeliverySender, retryDelays, type Delivery } from '../delivery';

/**
 * Callback delivery: `POST <webhookUrl>/pix` with `{ "pix": [ … ] }`, as the API Pix's
 * `PUT /webhook/{chave}` callback `listaPix` describes. A non-2xx answer or a network error is
 * retried with exponential backoff. For fault tests a delivery can be sent twice, late, or never.
 */

export type CallbackMode = 'normal' | 'twice' | 'late' | 'never';
export type { Delivery };

export interface WebhookOptions {
  attempts: number;
  retryBaseMs: number;
  /** Delay before the first attempt when the mode is `late`. */
  lateMs: number;
  timeoutMs: number;
  log: (msg: Record<string, unknown>) => void;
}

/** `<webhookUrl>/pix`, one slash between them (a URL ending in `/` does not get `//pix`). */
export function callbackUrl(webhookUrl: string): string {
  return `${webhookUrl.replace(/\/+$/, '')}/pix`;
}

export class WebhookSender {
  private readonly sender: DeliverySender;

  constructor(private readonly opts: WebhookOptions) {
    this.sender = new DeliverySender({ timeoutMs: opts.timeoutMs, log: opts.log, what: 'callback' });
  }

  get deliveries(): Delivery[] {
    return this.sender.deliveries;
  }

  /** Schedules the callback; returns at once (delivery runs in the background). */
  send(webhookUrl: string, body: { pix: unknown[] }, mode: CallbackMode = 'normal'): void {
    if (mode === 'never') {
      this.opts.log({ msg: 'callback withheld', to: new URL(webhookUrl).origin });
      return;
    }
    for (let i = 0; i < (mode === 'twice' ? 2 : 1); i++) {
      this.sender.send(callbackUrl(webhookUrl), body, retryDelays(this.opts.attempts, this.opts.retryBaseMs), { firstDelayMs: mode === 'late' ? this.opts.lateMs : 0 });
    }
  }

  close(): void {
    this.sender.close();
  }
}
