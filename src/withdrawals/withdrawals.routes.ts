import { defineRoute } from '../http/route';
import { paginated } from '../http/pagination';
import { accountCurrency } from '../fees/fees.service';
import { toWithdrawalView } from './withdrawal-history';
import { signalWithdrawalCancelled, startWithdrawalWorkflow } from './withdrawal-workflow.client';
import {
  cancelWithdrawalBody,
  createWithdrawalBody,
  listWithdrawalsQuery,
  withdrawalConfigQuery,
  withdrawalConfigSchema,
  withdrawalIdParams,
  withdrawalListSchema,
  withdrawalSchema,
} from './withdrawals.schemas';
import { withdrawalRulesRoutes } from './withdrawal-rules.routes';
import { cancelWithdrawal, createWithdrawal, getWithdrawal, getWithdrawalConfig, listWithdrawals } from './withdrawals.service';

const tag = 'Withdrawals';

// `/withdrawals/config` is declared before `/withdrawals/:id`, which would otherwise match it.
export const withdrawalRoutes = [
  ...withdrawalRulesRoutes,
  defineRoute({
    method: 'get',
    path: '/withdrawals/config',
    versioned: true,
    operationId: 'getWithdrawalConfig',
    summary: 'Withdrawal fee and minimum amount in one currency',
    tag,
    request: { query: withdrawalConfigQuery },
    responses: { 200: { description: 'The withdrawal configuration', schema: withdrawalConfigSchema } },
    async handler({ em, company, query }) {
      return { body: await getWithdrawalConfig(em, company.id, query.currency ?? accountCurrency(company)) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/withdrawals',
    versioned: true,
    operationId: 'listWithdrawals',
    summary: 'List withdrawals, newest first',
    tag,
    request: { query: listWithdrawalsQuery },
    responses: { 200: { description: 'A page of withdrawals', schema: withdrawalListSchema } },
    async handler({ em, company, query }) {
      const { items, total } = await listWithdrawals(em, company.id, query);
      return { body: paginated(items.map(toWithdrawalView), total, query) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/withdrawals/:id',
    versioned: true,
    operationId: 'getWithdrawal',
    summary: 'Get a withdrawal with its statusHistory',
    tag,
    request: { params: withdrawalIdParams },
    responses: { 200: { description: 'The withdrawal', schema: withdrawalSchema } },
    async handler({ em, company, params }) {
      return { body: toWithdrawalView(await getWithdrawal(em, company.id, params.id)) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/withdrawals',
    versioned: true,
    operationId: 'createWithdrawal',
    summary: 'Request a withdrawal of a recipient’s withdrawable balance',
    description:
      'Aggregates the withdrawable balance of the recipient’s wallets in the currency, picks the wallet (walletId), computes fee and netAmount, and reserves the gross amount (blocked) in the same transaction that creates the withdrawal. Under the company’s withdrawal rules (GET /withdrawals/rules) it is approved at once and paid out (an instant payout); otherwise it waits for an operator (signals `approve` / `reject` on the workflow with the withdrawal’s id). 409: `insufficient_balance`, `amount_below_minimum`, `no_active_wallet`, `recipient_not_active`, `recipient_without_bank_account`.',
    tag,
    request: { body: createWithdrawalBody },
    responses: { 201: { description: 'Requested', schema: withdrawalSchema } },
    errors: [409],
    async handler({ em, company, body, deps, dispatchAfterCommit }) {
      const { withdrawal, event } = await createWithdrawal(em, company.id, body);
      await startWithdrawalWorkflow(deps.temporal, deps.config, withdrawal);
      dispatchAfterCommit([event.id]);
      return { status: 201, body: toWithdrawalView(withdrawal) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/withdrawals/:id/cancel',
    versioned: true,
    operationId: 'cancelWithdrawal',
    summary: 'Cancel a requested withdrawal (its reservation is released)',
    description: '409 `withdrawal_not_cancellable` once it is past `requested`.',
    tag,
    request: { params: withdrawalIdParams, body: cancelWithdrawalBody },
    responses: { 200: { description: 'Cancelled', schema: withdrawalSchema } },
    errors: [409],
    async handler({ em, company, params, body, deps }) {
      const reason = body.reason ?? null;
      const withdrawal = await cancelWithdrawal(em, company.id, params.id, reason);
      await signalWithdrawalCancelled(deps.temporal, deps.config, withdrawal, reason);
      return { body: toWithdrawalView(withdrawal) };
    },
  }),
];
