import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { Company } from '../companies/company.entity';
import { createSavedCardTransaction } from '../payments/saved-card-charges.service';
import { Transaction } from '../payments/transaction.entity';
import { ensureTransactionWorkflow } from '../payments/transaction-workflow.client';
import type { EventDispatcher } from '../events/dispatcher';

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

/** A card decision: `code` is why it was not paid (the transaction's statusReason, e.g. `card_declined`). */
export interface ChargeDecision {
  paid: boolean;
  code: string | null;
}

export interface ChargeStarted {
  transactionId: string;
  /** Null while the card is being authorized. */
  decision: ChargeDecision | null;
}

const FINAL: Record<string, boolean> = { paid: true, refused: false, failed: false, canceled: false };

function decisionOf(txn: Pick<Transaction, 'status' | 'statusReason'>): ChargeDecision | null {
  if (!(txn.status in FINAL)) return null;
  return { paid: FINAL[txn.status], code: FINAL[txn.status] ? null : (txn.statusReason ?? txn.status) };
}

/**
 * Charges through the payments module: a merchant-initiated card transaction on the saved card
 * (`origin: subscription`, no CVV, referenceCode `<inv_id>-<attempt>`, metadata `invoiceId` and
 * `subscriptionId`), created in one database transaction; then its transaction workflow is
 * started through its transaction.created event, and the workflow decides the card. The decision reaches the subscription workflow
 * as the `chargeDecided` signal (src/billing/charge-decisions.subscriber.ts).
 *
 * Idempotent: the referenceCode is unique per company, so a retried attempt finds its
 * transaction (and its decision, when it has one) and starts its workflow only if it has not run.
 */
export class BillingCharger {
  constructor(
    private readonly fork: () => EntityManager,
    private readonly temporal: Client,
    private readonly taskQueue: string,
    private readonly publicBaseUrl: string,
    private readonly dispatcher: EventDispatcher,
  ) {}

  /** Creates (or finds) the attempt's transaction and sets its authorization going; never waits for the card. */
  async charge(req: ChargeRequest): Promise<ChargeStarted> {
    const referenceCode = `${req.invoiceId}-${req.attempt}`;
    const found = await this.fork().findOne(Transaction, { companyId: req.companyId, referenceCode }, { fields: ['id', 'status', 'statusReason'] });
    if (found) {
      const decision = decisionOf(found);
      // A retry after a crash before the dispatch: the start is idempotent, the sweeper would do it too, later.
      if (!decision) await ensureTransactionWorkflow(this.temporal, this.taskQueue, found.id);
      return { transactionId: found.id, decision };
    }
    const { transaction, eventIds } = await this.createTransaction(req, referenceCode);
    // transaction.created starts its workflow, which decides the card.
    this.dispatcher.dispatchSoon(eventIds);
    return { transactionId: transaction.id, decision: null };
  }

  /** The decision of a charge's transaction, null while it is not decided. */
  async decisionOf(companyId: string, transactionId: string): Promise<ChargeDecision | null> {
    const txn = await this.fork().findOneOrFail(Transaction, { id: transactionId, companyId }, { fields: ['status', 'statusReason'] });
    return decisionOf(txn);
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
