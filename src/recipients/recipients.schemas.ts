import { z } from 'zod';
import { emailAddress } from '../shared/email';
import { documentKind } from '../shared/documents';
import { idParam, timestamp } from '../http/schemas';
import { cursorQuery, paginatedSchema, paginationQuery } from '../http/pagination';
import { decodeBase64File, type CheckedFile } from './kyc-files';
import type { KycFileKind } from './recipient.entity';

/**
 * Recipient request and response schemas (spec "Recipient", "Recipients (core API)").
 * Names the spec leaves open: `companyName` (legal name), `legalRepresentative`,
 * pixKeyType ∈ cpf|cnpj|email|phone|random, splitType ∈ percentage|flat (docs/recipients.md).
 */

/** A CPF or CNPJ (numeric or alphanumeric), punctuation allowed, with valid check digits. */
const brDocument = z
  .string()
  .trim()
  .min(11, 'Too small: expected a CPF or CNPJ of at least 11 characters')
  .max(18)
  .refine((d) => documentKind(d) !== null, 'Invalid CPF/CNPJ (check digits do not match)')
  // JSON Schema cannot state check digits: the format names the rule (scripts/fuzz-hooks.py generates it).
  .meta({ format: 'cpf-cnpj' });

/** Calendar dates (birth, founding) are plain dates, not instants. */
const calendarDate = z.iso.date();
const nonNegativeCents = z.number().int().min(0).meta({ description: 'Integer cents' });
const text = (max = 255) => z.string().trim().min(1).max(max);

const addressSchema = z
  .strictObject({
    address: text().optional().meta({ description: 'Street' }),
    number: text(20).optional(),
    complement: text().optional(),
    neighborhood: text().optional(),
    city: text().optional(),
    state: z.string().trim().min(1).max(2).optional().meta({ description: 'State (UF), at most 2 characters' }),
    postalCode: text(16).optional(),
    referencePoint: text().optional(),
  })
  .meta({ id: 'RecipientAddressInput' });

const legalRepresentativeSchema = z
  .strictObject({
    name: z.string().trim().min(2).max(255),
    document: brDocument,
    email: emailAddress().optional(),
    motherName: text().optional(),
    birthdate: calendarDate.optional(),
    monthlyIncome: nonNegativeCents.optional(),
    profession: text().optional(),
    phone: text(32).optional(),
    selfDeclaredRepresentative: z.boolean().optional(),
  })
  .meta({ id: 'RecipientLegalRepresentativeInput' });

export const bankAccountInput = z
  .strictObject({
    bankHolderName: z.string().trim().min(2).max(255),
    bankHolderDocument: brDocument,
    bankCode: z.string().trim().min(1).max(10),
    bankAgency: z.string().trim().min(1).max(20),
    bankAccount: z.string().trim().min(1).max(30),
    bankHolderType: text(32).optional(),
    bankName: text().optional(),
    bankAccountDigit: z.string().trim().min(1).max(4).optional(),
    bankAccountType: text(32).optional(),
  })
  .meta({ id: 'RecipientBankAccountInput' });

/** A base64 file (or data URL), decoded and type-checked by its bytes during validation. */
const base64File = (kind: KycFileKind) =>
  z
    .string()
    .min(1)
    .transform((value, ctx): CheckedFile => {
      const checked = decodeBase64File(kind, value);
      if (typeof checked === 'string') {
        ctx.addIssue({ code: 'custom', message: checked });
        return z.NEVER;
      }
      return checked;
    })
    // The content rule is a named format (scripts/fuzz-hooks.py generates files that pass it).
    .meta({ format: kind === 'selfie' ? 'kyc-image' : 'kyc-document', description: 'Base64 (or a data: URL); JPEG, PNG, WebP or PDF by content; at most 5 MiB decoded' });

const filesSchema = z
  .strictObject({
    identificationDocument: base64File('identificationDocument').optional(),
    selfie: base64File('selfie').optional(),
    socialContract: base64File('socialContract').optional(),
  })
  .meta({ id: 'RecipientFilesInput' });

