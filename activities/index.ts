import type { ActivityDeps } from './deps';
import { createMaintenanceActivities } from './maintenance/maintenance.activities';
import { createRecipientActivities } from './recipients/recipients.activities';
import { createTransactionActivities } from './payments/transaction.activities';
import { createWebhookDeliveryActivities } from './webhooks/webhook-delivery.activities';
import { createWithdrawalActivities } from './withdrawals/withdrawals.activities';
import { createSubscriptionActivities } from './billing/subscription.activities';
import { createBillingRunActivities } from './billing/billing-run.activities';
import { createCheckoutSessionActivities } from './checkout/checkout-session.activities';
import { createRefundActivities } from './refunds/refund.activities';
import { createPixReconciliationActivities } from './payments/pix-reconciliation.activities';
import { createBoletoSweepActivities } from './payments/boleto-sweep.activities';
import { createPayoutReconciliationActivities } from './payouts/payout-reconciliation.activities';
import { createReleaseRunActivities } from './receivables/release-run.activities';
import { createAnticipationActivities } from './anticipations/anticipation.activities';
import { createPayoutRunActivities } from './payout-schedules/payout-run.activities';
import { createDisputeActivities } from './disputes/dispute.activities';

/** Every activity the worker registers. Names are one flat namespace: give them domain verbs. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createMaintenanceActivities(deps),
    ...createRecipientActivities(deps),
    ...createWebhookDeliveryActivities(deps),
    ...createWithdrawalActivities(deps),
    ...createTransactionActivities(deps),
    ...createSubscriptionActivities(deps),
    ...createBillingRunActivities(deps),
    ...createCheckoutSessionActivities(deps),
    ...createRefundActivities(deps),
    ...createPixReconciliationActivities(deps),
    ...createBoletoSweepActivities(deps),
    ...createPayoutReconciliationActivities(deps),
    ...createReleaseRunActivities(deps),
    ...createAnticipationActivities(deps),
    ...createPayoutRunActivities(deps),
    ...createDisputeActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
