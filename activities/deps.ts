import type { Client } from '@temporalio/client';
import type { Config } from '../src/config';
import type { Orm } from '../src/db/orm';
import type { EventDispatcher } from '../src/events/dispatcher';
import type { Logger } from '../src/shared/logger';
import type { PayoutProvider } from '../src/processors/payouts/payout-provider.port';
import type { PaymentGateway } from '../src/payments/payment-gateway';

/** What activities are built with; injected so tests can run them against a test database. */
export interface ActivityDeps {
  config: Config;
  orm: Orm;
  dispatcher: EventDispatcher;
  logger: Logger;
  /** For activities that start or signal other workflows. */
  temporal: Client;
  /** Wraps the company's card acquirer adapter before each call (tests inject one that hangs or fails right after the acquirer charged). */
  wrapCardAcquirer?: (acquirer: PaymentGateway) => PaymentGateway;
  /** Wraps the company's payout adapter for withdrawals and refund transfers (tests inject one that crashes after the send). */
  wrapPayoutProvider?: (provider: PayoutProvider) => PayoutProvider;
}
