import { createApiPixPsp, type ApiPixPsp } from '../../src/processors/pix/api-pix';
import type { ChaosStack } from './chaos-stack';

/**
 * The chaos stack's embedded Pix PSP as the outside world sees it: a payer's bank paying a
 * charge, an operator of the PSP injecting faults into its API (`/embedded/*`, docs/processors.md),
 * and the PSP's own books read over the API Pix with a token of the deployment's account
 * (`books`: Lastro's adapter, the reader every other test of the PSP trusts).
 */

export type CallbackMode = 'normal' | 'twice' | 'late' | 'never';

export interface PixPspFault {
  /** A regular expression on `"METHOD /path"`, e.g. `^PUT /cob/`. */
  path?: string;
  status?: 500 | 502 | 503 | 429 | 401;
  retryAfter?: number;
  delayMs?: number;
  times: number;
}

export interface PixPspDelivery {
  url: string;
  attempts: number;
  delivered: boolean;
  lastStatus?: number;
  lastError?: string;
}

export interface PixPspControl {
  /** Pays the charge `txid` as a payer's bank would; the PSP calls Lastro back as `callback` says. Answers the Pix's end-to-end id. */
  pay(txid: string, callback: CallbackMode): Promise<string>;
  addFault(fault: PixPspFault): Promise<void>;
  stats(): Promise<{ tokensIssued: number; faultsApplied: number; faultsPending: number }>;
  /** Every callback copy the PSP sent or is still retrying. */
  deliveries(): Promise<PixPspDelivery[]>;
  books: ApiPixPsp;
  close(): Promise<void>;
}

export function pixPspControl(stack: ChaosStack): PixPspControl {
  const base = stack.pixPsp.baseUrl;
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} at the embedded PSP answered ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  const books = createApiPixPsp(stack.pixPsp);
  return {
    pay: async (txid, callback) => (await call<{ endToEndId: string }>('POST', `/embedded/cob/${txid}/pay`, { callback })).endToEndId,
    addFault: (fault) => call('POST', '/embedded/faults', fault),
    stats: () => call('GET', '/embedded/stats'),
    deliveries: async () => (await call<{ deliveries: PixPspDelivery[] }>('GET', '/embedded/deliveries')).deliveries,
    books,
    close: () => books.close(),
  };
}
