import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import { Company } from '../companies/company.entity';
import { decideCreatedTransactionsUndispatched } from '../payments/card-decision.service';
import type { Event } from '../events/event.entity';
import { createSavedCardTransactions } from '../payments/saved-card-charges.service';
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

/** A charge made by `charge`, with the events its caller dispatches (`dispatch`) once it has recorded the outcome. */
export interface ChargeMade extends ChargeStarted {
  dispatch: () => void;
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

  /**
   * Creates (or finds) the attempt's transaction and decides its card; pending when that could
   * not be done now. Its events (transaction.created starts its workflow) are left to the
   * caller's `dispatch`, called once the invoice has recorded the decision: dispatched earlier,
   * the decision would find the invoice still open and signal the subscription workflow in the
   * middle of the task that is recording it, which then fails and runs its steps again.
   */
  async charge(req: ChargeRequest): Promise<ChargeMade> {
    const referenceCode = `${req.invoiceId}-${req.attempt}`;
    const found = await this.fork().findOne(Transaction, { companyId: req.companyId, referenceCode }, { fields: ['id', 'status', 'statusReason'] });
    if (found) {
      const decision = decisionOf(found);
      // A retry after a crash before the dispatch: the start is idempotent, the sweeper would do it too, later.
      if (!decision) await ensureTransactionWorkflow(this.deps.temporal, this.deps.config.temporal.taskQueue, found.id);
      return { transactionId: found.id, decision, dispatch: () => {} };
    }
    const { results, events } = await this.createAndDecide([{ req, referenceCode }], new Map());
    const dispatch = this.dispatchOf([events]);
    const [made] = results;
    if ('error' in made) {
      dispatch();
      throw made.error;
    }
    return { ...made, dispatch };
  }

  /**
   * Charges many attempts at once (a billing run's page), each as `charge` does: the
   * transactions already made for them (a retried page) found in one statement and their
   * companies read in one, the others created and decided `atOnce` at a time, each batch only
   * for the invoices `stillWanted` still names. An attempt not charged or whose charge threw
   * answers null: its subscription workflow charges it again (same referenceCode, so never
   * twice). As with `charge`, the events of every batch are left to the caller's `dispatch`,
   * called once it has recorded the invoices paid.
   */
  async chargeMany(reqs: ChargeRequest[], options: ChargeManyOptions): Promise<{ charges: Array<ChargeStarted | null>; dispatch: () => void }> {
    const batches: Event[][] = [];
    const dispatch = this.dispatchOf(batches);
    try {
      return { charges: await this.chargeBatches(reqs, options, batches), dispatch };
    } catch (err) {
      // The batches made before the failure are committed: dispatched now, as `charge` does.
      dispatch();
      throw err;
    }
  }

  /**
   * The dispatch left to a caller: each batch's events as one batch of the dispatcher's, which
   * runs a batch's after-commit work (its workflow starts) in order, the batches side by side.
   */
  private dispatchOf(batches: Event[][]): () => void {
    return () => batches.forEach((events) => this.deps.dispatcher.dispatchSoon(events.map((e) => e.id), events));
  }

