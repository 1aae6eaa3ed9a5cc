import { BigIntType, EntitySchema, type Opt } from '@mikro-orm/core';
import type { ReceivableStatus } from './receivable.rules';

/**
 * What one recipient is still to receive from one installment of a sale (`rcv_…`): written
 * with the sale posting, lowered by the chargebacks that take from it, released once by the
 * release run of its company on `availableOn` (or early by a refund). The ledger stays the
 * truth of the money; this row is its schedule.
 */
export class Receivable {
  id!: string;
  companyId!: string;
  transactionId!: string;
  paymentId!: string;
  salePostingId!: string;
  recipientId!: string;
  /** 1-based: release n of the payment (always 1 for Pix and boleto). */
  installment!: number;
  currency!: string;
  /** Net integer cents this installment still makes available for the recipient. */
  amount!: number;
  releaseAt!: Date;
  /** `YYYY-MM-DD`, São Paulo date of `releaseAt`: the release run of that day releases it. */
  availableOn!: string;
  status!: ReceivableStatus;
  releasedAt: Opt<Date> | null = null;
  releasePostingId: Opt<string> | null = null;
  /** The anticipation (`ant_…`) that reserved or anticipated it. */
  anticipationId: Opt<string> | null = null;
  suspendedAt: Opt<Date> | null = null;
  createdAt: Opt<Date> = new Date();
}

export const ReceivableSchema = new EntitySchema<Receivable>({
  class: Receivable,
  tableName: 'receivables',
  properties: {
    id: { type: 'string', primary: true, length: 40 },
    companyId: { type: 'string', length: 40 },
    transactionId: { type: 'string', length: 40 },
    paymentId: { type: 'string', length: 40 },
    salePostingId: { type: 'string', length: 40 },
    recipientId: { type: 'string', length: 40 },
    installment: { type: 'integer' },
    currency: { type: 'string', length: 3 },
    amount: { type: new BigIntType('number') },
    releaseAt: { type: 'Date', columnType: 'timestamptz' },
    availableOn: { type: 'string', columnType: 'date' },
    status: { type: 'string', length: 16 },
    releasedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    releasePostingId: { type: 'string', length: 40, nullable: true },
    anticipationId: { type: 'string', length: 40, nullable: true },
    suspendedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
  },
});
