import { BigIntType, EntitySchema, type Opt } from '@mikro-orm/core';
import { BaseEntity, BaseEntitySchema } from '../db/base.entity';

export type RecipientType = 'individual' | 'company';
export type RecipientKind = 'merchant' | 'platform';
export type LinkStatus = 'new' | 'pending' | 'active' | 'refused' | 'inactive';
export type LinkRole = 'seller' | 'owner' | 'platform';
export type SplitType = 'percentage' | 'flat';
export type KycFileKind = 'identificationDocument' | 'selfie' | 'socialContract';

/** Request-only inputs of the spec, kept on the company's link (shown on the KYC page, not in API responses). */
export interface RecipientProfile {
  companyType?: string;
  companyName?: string;
  companyFoundingDate?: string;
  annualRevenue?: number;
  corporationType?: string;
  birthDate?: string;
  motherName?: string;
  profession?: string;
  monthlyIncome?: number;
  pixKeyType?: string;
  pixKey?: string;
  website?: string;
  legalRepresentative?: {
    name: string;
    document: string;
    email?: string;
    motherName?: string;
    birthdate?: string;
    monthlyIncome?: number;
    profession?: string;
    phone?: string;
    selfDeclaredRepresentative?: boolean;
  };
  address?: {
    address?: string;
    number?: string;
    complement?: string;
    neighborhood?: string;
    city?: string;
    state?: string;
    postalCode?: string;
    referencePoint?: string;
  };
}

/**
 * The global registration: one per CPF/CNPJ across Lastro, whichever companies link it. It
 * holds only the identity every company agrees on (the id and the document); everything a
 * company supplies about the person (name, contact, profile, bank accounts, KYC files) is kept
 * per company, on its link and in rows carrying its company id, so one company can never read
 * or change what another supplied. `document` is stored normalized (bare characters, upper
 * case), which is what makes the unique index mean "one person or business".
 */
export class Recipient extends BaseEntity {
  document!: string;
  documentType!: 'cpf' | 'cnpj';
  kind: Opt<RecipientKind> = 'merchant';
}

export const RecipientSchema = new EntitySchema<Recipient, BaseEntity>({
  class: Recipient,
  extends: BaseEntitySchema,
  tableName: 'recipients',
  properties: {
    document: { type: 'string', length: 14, unique: true },
    documentType: { type: 'string', length: 8 },
    kind: { type: 'string', length: 16 },
  },
});

/** A payout bank account (rba_) one company supplied for a registration; its link points at its default one. */
export class RecipientBankAccount extends BaseEntity {
  companyId!: string;
  recipientId!: string;
  bankCode!: string;
  bankName: Opt<string> | null = null;
  bankAgency!: string;
  bankAccount!: string;
  bankAccountDigit: Opt<string> | null = null;
  bankHolderName!: string;
  bankHolderDocument!: string;
  bankHolderType: Opt<string> | null = null;
  bankAccountType: Opt<string> | null = null;
}

export const RecipientBankAccountSchema = new EntitySchema<RecipientBankAccount, BaseEntity>({
  class: RecipientBankAccount,
  extends: BaseEntitySchema,
  tableName: 'recipient_bank_accounts',
  properties: {
    companyId: { type: 'string', length: 40 },
    recipientId: { type: 'string', length: 40 },
    bankCode: { type: 'string', length: 10 },
    bankName: { type: 'string', length: 255, nullable: true },
    bankAgency: { type: 'string', length: 20 },
    bankAccount: { type: 'string', length: 30 },
    bankAccountDigit: { type: 'string', length: 4, nullable: true },
    bankHolderName: { type: 'string', length: 255 },
    bankHolderDocument: { type: 'string', length: 14 },
    bankHolderType: { type: 'string', length: 32, nullable: true },
    bankAccountType: { type: 'string', length: 32, nullable: true },
  },
});

/**
 * What a company knows of a registration: what it supplied (name, contact, type, profile), its
 * KYC status, role and split configuration. Keyed by (company, recipient); deleting the
 * recipient soft-deletes only this row.
 */
export class RecipientLink {
  companyId!: string;
  recipientId!: string;
  name!: string;
  email!: string;
  type!: RecipientType;
  phone: Opt<string> | null = null;
  profile: Opt<RecipientProfile> = {};
  status!: LinkStatus;
  role!: LinkRole;
  splitValue: Opt<number> | null = null;
  splitType: Opt<SplitType> | null = null;
  defaultBankAccountId: Opt<string> | null = null;
  kycSubmittedAt: Opt<Date> | null = null;
  reviewedBy: Opt<string> | null = null;
  reviewedAt: Opt<Date> | null = null;
  refusalReason: Opt<string> | null = null;
  createdAt: Opt<Date> = new Date();
  updatedAt: Opt<Date> = new Date();
  deletedAt: Opt<Date> | null = null;
}

export const RecipientLinkSchema = new EntitySchema<RecipientLink>({
  class: RecipientLink,
  tableName: 'recipient_links',
  properties: {
    companyId: { type: 'string', length: 40, primary: true },
    recipientId: { type: 'string', length: 40, primary: true },
    name: { type: 'string', length: 255 },
    email: { type: 'string', length: 255 },
    type: { type: 'string', length: 16 },
    phone: { type: 'string', length: 32, nullable: true },
    profile: { type: 'json' },
    status: { type: 'string', length: 16 },
    role: { type: 'string', length: 16 },
    splitValue: { type: 'double', nullable: true },
    splitType: { type: 'string', length: 16, nullable: true },
    defaultBankAccountId: { type: 'string', length: 40, nullable: true },
    kycSubmittedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    reviewedBy: { type: 'string', length: 255, nullable: true },
    reviewedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    refusalReason: { type: 'string', length: 4000, nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
    updatedAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date(), onUpdate: () => new Date() },
    deletedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});

/**
 * A KYC document's bytes, type-sniffed and hashed, as one company's seller sent them (the KYC
 * of a link). Stored in PostgreSQL, never in Temporal.
 */
export class RecipientFile {
  id!: number;
  companyId!: string;
  recipientId!: string;
  kind!: KycFileKind;
  contentType!: string;
  sizeBytes!: number;
  sha256!: string;
  data!: Buffer;
  source!: 'api' | 'kyc_page';
  createdAt: Opt<Date> = new Date();
}

export const RecipientFileSchema = new EntitySchema<RecipientFile>({
  class: RecipientFile,
  tableName: 'recipient_files',
  properties: {
    id: { type: new BigIntType('number'), primary: true, autoincrement: true },
    companyId: { type: 'string', length: 40 },
    recipientId: { type: 'string', length: 40 },
    kind: { type: 'string', length: 32 },
    contentType: { type: 'string', length: 64 },
    sizeBytes: { type: 'integer' },
    sha256: { type: 'string', length: 64 },
    // Lazy: listing files never drags megabytes of bytes along.
    data: { type: 'blob', lazy: true },
    source: { type: 'string', length: 16 },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
  },
});

/** A single-use KYC page link; only the token's SHA-256 is stored. */
export class KycLink extends BaseEntity {
  recipientId!: string;
  companyId!: string;
  tokenHash!: string;
  expiresAt!: Date;
  usedAt: Opt<Date> | null = null;
}

export const KycLinkSchema = new EntitySchema<KycLink, BaseEntity>({
  class: KycLink,
  extends: BaseEntitySchema,
  tableName: 'kyc_links',
  properties: {
    recipientId: { type: 'string', length: 40 },
    companyId: { type: 'string', length: 40 },
    tokenHash: { type: 'string', length: 64, unique: true },
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
    usedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
