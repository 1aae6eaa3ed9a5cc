import type { Client } from '@temporalio/client';
import type { Config } from '../src/config';
import type { Orm } from '../src/db/orm';
import type { EventDispatcher } from '../src/events/dispatcher';
import type { Logger } from '../src/shared/logger';
import type { PayoutGateway } from '../src/withdrawals/payout-gateway';
import type { PaymentGateway } from '../src/payments/payment-gateway';

/** What activities are built with; injected so tests can run them against a test database. */
export interface ActivityDeps {
  config: Config;
  orm: Orm;
  dispatcher: EventDispatcher;
  logger: Logger;
  /** For activities that start or signal other workflows. */
  temporal: Client;
  /** The card acquirer; the sandbox processor when omitted (tests inject a crashing one). */
  paymentGateway?: PaymentGateway;
  /** The PSP that pays withdrawals out; the sandbox PSP when omitted (tests inject a crashing one). */
  payoutGateway?: PayoutGateway;
}
