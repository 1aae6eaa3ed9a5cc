import { BaseEntitySchema } from './base.entity';
import { ApiKeySchema, CompanySchema } from '../companies/company.entity';
import { CustomerSchema } from '../customers/customer.entity';
import { EventSchema } from '../events/event.entity';
import { IdempotencyKeySchema } from '../http/idempotency-key.entity';
import { KycLinkSchema, RecipientBankAccountSchema, RecipientFileSchema, RecipientLinkSchema, RecipientSchema } from '../recipients/recipient.entity';
import { FeeTableSchema } from '../fees/fee-table.entity';
import { LedgerAccountSchema, LedgerEntrySchema, LedgerPostingSchema, WalletSchema } from '../ledger/ledger.entity';
import { PaymentSchema } from '../payments/payment.entity';
import { TransactionSplitSchema } from '../payments/split.entity';
import { TransactionSchema } from '../payments/transaction.entity';
import { WebhookDeliverySchema, WebhookSchema } from '../webhooks/webhook.entity';
import { WithdrawalSchema } from '../withdrawals/withdrawal.entity';
import { TransferSchema } from '../transfers/transfer.entity';
import { WithdrawalRulesSchema } from '../withdrawals/withdrawal-rules.entity';
import { PayoutScheduleSchema } from '../payout-schedules/payout-schedule.entity';
import { StoredCardSchema } from '../cards/stored-card.entity';
import { PlanItemSchema, PlanSchema, PriceSchema } from '../billing/plan.entity';
import { CheckoutLinkSchema } from '../checkout/checkout-link.entity';
import { CheckoutSessionSchema } from '../checkout/checkout-session.entity';
import { InvoiceLineItemSchema, InvoiceSchema, SavedCardSchema, SubscriptionItemSchema, SubscriptionSchema, UsageRecordSchema } from '../billing/subscription.entity';
import { MandateSchema } from '../billing/mandates.entity';
import { CouponSchema, DiscountSchema } from '../billing/coupon.entity';
import { PendingInvoiceItemSchema, PlanChangeSchema } from '../billing/plan-changes.entity';
import { RefundSchema } from '../refunds/refund.entity';
import { PortalSessionSchema } from '../portal/portal-session.entity';
import { ProcessorConnectionSchema } from '../processors/connections/processor-connection.entity';
import { ReceivableSchema } from '../receivables/receivable.entity';

/** Every persisted entity. A new domain adds its schemas here. */
export const entities = [
  BaseEntitySchema, CompanySchema, ApiKeySchema, IdempotencyKeySchema, EventSchema, CustomerSchema,
  RecipientSchema, RecipientLinkSchema, RecipientBankAccountSchema, RecipientFileSchema, KycLinkSchema,
  FeeTableSchema,
  WalletSchema, LedgerAccountSchema, LedgerPostingSchema, LedgerEntrySchema,
  WebhookSchema, WebhookDeliverySchema,
  WithdrawalSchema, TransferSchema, WithdrawalRulesSchema, PayoutScheduleSchema,
  StoredCardSchema,
  TransactionSchema, PaymentSchema, TransactionSplitSchema,
  PlanSchema, PlanItemSchema, PriceSchema,
  CheckoutLinkSchema, CheckoutSessionSchema,
  SubscriptionSchema, SubscriptionItemSchema, InvoiceSchema, InvoiceLineItemSchema, UsageRecordSchema, SavedCardSchema, MandateSchema,
  CouponSchema, DiscountSchema, PlanChangeSchema, PendingInvoiceItemSchema,
  RefundSchema,
  PortalSessionSchema,
  ProcessorConnectionSchema,
  ReceivableSchema,
];
