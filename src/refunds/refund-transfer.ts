import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import { SANDBOX_TED_BOUNCE_ACCOUNT } from './refund.rules';
import type { RefundBankDetails } from './refund.entity';

/**
 * The TED that pays a boleto refund into the buyer's account. Keyed per refund and bank-details
 * request, so a retried activity never sends twice, and new details after a bounce send anew.
 */
export interface RefundTransferRequest {
  idempotencyKey: string;
  amount: number;
  currency: string;
  bankDetails: RefundBankDetails;
}

export interface RefundTransferResult {
  status: 'completed' | 'bounced';
  /** Why the receiving bank returned it (`invalid_account`); null when completed. */
  code: string | null;
  transferId: string;
}

export interface RefundTransferGateway {
  transfer(request: RefundTransferRequest): Promise<RefundTransferResult>;
}

/**
 * Sandbox bank: an account numbered 99999 bounces (`invalid_account`); any other account is paid.
 * `latencyMs` (SANDBOX_GATEWAY_LATENCY_MS) delays the answer after the TED is booked.
 */
export class SandboxRefundTransferGateway implements RefundTransferGateway {
  constructor(
    private readonly em: () => EntityManager,
    private readonly latencyMs = 0,
  ) {}

  async transfer(req: RefundTransferRequest): Promise<RefundTransferResult> {
    const bounced = req.bankDetails.account.replace(/\D/g, '') === SANDBOX_TED_BOUNCE_ACCOUNT;
    const transferId = `ted_${createHash('sha256').update(req.idempotencyKey).digest('hex').slice(0, 24)}`;
    const em = this.em();
    await em.execute(
      `insert into sandbox_refund_teds (idempotency_key, amount, bank_code, account, status, code, transfer_id) values (?, ?, ?, ?, ?, ?, ?) on conflict (idempotency_key) do nothing`,
      [req.idempotencyKey, req.amount, req.bankDetails.bankCode, req.bankDetails.account, bounced ? 'bounced' : 'completed', bounced ? 'invalid_account' : null, transferId],
    );
    const [row] = await em.execute<{ status: 'completed' | 'bounced'; code: string | null; transfer_id: string }[]>(
      `select status, code, transfer_id from sandbox_refund_teds where idempotency_key = ?`,
      [req.idempotencyKey],
    );
    if (this.latencyMs > 0) await sleep(this.latencyMs);
    return { status: row.status, code: row.code, transferId: row.transfer_id };
  }
}