const pixKeyTypes = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;

const recipientFields = {
  name: z.string().trim().min(2).max(255),
  email: emailAddress(),
  document: brDocument,
  type: z.enum(['individual', 'company']),
  phone: z.string().trim().min(1).max(32),
  role: z.enum(['seller', 'owner']).meta({ description: 'seller (default) or owner (at most one per company)' }),
  splitValue: z.number().positive().nullable(),
  splitType: z.enum(['percentage', 'flat']).nullable(),
  companyType: text(100),
  companyName: text().meta({ description: 'Legal (registered) company name' }),
  companyFoundingDate: calendarDate,
  annualRevenue: nonNegativeCents,
  corporationType: text(100),
  birthDate: calendarDate,
  motherName: text(),
  profession: text(),
  monthlyIncome: nonNegativeCents,
  pixKeyType: z.enum(pixKeyTypes),
  pixKey: text(140),
  website: z.url().max(2000),
  legalRepresentative: legalRepresentativeSchema,
  address: addressSchema,
  bankAccount: bankAccountInput,
  files: filesSchema,
};

type FieldName = keyof typeof recipientFields;
const optionalFields = Object.fromEntries(Object.entries(recipientFields).map(([k, v]) => [k, v.optional()])) as {
  [K in FieldName]: z.ZodOptional<(typeof recipientFields)[K]>;
};

/** Rules across fields, shared by create and update (an update is checked on what it sends). */
function crossFieldRules(r: { splitValue?: number | null; splitType?: string | null; pixKeyType?: string; pixKey?: string }, ctx: z.RefinementCtx): void {
  if (r.splitType === 'percentage' && r.splitValue != null && r.splitValue > 100) {
    ctx.addIssue({ code: 'custom', path: ['splitValue'], message: 'A percentage split is at most 100' });
  }
  if (r.splitType === 'flat' && r.splitValue != null && !Number.isInteger(r.splitValue)) {
    ctx.addIssue({ code: 'custom', path: ['splitValue'], message: 'A flat split is integer cents' });
  }
  if ((r.splitValue != null) !== (r.splitType != null) && r.splitValue !== undefined && r.splitType !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['splitType'], message: 'splitValue and splitType go together' });
  }
  if ((r.pixKey === undefined) !== (r.pixKeyType === undefined)) {
    ctx.addIssue({ code: 'custom', path: [r.pixKey === undefined ? 'pixKey' : 'pixKeyType'], message: 'pixKey and pixKeyType go together' });
  }
  if (r.pixKey !== undefined && r.pixKeyType !== undefined) {
    const problem = pixKeyProblem(r.pixKeyType as (typeof pixKeyTypes)[number], r.pixKey);
    if (problem) ctx.addIssue({ code: 'custom', path: ['pixKey'], message: problem });
  }
}

