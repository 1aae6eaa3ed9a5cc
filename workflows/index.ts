// The workflow bundle's entry: every workflow the worker runs is exported here.
export * from './maintenance/maintenance.workflow';
export * from './recipients/recipient-onboarding.workflow';
export * from './webhooks/webhook-delivery.workflow';
export * from './payments/transaction.workflow';
export * from './withdrawals/withdrawal.workflow';
export * from './billing/subscription.workflow';
export * from './checkout/checkout-session.workflow';
export * from './refunds/refund.workflow';
export * from './billing/billing-run.workflow';
export * from './payments/pix-reconciliation.workflow';
export * from './payments/boleto-sweep.workflow';
export * from './payouts/payout-reconciliation.workflow';
export * from './receivables/release-run.workflow';
export * from './anticipations/anticipation.workflow';
export * from './payout-schedules/payout-run.workflow';
export * from './disputes/dispute.workflow';
