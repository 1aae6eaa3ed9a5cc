/**
 * `lastro-node/edge`: receiving webhooks where node:crypto is missing (Cloudflare Workers,
 * Vercel and Netlify edge functions, Deno, Bun): verification and test headers on WebCrypto.
 * Nothing here imports a Node module.
 */
export {
  constructEventAsync,
  generateTestHeadersAsync,
  memoryReplayStore,
  DEFAULT_TOLERANCE_SECONDS,
  type ConstructEventOptions,
  type TestHeaderOptions,
  type TestHeaders,
  type WebhookHeaders,
  type WebhookReplayStore,
} from './webhook-signature';
export { EVENT_TYPES, type EventType, type EventData, type LastroEvent } from './webhook-events';
export { LastroError, LastroSignatureVerificationError, LastroWebhookSecretError } from './errors';
export { VERSION } from './version';
