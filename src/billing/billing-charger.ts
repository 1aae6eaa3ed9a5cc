import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import { Company } from '../companies/company.entity';
import { decideCreatedTransaction, decideCreatedTransactionUndispatched } from '../payments/card-decision.service';
import type { Event } from '../events/event.entity';
import { createSavedCardTransaction } from '../payments/saved-card-charges.service';
import type { CreatedTransaction } from '../payments/transactions.service';
import { Transaction } from '../payments/transaction.entity';
import { ensureTransactionWorkflow } from '../payments/transaction-workflow.client';

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

export interface ChargeManyOptions {
  /** Charges in flight at once. */
  atOnce: number;
  /** Called after each charge (a heartbeat: the SDK throttles them). */
  progress?: () => void;
  /** Asked right before a batch's new charges are made: the invoice ids still to charge (the others answer null, uncharged). */
  stillWanted?: (reqs: ChargeRequest[]) => Promise<Set<string>>;
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
 * `subscriptionId`), created in one database transaction and decided right after its commit by
 * the payments module's `decideCreatedTransaction` (as the API decides the cards it creates), so
 * the charge step usually returns the decision itself; its events' dispatch then starts its
 * transaction workflow (settlement releases). When it could not decide (a gateway or database
 * error) the transaction workflow decides the card, and the decision reaches the subscription
 * workflow as the `chargeDecided` signal (src/billing/charge-decisions.subscriber.ts).
 *
 * Idempotent: the referenceCode is unique per company, so a retried attempt finds its
 * transaction (and its decision, when it has one) and starts its workflow only if it has not run.
 */
export class BillingCharger {
  constructor(private readonly deps: AppDeps) {}

  private readonly fork = () => this.deps.orm.em.fork() as unknown as EntityManager;

  /** Creates (or finds) the attempt's transaction and decides its card; pending when that could not be done now. */
  async charge(req: ChargeRequest): Promise<ChargeStarted> {
    const referenceCode = `${req.invoiceId}-${req.attempt}`;
    const found = await this.fork().findOne(Transaction, { companyId: req.companyId, referenceCode }, { fields: ['id', 'status', 'statusReason'] });
    if (found) {
      const decision = decisionOf(found);
      // A retry after a crash before the dispatch: the start is idempotent, the sweeper would do it too, later.
      if (!decision) await ensureTransactionWorkflow(this.deps.temporal, this.deps.config.temporal.taskQueue, found.id);
      return { transactionId: found.id, decision };
    }
    const created = await this.createTransaction(req, referenceCode);
    // Decided now, then its events dispatched (transaction.created starts its workflow).
    const decided = await decideCreatedTransaction(this.deps, created);
    return { transactionId: decided.transaction.id, decision: decisionOf(decided.transaction) };
  }

  /**
   * Charges many attempts at once (a billing run's page), each as `charge` does: the
   * transactions already made for them (a retried page) found in one statement and their
   * companies read in one, the others created and decided `atOnce` at a time, each batch only
   * for the invoices `stillWanted` still names, and the batch's events dispatched together. An
   * attempt not charged or whose charge threw answers null: its subscription workflow charges it
   * again (same referenceCode, so never twice).
   */
  async chargeMany(reqs: ChargeRequest[], { atOnce, progress = () => {}, stillWanted }: ChargeManyOptions): Promise<Array<ChargeStarted | null>> {
    if (reqs.length === 0) return [];
    const em = this.fork();
    const keyed = reqs.map((r) => ({ company_id: r.companyId, reference_code: `${r.invoiceId}-${r.attempt}` }));
    const found = await em.execute<Array<{ id: string; status: string; status_reason: string | null; company_id: string; reference_code: string }>>(
      `select t.id, t.status, t.status_reason, t.company_id, t.reference_code
         from transactions t join jsonb_to_recordset(?::jsonb) as r(company_id text, reference_code text) on t.company_id = r.company_id and t.reference_code = r.reference_code`,
      [JSON.stringify(keyed)],
    );
    const existing = new Map(found.map((t) => [`${t.company_id}:${t.reference_code}`, t]));
    const fresh = [...new Set(reqs.filter((r, n) => !existing.has(`${r.companyId}:${keyed[n].reference_code}`)).map((r) => r.companyId))];
    const companies = new Map((fresh.length > 0 ? await em.find(Company, { id: { $in: fresh } }) : []).map((c) => [c.id, c]));

    const out: Array<ChargeStarted | null> = new Array(reqs.length).fill(null);
    for (let i = 0; i < reqs.length; i += atOnce) {
      // The batch's transactions' events (created and decided, committed) go out in one dispatch.
      const events: Event[] = [];
      const chunk = reqs.slice(i, i + atOnce);
      const toCreate = chunk.filter((r, j) => !existing.has(`${r.companyId}:${keyed[i + j].reference_code}`));
      const wanted = stillWanted && toCreate.length > 0 ? await stillWanted(toCreate) : null;
      const settled = await Promise.allSettled(
        chunk.map(async (req, j) => {
          const n = i + j;
          try {
            const known = existing.get(`${req.companyId}:${keyed[n].reference_code}`);
            if (!known && wanted && !wanted.has(req.invoiceId)) return;
            if (known) {
              const decision = decisionOf({ status: known.status as Transaction['status'], statusReason: known.status_reason });
              if (!decision) await ensureTransactionWorkflow(this.deps.temporal, this.deps.config.temporal.taskQueue, known.id);
              out[n] = { transactionId: known.id, decision };
              return;
            }
            const created = await this.createTransaction(req, keyed[n].reference_code, companies.get(req.companyId));
            const decided = await decideCreatedTransactionUndispatched(this.deps, created);
            events.push(...decided.events);
            out[n] = { transactionId: decided.aggregate.transaction.id, decision: decisionOf(decided.aggregate.transaction) };
          } catch (err) {
            this.deps.logger.warn({ err, invoiceId: req.invoiceId, attempt: req.attempt }, 'subscription charge not made in the billing run; its workflow charges it');
          }
          progress();
        }),
      );
      this.deps.dispatcher.dispatchSoon(events.map((e) => e.id), events);
      const failed = settled.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    }
    return out;
  }

  /** The decision of a charge's transaction, null while it is not decided. */
  async decisionOf(companyId: string, transactionId: string): Promise<ChargeDecision | null> {
    const txn = await this.fork().findOneOrFail(Transaction, { id: transactionId, companyId }, { fields: ['status', 'statusReason'] });
    return decisionOf(txn);
  }

  private createTransaction(req: ChargeRequest, referenceCode: string, known?: Company): Promise<CreatedTransaction> {
    return this.fork().transactional(async (em) => {
      const company = known ?? (await em.findOneOrFail(Company, { id: req.companyId }));
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
        this.deps.config.urls.publicBase,
      );
    });
  }
}
