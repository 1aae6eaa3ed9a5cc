import type { EntityManager } from '@mikro-orm/postgresql';
import type { VaultKey } from '../../cards/card-vault.key';
import { validationError } from '../../http/errors';
import type { CardConnection } from './card-connection';
import { connectionById, connectionOf, defaultVersion, openSecrets, rowIdentity, storeConnection, type ActiveConnectionRows, type RailConnections, type VaultKeySource } from './connection-rows';
import type { CieloSecrets, CieloSettings, ProcessorConnection } from './processor-connection.entity';
import { DEFAULT_CONNECTION_ID } from './processor-connections.rules';
import { connectCardInput, type ConnectCardInput } from './processor-connections.schemas';
import type { DefaultConnectionView, ProcessorsConfigHolder } from './processor-connections.service';

/**
 * Connects a company's card acquirer store; the MerchantKey is sealed, the hosts and the
 * MerchantId stay readable. The same store (a rotated MerchantKey) updates its row, so its
 * earlier payments are refunded with the new key; another store retires it (kept for the
 * refunds, voids and chargebacks of the payments made there) and takes over for new payments
 * (storeConnection). `created`: a new row. 400 validation_failed on a bad input, 404 for an
 * unknown company.
 */
export async function connectCard(em: EntityManager, vaultKey: VaultKey, companyId: string, input: ConnectCardInput): Promise<{ connection: CardConnection; created: boolean }> {
  const parsed = connectCardInput.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error, 'body');
  const { adapter, baseUrl, queryUrl, merchantId, merchantKey } = parsed.data;
  const settings: CieloSettings = { baseUrl, queryUrl, merchantId };
  const { row, secrets, created } = await storeConnection(em, vaultKey, { companyId, rail: 'card', adapter, settings, accountOf: cieloStore, secrets: (): CieloSecrets => ({ merchantKey }) });
  return { connection: toCardConnection(row, secrets), created };
}

/** A Cielo store: its MerchantId at its host (the sandbox and production hosts hold different stores). */
const cieloStore = (s: CieloSettings): string => `${s.baseUrl} ${s.merchantId.toLowerCase()}`;

const cardConnections = (config: ProcessorsConfigHolder): RailConnections<CardConnection> => ({
  rail: 'card',
  open: (row, vaultKey) => toCardConnection(row, openSecrets<CieloSecrets>(row, vaultKey)),
  fallback: () => defaultCardConnection(config),
});

/** The card connection a company's payments use: its own, else the deployment default, else 409 processor_not_configured. */
export async function cardConnectionOf(em: EntityManager, vaultKey: VaultKeySource, config: ProcessorsConfigHolder, company: { id: string; mode: 'sandbox' | 'production' }, active?: ActiveConnectionRows): Promise<CardConnection> {
  return connectionOf(em, vaultKey, cardConnections(config), company.id, active);
}

/** A card connection by id (`default`: the deployment default), retired or not; null when there is no such connection. */
export async function cardConnectionById(em: EntityManager, vaultKey: VaultKeySource, config: ProcessorsConfigHolder, id: string): Promise<CardConnection | null> {
  return connectionById(em, vaultKey, cardConnections(config), id);
}

/** The deployment's acquirer (CARD_ACQUIRER_*) as a connection, or null when the deployment has none. */
export function defaultCardConnection(config: ProcessorsConfigHolder): CardConnection | null {
  const d = config.processors.card;
  if (!d) return null;
  return { id: DEFAULT_CONNECTION_ID, companyId: null, adapter: 'cielo', ...d, version: defaultVersion(d) };
}

/** The deployment's acquirer without its MerchantKey, for `lastro processors list`. */
export function defaultCardConnectionView(config: ProcessorsConfigHolder): DefaultConnectionView | null {
  const d = config.processors.card;
  if (!d) return null;
  const settings: CieloSettings = { baseUrl: d.baseUrl, queryUrl: d.queryUrl, merchantId: d.merchantId };
  return { id: DEFAULT_CONNECTION_ID, adapter: 'cielo', settings, hasClientCertificate: false, callbackIdentity: null };
}

function toCardConnection(row: ProcessorConnection, secrets: CieloSecrets): CardConnection {
  const s = row.settings as CieloSettings;
  const { id, companyId, version } = rowIdentity(row);
  return { id, companyId, adapter: 'cielo', baseUrl: s.baseUrl, queryUrl: s.queryUrl, merchantId: s.merchantId, merchantKey: secrets.merchantKey, version };
}
