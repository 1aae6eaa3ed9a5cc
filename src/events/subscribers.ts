import type { Client } from '@temporalio/client';
import type { Config } from '../config';
import type { Logger } from '../shared/logger';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../db/orm';
import { EventDispatcher } from './dispatcher';
import { webhookEventSubscriber } from '../webhooks/webhooks.subscriber';
import { transactionWorkflowSubscriber } from '../payments/transactions.subscriber';
import { subscriptionWorkflowSubscriber } from '../billing/subscriptions.subscriber';
import { invoiceRefundSubscriber } from '../billing/invoice-refunds.subscriber';
import { invoicePaymentSubscriber } from '../billing/invoice-payments.subscriber';
import { invoiceBolepixSubscriber } from '../billing/invoice-bolepix.subscriber';
import { checkoutSessionSubscriber } from '../checkout/checkout-sessions.subscriber';
import { checkoutSubscriptionEndSubscriber } from '../checkout/checkout-subscriptions.subscriber';
import { refundWorkflowSubscriber } from '../refunds/refunds.subscriber';
import { chargeDecisionSubscriber } from '../billing/charge-decisions.subscriber';
import { mandateRenewalSubscriber } from '../billing/mandate-renewals.subscriber';
import { portalCardPaymentSubscriber } from '../portal/portal-payments.subscriber';
import { mandateChargeSubscriber } from '../billing/mandate-charges.subscriber';
import { mandateFirstPaymentEndedSubscriber, mandateFirstPaymentSubscriber, mandateSubscriptionEndedSubscriber } from '../billing/mandates.subscriber';

export interface SubscriberDeps {
  config: Config;
  temporal: Client;
  logger: Logger;
}

/**
 * Plugs every event consumer into the dispatcher; the API and the worker both call this so
 * that an event is handled the same way whoever dispatches it: webhook deliveries, and the
 * workflows of transactions and subscriptions (started again if the API died before it did).
 */
export function registerEventSubscribers(dispatcher: EventDispatcher, deps: SubscriberDeps): void {
  dispatcher.subscribe(webhookEventSubscriber());
  dispatcher.subscribe(transactionWorkflowSubscriber(deps.temporal, deps.config.temporal.taskQueue));
  dispatcher.subscribe(subscriptionWorkflowSubscriber(deps.temporal, deps.config.temporal.taskQueue));
  dispatcher.subscribe(invoiceRefundSubscriber((ids) => dispatcher.dispatchSoon(ids)));
  dispatcher.subscribe(invoicePaymentSubscriber(deps.temporal, (ids) => dispatcher.dispatchSoon(ids), deps.config));
  dispatcher.subscribe(invoiceBolepixSubscriber(deps, (ids) => dispatcher.dispatchSoon(ids)));
  dispatcher.subscribe(portalCardPaymentSubscriber(deps, (ids) => dispatcher.dispatchSoon(ids)));
  dispatcher.subscribe(mandateChargeSubscriber(deps, (ids) => dispatcher.dispatchSoon(ids)));
  dispatcher.subscribe(mandateFirstPaymentSubscriber(deps, (ids) => dispatcher.dispatchSoon(ids)));
  dispatcher.subscribe(mandateFirstPaymentEndedSubscriber(deps, (ids) => dispatcher.dispatchSoon(ids)));
  dispatcher.subscribe(mandateSubscriptionEndedSubscriber(deps, (ids) => dispatcher.dispatchSoon(ids)));
  dispatcher.subscribe(checkoutSessionSubscriber(deps.temporal, deps.config.temporal.taskQueue));
  dispatcher.subscribe(checkoutSubscriptionEndSubscriber(deps, (ids) => dispatcher.dispatchSoon(ids)));
  dispatcher.subscribe(refundWorkflowSubscriber(deps.temporal, deps.config.temporal.taskQueue));
  dispatcher.subscribe(chargeDecisionSubscriber(deps.temporal));
  dispatcher.subscribe(mandateRenewalSubscriber((ids) => dispatcher.dispatchSoon(ids)));
}

/** The dispatcher every process uses (API, worker, tests, benchmarks), with every subscriber plugged in. */
export function createEventDispatcher(orm: Orm, deps: SubscriberDeps): EventDispatcher {
  const dispatcher = new EventDispatcher(orm.em as unknown as EntityManager, deps.logger);
  registerEventSubscribers(dispatcher, deps);
  return dispatcher;
}
