import type { FinalPayoutState } from '../processors/payouts/payout-outcome';
import type { PayoutReturn } from '../processors/payouts/payout-provider.port';

/**
 * A withdrawal's payout as the workflow records it (plain JSON in its history): the provider's
 * final answer. `paid` carries the transfer id (the Pix end-to-end id, the withdrawal's
 * `pspTransferId`) and any money the receiving bank already sent back; `failed` means no money
 * moved, with Lastro's code (src/processors/payouts/payout.rules.ts). A transient problem throws
 * instead, so it is retried.
 */
export type PayoutResult =
  | { status: 'paid'; pspTransferId: string; returns?: PayoutReturn[] }
  | { status: 'failed'; pspTransferId: string | null; code: string };

/** The provider's final state as the result recorded (`payoutId`: the transfer id when the provider has no end-to-end id yet). */
export function payoutResultOf(state: FinalPayoutState, payoutId: string): PayoutResult {
  return state.status === 'paid'
    ? { status: 'paid', pspTransferId: state.transferId ?? payoutId, ...(state.returns.length > 0 ? { returns: state.returns } : {}) }
    : { status: 'failed', pspTransferId: state.transferId, code: state.code };
}
