import { EntitySchema, type Opt } from '@mikro-orm/core';
import { BaseEntitySchema, type BaseEntity } from '../db/base.entity';
import { CheckoutContent, checkoutContentProperties } from './checkout-content.entity';

export type CheckoutLinkStatus = 'active' | 'archived';

/**
 * A reusable checkout template (spec "Checkout link", chk_). The nested structures are JSON
 * columns: they are always read and written whole with the link, and a session will copy
 * them as its snapshot.
 */
export class CheckoutLink extends CheckoutContent {
  /** A link takes payments, in reais (subscription sessions come from POST /checkout/sessions only). */
  declare mode: 'payment';
  declare currency: 'BRL';
  companyId!: string;
  tenantId!: string;
  name: Opt<string> | null = null;
  description: Opt<string> | null = null;
  slug: Opt<string> | null = null;
  status: Opt<CheckoutLinkStatus> = 'active';
  /** 0 at creation, +1 on every change (spec "Versioning"). */
  version: Opt<number> = 0;
}


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
