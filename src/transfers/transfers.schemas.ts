import { z } from 'zod';
import { cents, currencyCode, idParam, metadataSchema, timestamp } from '../http/schemas';
import { cursorQuery, paginatedSchema, paginationQuery } from '../http/pagination';

/** Transfers between two recipients of the caller's company (docs/transfers.md). */

export const transferIdParams = z.strictObject({ id: idParam });

const recipientId = z.string().trim().min(1).max(100);

export const createTransferBody = z
  .strictObject({
    fromRecipientId: recipientId.meta({ description: 'rec_ id of the active recipient whose withdrawable balance pays' }),
    toRecipientId: recipientId.meta({ description: 'rec_ id of the active recipient credited; not fromRecipientId' }),
    amount: cents.min(1).meta({ description: 'Integer cents (>= 1), at most the sender’s withdrawable balance' }),
    currency: currencyCode.default('BRL'),
    description: z.string().trim().min(1).max(500).optional().meta({ description: 'Shown on the transfer (not in the statements, which describe it themselves)' }),
    metadata: metadataSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.fromRecipientId === b.toRecipientId) ctx.addIssue({ code: 'custom', path: ['toRecipientId'], message: 'toRecipientId must differ from fromRecipientId' });
  });

export const listTransfersQuery = z.strictObject({
  fromRecipientId: recipientId.optional(),
  toRecipientId: recipientId.optional(),
  currency: currencyCode.optional(),
  ...paginationQuery,
  ...cursorQuery,
});

export const transferSchema = z
  .object({
    id: z.string(),
    fromRecipientId: z.string(),
    toRecipientId: z.string(),
    amount: cents,
    currency: z.string().length(3),
    description: z.string().nullable(),
    metadata: z.record(z.string(), z.string()),
    postingId: z.string().meta({ description: 'pst_ id of the ledger posting that moved the money' }),
    createdAt: timestamp,
  })
  .meta({ id: 'Transfer' });

export const transferListSchema = paginatedSchema(transferSchema).meta({ id: 'TransferList' });

export type CreateTransferInput = z.output<typeof createTransferBody>;
export type ListTransfersQuery = z.output<typeof listTransfersQuery>;
export type TransferView = z.output<typeof transferSchema>;
