import type { Opt } from '@mikro-orm/core';
import { BaseEntity } from '../db/base.entity';
import type { Branding, CheckoutItem, CustomField, PaymentMethods, RequiredField, SplitInput } from './checkout.schemas';

export type CheckoutLocale = 'pt-BR' | 'en-US' | 'es-ES';

/**
 * The content a checkout link and its sessions share: a session made from a link holds a copy
 * of the link's (a snapshot at the visit), so later link changes never reach it. The nested
 * structures are JSON columns, always read and written whole.
 */
export abstract class CheckoutContent extends BaseEntity {
  /** Links are payment mode; a session made by POST /checkout/sessions may be subscription mode. */
  mode!: 'payment' | 'subscription';
  /** BRL, or a subscription session's plan currency. */
  currency!: string;
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

export type CheckoutContentFields = Pick<CheckoutContent, keyof typeof checkoutContentProperties>;

const CONTENT_FIELDS = Object.keys(checkoutContentProperties) as (keyof typeof checkoutContentProperties)[];

/** A deep copy of the content: the snapshot shares no object with its source. */
export function copyCheckoutContent(source: CheckoutContentFields): CheckoutContentFields {
  return structuredClone(Object.fromEntries(CONTENT_FIELDS.map((field) => [field, source[field]]))) as CheckoutContentFields;
}
