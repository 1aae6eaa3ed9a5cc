import { BigIntType, EntitySchema, type Opt } from '@mikro-orm/core';
import { BaseEntity, BaseEntitySchema } from '../db/base.entity';

/**
 * The ledger's tables. Writes go through `ledger.service.ts` (explicit row locks, raw SQL);
 * the invariants (balanced postings, immutability, balance = Σ entries, no negative wallet
 * bucket) are enforced by the database itself: see Migration20261122081000Recipients and
 * Migration20261202100000LedgerBalanceChanges (balances as folded rows plus changes).
 */

export type WalletBucket = 'pending' | 'available' | 'blocked';
export type PlatformBucket = 'settlement' | 'revenue';

/**
 * A physical wallet (wlt_): one per (company, recipient, currency), created when first needed.
 * The company is part of the key because a recipient registration is shared: the money a
 * company's sales put on a seller is that company's to pay out, never another's.
 */
export class Wallet extends BaseEntity {
  companyId!: string;
  recipientId!: string;
  currency!: string;
}

export const WalletSchema = new EntitySchema<Wallet, BaseEntity>({
  class: Wallet,
  extends: BaseEntitySchema,
  tableName: 'wallets',
  uniques: [{ properties: ['companyId', 'recipientId', 'currency'] }],
  properties: {
    companyId: { type: 'string', length: 40 },
    recipientId: { type: 'string', length: 40 },
    currency: { type: 'string', columnType: 'char(3)' },
  },
});

/** One balance: a wallet's bucket, or one of the platform's accounts, in one currency. */
export class LedgerAccount {
  id!: string;
  ownerType!: 'wallet' | 'platform';
  ownerId!: string;
  walletId!: string | null;
  currency!: string;
  bucket!: WalletBucket | PlatformBucket;
  /** The folded balance only: the balance is this plus the account's changes (view `ledger_balances`, balance-fold.ts). */
  balance: Opt<number> = 0;
  createdAt: Opt<Date> = new Date();
}

export const LedgerAccountSchema = new EntitySchema<LedgerAccount>({
  class: LedgerAccount,
  tableName: 'ledger_accounts',
  properties: {
    id: { type: 'string', primary: true, length: 40 },
    ownerType: { type: 'string', length: 16 },
    ownerId: { type: 'string', length: 40 },
    walletId: { type: 'string', length: 40, nullable: true },
    currency: { type: 'string', columnType: 'char(3)' },
    bucket: { type: 'string', length: 16 },
    balance: { type: new BigIntType('number') },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
  },
});

/** A balanced set of entries (pst_), made once per `key` (postings are idempotent). */
export class LedgerPosting {
  id!: string;
  key!: string;
  kind!: string;
  companyId!: string | null;
  source!: string;
  sourceId!: string | null;
  description!: string | null;
  reversesPostingId!: string | null;
  releasesPostingId!: string | null;
  createdAt: Opt<Date> = new Date();
}

export const LedgerPostingSchema = new EntitySchema<LedgerPosting>({
  class: LedgerPosting,
  tableName: 'ledger_postings',
  properties: {
    id: { type: 'string', primary: true, length: 40 },
    key: { type: 'string', length: 255, unique: true },
    kind: { type: 'string', length: 32 },
    companyId: { type: 'string', length: 40, nullable: true },
    source: { type: 'string', length: 32 },
    sourceId: { type: 'string', length: 64, nullable: true },
    description: { type: 'string', length: 500, nullable: true },
    reversesPostingId: { type: 'string', length: 40, nullable: true },
    releasesPostingId: { type: 'string', length: 40, nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
  },
});

/** One signed amount on one account (credit positive). Immutable. */
export class LedgerEntry {
  id!: number;
  postingId!: string;
  accountId!: string;
  walletId!: string | null;
  currency!: string;
  amount!: number;
  type!: string;
  inStatement!: boolean;
  releaseAt!: Date | null;
  createdAt: Opt<Date> = new Date();
}

export const LedgerEntrySchema = new EntitySchema<LedgerEntry>({
  class: LedgerEntry,
  tableName: 'ledger_entries',
  properties: {
    id: { type: new BigIntType('number'), primary: true, autoincrement: true },
    postingId: { type: 'string', length: 40, index: true },
    accountId: { type: 'string', length: 40, index: true },
    walletId: { type: 'string', length: 40, nullable: true },
    currency: { type: 'string', columnType: 'char(3)' },
    amount: { type: new BigIntType('number') },
    type: { type: 'string', length: 32 },
    inStatement: { type: 'boolean' },
    releaseAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
  },
});
