import { z } from 'zod';
import { idParam, nullableTimestamp, timestamp } from '../http/schemas';
import { cursorQuery, paginatedFlatSchema, paginationQuery } from '../http/pagination';
import {
  checkoutContentDefaults,
  checkoutContentFields,
  checkoutContentView,
  statusCsv,
} from './checkout.schemas';

export const LINK_STATUSES = ['active', 'archived'] as const;

const linkFields = {
  name: z.string().trim().min(1).max(255),
  description: z.string().max(2000),
  slug: z.string().min(3).max(100).regex(/^[a-z0-9-]+$/, 'Lower-case letters, digits and -'),
  ...checkoutContentFields,
};

/** What null may clear: the optional texts and structures whose absence means something. */
const clearable = {
  name: linkFields.name.nullable(),
  description: linkFields.description.nullable(),
  slug: linkFields.slug.nullable(),
  branding: linkFields.branding.nullable(),
  successUrl: linkFields.successUrl.nullable(),
  cancelUrl: linkFields.cancelUrl.nullable(),
};
const linkBody = z.strictObject({ ...linkFields, ...clearable });

/** PUT takes any subset; a nested structure given replaces the stored one whole; null clears an optional one. */
export const updateLinkBody = linkBody.partial();

/** Create: items and paymentMethods required; mode, currency, locale and expirationMinutes have defaults. */
export const createLinkBody = linkBody
  .partial()
  .required({ items: true, paymentMethods: true })
  .extend(checkoutContentDefaults);

export const linkIdParams = z.strictObject({ id: idParam });

export const listLinksQuery = z.strictObject({
  status: statusCsv(LINK_STATUSES).optional().meta({ description: 'CSV of active, archived; default both' }),
  search: z.string().trim().min(1).max(255).optional().meta({ description: 'Partial, case-insensitive match on name or description' }),
  ...paginationQuery,
  ...cursorQuery,
});

export const linkSchema = z
  .object({
    id: z.string(),
    tenantId: z.string(),
    companyId: z.string(),
    name: z.string().nullable(),
    description: z.string().nullable(),
    slug: z.string().nullable(),
    status: z.enum(LINK_STATUSES),
    ...checkoutContentView,
    version: z.number().int(),
    url: z.string(),
    createdAt: timestamp,
    updatedAt: timestamp,
    deletedAt: nullableTimestamp,
  })
  .meta({ id: 'CheckoutLink' });

/** The spec's exception to the standard envelope: `{ data, total, page, limit }` at top level (and hasMore). */
export const linkListSchema = paginatedFlatSchema(linkSchema).meta({ id: 'CheckoutLinkList' });

export type CreateLinkInput = z.output<typeof createLinkBody>;
export type UpdateLinkInput = z.output<typeof updateLinkBody>;
export type ListLinksQuery = z.output<typeof listLinksQuery>;
export type LinkView = z.output<typeof linkSchema>;
