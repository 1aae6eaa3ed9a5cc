import { EntitySchema, type Opt } from '@mikro-orm/core';
import { BaseEntity, BaseEntitySchema } from '../db/base.entity';
import type { MandateJourney, MandateStatus } from './mandates.rules';

/**
 * A Pix Automático mandate (`mdt_…`): a payer's authorization, at the company's Pix PSP, for a
 * subscription's invoices to be charged every cycle (the API Pix's recurrence, `pspMandateId` its
 * `idRec`). Its status follows the PSP's callbacks, each read back from the PSP.
 */
export class Mandate extends BaseEntity {
  companyId!: string;
  subscriptionId!: string;
  customerId!: string;
  /** The Pix connection it lives at ('default' or pcn_…): callbacks name it. */
  connectionId!: string;
  pspMandateId!: string;
  status!: MandateStatus;
  journey!: MandateJourney;
  /** QR journeys: the BR Code the payer scans, and its payload location. */
  qrCode: Opt<string> | null = null;
  location: Opt<string> | null = null;
  /** Journey 3: the open invoice its QR pays, and the Pix transaction that charges it. */
  invoiceId: Opt<string> | null = null;
  firstTransactionId: Opt<string> | null = null;
  /** Why it ended: the BCB's code and reason, and who ended it. */
  closingCode: Opt<string> | null = null;
  closingReason: Opt<string> | null = null;
  closedBy: Opt<string> | null = null;
  approvedAt: Opt<Date> | null = null;
  endedAt: Opt<Date> | null = null;
}

export const MandateSchema = new EntitySchema<Mandate, BaseEntity>({
  class: Mandate,
  extends: BaseEntitySchema,
  tableName: 'billing_mandates',
  properties: {
    companyId: { type: 'string', length: 40 },
    subscriptionId: { type: 'string', length: 40 },
    customerId: { type: 'string', length: 40 },
    connectionId: { type: 'string', length: 40 },
    pspMandateId: { type: 'string', length: 35 },
    status: { type: 'string', length: 16 },
    journey: { type: 'string', length: 24 },
    qrCode: { type: 'text', nullable: true },
    location: { type: 'string', length: 100, nullable: true },
    invoiceId: { type: 'string', length: 40, nullable: true },
    firstTransactionId: { type: 'string', length: 40, nullable: true },
    closingCode: { type: 'string', length: 8, nullable: true },
    closingReason: { type: 'string', length: 400, nullable: true },
    closedBy: { type: 'string', length: 24, nullable: true },
    approvedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    endedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
