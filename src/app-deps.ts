import type { Client } from '@temporalio/client';
import type { Config } from './config';
import type { Orm } from './db/orm';
import type { EventDispatcher } from './events/dispatcher';
import type { Logger } from './shared/logger';
import type { PaymentGateway } from './payments/payment-gateway';

/** What the API process hands to every route. */
export interface AppDeps {
  config: Config;
  orm: Orm;
  temporal: Client;
  dispatcher: EventDispatcher;
  logger: Logger;
  /** The card acquirer; the sandbox processor when omitted (tests inject a crashing one). */
  paymentGateway?: PaymentGateway;
}
