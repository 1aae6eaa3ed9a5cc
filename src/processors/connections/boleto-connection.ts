import type { BbCobrancaConnection } from '../boletos/bb-cobranca/bb-cobranca.connection';
import type { BoletoAdapter } from './processor-connections.rules';

/**
 * A boleto connection as the rest of Lastro uses it: how to reach and authenticate to the issuer
 * (`BbCobrancaConnection`: baseUrl, tokenUrl, clientId, clientSecret, appKey, the convênio and
 * its account) and how its liquidation webhook is authenticated. Resolved from a company's row
 * (secrets opened) or from the deployment default (BOLETO_ISSUER_*). It holds secrets: pass it
 * to the adapter, never to a log, an event, a workflow or a response.
 */
export interface BoletoConnection extends BbCobrancaConnection {
  /** 'default' for the deployment default, else pcn_… */
  id: string;
  /** null for the deployment default */
  companyId: string | null;
  adapter: BoletoAdapter;
  /** Authenticates the issuer's webhook: a path segment of the registered URL. */
  callbackSecret: string;
  /** Changes whenever the connection changes: the adapter cache's key. */
  version: string;
}

/** The deployment-wide issuer as configuration holds it (`config.processors.boleto`, from BOLETO_ISSUER_*). */
export type BoletoDefaultConfig = BbCobrancaConnection & { callbackSecret: string };
