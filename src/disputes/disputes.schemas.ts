import { z } from 'zod';
import { cents, idParam, timestamp } from '../http/schemas';
import { cursorQuery, paginatedSchema, paginationQuery } from '../http/pagination';
import { DISPUTE_STATUSES } from './dispute.rules';

export const disputeIdParams = z.strictObject({ id: idParam.meta({ description: 'The dispute id (dsp_…)' }) });

export const listDisputesQuery = z.strictObject({
  status: z.enum(DISPUTE_STATUSES).optional(),
  transactionId: z.string().min(1).max(100).optional(),
  ...paginationQuery,
  ...cursorQuery,
});

/** The evidence's text fields (Stripe-like), each optional; a later call replaces the fields it names. */
export const EVIDENCE_TEXT_FIELDS = ['productDescription', 'customerName', 'customerEmail', 'serviceDate', 'shippingTrackingNumber', 'refundPolicy', 'customerCommunication', 'uncategorizedText'] as const;

const evidenceText = Object.fromEntries(EVIDENCE_TEXT_FIELDS.map((k) => [k, z.string().trim().min(1).max(5000).optional()])) as Record<
  (typeof EVIDENCE_TEXT_FIELDS)[number],
  z.ZodOptional<z.ZodString>
>;

export const EVIDENCE_FILE_PURPOSES = ['receipt', 'shipping_documentation', 'customer_communication', 'customer_signature', 'refund_policy', 'other'] as const;

export const addEvidenceBody = z
  .strictObject({
    ...evidenceText,
    files: z
      .array(
        z.strictObject({
          purpose: z.enum(EVIDENCE_FILE_PURPOSES).default('other'),
          filename: z.string().trim().min(1).max(200),
          content: z.string().min(1).meta({ description: 'The file, base64 (or a base64 data URL): PDF, JPEG or PNG by its content, at most 5 MiB' }),
        }),
      )
      .max(10)
      .optional(),
  })
  .meta({ id: 'DisputeEvidenceInput' });

export const evidenceFileSchema = z.object({ id: z.string(), purpose: z.enum(EVIDENCE_FILE_PURPOSES), filename: z.string(), contentType: z.string(), sizeBytes: z.number().int(), sha256: z.string(), createdAt: timestamp });

export const disputeSchema = z
  .object({
    id: z.string(),
    transactionId: z.string(),
    paymentId: z.string(),
    chargebackId: z.string(),
    amount: cents,
    currency: z.string(),
    reason: z.string(),
    status: z.enum(DISPUTE_STATUSES),
    dueBy: timestamp.meta({ description: 'Evidence is accepted until then; after it, a dispute without evidence is lost' }),
    evidence: z.object(Object.fromEntries(EVIDENCE_TEXT_FIELDS.map((k) => [k, z.string().optional()]))),
    files: z.array(evidenceFileSchema),
    submittedAt: timestamp.nullable(),
    resolvedAt: timestamp.nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'Dispute' });

export const disputeListSchema = paginatedSchema(disputeSchema).meta({ id: 'DisputeList' });

export const sandboxOutcomeBody = z.strictObject({ outcome: z.enum(['won', 'lost']) }).meta({ id: 'SandboxDisputeOutcomeInput' });
export const sandboxOutcomeSchema = z.object({ id: z.string(), outcome: z.enum(['won', 'lost']), status: z.literal('deciding') }).meta({ id: 'SandboxDisputeOutcome' });

export type DisputeView = z.output<typeof disputeSchema>;
export type AddEvidenceInput = z.output<typeof addEvidenceBody>;
export type ListDisputesQuery = z.output<typeof listDisputesQuery>;
