import type { EntityManager } from '@mikro-orm/postgresql';
import type { VaultKey } from '../../cards/card-vault.key';
import { validationError } from '../../http/errors';
import type { BoletoConnection } from './boleto-connection';
import { allConnections, connectionById, connectionOf, defaultVersion, keptCallbackSecret, openSecrets, rowIdentity, storeConnection, type ActiveConnectionRows, type RailConnections, type VaultKeySource } from './connection-rows';
import type { BbCobrancaSecrets, BbCobrancaSettings, ProcessorConnection } from './processor-connection.entity';
import { DEFAULT_CONNECTION_ID } from './processor-connections.rules';
import { connectBoletoInput, type ConnectBoletoInput } from './processor-connections.schemas';
import type { DefaultConnectionView, ProcessorsConfigHolder } from './processor-connections.service';

/**
 * Connects a company's boleto issuer: the client secret and the application key are sealed, the
 * contract (convênio, carteira, agência, conta) stays readable. The same convênio updates its
 * row; another retires it, kept for the boletos registered under it (storeConnection). The
 * callback secret of the row written is kept (the webhook URL registered at the bank stays
 * valid) unless `rotateCallbackSecret`. 400 validation_failed on a bad input, 404 for an unknown company.
 */
export async function connectBoleto(em: EntityManager, vaultKey: VaultKey, companyId: string, input: ConnectBoletoInput): Promise<{ connection: BoletoConnection; created: boolean }> {
  const parsed = connectBoletoInput.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error, 'body');
  const { adapter, clientSecret, appKey, rotateCallbackSecret, ...rest } = parsed.data;
  const settings: BbCobrancaSettings = { ...rest, ...(rest.scopes ? { scopes: rest.scopes } : {}) };
  const { row, secrets, created } = await storeConnection(em, vaultKey, {
    companyId,
    rail: 'boleto',
    adapter,
    settings,
    accountOf: (s) => `${s.baseUrl} ${s.convenio}`,
    secrets: (target, key): BbCobrancaSecrets => ({ clientSecret, appKey, callbackSecret: keptCallbackSecret(target, key, rotateCallbackSecret) }),
  });
  return { connection: toBoletoConnection(row, secrets), created };
}

const boletoConnections = (config: ProcessorsConfigHolder): RailConnections<BoletoConnection> => ({
  rail: 'boleto',
  open: (row, vaultKey) => toBoletoConnection(row, openSecrets<BbCobrancaSecrets>(row, vaultKey)),
  fallback: () => defaultBoletoConnection(config),
});

/** The boleto connection a company's boletos are registered on: its own, else the deployment default, else 409 processor_not_configured. */
export async function boletoConnectionOf(em: EntityManager, vaultKey: VaultKeySource, config: ProcessorsConfigHolder, company: { id: string }, active?: ActiveConnectionRows): Promise<BoletoConnection> {
  return connectionOf(em, vaultKey, boletoConnections(config), company.id, active);
}

/** A boleto connection by id (`default`: the deployment default), retired or not; null when there is no such connection. */
export async function boletoConnectionById(em: EntityManager, vaultKey: VaultKeySource, config: ProcessorsConfigHolder, id: string): Promise<BoletoConnection | null> {
  return connectionById(em, vaultKey, boletoConnections(config), id);
}

/** Every boleto connection (retired ones too), the deployment default first: what the sweep walks. */
export async function allBoletoConnections(em: EntityManager, vaultKey: VaultKeySource, config: ProcessorsConfigHolder): Promise<BoletoConnection[]> {
  return allConnections(em, vaultKey, boletoConnections(config));
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
