import { LockMode } from '@mikro-orm/core';
import type { EventSubscriber } from '../events/dispatcher';
import type { Event } from '../events/event.entity';
import { recordEvent } from '../events/outbox';
import { Invoice } from './subscription.entity';
import { toInvoiceView } from './subscription.views';

interface RefundedData {
  refundId?: string;
  refundAmount?: number;
  transactionId?: string;
}

/**
 * invoice.refunded: when a refund of a transaction that paid an invoice completes
 * (`transaction.refunded`, whose data names refundId, refundAmount and transactionId), the
 * invoice's `amountRefunded` grows by the refund and invoice.refunded is recorded, in the
 * dispatch transaction. The invoice stays `paid` (the spec names no refunded invoice state).
 * Once per refund: a second dispatch of the same event finds the invoice.refunded it recorded.
 */
export function invoiceRefundSubscriber(dispatchSoon: (eventIds: string[]) => void): EventSubscriber {
  return {
    name: 'invoice-refunds',
    async handle(em, event) {
      if (event.type !== 'transaction.refunded') return;
      const data = (event.payload as { data?: RefundedData }).data ?? {};
      const transactionId = data.transactionId ?? event.entityId;
      if (!transactionId || !data.refundId || !data.refundAmount) return;
      const invoice = await em.findOne(Invoice, { companyId: event.companyId, lastTransactionId: transactionId, status: 'paid' }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!invoice || (await alreadyRecorded(em, invoice.id, data.refundId))) return;
      invoice.amountRefunded = Math.min(invoice.total, invoice.amountRefunded + data.refundAmount);
      const recorded: Event = recordEvent(em, {
        companyId: invoice.companyId,
        type: 'invoice.refunded',
        entityType: 'invoice',
        data: { ...toInvoiceView(invoice), refundId: data.refundId, refundAmount: data.refundAmount, transactionId },
      });
      await em.flush();
      return async () => dispatchSoon([recorded.id]);
    },
  };
}

async function alreadyRecorded(em: Parameters<EventSubscriber['handle']>[0], invoiceId: string, refundId: string): Promise<boolean> {
  const rows = await em.execute(`select 1 from events where entity_id = ? and type = 'invoice.refunded' and payload->'data'->>'refundId' = ? limit 1`, [invoiceId, refundId]);
  return rows.length > 0;
}
