import { EntitySchema, type Opt } from '@mikro-orm/core';
import { BaseEntity, BaseEntitySchema } from '../db/base.entity';

/**
 * A card in the vault (`crd_…`), created by tokenization and reachable by its single-use
 * token (`tok_…`). Only brand, first6, last4, holder, document and expiry are readable; the
 * PAN and the CVV are AES-256-GCM ciphertexts (card-vault.crypto.ts). The CVV ciphertext is
 * set to null after the first authorization or at token expiry.
 */
export class StoredCard extends BaseEntity {
  companyId!: string;
  tokenId!: string;
  brand!: string;
  first6!: string;
  last4!: string;
  holder!: string;
  document!: string;
  expMonth!: number;
  expYear!: number;
  panSealed!: Buffer;
  cvvSealed: Opt<Buffer> | null = null;
  /** Fingerprint of the vault key that sealed this card. */
  keyId!: string;
  expiresAt!: Date;
  /** When the token was claimed by a payment (single use). */
  usedAt: Opt<Date> | null = null;
  paymentId: Opt<string> | null = null;
  cvvDestroyedAt: Opt<Date> | null = null;
  /** When the card was kept for merchant-initiated charges (`saveCardFromToken`); its CVV is gone from then on. */
  savedAt: Opt<Date> | null = null;
}

export const StoredCardSchema = new EntitySchema<StoredCard, BaseEntity>({
  class: StoredCard,
  extends: BaseEntitySchema,
  tableName: 'stored_cards',
  properties: {
    companyId: { type: 'string', length: 40 },
    tokenId: { type: 'string', length: 40, unique: true },
    brand: { type: 'string', length: 16 },
    first6: { type: 'string', length: 6 },
    last4: { type: 'string', length: 4 },
    holder: { type: 'string', length: 100 },
    document: { type: 'string', length: 14 },
    expMonth: { type: 'smallint' },
    expYear: { type: 'smallint' },
    panSealed: { type: 'blob' },
    cvvSealed: { type: 'blob', nullable: true },
    keyId: { type: 'string', length: 16 },
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
    usedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    paymentId: { type: 'string', length: 40, nullable: true, unique: true },
    cvvDestroyedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    savedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
