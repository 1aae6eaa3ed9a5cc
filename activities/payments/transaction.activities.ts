import type { EntityManager } from '@mikro-orm/postgresql';
import type { Event } from '../../src/events/event.entity';
import { voidCardPayments } from '../../src/payments/card-acquirers.service';
import { cardDecidingOf, decideCards } from '../../src/payments/card-decision.service';
import { processorsOf } from '../../src/processors/processors';
import { removePixCharges } from '../../src/payments/pix-charges.service';
import { withdrawBoletos } from '../../src/payments/boleto-receipts.service';
import { settleTransaction } from '../../src/payments/settlement.service';
import { changes, finishUnpaidTransaction } from '../../src/payments/transaction-lifecycle.service';
import { loadTransactionPayments } from '../../src/payments/transactions.service';
import type { TransactionAggregate } from '../../src/payments/transaction-views';
import type { TransactionActivities, TransactionPlan } from '../../workflows/payments/transaction.contract';
import type { ActivityDeps } from '../deps';

/**
 * States a transaction reaches only after it was paid and settled (a refund or a chargeback
 * may come before a late-started workflow runs): for its workflow it is `paid`, nothing to do.
 */
const AFTER_PAID = new Set<string>(['chargeback', 'refunded', 'partially_refunded']);

const planOf = (agg: Pick<TransactionAggregate, 'transaction' | 'payments'>): TransactionPlan => ({
  status: (AFTER_PAID.has(agg.transaction.status) ? 'paid' : agg.transaction.status) as TransactionPlan['status'],
  reason: agg.transaction.statusReason,
  payments: agg.payments.map((p) => ({ id: p.id, method: p.method, status: p.status, expiresAt: p.expiresAt?.toISOString() ?? null })),
});

/**
 * Activities of the transaction workflow (signatures in its contract). Each is idempotent
 * under retry (the services change state only from the state they expect, postings have
 * keys, the acquirer is asked by the payment id before any sale is sent), runs its change in one database transaction with
 * its events, and dispatches them after commit (the outbox sweeper is the backstop).
 */
export function createTransactionActivities(deps: ActivityDeps): TransactionActivities {
  const { orm, dispatcher, config } = deps;
  const fork = () => orm.em.fork() as EntityManager;
  const deciding = cardDecidingOf(deps);
  const base = config.urls.publicBase;
  const inTransaction = async <T>(fn: (em: EntityManager) => Promise<{ events: Event[]; value: T }>): Promise<T> => {
    const { events, value } = await fork().transactional(fn);
    dispatcher.dispatchSoon(events.map((e) => e.id));
    return value;
  };

  return {
    loadTransactionPlan: async ({ transactionId, marksCreated }) => planOf(await loadTransactionPayments(fork(), transactionId, marksCreated === true)),
    async decideTransactionCards({ transactionId }) {
      const decided = await decideCards(deciding, transactionId);
      dispatcher.dispatchSoon(decided.events.map((e) => e.id));
      return planOf(decided.aggregate);
    },
    async voidTransactionCards({ paymentIds }) {
      await voidCardPayments(fork(), processorsOf(deps), paymentIds);
    },
    // The processors' step before an unpaid transaction is canceled: Pix charges removed, boletos cancelled at their issuer (and their cobv removed).
    cancelTransactionCharges: async ({ transactionId }) => ({ paid: [...(await removePixCharges(deps, transactionId)), ...(await withdrawBoletos(deps, transactionId))] }),
    finishUnpaidTransaction: (input) =>
      inTransaction(async (em) => {
        const c = await changes(em, input.transactionId, base);
        finishUnpaidTransaction(c, input);
        return { events: c.events, value: undefined };
      }),
    settleTransaction: ({ transactionId, paidAt }) =>
      inTransaction(async (em) => {
        const c = await changes(em, transactionId, base);
        await settleTransaction(em, c, paidAt);
        return { events: c.events, value: undefined };
      }),
  };
}
