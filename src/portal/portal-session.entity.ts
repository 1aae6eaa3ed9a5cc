import { EntitySchema } from '@mikro-orm/core';
import { BaseEntity, BaseEntitySchema } from '../db/base.entity';

export type PortalLocale = 'pt-BR' | 'en' | 'es';
export interface PortalFeatures {
  cancelSubscription: boolean;
}

/**
 * A customer portal session (`bps_…`): what one customer of one company may see and do on the
 * hosted portal page until `expiresAt`. The page's URL holds a secret token; only its SHA-256
 * is kept. `csrfToken` is written into the page and must come back with every action.
 */
export class PortalSession extends BaseEntity {
  companyId!: string;
  customerId!: string;
  tokenHash!: string;
  csrfToken!: string;
  returnUrl: string | null = null;
  /** The merchant's choice; null: the browser's language. */
  locale: PortalLocale | null = null;
  features!: PortalFeatures;
  expiresAt!: Date;
}

export const PortalSessionSchema = new EntitySchema<PortalSession, BaseEntity>({
  class: PortalSession,
  extends: BaseEntitySchema,
  tableName: 'billing_portal_sessions',
  properties: {
    companyId: { type: 'string', length: 40 },
    customerId: { type: 'string', length: 40 },
    tokenHash: { type: 'string', length: 64 },
    csrfToken: { type: 'string', length: 64 },
    returnUrl: { type: 'string', length: 2048, nullable: true },
    locale: { type: 'string', length: 8, nullable: true },
    features: { type: 'json' },
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
