import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { VaultKey } from '../../cards/card-vault.key';
import { conflict, validationError } from '../../http/errors';
import type { BoletoConnection } from './boleto-connection';
import { connectionById, connectionOf, defaultVersion, existingConnection, openSecrets, rowIdentity, storeConnection, type RailConnections, type VaultKeySource } from './connection-rows';
import { ProcessorConnection, type BbCobrancaSecrets, type BbCobrancaSettings } from './processor-connection.entity';
import { DEFAULT_CONNECTION_ID } from './processor-connections.rules';
import { connectBoletoInput, type ConnectBoletoInput } from './processor-connections.schemas';
import type { DefaultConnectionView, ProcessorsConfigHolder } from './processor-connections.service';

/**
 * Connects a company's boleto issuer, or replaces its connection whole: the client secret and
 * the application key are sealed, the contract (convênio, carteira, agência, conta) stays
 * readable; the callback secret is kept (the webhook URL registered at the bank stays valid)
 * unless `rotateCallbackSecret`. 400 validation_failed on a bad input, 404 for an unknown company.
 */
export async function connectBoleto(em: EntityManager, vaultKey: VaultKey, companyId: string, input: ConnectBoletoInput): Promise<{ connection: BoletoConnection; created: boolean }> {
  const parsed = connectBoletoInput.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error, 'body');
  const { adapter, clientSecret, appKey, rotateCallbackSecret, ...rest } = parsed.data;
  const existing = await existingConnection(em, companyId, 'boleto');
  if (existing && !rotateCallbackSecret && existing.keyId !== vaultKey.id) {
    throw conflict('vault_key_changed', `Connection ${existing.id} was sealed with vault key ${existing.keyId}, this process has ${vaultKey.id}: its callback secret cannot be kept; reconnect with a new one (--rotate-callback-secret) and register the new callback URL`);
  }
  const kept = existing && !rotateCallbackSecret ? openSecrets<BbCobrancaSecrets>(existing, vaultKey).callbackSecret : undefined;
  const secrets: BbCobrancaSecrets = { clientSecret, appKey, callbackSecret: kept ?? randomBytes(32).toString('base64url') };
  const settings: BbCobrancaSettings = { ...rest, ...(rest.scopes ? { scopes: rest.scopes } : {}) };
  const row = await storeConnection(em, vaultKey, existing, { companyId, rail: 'boleto', adapter, settings, secrets });
  return { connection: toBoletoConnection(row, secrets), created: !existing };
}

const boletoConnections = (config: ProcessorsConfigHolder): RailConnections<BoletoConnection> => ({
  rail: 'boleto',
  open: (row, vaultKey) => toBoletoConnection(row, openSecrets<BbCobrancaSecrets>(row, vaultKey)),
  fallback: () => defaultBoletoConnection(config),
});

/** The boleto connection a company's boletos are registered on: its own, else the deployment default, else 409 processor_not_configured. */
export async function boletoConnectionOf(em: EntityManager, vaultKey: VaultKeySource, config: ProcessorsConfigHolder, company: { id: string }): Promise<BoletoConnection> {
  return connectionOf(em, vaultKey, boletoConnections(config), company.id);
}

/** A boleto connection by id (`default`: the deployment default); null when there is no such connection. */
export async function boletoConnectionById(em: EntityManager, vaultKey: VaultKeySource, config: ProcessorsConfigHolder, id: string): Promise<BoletoConnection | null> {
  return connectionById(em, vaultKey, boletoConnections(config), id);
}

/** Every boleto connection, the deployment default first: what the reconciliation run walks. */
export async function allBoletoConnections(em: EntityManager, vaultKey: VaultKeySource, config: ProcessorsConfigHolder): Promise<BoletoConnection[]> {
  const rows = await em.find(ProcessorConnection, { rail: 'boleto' }, { orderBy: { id: 'asc' } });
  const fallback = defaultBoletoConnection(config);
  const r = boletoConnections(config);
  return [...(fallback ? [fallback] : []), ...rows.map((row) => r.open(row, vaultKey))];
}

/** The deployment's issuer (BOLETO_ISSUER_*) as a connection, or null when the deployment has none. */
export function defaultBoletoConnection(config: ProcessorsConfigHolder): BoletoConnection | null {
  const d = config.processors.boleto;
  if (!d) return null;
  return { id: DEFAULT_CONNECTION_ID, companyId: null, adapter: 'bb_cobranca', ...d, version: defaultVersion(d) };
}

/** The deployment's issuer without its secrets, for `lastro processors list`. */
export function defaultBoletoConnectionView(config: ProcessorsConfigHolder): DefaultConnectionView | null {
  const d = config.processors.boleto;
  if (!d) return null;
  const settings: BbCobrancaSettings = {
    baseUrl: d.baseUrl, tokenUrl: d.tokenUrl, clientId: d.clientId, convenio: d.convenio, carteira: d.carteira,
    variacaoCarteira: d.variacaoCarteira, agencia: d.agencia, conta: d.conta, ...(d.scopes ? { scopes: d.scopes } : {}),
  };
  return { id: DEFAULT_CONNECTION_ID, adapter: 'bb_cobranca', settings, hasClientCertificate: false, callbackIdentity: null };
}

function toBoletoConnection(row: ProcessorConnection, secrets: BbCobrancaSecrets): BoletoConnection {
  const s = row.settings as BbCobrancaSettings;
  return {
    ...rowIdentity(row),
    adapter: 'bb_cobranca',
    baseUrl: s.baseUrl,
    tokenUrl: s.tokenUrl,
    clientId: s.clientId,
    ...(s.scopes ? { scopes: s.scopes } : {}),
    convenio: s.convenio,
    carteira: s.carteira,
    variacaoCarteira: s.variacaoCarteira,
    agencia: s.agencia,
    conta: s.conta,
    clientSecret: secrets.clientSecret,
    appKey: secrets.appKey,
    callbackSecret: secrets.callbackSecret,
  };
}
