import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthorizationRequest, AuthorizationResult, AuthorizationStatus, GatewayRefundRequest, GatewayRefundResult, PaymentGateway } from './payment-gateway';

/** A refund whose reason contains this marker is refused by the sandbox acquirer (docs/refunds.md). */
export const SANDBOX_REFUND_FAIL_MARKER = '[sandbox:fail]';

/** decisions.md "Sandbox processor": the card number decides the outcome; any other valid card is approved. */
const SANDBOX_OUTCOMES: Record<string, { status: AuthorizationStatus; code: string | null }> = {
  '4111111111111111': { status: 'approved', code: null },
  '5555555555554444': { status: 'approved', code: null },
  '4000000000000002': { status: 'refused', code: 'card_declined' },
  '4000000000009995': { status: 'refused', code: 'insufficient_funds' },
  '4000000000000119': { status: 'failed', code: 'processor_error' },
};

export function sandboxOutcome(pan: string): { status: AuthorizationStatus; code: string | null } {
  return SANDBOX_OUTCOMES[pan] ?? { status: 'approved', code: null };
}

interface ChargeRow {
  status: AuthorizationStatus;
  code: string | null;
  reference: string;
  authorization_code: string | null;
}

/**
 * The sandbox acquirer. It keeps its own books in PostgreSQL (`sandbox_gateway_charges`), one
 * row per idempotency key, like a real acquirer would on its side: a repeated key returns the
 * stored answer, so a retried activity (even in another worker process) never charges twice.
 * `latencyMs` (SANDBOX_GATEWAY_LATENCY_MS) delays each answer after the decision is booked,
 * as a real acquirer's round trip does: the window in which a crash leaves a charge Lastro
 * has not heard about yet.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';

  constructor(
    private readonly em: () => EntityManager,
    private readonly latencyMs = 0,
  ) {}

  async authorize(req: AuthorizationRequest): Promise<AuthorizationResult> {
    const outcome = sandboxOutcome(req.card.pan);
    const digest = createHash('sha256').update(req.idempotencyKey).digest('hex');
    const reference = `sbx_${digest.slice(0, 24)}`;
    const authorizationCode = outcome.status === 'approved' ? String(parseInt(digest.slice(24, 32), 16) % 1_000_000).padStart(6, '0') : null;
    const em = this.em();
    await em.execute(
      `insert into sandbox_gateway_charges (idempotency_key, amount, installments, status, code, reference, authorization_code)
       values (?, ?, ?, ?, ?, ?, ?) on conflict (idempotency_key) do nothing`,
      [req.idempotencyKey, req.amount, req.installments, outcome.status, outcome.code, reference, authorizationCode],
    );
    const [row] = await em.execute<ChargeRow[]>(
      `select status, code, reference, authorization_code from sandbox_gateway_charges where idempotency_key = ?`,
      [req.idempotencyKey],
    );
    if (this.latencyMs > 0) await sleep(this.latencyMs);
    return { status: row.status, code: row.code, reference: row.reference, authorizationCode: row.authorization_code };
  }

  async void(idempotencyKey: string): Promise<void> {
    await this.em().execute(`update sandbox_gateway_charges set voided_at = now() where idempotency_key = ? and voided_at is null`, [idempotencyKey]);
  }

  async refund(req: GatewayRefundRequest): Promise<GatewayRefundResult> {
    const failed = req.reason.includes(SANDBOX_REFUND_FAIL_MARKER);
    const reference = `sbr_${createHash('sha256').update(req.idempotencyKey).digest('hex').slice(0, 24)}`;
    const em = this.em();
    await em.execute(
      `insert into sandbox_gateway_refunds (idempotency_key, charge_reference, amount, status, code, reference) values (?, ?, ?, ?, ?, ?) on conflict (idempotency_key) do nothing`,
      [req.idempotencyKey, req.chargeReference, req.amount, failed ? 'failed' : 'refunded', failed ? 'refund_rejected' : null, reference],
    );
    const [row] = await em.execute<{ status: 'refunded' | 'failed'; code: string | null; reference: string }[]>(
      `select status, code, reference from sandbox_gateway_refunds where idempotency_key = ?`,
      [req.idempotencyKey],
    );
    if (this.latencyMs > 0) await sleep(this.latencyMs);
    return { status: row.status, code: row.code, reference: row.reference };
  }
}
