import type { EntityManager } from '@mikro-orm/postgresql';
import { bookOnce, keyDigest } from '../shared/sandbox-books';
import type { PayoutGateway, PayoutRequest, PayoutResult } from './payout-gateway';

/**
 * Sandbox rule (docs/withdrawals.md): a transfer to bank account number `99999` is refused
 * with `bank_account_closed`; every other transfer is paid at once. A merchant tries the
 * failure path by registering a recipient with that account number.
 */
export const SANDBOX_CLOSED_ACCOUNT = '99999';

export function sandboxPayoutOutcome(req: Pick<PayoutRequest, 'bankAccount'>): { status: 'paid' | 'failed'; code: string | null } {
  return req.bankAccount.bankAccount === SANDBOX_CLOSED_ACCOUNT ? { status: 'failed', code: 'bank_account_closed' } : { status: 'paid', code: null };
}

interface TransferRow {
  transfer_id: string;
  status: 'paid' | 'failed';
  code: string | null;
}

/** The sandbox PSP: its books are `sandbox_payout_transfers` (see bookOnce). */
export class SandboxPayoutGateway implements PayoutGateway {
  readonly name = 'sandbox';

  constructor(
    private readonly em: () => EntityManager,
    private readonly latencyMs = 0,
  ) {}

  async transfer(req: PayoutRequest): Promise<PayoutResult> {
    const outcome = sandboxPayoutOutcome(req);
    const row = await bookOnce<TransferRow>(
      this.em(),
      'sandbox_payout_transfers',
      {
        idempotency_key: req.idempotencyKey,
        transfer_id: `sbx_tr_${keyDigest(req.idempotencyKey).slice(0, 24)}`,
        amount: req.amount,
        currency: req.currency,
        bank_account_id: req.bankAccountId,
        status: outcome.status,
        code: outcome.code,
      },
      ['transfer_id', 'status', 'code'],
      this.latencyMs,
    );
    return row.status === 'paid' ? { status: 'paid', pspTransferId: row.transfer_id } : { status: 'failed', pspTransferId: row.transfer_id, code: row.code ?? 'transfer_failed' };
  }
}
