import { DeliverySender, retryDelays, type Delivery } from '../delivery';

/**
 * Cielo's notification post: `POST <URL Status Pagamento>` with `{ "PaymentId", "ChangeType" }`
 * and the store's fixed headers (up to three), retried three times after a failure; only a 200
 * counts as received, as Cielo asks of the store. Cielo waits 30 minutes between tries; here the
 * wait is `retryBaseMs`, doubling.
 */

export const CHANGE_TYPE = { PaymentStatus: 1, Chargeback: 7 } as const;

export interface NotifierOptions {
  url?: string;
  headers?: Record<string, string>;
  retryBaseMs: number;
  timeoutMs: number;
  log: (msg: Record<string, unknown>) => void;
}

export class Notifier {
  private readonly sender: DeliverySender;
  url: string | undefined;
  headers: Record<string, string>;

  constructor(private readonly opts: NotifierOptions) {
    this.url = opts.url;
    this.headers = opts.headers ?? {};
    this.sender = new DeliverySender({ timeoutMs: opts.timeoutMs, log: opts.log, what: 'notification', accepts: (status) => status === 200 });
  }

  get deliveries(): Delivery[] {
    return this.sender.deliveries;
  }

  /** Sends a notification to the registered URL; null when none is registered. */
  notify(paymentId: string, changeType: number): Delivery | null {
    if (!this.url) return null;
    return this.sender.send(this.url, { PaymentId: paymentId, ChangeType: changeType }, retryDelays(4, this.opts.retryBaseMs), { headers: this.headers });
  }

  close(): void {
    this.sender.close();
  }
}
