import { z } from 'zod';
import { emailAddress } from '../shared/email';
import { isValidCnpj, isValidCpf, normalizeDocument } from '../shared/documents';
import { idParam, isoDateTimeWithOffset, metadataSchema, nullableTimestamp, timestamp } from '../http/schemas';
import { cursorQuery, paginatedSchema, paginationQuery } from '../http/pagination';

const addressField = z.string().max(255).nullable();

/** All eight keys, each a string or null; the whole object is omitted when there is no address. */
export const addressSchema = z
  .strictObject({
    street: addressField,
    number: addressField,
    complement: addressField,
    neighborhood: addressField,
    city: addressField,
    state: addressField,
    zipCode: addressField,
    country: addressField,
  })
  .meta({ id: 'CustomerAddress' });

const customerFields = {
  name: z.string().trim().min(2).max(255),
  email: emailAddress(),
  type: z.enum(['individual', 'company']),
  document: z.string().trim().min(6).max(32),
  documentType: z.enum(['cpf', 'cnpj', 'passport']),
  phone: z.string().trim().min(1, 'Phone cannot be empty').max(32),
  address: addressSchema.nullable(),
  metadata: metadataSchema,
};

/**
 * checkDocument in JSON Schema: the document's shape follows documentType (cpf when absent).
 * Check digits are a named format (scripts/fuzz-hooks.py generates valid ones).
 */
const documentByType = [
  { properties: { documentType: { const: 'cpf' }, document: { format: 'cpf' } } },
  { required: ['documentType'], properties: { documentType: { const: 'cnpj' }, document: { format: 'cnpj' } } },
  { required: ['documentType'], properties: { documentType: { const: 'passport' }, document: { pattern: '^[A-Za-z0-9]{6,20}$' } } },
];

/**
 * A CPF or CNPJ must carry valid check digits (punctuation is accepted and stripped);
 * a passport is 6-20 letters and digits.
 */
export function checkDocument(document: string, documentType: 'cpf' | 'cnpj' | 'passport'): string | null {
  const normalized = normalizeDocument(document);
  if (documentType === 'cpf') return isValidCpf(normalized) ? null : 'Invalid CPF (check digits do not match)';
  if (documentType === 'cnpj') return isValidCnpj(normalized) ? null : 'Invalid CNPJ (check digits do not match)';
  return /^[A-Z0-9]{6,20}$/.test(normalized) ? null : 'A passport number is 6-20 letters and digits';
}

export const createCustomerBody = z
  .strictObject({
    ...customerFields,
    documentType: customerFields.documentType.default('cpf'),
    address: customerFields.address.optional(),
    metadata: customerFields.metadata.optional(),
  })
  .superRefine((c, ctx) => {
    const problem = checkDocument(c.document, c.documentType);
    if (problem) ctx.addIssue({ code: 'custom', path: ['document'], message: problem });
  })
  .meta({ anyOf: documentByType });

/** PUT takes any subset of the create fields; the document is re-checked against the merged result. */
export const updateCustomerBody = z.strictObject({
  name: customerFields.name.optional(),
  email: customerFields.email.optional(),
  type: customerFields.type.optional(),
  document: customerFields.document.optional(),
  documentType: customerFields.documentType.optional(),
  phone: customerFields.phone.optional(),
  address: customerFields.address.optional(),
  metadata: customerFields.metadata.optional(),
})
  // Both sent: checked here and stated in the document; one alone meets the stored other (service).
  .superRefine((c, ctx) => {
    const problem = c.document !== undefined && c.documentType !== undefined ? checkDocument(c.document, c.documentType) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['document'], message: problem });
  })
  .meta({ anyOf: [{ not: { required: ['document', 'documentType'] } }, ...documentByType.map((b) => ({ ...b, required: ['document', 'documentType'] }))] });

export const customerIdParams = z.strictObject({ id: idParam });

export const listCustomersQuery = z.strictObject({
  name: z.string().max(255).optional(),
  email: z.string().max(255).optional(),
  document: z.string().max(32).optional(),
  documentType: z.enum(['cpf', 'cnpj', 'passport']).optional(),
  phone: z.string().max(32).optional(),
  type: z.enum(['individual', 'company']).optional(),
  q: z.string().min(1).max(255).optional().meta({ description: 'Free text over name, email and document (case-insensitive, partial)' }),
  createdFrom: isoDateTimeWithOffset.optional(),
  createdTo: isoDateTimeWithOffset.optional(),
  sortBy: z.enum(['name', 'createdAt', 'updatedAt']).default('createdAt'),
  sortDir: z.enum(['asc', 'desc']).default('desc'),
  ...paginationQuery,
  ...cursorQuery,
});

export const customerSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    name: z.string(),
    email: z.string(),
    type: z.enum(['individual', 'company']),
    document: z.string(),
    documentType: z.enum(['cpf', 'cnpj', 'passport']),
    phone: z.string(),
    address: addressSchema.nullable(),
    metadata: z.record(z.string(), z.string()),
    createdAt: timestamp,
    updatedAt: timestamp,
    deletedAt: nullableTimestamp,
  })
  .meta({ id: 'Customer' });

export const customerListSchema = paginatedSchema(customerSchema).meta({ id: 'CustomerList' });

export type CreateCustomerInput = z.output<typeof createCustomerBody>;
export type UpdateCustomerInput = z.output<typeof updateCustomerBody>;
export type ListCustomersQuery = z.output<typeof listCustomersQuery>;
export type CustomerView = z.output<typeof customerSchema>;
