import { EntitySchema, type Opt } from '@mikro-orm/core';
import { BaseEntity, BaseEntitySchema } from '../db/base.entity';

export type Mode = 'sandbox' | 'production';

export interface CompanySettings {
  /** Card refunds are approved and processed at once when on (the spec's default). */
  autoRefundApproval: boolean;
  defaultCurrency: string;
  /** Browser origins allowed to call the public tokenization endpoint; empty = any. */
  allowedOrigins: string[];
}

export const DEFAULT_COMPANY_SETTINGS: CompanySettings = {
  autoRefundApproval: true,
  defaultCurrency: 'BRL',
  allowedOrigins: [],
};

export class Company extends BaseEntity {
  tenantId!: string;
  name!: string;
  mode!: Mode;
  settings: Opt<CompanySettings> = { ...DEFAULT_COMPANY_SETTINGS };
}

/**
 * A company as plain data: how a request sees its caller (`RouteContext.company`), copied from
 * the API key lookup's row and shared, frozen, by the requests answered from the key cache
 * (src/companies/api-key-cache.ts). Not a managed entity: code that changes a company loads
 * it, or writes by id, and the change forgets the cached copy (companies.service.ts).
 */
export interface CompanyRecord {
  readonly id: string;
  readonly tenantId: string;
  readonly name: string;
  readonly mode: Mode;
  readonly settings: Readonly<CompanySettings>;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly deletedAt: null;
}

export const CompanySchema = new EntitySchema<Company, BaseEntity>({
  class: Company,
  extends: BaseEntitySchema,
  tableName: 'companies',
  properties: {
    tenantId: { type: 'string', length: 40, unique: true },
    name: { type: 'string', length: 255 },
    mode: { type: 'string', length: 16 },
    settings: { type: 'json' },
  },
});

/** An API key is stored only as its SHA-256 digest and its last four characters. */
export class ApiKey extends BaseEntity {
  companyId!: string;
  mode!: Mode;
  hash!: string;
  last4!: string;
  revokedAt: Opt<Date> | null = null;
}

export const ApiKeySchema = new EntitySchema<ApiKey, BaseEntity>({
  class: ApiKey,
  extends: BaseEntitySchema,
  tableName: 'api_keys',
  properties: {
    companyId: { type: 'string', length: 40, index: true },
    mode: { type: 'string', length: 16 },
    hash: { type: 'string', length: 64, unique: true },
    last4: { type: 'string', length: 4 },
    revokedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
