import type { EntityManager } from '@mikro-orm/postgresql';
import type { Event } from '../../src/events/event.entity';
import { authorizeCardPayment } from '../../src/payments/authorization.service';
import { openChargeback } from '../../src/payments/chargeback.service';
import type { PaymentGateway } from '../../src/payments/payment-gateway';
import { SandboxGateway } from '../../src/payments/sandbox-gateway';
import { postPaymentSale, releaseSale } from '../../src/payments/settlement.service';
import { finishUnpaidTransaction, markTransactionPaid, markTransactionWaiting } from '../../src/payments/transaction-lifecycle.service';
import { loadTransactionPayments } from '../../src/payments/transactions.service';
import type { TransactionActivities } from '../../workflows/payments/transaction.contract';
import type { ActivityDeps } from '../deps';

/**
 * Activities of the transaction workflow (signatures in its contract). Each is idempotent
 * under retry (the services change state only from the state they expect, postings have
 * keys, the gateway has idempotency keys), runs its change in one database transaction with
 * its events, and dispatches them after commit (the outbox sweeper is the backstop).
 */
export function createTransactionActivities(deps: ActivityDeps): TransactionActivities {
  const { orm, dispatcher, config } = deps;
  const fork = () => orm.em.fork() as EntityManager;
  const gateway: PaymentGateway = deps.paymentGateway ?? new SandboxGateway(fork, config.sandboxGatewayLatencyMs);
  const base = config.urls.publicBase;
  const inTransaction = async <T>(fn: (em: EntityManager) => Promise<{ events: Event[]; value: T }>): Promise<T> => {
    const { events, value } = await fork().transactional(fn);
    dispatcher.dispatchSoon(events.map((e) => e.id));
    return value;
  };

  return {
    async loadTransactionPlan({ transactionId }) {
      const { transaction, payments } = await loadTransactionPayments(fork(), transactionId);
      return {
        status: transaction.status,
        payments: payments.map((p) => ({ id: p.id, method: p.method, status: p.status, expiresAt: p.expiresAt?.toISOString() ?? null })),
      };
    },
    async authorizeTransactionCard({ paymentId }) {
      const { outcome, events } = await authorizeCardPayment(fork, gateway, paymentId, base);
      dispatcher.dispatchSoon(events.map((e) => e.id));
      return outcome;
    },
    async voidTransactionCards({ paymentIds }) {
      for (const id of paymentIds) await gateway.void(id);
    },
    markTransactionWaitingPayment: ({ transactionId }) => inTransaction(async (em) => ({ events: await markTransactionWaiting(em, transactionId, base), value: undefined })),
    finishUnpaidTransaction: (input) => inTransaction(async (em) => ({ events: await finishUnpaidTransaction(em, input, base), value: undefined })),
    settleTransaction: (input) =>
      inTransaction(async (em) => {
        const { events, aggregate } = await markTransactionPaid(em, input, base);
        const releases = [];
        for (const p of aggregate.payments) releases.push(...(await postPaymentSale(em, aggregate, p)));
        return { events, value: releases };
      }),
    async releaseTransactionSettlement(step) {
      await releaseSale(fork(), step);
    },
    openTransactionChargeback: (input) => inTransaction(async (em) => ({ events: await openChargeback(em, input, base), value: undefined })),
  };
}
