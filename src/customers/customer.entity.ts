import { EntitySchema, type Opt } from '@mikro-orm/core';
import { BaseEntity, BaseEntitySchema } from '../db/base.entity';

export type CustomerType = 'individual' | 'company';
export type DocumentType = 'cpf' | 'cnpj' | 'passport';

/** The eight address keys; when an address is present all eight are, each a string or null. */
export interface CustomerAddress {
  street: string | null;
  number: string | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
}

export class Customer extends BaseEntity {
  companyId!: string;
  name!: string;
  email!: string;
  type!: CustomerType;
  document!: string;
  documentType!: DocumentType;
  phone!: string;
  address: Opt<CustomerAddress> | null = null;
  metadata: Opt<Record<string, string>> = {};
}

// Trigram indexes for the partial, case-insensitive filters live in the migration
// (MikroORM cannot declare operator classes).
export const CustomerSchema = new EntitySchema<Customer, BaseEntity>({
  class: Customer,
  extends: BaseEntitySchema,
  tableName: 'customers',
  indexes: [{ properties: ['companyId', 'createdAt'] }],
  properties: {
    companyId: { type: 'string', length: 40 },
    name: { type: 'string', length: 255 },
    email: { type: 'string', length: 255 },
    type: { type: 'string', length: 16 },
    document: { type: 'string', length: 32 },
    documentType: { type: 'string', length: 16 },
    phone: { type: 'string', length: 32 },
    address: { type: 'json', nullable: true },
    metadata: { type: 'json' },
  },
});
