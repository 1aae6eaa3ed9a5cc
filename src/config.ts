import { z } from 'zod';
import type { ProcessorsConfig } from './processors/connections/pix-connection';
import { processorsConfig } from './processors/connections/processors.config';

/** Comma-separated list → trimmed, non-empty entries. */
const csv = z
  .string()
  .default('')
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean));

const optionalUrl = z.url().optional();

const envSchema = z.object({
  LASTRO_MODE: z.enum(['sandbox', 'production']).default('sandbox'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The operator listener (/metrics, /health/*): loopback unless the operator opens it. Port default per process (src/observability/metrics/ops-listener.ts). */
  OPS_HOST: z.string().default('127.0.0.1'),
  /** `off`: nothing recorded, /metrics answers 404 (the operator listener still serves the health checks). */
  METRICS: z.enum(['on', 'off']).default('on'),
  OPS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  DATABASE_URL: z.string().optional(),
  /** `off` behind a pooler that hands a session's connection to others between transactions (PgBouncer in transaction mode): no statement is prepared. */
  DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  PGPORT: z.coerce.number().int().min(1).max(65535).default(54329),
  TEMPORAL_ADDRESS: z.string().default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().default('default'),
  TEMPORAL_TASK_QUEUE: z.string().default('lastro'),
  /** Workflows a worker keeps in memory (about 1 MB each); the rest replay from history when they wake. */
  TEMPORAL_MAX_CACHED_WORKFLOWS: z.coerce.number().int().min(2).default(500),
  /** The workflow bundle built ahead (bundleLastroWorkflows' code in a file): the worker loads it instead of bundling at start. */
  WORKFLOW_BUNDLE_PATH: z.string().min(1).optional(),
  /**
   * Temporal over TLS (a cluster with TLS on, Temporal Cloud). '1': TLS, verifying the server
   * against the system's CAs; implied by any TEMPORAL_TLS_* setting or TEMPORAL_API_KEY.
   */
  TEMPORAL_TLS: z.enum(['0', '1']).optional(),
  /** mTLS: the client certificate and its private key (PEM files, e.g. a mounted Secret); both or neither. */
  TEMPORAL_TLS_CERT_PATH: z.string().min(1).optional(),
  TEMPORAL_TLS_KEY_PATH: z.string().min(1).optional(),
  /** PEM of the CA that signed the server's certificate, when it is not one the system trusts (a private CA). */
  TEMPORAL_TLS_CA_PATH: z.string().min(1).optional(),
  /** Name the server's certificate is checked against (SNI) when it is not TEMPORAL_ADDRESS's host. */
  TEMPORAL_TLS_SERVER_NAME: z.string().min(1).optional(),
  /** Temporal Cloud API key, sent as a bearer token on every call (implies TLS). */
  TEMPORAL_API_KEY: z.string().min(1).optional(),
  PUBLIC_BASE_URL: optionalUrl,
  BILLING_URL: optionalUrl,
  CHECKOUT_URL: optionalUrl,
  CHECKOUT_PAGE_URL: optionalUrl,
  KYC_URL: optionalUrl,
  CARD_VAULT_KEY: z.string().optional(),
  WEBHOOK_ALLOWLIST: csv,
  /** Webhook attempts in flight per endpoint (src/webhooks/delivery-lanes.ts): 1 keeps each endpoint's events in order. */
  WEBHOOK_CONCURRENCY_PER_ENDPOINT: z.coerce.number().int().min(1).max(64).default(8),
  /**
   * Reverse proxies in front of the API (load balancer, CDN): the client address is the entry
   * that many hops from the right of X-Forwarded-For, never one the client wrote. 0: the socket's.
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  AUTH_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /**
   * How often an API process adds the per-key hits it counted to the shared counters and reads
   * back the totals (src/http/rate-limit.ts): the per-key limit's overshoot across replicas is
   * what the others admit in about this long. One statement per process per period.
   */
  RATE_LIMIT_SYNC_MS: z.coerce.number().int().min(100).max(3_600_000).default(1_000),
  /**
   * How long an API process keeps a valid key's company (src/companies/api-key-cache.ts): the
   * bound on how late another process's revocation or company change reaches it. 0: no cache.
   */
  API_KEY_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Public card tokenization: requests per minute per client address and per company. */
  CARD_TOKENS_PER_MINUTE_PER_IP: z.coerce.number().int().min(1).default(60),
  CARD_TOKENS_PER_MINUTE_PER_COMPANY: z.coerce.number().int().min(1).default(3000),
  /** Tokenizations per minute an address may make for one company even when the company's budget is spent (a real buyer's few tries). */
  CARD_TOKENS_PER_MINUTE_BUYER_ALLOWANCE: z.coerce.number().int().min(0).default(5),
  /** Public checkout: new sessions (link visits) and payment attempts per minute, per client address and per link. */
  CHECKOUT_VISITS_PER_MINUTE_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  CHECKOUT_VISITS_PER_MINUTE_PER_LINK: z.coerce.number().int().min(1).default(600),
  CHECKOUT_CONFIRMS_PER_MINUTE_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  CHECKOUT_CONFIRMS_PER_MINUTE_PER_LINK: z.coerce.number().int().min(1).default(60),
  BODY_LIMIT: z.string().default('1mb'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Test-only: validate every response against its declared schema (a drift becomes a 500). */
  VALIDATE_RESPONSES: z.enum(['0', '1']).default('0'),
  /** Sandbox only: how long the sandbox acquirer, PSP and bank take to answer a call. */
  SANDBOX_GATEWAY_LATENCY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  /**
   * The deployment's Pix PSP, for companies without a connection of their own
   * (src/processors/connections/processors.config.ts checks them together; docs/processors.md).
   */
  PIX_PSP_BASE_URL: z.string().optional(),
  PIX_PSP_TOKEN_URL: z.string().optional(),
  PIX_PSP_CLIENT_ID: z.string().optional(),
  PIX_PSP_CLIENT_SECRET: z.string().optional(),
  PIX_PSP_CHAVE: z.string().optional(),
  PIX_PSP_SCOPES: z.string().optional(),
  PIX_PSP_CERT_PATH: z.string().optional(),
  PIX_PSP_KEY_PATH: z.string().optional(),
  PIX_PSP_CA_PATH: z.string().optional(),
  PIX_PSP_CALLBACK_SECRET: z.string().optional(),
  PIX_PSP_CALLBACK_IDENTITY: z.string().optional(),
  PIX_PSP_RECEIVER_BRANCH: z.string().optional(),
  PIX_PSP_RECEIVER_ACCOUNT: z.string().optional(),
  PIX_PSP_RECEIVER_ACCOUNT_TYPE: z.string().optional(),
  /** The header in which the edge passes the verified client certificate identity of a processor's callback. */
  PIX_CALLBACK_IDENTITY_HEADER: z.string().optional(),
  /** The deployment's card acquirer (Cielo E-commerce 3.0), all four or none (processors.config.ts; docs/processors.md). */
  CARD_ACQUIRER_BASE_URL: z.string().optional(),
  CARD_ACQUIRER_QUERY_URL: z.string().optional(),
  CARD_ACQUIRER_MERCHANT_ID: z.string().optional(),
  CARD_ACQUIRER_MERCHANT_KEY: z.string().optional(),
  /** The deployment's payout provider (Efí Pix Envio): the six required ones together or none (payout-connections.config.ts; docs/processors.md). */
  PAYOUT_PROVIDER_BASE_URL: z.string().optional(),
  PAYOUT_PROVIDER_TOKEN_URL: z.string().optional(),
  PAYOUT_PROVIDER_CLIENT_ID: z.string().optional(),
  PAYOUT_PROVIDER_CLIENT_SECRET: z.string().optional(),
  PAYOUT_PROVIDER_CHAVE: z.string().optional(),
  PAYOUT_PROVIDER_CALLBACK_SECRET: z.string().optional(),
  PAYOUT_PROVIDER_SCOPES: z.string().optional(),
  PAYOUT_PROVIDER_CERT_PATH: z.string().optional(),
  PAYOUT_PROVIDER_KEY_PATH: z.string().optional(),
  PAYOUT_PROVIDER_CA_PATH: z.string().optional(),
  /** The deployment's boleto issuer (BB API Cobranças v2): the nine required ones together or none (boleto-connections.config.ts; docs/processors.md). */
  BOLETO_ISSUER_BASE_URL: z.string().optional(),
  BOLETO_ISSUER_TOKEN_URL: z.string().optional(),
  BOLETO_ISSUER_CLIENT_ID: z.string().optional(),
  BOLETO_ISSUER_CLIENT_SECRET: z.string().optional(),
  BOLETO_ISSUER_APP_KEY: z.string().optional(),
  BOLETO_ISSUER_CONVENIO: z.string().optional(),
  BOLETO_ISSUER_AGENCIA: z.string().optional(),
  BOLETO_ISSUER_CONTA: z.string().optional(),
  BOLETO_ISSUER_CALLBACK_SECRET: z.string().optional(),
  BOLETO_ISSUER_CARTEIRA: z.string().optional(),
  BOLETO_ISSUER_VARIACAO: z.string().optional(),
  BOLETO_ISSUER_SCOPES: z.string().optional(),
});

export interface Config {
  mode: 'sandbox' | 'production';
  host: string;
  port: number;
  /** Operator listener; `port` undefined: the process's default (API 9464, worker 9465). */
  ops: { host: string; port: number | undefined };
  metrics: boolean;
  databaseUrl: string;
  /** Whether hot statements run as prepared statements on each connection (src/db/direct-sql-connection.ts, `prepared`). */
  databasePreparedStatements: boolean;
  temporal: { address: string; namespace: string; taskQueue: string; maxCachedWorkflows: number; workflowBundlePath?: string; tls?: TemporalTls; apiKey?: string };
  urls: { publicBase: string; billing: string; checkout: string; checkoutPage: string; kyc: string };
  cardVaultKey?: string;
  webhookAllowlist: string[];
  webhookConcurrencyPerEndpoint: number;
  trustedProxies: number;
  rateLimitPerMinute: number;
  authFailuresPerMinute: number;
  rateLimitSyncMs: number;
  apiKeyCacheTtlMs: number;
  cardTokenRateLimit: { perIpPerMinute: number; perCompanyPerMinute: number; buyerAllowancePerMinute: number };
  checkoutLimits: { visitsPerAddress: number; visitsPerLink: number; confirmsPerAddress: number; confirmsPerLink: number };
  bodyLimit: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  validateResponses: boolean;
  sandboxGatewayLatencyMs: number;
  /** The deployment default Pix connection and how callbacks are authenticated (src/processors/connections/). */
  processors: ProcessorsConfig;
}

/** TLS towards Temporal as files to read at connect time (src/temporal/connection.ts); `{}`: TLS with the system's CAs. */
export interface TemporalTls {
  certPath?: string;
  keyPath?: string;
  caPath?: string;
  serverName?: string;
}

export function embeddedDatabaseUrl(pgPort: number): string {
  return `postgres://postgres:postgres@127.0.0.1:${pgPort}/lastro`;
}

/** Parses the environment once at process start; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicBase = stripSlash(e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`);
  return {
    mode: e.LASTRO_MODE,
    host: e.HOST,
    port: e.PORT,
    ops: { host: e.OPS_HOST, port: e.OPS_PORT },
    metrics: e.METRICS === 'on',
    databaseUrl: e.DATABASE_URL ?? embeddedDatabaseUrl(e.PGPORT),
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS === 'on',
    temporal: {
      address: e.TEMPORAL_ADDRESS,
      namespace: e.TEMPORAL_NAMESPACE,
      taskQueue: e.TEMPORAL_TASK_QUEUE,
      maxCachedWorkflows: e.TEMPORAL_MAX_CACHED_WORKFLOWS,
      workflowBundlePath: e.WORKFLOW_BUNDLE_PATH,
      tls: temporalTls(e),
      apiKey: e.TEMPORAL_API_KEY,
    },
    urls: {
      publicBase,
      billing: stripSlash(e.BILLING_URL ?? publicBase),
      checkout: stripSlash(e.CHECKOUT_URL ?? publicBase),
      checkoutPage: stripSlash(e.CHECKOUT_PAGE_URL ?? publicBase),
      kyc: stripSlash(e.KYC_URL ?? publicBase),
    },
    cardVaultKey: e.CARD_VAULT_KEY,
    webhookAllowlist: e.WEBHOOK_ALLOWLIST,
    webhookConcurrencyPerEndpoint: e.WEBHOOK_CONCURRENCY_PER_ENDPOINT,
    trustedProxies: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    authFailuresPerMinute: e.AUTH_FAILURES_PER_MINUTE,
    rateLimitSyncMs: e.RATE_LIMIT_SYNC_MS,
    apiKeyCacheTtlMs: e.API_KEY_CACHE_TTL_MS,
    cardTokenRateLimit: {
      perIpPerMinute: e.CARD_TOKENS_PER_MINUTE_PER_IP,
      perCompanyPerMinute: e.CARD_TOKENS_PER_MINUTE_PER_COMPANY,
      buyerAllowancePerMinute: e.CARD_TOKENS_PER_MINUTE_BUYER_ALLOWANCE,
    },
    checkoutLimits: {
      visitsPerAddress: e.CHECKOUT_VISITS_PER_MINUTE_PER_ADDRESS,
      visitsPerLink: e.CHECKOUT_VISITS_PER_MINUTE_PER_LINK,
      confirmsPerAddress: e.CHECKOUT_CONFIRMS_PER_MINUTE_PER_ADDRESS,
      confirmsPerLink: e.CHECKOUT_CONFIRMS_PER_MINUTE_PER_LINK,
    },
    bodyLimit: e.BODY_LIMIT,
    logLevel: e.LOG_LEVEL,
    validateResponses: e.VALIDATE_RESPONSES === '1',
    sandboxGatewayLatencyMs: e.SANDBOX_GATEWAY_LATENCY_MS,
    processors: processorsConfig(e),
  };
}

/**
 * TLS settings towards Temporal, or undefined for plaintext (the dev server, an in-cluster
 * frontend without TLS). A contradiction stops the process rather than connecting in a way
 * the operator did not ask for: a half mTLS pair, or TLS switched off beside an API key
 * (which would send the key in clear).
 */
function temporalTls(e: z.infer<typeof envSchema>): TemporalTls | undefined {
  const files = { certPath: e.TEMPORAL_TLS_CERT_PATH, keyPath: e.TEMPORAL_TLS_KEY_PATH, caPath: e.TEMPORAL_TLS_CA_PATH, serverName: e.TEMPORAL_TLS_SERVER_NAME };
  const problems: string[] = [];
  if (Boolean(files.certPath) !== Boolean(files.keyPath)) {
    problems.push('TEMPORAL_TLS_CERT_PATH and TEMPORAL_TLS_KEY_PATH: set both (mTLS) or neither');
  }
  const settings = Object.values(files).some(Boolean);
  if (e.TEMPORAL_TLS === '0' && (settings || e.TEMPORAL_API_KEY)) {
    problems.push('TEMPORAL_TLS: 0 (plaintext) contradicts the TEMPORAL_TLS_* settings or TEMPORAL_API_KEY that are set');
  }
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  if (e.TEMPORAL_TLS === '1' || settings || e.TEMPORAL_API_KEY) {
    return Object.fromEntries(Object.entries(files).filter(([, v]) => v)) as TemporalTls;
  }
  return undefined;
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