  /** `chargeMany`'s work: each batch's events are added to `batches`. */
  private async chargeBatches(reqs: ChargeRequest[], { atOnce, progress = () => {}, stillWanted }: ChargeManyOptions, batches: Event[][]): Promise<Array<ChargeStarted | null>> {
    if (reqs.length === 0) return [];
    const em = this.fork();
    const keyed = reqs.map((r) => ({ company_id: r.companyId, reference_code: `${r.invoiceId}-${r.attempt}` }));
    const found = await em.execute<Array<{ id: string; status: string; status_reason: string | null; company_id: string; reference_code: string }>>(
      `select t.id, t.status, t.status_reason, t.company_id, t.reference_code
         from transactions t join jsonb_to_recordset(?::jsonb) as r(company_id text, reference_code text) on t.company_id = r.company_id and t.reference_code = r.reference_code
        where t.company_id = any(array(select jsonb_array_elements_text(?::jsonb))) and t.reference_code = any(array(select jsonb_array_elements_text(?::jsonb)))`,
      // Companies and codes as arrays: the unique (company_id, reference_code) index, not a read of every transaction.
      [JSON.stringify(keyed), JSON.stringify([...new Set(reqs.map((r) => r.companyId))]), JSON.stringify(keyed.map((k) => k.reference_code))],
    );
    const existing = new Map(found.map((t) => [`${t.company_id}:${t.reference_code}`, t]));
    const fresh = [...new Set(reqs.filter((r, n) => !existing.has(`${r.companyId}:${keyed[n].reference_code}`)).map((r) => r.companyId))];
    const companies = new Map((fresh.length > 0 ? await em.find(Company, { id: { $in: fresh } }) : []).map((c) => [c.id, c]));

    const out: Array<ChargeStarted | null> = new Array(reqs.length).fill(null);
    for (let i = 0; i < reqs.length; i += atOnce) {
      const chunk = reqs.slice(i, i + atOnce).map((req, j) => ({ req, n: i + j, referenceCode: keyed[i + j].reference_code }));
      const toCreate = chunk.filter(({ req, referenceCode }) => !existing.has(`${req.companyId}:${referenceCode}`));
      const wanted = stillWanted && toCreate.length > 0 ? await stillWanted(toCreate.map((c) => c.req)) : null;
      for (const { req, n, referenceCode } of chunk) {
        const known = existing.get(`${req.companyId}:${referenceCode}`);
        if (!known) continue;
        const decision = decisionOf({ status: known.status as Transaction['status'], statusReason: known.status_reason });
        try {
          if (!decision) await ensureTransactionWorkflow(this.deps.temporal, this.deps.config.temporal.taskQueue, known.id);
          out[n] = { transactionId: known.id, decision };
        } catch (err) {
          this.deps.logger.warn({ err, invoiceId: req.invoiceId, attempt: req.attempt }, 'subscription charge not followed in the billing run; its workflow charges it');
        }
        progress();
      }
      // The batch's new charges created together and decided together; their events (created and decided, committed) wait for `dispatch`.
      const making = toCreate.filter(({ req }) => !wanted || wanted.has(req.invoiceId));
      if (making.length === 0) continue;
      let made: Array<ChargeStarted | { error: unknown }>;
      try {
        const { results, events } = await this.createAndDecide(making, companies);
        batches.push(events);
        made = results;
      } catch (err) {
        made = making.map(() => ({ error: err }));
      }
      making.forEach(({ req, n }, k) => {
        const m = made[k];
        if ('error' in m) this.deps.logger.warn({ err: m.error, invoiceId: req.invoiceId, attempt: req.attempt }, 'subscription charge not made in the billing run; its workflow charges it');
        else out[n] = m;
        progress();
      });
    }
    return out;
  }

  /** The decision of a charge's transaction, null while it is not decided. */
  async decisionOf(companyId: string, transactionId: string): Promise<ChargeDecision | null> {
    const txn = await this.fork().findOneOrFail(Transaction, { id: transactionId, companyId }, { fields: ['status', 'statusReason'] });
    return decisionOf(txn);
  }

  /** The decisions of many transactions in one statement; a transaction not decided yet has none. */
  async decisionsOf(transactionIds: string[]): Promise<Map<string, ChargeDecision>> {
    if (transactionIds.length === 0) return new Map();
    const txns = await this.fork().find(Transaction, { id: { $in: transactionIds } }, { fields: ['id', 'status', 'statusReason'] });
    return new Map(txns.flatMap((txn) => {
      const decision = decisionOf(txn);
      return decision ? [[txn.id, decision] as const] : [];
    }));
  }

  /**
   * Creates the charges' transactions in one database transaction (`createSavedCardTransactions`:
   * a few multi-row statements whatever their number) and decides their cards together
   * (`decideCreatedTransactionsUndispatched`). Returns each charge's outcome (a charge that
   * failed its checks answers its error) and the events to dispatch once, all committed.
   */
  private async createAndDecide(
    charges: Array<{ req: ChargeRequest; referenceCode: string }>,
    companies: Map<string, Company>,
  ): Promise<{ results: Array<ChargeStarted | { error: unknown }>; events: Event[] }> {
    const created = await this.fork().transactional(async (em) => {
      const missing = [...new Set(charges.map((c) => c.req.companyId).filter((id) => !companies.has(id)))];
      const read = missing.length > 0 ? await em.find(Company, { id: { $in: missing } }) : [];
      const companyOf = (id: string) => companies.get(id) ?? read.find((c) => c.id === id);
      const unknown = charges.find((c) => !companyOf(c.req.companyId));
      if (unknown) throw new Error(`Company ${unknown.req.companyId} not found`);
      return createSavedCardTransactions(
        em,
        charges.map(({ req, referenceCode }) => ({
          company: companyOf(req.companyId)!,
          input: {
            cardId: req.savedCardId,
            referenceCode,
            customerId: req.customerId,
            items: [{ description: req.description, quantity: 1, amount: req.amount }],
            currency: req.currency,
            metadata: { invoiceId: req.invoiceId, subscriptionId: req.subscriptionId },
            origin: 'subscription',
          },
        })),
        this.deps.config.urls.publicBase,
      );
    });
    const ok = created.filter((c): c is CreatedTransaction => !('error' in c));
    const decided = await decideCreatedTransactionsUndispatched(this.deps, ok);
    const byId = new Map(decided.map((d) => [d.aggregate.transaction.id, d.aggregate.transaction]));
    return {
      results: created.map((c) => ('error' in c ? { error: c.error } : { transactionId: c.transaction.id, decision: decisionOf(byId.get(c.transaction.id)!) })),
      events: decided.flatMap((d) => d.events),
    };
  }
}
