import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
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

/**
 * The sandbox PSP. It keeps its own books in PostgreSQL (`sandbox_payout_transfers`), one
 * row per idempotency key, as a real PSP does on its side: a repeated key returns the stored
 * answer, so a retried payout activity (even on another worker) never pays twice.
 * `latencyMs` (SANDBOX_GATEWAY_LATENCY_MS) delays each answer after the transfer is booked,
 * the window in which a crash leaves money sent that Lastro has not recorded yet.
 */
export class SandboxPayoutGateway implements PayoutGateway {
  readonly name = 'sandbox';

  constructor(
    private readonly em: () => EntityManager,
    private readonly latencyMs = 0,
  ) {}

  async transfer(req: PayoutRequest): Promise<PayoutResult> {
    const outcome = sandboxPayoutOutcome(req);
    const transferId = `sbx_tr_${createHash('sha256').update(req.idempotencyKey).digest('hex').slice(0, 24)}`;
    const em = this.em();
    await em.execute(
      `insert into sandbox_payout_transfers (idempotency_key, transfer_id, amount, currency, bank_account_id, status, code)
       values (?, ?, ?, ?, ?, ?, ?) on conflict (idempotency_key) do nothing`,
      [req.idempotencyKey, transferId, req.amount, req.currency, req.bankAccountId, outcome.status, outcome.code],
    );
    const [row] = await em.execute<TransferRow[]>(`select transfer_id, status, code from sandbox_payout_transfers where idempotency_key = ?`, [req.idempotencyKey]);
    if (this.latencyMs > 0) await sleep(this.latencyMs);
    return row.status === 'paid' ? { status: 'paid', pspTransferId: row.transfer_id } : { status: 'failed', pspTransferId: row.transfer_id, code: row.code ?? 'transfer_failed' };
  }
}
