/**
 * The subscription workflow's public surface, shared by the API and the workflow. Workflow id
 * = the subscription id (`sub_…`), so an operator finds it by the id the API shows.
 */
import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { Recurrence } from '../../src/billing/price.rules';
import type { ScheduleBase, SubscriptionStatus } from '../../src/billing/subscription.rules';

export const SUBSCRIPTION_WORKFLOW = 'subscriptionWorkflow';
export const subscriptionWorkflowId = (subscriptionId: string): string => subscriptionId;

/** Cycles billed by one run before it continues as new (keeps each run's history small). */
export const DEFAULT_CYCLES_PER_RUN = 12;

/** What one run hands the next (continue-as-new); absent on the first run, which loads the row. */
export interface SubscriptionProgress {
  status: SubscriptionStatus;
  collectionMethod: 'charge_automatically' | 'send_invoice';
  recurrence: Recurrence;
  maxCycles: number | null;
  schedule: ScheduleBase;
  /** The next cycle to invoice. */
  nextCycle: number;
  trialEndsAt: string | null;
  hasPaymentMethod: boolean;
  cancelAtPeriodEnd: boolean;
  /** Workflow time the pause began; null when not paused. */
  pausedAt: string | null;
  /** Sandbox advances not yet run (a count, so quick successive advances each run a cycle). */
  advanceRequested: number;
}

/**
 * A wait longer than this parks the subscription instead of holding a timer: the row keeps its
 * progress and the billing run starts a workflow again when it is due (docs/billing.md).
 */
export const PARK_AFTER_MS = 60 * 60_000;

export interface SubscriptionWorkflowInput {
  subscriptionId: string;
  progress?: SubscriptionProgress;
  cyclesPerRun?: number;
  /** Started by a billing run: that run's id, which claimed the parked row (the workflow takes the claim once). */
  claim?: string;
  /** The invoice of `progress.nextCycle`, already issued by the billing run. */
  issued?: IssuedInvoice & { cycle: number };
  /** Waits longer than this park (default PARK_AFTER_MS); null never parks (a workflow driven by its timers alone). */
  parkAfterMs?: number | null;
}

export interface SubscriptionOutcome {
  /** parked: nothing to do until `wakeAt`; the billing run takes it from there. */
  status: 'canceled' | 'ended' | 'abandoned' | 'parked';
  reason: string;
  cyclesBilled: number;
}

// Signals: the API has already changed the row (and recorded the event) when it sends one;
// the workflow only adjusts its timers.
export const cancelSubscriptionSignal = defineSignal<[{ mode: 'immediately' | 'at_period_end' }]>('cancel');
export const uncancelSubscriptionSignal = defineSignal('uncancel');
export const pauseSubscriptionSignal = defineSignal('pause');
export const resumeSubscriptionSignal = defineSignal('resume');
export const paymentMethodAttachedSignal = defineSignal('paymentMethodAttached');
/** Sandbox test clock: the next cycle (or dunning retry, or trial end) runs now. */
export const advanceSubscriptionSignal = defineSignal('advance');
/** A send_invoice invoice was paid: re-check it now instead of at the next reminder. */
export const invoicePaidSignal = defineSignal<[{ invoiceId: string }]>('invoicePaid');
/**
 * A subscription charge's transaction was decided (sent by the charge-decisions event
 * subscriber on transaction.paid / refused / failed / canceled). Only wakes the workflow: the
 * settle activity reads the transaction, so a late or duplicated signal changes nothing.
 */
export const chargeDecidedSignal = defineSignal<[ChargeDecided]>('chargeDecided');
export interface ChargeDecided {
  transactionId: string;
  paid: boolean;
  code: string | null;
}

export const subscriptionProgressQuery = defineQuery<SubscriptionProgress | null>('progress');

export interface IssuedInvoice {
  invoiceId: string;
  total: number;
  status: 'open' | 'paid' | 'past_due' | 'void' | 'uncollectible';
  dueAt: string;
  /** When its first attempt starts, when not at its due date: one paid by mandate is charged from its issue (the PSP schedules the charge days ahead). */
  collectFrom?: string;
}

