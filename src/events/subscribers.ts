import type { Client } from '@temporalio/client';
import type { Config } from '../config';
import type { Logger } from '../shared/logger';
import type { EventDispatcher } from './dispatcher';
import { webhookEventSubscriber } from '../webhooks/webhooks.subscriber';
import { transactionWorkflowSubscriber } from '../payments/transactions.subscriber';

export interface SubscriberDeps {
  config: Config;
  temporal: Client;
  logger: Logger;
}

/**
 * Plugs every event consumer into the dispatcher; the API and the worker both call this so
 * that an event is handled the same way whoever dispatches it. Webhook deliveries subscribe here.
 */
export function registerEventSubscribers(dispatcher: EventDispatcher, deps: SubscriberDeps): void {
  dispatcher.subscribe(webhookEventSubscriber(deps.temporal, deps.config.temporal.taskQueue));
  dispatcher.subscribe(transactionWorkflowSubscriber(deps.temporal, deps.config.temporal.taskQueue));
}
