import type { EntityManager } from '@mikro-orm/postgresql';
import type { GatewayRefundRequest, GatewayRefundResult } from '../payments/payment-gateway';
import type { Processors } from '../processors/processors';

/**
 * A card refund is a partial void at the acquirer store the payment was authorized on (its pinned
 * connection), with `refundedBefore`: the cents of the payment's refunds already completed. Cielo
 * keys no void, so that sum is how a refund asked again after its answer was lost (a retried
 * activity) recognises its own void in the sale's VoidedAmount instead of voiding twice.
 *
 * The check is exact only while one refund of a payment is at the acquirer at a time. So the call
 * runs under a PostgreSQL advisory lock on the payment (`pg_advisory_xact_lock`, held by the
 * transaction around the call), which holds across workers and processes: a second refund of the
 * same payment waits until the first is answered. A refund answered but not yet completed in
 * Lastro makes the next one's sum short; the adapter then throws a retryable error, and the
 * activity asks again once the first is recorded.
 */
export async function refundCard(processors: Processors, fork: () => EntityManager, request: GatewayRefundRequest): Promise<GatewayRefundResult> {
  return fork().transactional(async (em) => {
    await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`card-refund:${request.paymentId}`]);
    const rail = request.processorConnectionId ? await processors.cardById(em, request.processorConnectionId) : null;
    if (!rail) return { status: 'failed', code: 'processor_not_configured', reference: request.chargeReference ?? '' };
    const [row] = await em.execute<Array<{ sum: string }>>(
      `select coalesce(sum(amount), 0)::text as sum from refunds where payment_id = ? and status = 'refunded' and id <> ?`,
      [request.paymentId, request.idempotencyKey],
    );
    return rail.acquirer.refund({ ...request, refundedBefore: Number(row.sum) });
  });
}
