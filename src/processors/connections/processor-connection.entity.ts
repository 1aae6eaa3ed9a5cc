import { EntitySchema, type Opt } from '@mikro-orm/core';
import type { ProcessorRail } from './processor-connections.rules';
import type { CertificateSummary } from './tls-material';
import type { PixReceiverAccount } from '../pix/pix-psp.port';

/** What an `api_pix` connection keeps in clear: where the PSP is, who Lastro is to it, the receiver's key. */
export interface ApiPixSettings {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  chave: string;
  scopes?: string;
  /** The client certificate's public facts (so an operator sees its expiry without the vault key). */
  clientCertificate?: CertificateSummary;
  /** The receiving account (agência, conta, tipoConta) Pix Automático charges (`cobr`) settle into; none: no Pix Automático. */
  receiverAccount?: PixReceiverAccount;
}

/** What an `api_pix` connection seals (`secrets`): the OAuth2 client secret, the mTLS PEM files and the callback secret. */
export interface ApiPixSecrets {
  clientSecret: string;
  cert?: string;
  key?: string;
  ca?: string;
  callbackSecret: string;
}

/** What a `cielo` card connection keeps in clear: the acquirer's two hosts and the store's id. */
export interface CieloSettings {
  baseUrl: string;
  queryUrl: string;
  merchantId: string;
}

/** What a `cielo` card connection seals (`secrets`): the store's MerchantKey. */
export interface CieloSecrets {
  merchantKey: string;
}

/** What a `bb_cobranca` boleto connection keeps in clear: where BB's API is, the OAuth2 client, the beneficiary's contract. */
export interface BbCobrancaSettings {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  convenio: string;
  carteira: number;
  variacaoCarteira: number;
  agencia: string;
  conta: string;
  scopes?: string;
}

/** What a `bb_cobranca` boleto connection seals (`secrets`): the OAuth2 client secret, the application key and the callback secret. */
export interface BbCobrancaSecrets {
  clientSecret: string;
  appKey: string;
  callbackSecret: string;
}

export type ConnectionSettings = ApiPixSettings | CieloSettings | BbCobrancaSettings;

/**
 * A company's processor account on one rail (`pcn_…`). The secrets are one AES-256-GCM
 * ciphertext of their JSON (src/cards/card-vault.crypto.ts), bound to the row's id, under a key
 * derived from the card vault's; `keyId` is the vault key's fingerprint. At most one row per
 * company and rail is active (`retiredAt` null): the one new payments use. Disconnecting, or
 * connecting the rail to another account, retires the row instead of deleting it, so what was
 * made under it (refunds, queries, callbacks, sweeps) still reaches its account with its credentials.
 */
export class ProcessorConnection {
  id!: string;
  companyId!: string;
  rail!: ProcessorRail;
  adapter!: string;
  settings!: ConnectionSettings;
  secrets!: Buffer;
  callbackIdentity: Opt<string> | null = null;
  keyId!: string;
  /** When the company disconnected it or moved the rail to another account; null while new payments use it. */
  retiredAt: Opt<Date> | null = null;
  createdAt: Opt<Date> = new Date();
  updatedAt: Opt<Date> = new Date();
}

export const ProcessorConnectionSchema = new EntitySchema<ProcessorConnection>({
  class: ProcessorConnection,
  tableName: 'processor_connections',
  // One active row per company and rail: a partial unique index (retired_at is null), made by
  // Migration20261201300000ProcessorConnectionRetirement.
  properties: {
    id: { type: 'string', primary: true, length: 40 },
    companyId: { type: 'string', length: 40 },
    rail: { type: 'text' },
    adapter: { type: 'text' },
    settings: { type: 'json' },
    secrets: { type: 'blob' },
    callbackIdentity: { type: 'text', nullable: true },
    keyId: { type: 'text' },
    retiredAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
    // Set by connectPix (strictly later on each change: it makes the adapter cache's version).
    updatedAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
  },
});
