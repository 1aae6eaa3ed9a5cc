import { defineRoute } from '../http/route';
import { paginated } from '../http/pagination';
import { createTransferBody, listTransfersQuery, transferIdParams, transferListSchema, transferSchema } from './transfers.schemas';
import { createTransfer, getTransfer, listTransfers, toTransferView } from './transfers.service';

const tag = 'Transfers';

export const transferRoutes = [
  defineRoute({
    method: 'post',
    path: '/transfers',
    versioned: true,
    operationId: 'createTransfer',
    summary: 'Move money between two recipients of the company',
    description:
      'One ledger posting from the sender’s withdrawable balance to the receiver’s available balance, shown in both wallets’ statements (type `adjustment`, sourceId the trf_ id). Takes `Idempotency-Key`. 409: `insufficient_balance` beyond the sender’s withdrawable balance, `recipient_not_active`.',
    tag,
    request: { body: createTransferBody },
    responses: { 201: { description: 'Transferred', schema: transferSchema } },
    errors: [409],
    async handler({ em, company, body, dispatchAfterCommit }) {
      const { transfer, event } = await createTransfer(em, company.id, body);
      dispatchAfterCommit([event.id]);
      return { status: 201, body: toTransferView(transfer) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/transfers',
    versioned: true,
    operationId: 'listTransfers',
    summary: 'List transfers, newest first',
    tag,
    request: { query: listTransfersQuery },
    responses: { 200: { description: 'A page of transfers', schema: transferListSchema } },
    async handler({ em, company, query }) {
      const { items, total } = await listTransfers(em, company.id, query);
      return { body: paginated(items.map(toTransferView), total, query) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/transfers/:id',
    versioned: true,
    operationId: 'getTransfer',
    summary: 'Get a transfer',
    tag,
    request: { params: transferIdParams },
    responses: { 200: { description: 'The transfer', schema: transferSchema } },
    async handler({ em, company, params }) {
      return { body: toTransferView(await getTransfer(em, company.id, params.id)) };
    },
  }),
];
