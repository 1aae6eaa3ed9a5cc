import { setTimeout as sleep } from 'node:timers/promises';
import type { PayoutProvider, PayoutRequest, PayoutState } from './payout-provider.port';

/** A transfer the provider still processes after the wait: asking again later (same id) reads it. */
export class PayoutStillProcessing extends Error {
  constructor(id: string) {
    super(`payout ${id} is still processing at the provider`);
    this.name = 'PayoutStillProcessing';
  }
}

export interface PayoutWait {
  /** How long to read a processing transfer before giving the attempt up. Default 30 s. */
  waitMs?: number;
  /** First delay between reads; doubles up to 2 s. Default 100 ms. */
  pollMs?: number;
}

export type FinalPayoutState = Exclude<PayoutState, { status: 'processing' }>;

/**
 * Sends the transfer (the adapter reads it by id first, so this never pays twice) and reads it
 * until the provider has its outcome: a Pix settles in seconds. Still processing after `waitMs`
 * throws `PayoutStillProcessing`, so the caller's retry (a Temporal activity's) reads it again later.
 */
export async function sendAndAwaitPayout(provider: PayoutProvider, request: PayoutRequest, wait: PayoutWait = {}): Promise<FinalPayoutState> {
  const deadline = Date.now() + (wait.waitMs ?? 30_000);
  let delay = wait.pollMs ?? 100;
  let state: PayoutState | null = await provider.send(request);
  while (state?.status === 'processing' || state === null) {
    if (Date.now() + delay > deadline) throw new PayoutStillProcessing(request.id);
    await sleep(delay);
    delay = Math.min(delay * 2, 2_000);
    state = await provider.get(request.id);
  }
  return state;
}
