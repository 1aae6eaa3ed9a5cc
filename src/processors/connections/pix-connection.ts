/**
 * A Pix connection as the rest of Lastro uses it: where the company's PSP is, how to
 * authenticate to it, the receiver's key and how the PSP's callbacks are authenticated. Resolved
 * from a company's row (secrets opened) or from the deployment default (environment). It holds
 * secrets: pass it to the adapter, never to a log, an event, a workflow or a response.
 */
export interface PixConnection {
  /** 'default' for the deployment default, else pcn_… */
  id: string;
  /** null for the deployment default */
  companyId: string | null;
  adapter: 'api_pix';
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scopes?: string;
  tls?: { cert: string; key: string; ca?: string };
  chave: string;
  /** Authenticates the PSP's callbacks: a path segment of the registered webhook URL. */
  callbackSecret: string;
  /** When set, callbacks must also carry this verified client identity from the edge. */
  callbackIdentity: string | null;
  /** Changes whenever the connection changes: the adapter cache's key. */
  version: string;
}

/** The deployment-wide Pix connection as configuration holds it (`config.processors.pix`). */
export interface PixDefaultConfig {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  chave: string;
  scopes?: string;
  /** PEM contents, read from PIX_PSP_CERT_PATH / PIX_PSP_KEY_PATH / PIX_PSP_CA_PATH at start. */
  tls?: { cert: string; key: string; ca?: string };
  callbackSecret: string;
  callbackIdentity: string | null;
}

export interface ProcessorsConfig {
  pix?: PixDefaultConfig;
  /** The lower-case header in which the edge passes the verified client certificate identity of a callback. */
  callbackIdentityHeader?: string;
}
