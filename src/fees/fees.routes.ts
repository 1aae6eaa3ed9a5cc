import { defineRoute } from '../http/route';
import { feesQuery, feeTableSchema } from './fees.schemas';
import { accountCurrency, getFeeTable } from './fees.service';

export const feeRoutes = [
  defineRoute({
    method: 'get',
    path: '/fees',
    versioned: true,
    operationId: 'getFees',
    summary: 'The resolved fee table of the account in one currency',
    description: 'Unconfigured fees are 0 / 0; creditCard always has 12 entries. `currency` defaults to the account currency.',
    tag: 'Fees',
    request: { query: feesQuery },
    responses: { 200: { description: 'The fee table', schema: feeTableSchema } },
    async handler({ em, company, query }) {
      return { body: await getFeeTable(em, company.id, query.currency ?? accountCurrency(company)) };
    },
  }),
];