/** crossFieldRules in JSON Schema (formats: scripts/fuzz-hooks.py). */
const both = (a: string, b: string) => ({ required: [a, b] });
const crossFieldSchema = {
  allOf: [
    // Checked in the body only when both are sent; one alone meets the stored other.
    {
      anyOf: [
        { not: both('splitType', 'splitValue') },
        { properties: { splitType: { type: 'null' }, splitValue: { type: 'null' } } },
        { properties: { splitType: { const: 'percentage' }, splitValue: { type: 'number', maximum: 100 } } },
        { properties: { splitType: { const: 'flat' }, splitValue: { type: 'integer' } } },
      ],
    },
    {
      anyOf: [
        { properties: { pixKey: false, pixKeyType: false } },
        ...(
          [
            ['cpf', { format: 'cpf' }],
            ['cnpj', { format: 'cnpj' }],
            ['email', z.toJSONSchema(emailAddress(140))],
            ['phone', { pattern: '^\\+55\\d{10,11}$' }],
            ['random', { pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' }],
          ] as const
        ).map(([type, key]) => ({ ...both('pixKeyType', 'pixKey'), properties: { pixKeyType: { const: type }, pixKey: key } })),
      ],
    },
  ],
};

/** Pix keys have one shape per type (DICT rules): a wrong shape would bounce every payout. */
function pixKeyProblem(type: (typeof pixKeyTypes)[number], key: string): string | null {
  switch (type) {
    case 'cpf':
    case 'cnpj':
      return documentKind(key) === type ? null : `Invalid ${type.toUpperCase()} Pix key`;
    case 'email':
      return emailAddress(140).safeParse(key).success ? null : 'Invalid e-mail Pix key';
    case 'phone':
      return /^\+55\d{10,11}$/.test(key) ? null : 'A phone Pix key is +55 followed by 10-11 digits';
    case 'random':
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key) ? null : 'A random Pix key is a UUID';
  }
}

export const createRecipientBody = z
  .strictObject({
    ...optionalFields,
    name: recipientFields.name,
    email: recipientFields.email,
    document: recipientFields.document,
    type: recipientFields.type,
  })
  .superRefine((r, ctx) => {
    crossFieldRules(r, ctx);
    // A new link has no stored half for one alone to meet, and a reused one is given both: a
    // pair stored half-set would make every later PUT of the recipient a 400.
    if ((r.splitValue === undefined) !== (r.splitType === undefined)) {
      ctx.addIssue({ code: 'custom', path: [r.splitType === undefined ? 'splitType' : 'splitValue'], message: 'splitValue and splitType go together' });
    }
  })
  .meta({ id: 'CreateRecipientInput', allOf: [...crossFieldSchema.allOf, { anyOf: [{ not: { anyOf: [{ required: ['splitType'] }, { required: ['splitValue'] }] } }, both('splitType', 'splitValue')] }] });

/** PUT: any subset of the POST fields. */
export const updateRecipientBody = z.strictObject(optionalFields).superRefine(crossFieldRules).meta({ id: 'UpdateRecipientInput', ...crossFieldSchema });

export const recipientIdParams = z.strictObject({ id: idParam });

export const listRecipientsQuery = z.strictObject({
  email: emailAddress().optional().meta({ description: 'Exact e-mail (case-insensitive)' }),
  document: z.string().trim().min(11).max(18).optional().meta({ description: 'Exact CPF/CNPJ, punctuation ignored' }),
  ...paginationQuery,
  ...cursorQuery,
});

export const bankAccountSchema = z
  .object({
    id: z.string(),
    bankCode: z.string(),
    bankName: z.string().nullable(),
    bankAgency: z.string(),
    bankAccount: z.string(),
    bankAccountDigit: z.string().nullable(),
    bankHolderName: z.string(),
    bankHolderDocument: z.string(),
  })
  .meta({ id: 'RecipientBankAccount' });

export const recipientSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    document: z.string(),
    type: z.enum(['individual', 'company']),
    phone: z.string().nullable(),
    kind: z.enum(['merchant', 'platform']),
    status: z.enum(['new', 'pending', 'active', 'refused', 'inactive']),
    role: z.enum(['seller', 'owner', 'platform']),
    companyId: z.string(),
    splitValue: z.number().nullable(),
    splitType: z.enum(['percentage', 'flat']).nullable(),
    defaultBankAccount: bankAccountSchema.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Recipient' });

export const recipientListSchema = paginatedSchema(recipientSchema).meta({ id: 'RecipientList' });
export const ownerSchema = recipientSchema.nullable().meta({ id: 'RecipientOwner' });
export const deletedRecipientSchema = z.object({ id: z.string(), deleted: z.literal(true) }).meta({ id: 'DeletedRecipient' });
export const kycLinkSchema = z.object({ kycUrl: z.url(), expiresAt: z.iso.datetime({ offset: true }) }).meta({ id: 'KycLink' });

export type CreateRecipientInput = z.output<typeof createRecipientBody>;
export type UpdateRecipientInput = z.output<typeof updateRecipientBody>;
export type ListRecipientsQuery = z.output<typeof listRecipientsQuery>;
export type RecipientView = z.output<typeof recipientSchema>;
export type BankAccountInput = z.output<typeof bankAccountInput>;
