/**
 * lastro-node: the Lastro API from a server, typed from its OpenAPI document
 * (docs/node-client.md). `import { Lastro } from 'lastro-node'`.
 */
export { Lastro, type LastroOptions, type ListPath } from './client';
export * from './errors';
export { PageList, pageInfo, type PageEnvelope } from './pagination';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry';
export {
  webhooks,
  constructEvent,
  constructEventOnce,
  memoryReplayStore,
  EVENT_TYPES,
  DEFAULT_TOLERANCE_SECONDS,
  type EventType,
  type EventData,
  type LastroEvent,
  type WebhookHeaders,
  type ConstructEventOptions,
  type ConstructEventOnceOptions,
  type WebhookReplayStore,
} from './webhooks';
export type * from './types';
export type { paths, components, operations } from './openapi';
