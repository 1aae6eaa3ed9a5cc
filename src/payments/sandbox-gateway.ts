import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config';
import type { Orm } from '../db/orm';
import { bookOnce, bookOnceMany, keyDigest } from '../shared/sandbox-books';
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

/** The sandbox acquirer: its books are `sandbox_gateway_charges` and `sandbox_gateway_refunds` (see bookOnce). */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';

  constructor(
    private readonly em: () => EntityManager,
    private readonly latencyMs = 0,
  ) {}

  async authorize(req: AuthorizationRequest): Promise<AuthorizationResult> {
    const [result] = await this.authorizeMany([req]);
    return result;
  }

  /** The decisions of many charges booked in one statement (one round trip's latency). */
  async authorizeMany(reqs: AuthorizationRequest[]): Promise<AuthorizationResult[]> {
    const bookings = reqs.map((req) => {
      const outcome = sandboxOutcome(req.card.pan);
      const digest = keyDigest(req.idempotencyKey);
      return {
        idempotency_key: req.idempotencyKey,
        amount: req.amount,
        installments: req.installments,
        status: outcome.status,
        code: outcome.code,
        reference: `sbx_${digest.slice(0, 24)}`,
        authorization_code: outcome.status === 'approved' ? String(parseInt(digest.slice(24, 32), 16) % 1_000_000).padStart(6, '0') : null,
      };
    });
    const rows = await bookOnceMany<ChargeRow>(this.em(), 'sandbox_gateway_charges', bookings, ['status', 'code', 'reference', 'authorization_code'], this.latencyMs);
    return rows.map((row) => ({ status: row.status, code: row.code, reference: row.reference, authorizationCode: row.authorization_code }));
  }

  async void(idempotencyKey: string): Promise<void> {
    await this.em().execute(`update sandbox_gateway_charges set voided_at = now() where idempotency_key = ? and voided_at is null`, [idempotencyKey]);
  }

  async refund(req: GatewayRefundRequest): Promise<GatewayRefundResult> {
    const failed = req.reason.includes(SANDBOX_REFUND_FAIL_MARKER);
    const row = await bookOnce<{ status: 'refunded' | 'failed'; code: string | null; reference: string }>(
      this.em(),
      'sandbox_gateway_refunds',
      {
        idempotency_key: req.idempotencyKey,
        charge_reference: req.chargeReference,
        amount: req.amount,
        status: failed ? 'failed' : 'refunded',
        code: failed ? 'refund_rejected' : null,
        reference: `sbr_${keyDigest(req.idempotencyKey).slice(0, 24)}`,
      },
      ['status', 'code', 'reference'],
      this.latencyMs,
    );
    return { status: row.status, code: row.code, reference: row.reference };
  }
}

/** The card acquirer a process talks to: the one injected (tests inject a crashing one), else the sandbox. */
export function paymentGatewayOf(deps: { orm: Orm; config: Pick<Config, 'sandboxGatewayLatencyMs'>; paymentGateway?: PaymentGateway }): PaymentGateway {
  return deps.paymentGateway ?? new SandboxGateway(() => deps.orm.em.fork() as unknown as EntityManager, deps.config.sandboxGatewayLatencyMs);
}
