import type { AnyRoute } from './http/route';
import { systemRoutes } from './system/system.routes';
import { customerRoutes } from './customers/customers.routes';
import { recipientRoutes } from './recipients/recipients.routes';
import { feeRoutes } from './fees/fees.routes';
import { walletRoutes } from './ledger/wallets.routes';
import { kycPageRoutes } from './recipients/kyc-page/kyc.routes';
import { webhookRoutes } from './webhooks/webhooks.routes';
import { eventRoutes } from './events/events.routes';
import { cardTokenRoutes } from './cards/card-tokens.routes';
import { sdkRoutes } from './sdk/sdk.routes';
import { withdrawalRoutes } from './withdrawals/withdrawals.routes';
import { transferRoutes } from './transfers/transfers.routes';
import { payoutScheduleRoutes } from './payout-schedules/payout-schedules.routes';
import { transactionRoutes } from './payments/transactions.routes';
import { sandboxPaymentRoutes } from './payments/sandbox-payments.routes';
import { paymentArtifactRoutes } from './payments/artifacts.routes';
import { catalogRoutes } from './billing/catalog.routes';
import { checkoutLinkRoutes } from './checkout/checkout-links.routes';
import { checkoutPageRoutes } from './checkout/page/checkout.routes';
import { checkoutChargeRoutes } from './checkout/checkout-charges.routes';
import { checkoutPublicRoutes } from './checkout/checkout-public.routes';
import { cardFieldRoutes } from './checkout/fields/card-fields.routes';
import { subscriptionRoutes } from './billing/subscriptions.routes';
import { couponRoutes } from './billing/coupons.routes';
import { planChangeRoutes } from './billing/plan-changes.routes';
import { invoiceBolepixRoutes } from './billing/invoice-bolepix.routes';
import { portalRoutes } from './portal/portal.routes';
import { refundRoutes } from './refunds/refunds.routes';
import { refundBankDetailsPageRoutes } from './refunds/bank-details-page/refund-bank-details.routes';
import { pixCallbackRoutes } from './processors/pix/pix-callbacks.routes';
import { pixMandateCallbackRoutes } from './processors/pix/pix-mandate-callbacks.routes';
import { mandateRoutes } from './billing/mandates.routes';
import { dunningRoutes } from './billing/dunning.routes';
import { boletoCallbackRoutes } from './processors/boletos/boleto-callbacks.routes';
import { payoutCallbackRoutes } from './processors/payouts/payout-callbacks.routes';
import { cardCallbackRoutes } from './processors/cards/card-callbacks.routes';
import { receivableRoutes } from './receivables/receivables.routes';
import { anticipationRoutes } from './anticipations/anticipations.routes';
import { disputeRoutes } from './disputes/disputes.routes';

/**
 * Every HTTP route of the API process, in one list: it is also the OpenAPI document's source.
 * Every merchant route (an API key's, and the public API routes that say so) is served under
 * `/v1`, its unversioned alias still answering (the spec writes paths both ways); pages, the
 * buyer's checkout calls, processor callbacks and system routes have one path.
 */
export function allRoutes(): AnyRoute[] {
  const routes: AnyRoute[] = [...systemRoutes(() => routes), ...customerRoutes, ...recipientRoutes, ...feeRoutes, ...walletRoutes, ...kycPageRoutes, ...webhookRoutes, ...eventRoutes, ...cardTokenRoutes, ...sdkRoutes, ...withdrawalRoutes, ...transferRoutes, ...payoutScheduleRoutes, ...transactionRoutes, ...sandboxPaymentRoutes, ...paymentArtifactRoutes, ...catalogRoutes, ...checkoutLinkRoutes, ...checkoutPageRoutes, ...checkoutChargeRoutes, ...checkoutPublicRoutes, ...cardFieldRoutes, ...subscriptionRoutes, ...planChangeRoutes, ...couponRoutes, ...mandateRoutes, ...dunningRoutes, ...invoiceBolepixRoutes, ...portalRoutes, ...refundRoutes, ...refundBankDetailsPageRoutes, ...receivableRoutes, ...anticipationRoutes, ...disputeRoutes, ...pixCallbackRoutes, ...pixMandateCallbackRoutes, ...cardCallbackRoutes, ...boletoCallbackRoutes, ...payoutCallbackRoutes];
  for (const route of routes) route.versioned ??= route.auth !== 'public' && !route.hidden;
  return routes;
}
