import type { CieloConnection } from '../cards/cielo/cielo.connection';
import type { CardAdapter } from './processor-connections.rules';

/**
 * A card connection as the rest of Lastro uses it: how to reach and authenticate to the acquirer
 * (`CieloConnection`: baseUrl, queryUrl, merchantId, merchantKey). Resolved from a company's row
 * (merchant key opened) or from the deployment default (environment). It holds a secret: pass it
 * to the adapter, never to a log, an event, a workflow or a response.
 */
export interface CardConnection extends CieloConnection {
  /** 'default' for the deployment default, else pcn_… */
  id: string;
  /** null for the deployment default */
  companyId: string | null;
  adapter: CardAdapter;
  /** Changes whenever the connection changes: the adapter cache's key. */
  version: string;
}

/** The deployment-wide acquirer as configuration holds it (`config.processors.card`, from CARD_ACQUIRER_*). */
export type CardDefaultConfig = CieloConnection;
