/**
 * lastro-node: the Lastro API from a server, typed from its OpenAPI document
 * (docs/node-client.md). `import { Lastro } from 'lastro-node'`.
 */
export { Lastro, type LastroOptions, type ListPath, type LastResponse, type WithLastResponse } from './client';
export * from './errors';
export { PageList, pageInfo, nextPageAt, type PageAt, type PageEnvelope } from './pagination';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry';
export { webhooks, constructEvent, constructEventOnce, generateTestHeaders, generateTestHeaderString, type ConstructEventOnceOptions } from './webhooks';
export {
  constructEventAsync,
  generateTestHeadersAsync,
  memoryReplayStore,
  DEFAULT_TOLERANCE_SECONDS,
  type WebhookHeaders,
  type ConstructEventOptions,
  type WebhookReplayStore,
  type TestHeaderOptions,
  type TestHeaders,
} from './webhook-signature';
export { EVENT_TYPES, type EventType, type EventData, type LastroEvent } from './webhook-events';
export { VERSION } from './version';
export type * from './types';
export type { paths, components, operations } from './openapi';
