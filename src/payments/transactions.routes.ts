import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError, conflict } from '../http/errors';
import { paginated } from '../http/pagination';
import { defineRoute } from '../http/route';
import { transactionTimeline } from './timeline.service';
import { cancelTransactionSignal } from '../../workflows/payments/transaction.contract';
import { decideCreatedTransaction } from './card-decision.service';
import { signalTransactionWorkflow } from './transaction-workflow.client';
import { prepareAndCreateTransaction, findCreatedByIdempotencyKey, listTransactions, loadTransaction, type CreatedTransaction } from './transactions.service';
import { toTransactionView } from './transaction-views';
import { processorsOf } from '../processors/processors';
import {
  createTransactionBody,
  listTransactionsQuery,
  timelineSchema,
  transactionIdParams,
  transactionListSchema,
  transactionSchema,
} from './transactions.schemas';

const tag = 'Transactions';
/** decisions.md "Idempotency": transaction creation keeps its Idempotency-Key 7 days. */
const CREATION_IDEMPOTENCY_HOURS = 7 * 24;
/**
 * A retry of a creation whose API process died after the commit but before its answer was
 * stored (the key's claim lapsed after its lease, so the handler runs again): the committed
 * transaction carries the Idempotency-Key, so the retry answers with it instead of the 4xx its
 * second run meets (409 reference_code_taken, or 400 card_token_invalid: the token is bound to
 * the first run's payment). Without such a transaction the error is the answer.
 */
async function earlierAttempt(em: EntityManager, companyId: string, referenceCode: string, idempotencyKey: string | null, err: unknown) {
  if (!idempotencyKey || !(err instanceof ApiError) || err.status >= 500) throw err;
  const earlier = await findCreatedByIdempotencyKey(em, companyId, referenceCode, idempotencyKey, CREATION_IDEMPOTENCY_HOURS);
  if (!earlier) throw err;
  return earlier;
}

const notCancellable = (status: string) =>
  conflict('transaction_not_cancellable', `Only a transaction waiting for a Pix or boleto payment can be canceled; this one is ${status}`);

export const transactionRoutes = [
  defineRoute({
    method: 'post',
    path: '/transactions',
    versioned: true,
    operationId: 'createTransaction',
    summary: 'Create a transaction (card answer in the same response; Pix and boleto wait for payment)',
    description:
      'Sum of items (quantity × amount) must equal the sum of payments. Card payments are authorized before the response; ' +
      'Pix and boleto payments come back with their BR Code / barcode in status waiting_payment. The legacy top-level form ' +
      '(amount, paymentMethod, creditCard) is accepted. Idempotency-Key is kept 7 days. A boleto names its payer (boleto.payer, else the customer): ' +
      'neither is 422 boleto_payer_required, a document that is no valid CPF/CNPJ 422 boleto_payer_invalid.',
    tag,
    request: { body: createTransactionBody },
    responses: { 201: { description: 'Created', schema: transactionSchema } },
    errors: [409, 422, 502, 503],
    // Its own transactions: the rows commit first, then the cards are decided (decideCreatedTransaction).
    transaction: false,
    idempotencyRetentionHours: CREATION_IDEMPOTENCY_HOURS,
    async handler({ em, company, body, deps, koa }) {
      const base = deps.config.urls.publicBase;
      const idempotencyKey = koa.get('Idempotency-Key') || null;
      let created: CreatedTransaction;
      try {
        created = await prepareAndCreateTransaction(em, company, body, { rails: (tem) => processorsOf(deps).railsOf(tem, company), publicBaseUrl: base, idempotencyKey, dispatcher: deps.dispatcher });
      } catch (err) {
        const earlier = await earlierAttempt(em.fork(), company.id, body.referenceCode, idempotencyKey, err);
        created = { ...(await loadTransaction(em.fork(), company.id, earlier.id)), events: [] };
      }
      return { status: 201, body: toTransactionView(await decideCreatedTransaction(deps, created), base) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/transactions',
    versioned: true,
    operationId: 'listTransactions',
    summary: 'List transactions',
    tag,
    request: { query: listTransactionsQuery },
    responses: { 200: { description: 'A page of transactions, newest first', schema: transactionListSchema } },
    async handler({ em, company, query, deps }) {
      const { items, total } = await listTransactions(em, company.id, query);
      return { body: paginated(items.map((a) => toTransactionView(a, deps.config.urls.publicBase)), total, query) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/transactions/:id',
    versioned: true,
    operationId: 'getTransaction',
    summary: 'Get a transaction with its payments and split items',
    tag,
    request: { params: transactionIdParams },
    responses: { 200: { description: 'The transaction', schema: transactionSchema } },
    async handler({ em, company, params, deps }) {
      return { body: toTransactionView(await loadTransaction(em, company.id, params.id), deps.config.urls.publicBase) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/transactions/:id/timeline',
    versioned: true,
    operationId: 'getTransactionTimeline',
    summary: 'What happened to a transaction, and what is scheduled next (expiry, settlement releases)',
    tag,
    request: { params: transactionIdParams },
    responses: { 200: { description: 'The timeline', schema: timelineSchema } },
    async handler({ em, company, params }) {
      return { body: await transactionTimeline(em, await loadTransaction(em, company.id, params.id)) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/transactions/:id/cancel',
    versioned: true,
    operationId: 'cancelTransaction',
    summary: 'Cancel an unpaid Pix/boleto transaction',
    description: 'Accepted (202): the transaction workflow cancels it, voids any approved card of it and sends transaction.canceled.',
    tag,
    request: { params: transactionIdParams },
    responses: { 202: { description: 'Cancellation accepted; the transaction as it is now', schema: transactionSchema } },
    errors: [409],
    transaction: false,
    async handler({ em, company, params, deps }) {
      const agg = await loadTransaction(em, company.id, params.id);
      if (agg.transaction.status !== 'waiting_payment') throw notCancellable(agg.transaction.status);
      if (!(await signalTransactionWorkflow(deps, params.id, cancelTransactionSignal, { reason: 'canceled_by_merchant' }))) throw notCancellable('finished');
      return { status: 202, body: toTransactionView(agg, deps.config.urls.publicBase) };
    },
  }),
];
