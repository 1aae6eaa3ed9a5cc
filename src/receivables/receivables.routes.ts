import { defineRoute } from '../http/route';
import { paginated } from '../http/pagination';
import { listReceivablesQuery, receivableIdParams, receivableListSchema, receivableSchema } from './receivables.schemas';
import { getReceivable, listReceivables } from './receivables.service';

const tag = 'Receivables';

export const receivableRoutes = [
  defineRoute({
    method: 'get',
    path: '/receivables',
    versioned: true,
    operationId: 'listReceivables',
    summary: 'List receivables by due date (oldest first)',
    description: 'Every sale’s net per recipient and installment, with its due date and status (waiting_funds, anticipated, paid, suspended).',
    tag,
    request: { query: listReceivablesQuery },
    responses: { 200: { description: 'A page of receivables', schema: receivableListSchema } },
    async handler({ em, company, query }) {
      const { items, total } = await listReceivables(em, company.id, query);
      return { body: paginated(items, total, query) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/receivables/:id',
    versioned: true,
    operationId: 'getReceivable',
    summary: 'Get a receivable',
    tag,
    request: { params: receivableIdParams },
    responses: { 200: { description: 'The receivable', schema: receivableSchema } },
    async handler({ em, company, params }) {
      return { body: await getReceivable(em, company.id, params.id) };
    },
  }),
];
