import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { Company } from '../../src/companies/company.entity';
import { createSavedCardTransaction } from '../../src/payments/saved-card-charges.service';
import { Transaction } from '../../src/payments/transaction.entity';
import { markWorkflowStarted, startAndAwaitDecision } from '../../src/payments/transaction-workflow.client';
import type { EventDispatcher } from '../../src/events/dispatcher';

export interface ChargeRequest {
  companyId: string;
  customerId: string;
  subscriptionId: string;
  invoiceId: string;
  /** 1-based attempt number: each attempt is its own transaction (`<inv_id>-<attempt>`). */
  attempt: number;
  amount: number;
  currency: string;
  savedCardId: string;
  description: string;
}

export interface ChargeResult {
  paid: boolean;
  code: string | null;
  transactionId: string | null;
}

/** How an invoice is charged to a saved card. One seam, so tests and a future payments API can swap it. */
export interface BillingCharger {
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

/** How long one charge attempt holds its activity slot waiting for the card decision. */
export const DECISION_WAIT_MS = 15_000;

const FINAL: Record<string, boolean> = { paid: true, refused: false, failed: false, canceled: false };

/**
 * Charges through the payments module: a merchant-initiated card transaction on the saved card
 * (`origin: subscription`, no CVV, referenceCode `<inv_id>-<attempt>`, metadata `invoiceId` and
 * `subscriptionId`), created in one database transaction; then the transaction workflow
 * authorizes it and this waits for its decision.
 *
 * Idempotent: the referenceCode is unique per company, so a retried attempt finds its
 * transaction and only waits for (or reads) its decision.
 */
export class PaymentsBillingCharger implements BillingCharger {
  constructor(
    private readonly fork: () => EntityManager,
    private readonly temporal: Client,
    private readonly taskQueue: string,
    private readonly publicBaseUrl: string,
    private readonly dispatcher: EventDispatcher,
    private readonly decisionWaitMs = DECISION_WAIT_MS,
  ) {}

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    const referenceCode = `${req.invoiceId}-${req.attempt}`;
    let txn = await this.fork().findOne(Transaction, { companyId: req.companyId, referenceCode });
    let eventIds: string[] = [];
    if (!txn) ({ transaction: txn, eventIds } = await this.createTransaction(req, referenceCode));
    if (txn.status in FINAL) return { paid: FINAL[txn.status], code: txn.statusReason, transactionId: txn.id };
    let decision;
    try {
      decision = await this.decisionWithin(txn.id);
      // Before transaction.created goes out, so its subscriber does not start the workflow again.
      await markWorkflowStarted(this.fork(), txn.id);
    } finally {
      this.dispatcher.dispatchSoon(eventIds);
    }
    return { paid: decision.status === 'paid', code: decision.status === 'paid' ? null : (decision.reason ?? decision.status), transactionId: txn.id };
  }

  /**
   * Waits a bounded time for the transaction workflow's card decision. The authorization is an
   * activity on the same task queue as this one: with every activity slot held by charges
   * waiting for decisions, no authorization could run (seen at 200 charges at once). Past the
   * bound this attempt fails as retryable and frees its slot; the retry finds the transaction
   * by its referenceCode and reads or waits for the decision again.
   */
  private async decisionWithin(transactionId: string) {
    let timer: NodeJS.Timeout | undefined;
    const waiting = startAndAwaitDecision(this.temporal, this.taskQueue, transactionId);
    const decision = await Promise.race([waiting, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), this.decisionWaitMs)))]);
    clearTimeout(timer);
    if (decision) return decision;
    waiting.catch(() => undefined);
    throw ApplicationFailure.retryable(`No card decision for ${transactionId} within ${this.decisionWaitMs} ms; retried later`, 'CardDecisionPending');
  }

  private async createTransaction(req: ChargeRequest, referenceCode: string): Promise<{ transaction: Transaction; eventIds: string[] }> {
    const created = await this.fork().transactional(async (em) => {
      const company = await em.findOneOrFail(Company, { id: req.companyId });
      return createSavedCardTransaction(
        em,
        company,
        {
          cardId: req.savedCardId,
          referenceCode,
          customerId: req.customerId,
          items: [{ description: req.description, quantity: 1, amount: req.amount }],
          metadata: { invoiceId: req.invoiceId, subscriptionId: req.subscriptionId },
          origin: 'subscription',
        },
        this.publicBaseUrl,
      );
    });
    return { transaction: created.transaction, eventIds: created.events.map((e) => e.id) };
  }
}
