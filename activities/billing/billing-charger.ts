import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { Company } from '../../src/companies/company.entity';
import { revealCardForAuthorization, storeCard } from '../../src/cards/card-vault.service';
import { createTransaction } from '../../src/payments/transactions.service';
import { Transaction } from '../../src/payments/transaction.entity';
import { startAndAwaitDecision } from '../../src/payments/transaction-workflow.client';
import type { EventDispatcher } from '../../src/events/dispatcher';
import { SavedCard } from '../../src/billing/subscription.entity';

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

const FINAL: Record<string, boolean> = { paid: true, refused: false, failed: false, canceled: false };

/**
 * Charges through the payments module: a card transaction with billing origin
 * (`metadata.origin = billing`, referenceCode `<inv_id>-<attempt>`) on the saved card.
 *
 * Payments creates card transactions from single-use tokens only, so this mints a fresh token
 * for the saved card in the vault (revealed through the billing binding, sealed again as a new
 * vault record) and creates the transaction with it, in one database transaction; then the
 * transaction workflow authorizes it and this waits for its decision. A saved card has no CVV
 * after its first 24 hours (merchant-initiated recurring charges carry none), so an empty CVV is
 * sealed. Interim until payments exposes "charge a saved card" (see docs/billing.md).
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
  ) {}

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    const referenceCode = `${req.invoiceId}-${req.attempt}`;
    let txn = await this.fork().findOne(Transaction, { companyId: req.companyId, referenceCode });
    if (!txn) txn = await this.createTransaction(req, referenceCode);
    if (txn.status in FINAL) return { paid: FINAL[txn.status], code: txn.statusReason, transactionId: txn.id };
    const decision = await startAndAwaitDecision(this.temporal, this.taskQueue, txn.id);
    return { paid: decision.status === 'paid', code: decision.status === 'paid' ? null : (decision.reason ?? decision.status), transactionId: txn.id };
  }

  private async createTransaction(req: ChargeRequest, referenceCode: string): Promise<Transaction> {
    const created = await this.fork().transactional(async (em) => {
      const saved = await em.findOneOrFail(SavedCard, { id: req.savedCardId, companyId: req.companyId });
      const company = await em.findOneOrFail(Company, { id: req.companyId });
      const card = await revealCardForAuthorization(em, { paymentId: saved.vaultBinding });
      const token = storeCard(em, req.companyId, {
        number: card.pan,
        holder: card.holder,
        document: card.document,
        cvv: card.cvv ?? '',
        brand: card.brand,
        expMonth: card.expMonth,
        expYear: card.expYear,
      });
      await em.flush();
      return createTransaction(
        em,
        company,
        {
          referenceCode,
          customerId: req.customerId,
          items: [{ description: req.description, quantity: 1, amount: req.amount }],
          payments: [{ paymentMethod: 'credit_card', amount: req.amount, creditCard: { token: token.tokenId, installments: 1, capture: true } }],
          metadata: { origin: 'billing', invoiceId: req.invoiceId, subscriptionId: req.subscriptionId },
        },
        this.publicBaseUrl,
      );
    });
    this.dispatcher.dispatchSoon(created.events.map((e) => e.id));
    return created.transaction;
  }
}
