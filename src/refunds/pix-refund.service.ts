import { setTimeout as sleep } from 'node:timers/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { GatewayRefundRequest, GatewayRefundResult } from '../payments/payment-gateway';
import { pixRefundId } from '../payments/pix.rules';
import { PixPspError, type PixRefund } from '../processors/pix/pix-psp.port';
import type { Processors } from '../processors/processors';
import type { Logger } from '../shared/logger';

/** How often a devolução still EM_PROCESSAMENTO is read again (the SPI settles one in seconds). */
const POLL_MS = 500;

/**
 * A Pix refund is a devolução at the PSP that received the Pix: `PUT /pix/{e2eid}/devolucao/{id}`
 * with the refund's own id, so a retried activity asks for the same devolução and never returns
 * twice, then read until the payer's bank settles it: DEVOLVIDO refunds, NAO_REALIZADO fails the
 * refund (`refund_rejected`, the PSP's reason logged) and its reserved money goes back.
 * A PSP that does not answer throws (the activity retries); one that refuses the request fails
 * the refund, since asking again would be refused again.
 */
export async function refundPix(processors: Processors, logger: Logger, em: EntityManager, request: GatewayRefundRequest, pollMs = POLL_MS): Promise<GatewayRefundResult> {
  const id = pixRefundId(request.idempotencyKey);
  const rail = request.processorConnectionId ? await processors.pixById(em, request.processorConnectionId) : null;
  if (!rail || !request.chargeReference) return { status: 'failed', code: rail ? 'pix_not_received' : 'processor_not_configured', reference: id };
  const e2eid = request.chargeReference;
  let devolucao: PixRefund;
  try {
    devolucao = await rail.psp.requestRefund({ endToEndId: e2eid, id, amount: request.amount, description: request.reason.slice(0, 140) });
    while (devolucao.status === 'EM_PROCESSAMENTO') {
      await sleep(pollMs);
      devolucao = (await rail.psp.getRefund(e2eid, id)) ?? devolucao;
    }
  } catch (err) {
    if (!(err instanceof PixPspError) || err.retryable) throw err;
    logger.warn({ refundId: request.idempotencyKey, problem: err.problem }, 'Pix refund refused by the PSP');
    return { status: 'failed', code: 'refund_rejected', reference: id };
  }
  if (devolucao.status === 'DEVOLVIDO') return { status: 'refunded', code: null, reference: devolucao.rtrId };
  logger.warn({ refundId: request.idempotencyKey, reason: devolucao.reason }, "Pix refund not made: the payer's bank refused it");
  return { status: 'failed', code: 'refund_rejected', reference: devolucao.rtrId };
}