export interface CollectionResult {
  paid: boolean;
  /** Why it failed (`card_declined`, `no_payment_method`, `unpaid`), null when paid. */
  code: string | null;
  transactionId: string | null;
}

/** A card charge whose transaction is not decided yet. */
export interface PendingCharge {
  pending: true;
  transactionId: string;
  /** How long to wait for its decision before reading it (default CHARGE_DECISION_FALLBACK_MS): a mandate charge is decided on its due day, days later. */
  recheckAfterMs?: number;
}

/** How long the workflow waits for `chargeDecided` before it reads the transaction itself. */
export const CHARGE_DECISION_FALLBACK_MS = 2 * 60_000;

export type EndReason = 'canceled' | 'canceled_at_period_end' | 'max_cycles' | 'payment_failed';

/**
 * The activities the workflow calls (activities/billing implements exactly this). Every one is
 * idempotent: it checks the row before changing it, and takes times from the workflow (`at`),
 * never from the activity's clock, so a retried or time-skipped run writes the same dates.
 */
export interface SubscriptionActivities {
  /** The progress kept on the row; a parked row is taken back (no billing run claims it any more). */
  loadSubscriptionProgress(input: { subscriptionId: string }): Promise<SubscriptionProgress | null>;
  /**
   * Takes a billing run's claim of the row for this workflow run: true again for the same run (its
   * workflow task retried), false when another run took it (a retried start of the same claim).
   */
  acceptSubscriptionRenewal(input: { subscriptionId: string; claim: string; runId: string }): Promise<boolean>;
  /** Parks the row until `wakeAt` with its progress; false when it is not active (a pause or cancel on its way as a signal). */
  parkSubscription(input: { subscriptionId: string; progress: SubscriptionProgress; wakeAt: string }): Promise<boolean>;
  /** incomplete → trialing | active (subscription.activated when it becomes active). */
  activateSubscription(input: { subscriptionId: string; status: 'trialing' | 'active'; at: string }): Promise<void>;
  /** The invoice of a cycle (unique per subscription and cycle), created and issued once (invoice.issued). */
  issueSubscriptionInvoice(input: { subscriptionId: string; cycle: number; periodStart: string; periodEnd: string; issuedAt: string; dueAt: string }): Promise<IssuedInvoice>;
  /**
   * Starts one collection attempt. Decided at once (nothing to charge, send_invoice, no card, or
   * a retried attempt whose transaction is already decided): recorded at once
   * (invoice.payment_attempted; invoice.paid or past_due).
   * A card charge: its transaction (`<inv_id>-<attempt>`) created, its workflow started, and
   * returned pending, without waiting for the card.
   */
  startInvoiceCollection(input: { invoiceId: string; attempt: number; at: string }): Promise<CollectionResult | PendingCharge>;
  /** Records the attempt once its transaction is decided (read from the database); pending while it is not. */
  settleInvoiceCollection(input: { invoiceId: string; attempt: number; at: string; transactionId: string }): Promise<CollectionResult | PendingCharge>;
  /**
   * After failed attempt `attempt`: the next attempt's date on the company's retry schedule
   * (invoice.rescheduled), or null when the schedule is spent (the final rule applies).
   */
  rescheduleInvoice(input: { invoiceId: string; attempt: number; dueAt: string }): Promise<string | null>;
  /** subscription.cycle_advanced after a paid invoice. */
  advanceSubscriptionCycle(input: { subscriptionId: string; invoiceId: string; cyclesCompleted: number; periodStart: string; periodEnd: string; nextInvoiceAt: string | null }): Promise<void>;
  /** canceled | ended, open invoices voided (invoice.voided), the failed one uncollectible. */
  endSubscription(input: { subscriptionId: string; reason: EndReason; at: string; uncollectibleInvoiceId: string | null }): Promise<void>;
}
