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
  /** Wraps the company's card acquirer adapter before each call (tests inject one that fails right after the acquirer charged). */
  wrapCardAcquirer?: (acquirer: PaymentGateway) => PaymentGateway;
}
