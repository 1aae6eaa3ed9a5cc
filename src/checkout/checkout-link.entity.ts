import { EntitySchema, type Opt } from '@mikro-orm/core';
import { BaseEntity, BaseEntitySchema } from '../db/base.entity';
import type { Branding, CheckoutItem, CustomField, PaymentMethods, RequiredField, SplitInput } from './checkout.schemas';

export type CheckoutLinkStatus = 'active' | 'archived';
export type CheckoutLocale = 'pt-BR' | 'en-US' | 'es-ES';

/**
 * A reusable checkout template (spec "Checkout link", chk_). The nested structures are JSON
 * columns: they are always read and written whole with the link, and a session will copy
 * them as its snapshot.
 */
export class CheckoutLink extends BaseEntity {
  companyId!: string;
  tenantId!: string;
  name: Opt<string> | null = null;
  description: Opt<string> | null = null;
  slug: Opt<string> | null = null;
  status: Opt<CheckoutLinkStatus> = 'active';
  mode!: 'payment';
  currency!: 'BRL';
  locale!: CheckoutLocale;
  items!: CheckoutItem[];
  paymentMethods!: PaymentMethods;
  splits: Opt<SplitInput[]> = [];
  branding: Opt<Branding> | null = null;
  requiredFields: Opt<RequiredField[]> = [];
  customFields: Opt<CustomField[]> = [];
  successUrl: Opt<string> | null = null;
  cancelUrl: Opt<string> | null = null;
  metadata: Opt<Record<string, string>> = {};
  expirationMinutes!: number;
  /** 0 at creation, +1 on every change (spec "Versioning"). */
  version: Opt<number> = 0;
}

/** Columns of the content a link and its sessions share (a session holds a copy of its link's). */
export const checkoutContentProperties = {
  mode: { type: 'string', length: 16 },
  currency: { type: 'string', length: 3 },
  locale: { type: 'string', length: 8 },
  items: { type: 'json' },
  paymentMethods: { type: 'json' },
  splits: { type: 'json' },
  branding: { type: 'json', nullable: true },
  requiredFields: { type: 'json' },
  customFields: { type: 'json' },
  successUrl: { type: 'string', length: 2000, nullable: true },
  cancelUrl: { type: 'string', length: 2000, nullable: true },
  metadata: { type: 'json' },
  expirationMinutes: { type: 'integer' },
} as const;

// The partial unique slug index and the list index live in the migration.
export const CheckoutLinkSchema = new EntitySchema<CheckoutLink, BaseEntity>({
  class: CheckoutLink,
  extends: BaseEntitySchema,
  tableName: 'checkout_links',
  properties: {
    companyId: { type: 'string', length: 40 },
    tenantId: { type: 'string', length: 40 },
    name: { type: 'string', length: 255, nullable: true },
    description: { type: 'string', length: 2000, nullable: true },
    slug: { type: 'string', length: 100, nullable: true },
    status: { type: 'string', length: 16 },
    ...checkoutContentProperties,
    version: { type: 'integer' },
  },
});
