import { Readable } from 'node:stream';
import { defineRoute } from '../http/route';
import { ApiError, bodyIdNotFound, notFound } from '../http/errors';
import { paginated } from '../http/pagination';
import { accountCurrency } from '../fees/fees.service';
import { getLinkedRecipient } from '../recipients/recipients.service';
import { creditAvailable } from './ledger.service';
import { getBalance, getBalances, listStatement, statementPages, summarizeStatement } from './wallets.service';
import { statementCsvHeader, statementCsvRow } from './statement-csv.rules';
import {
  ownerParams,
  sandboxCreditBody,
  sandboxCreditSchema,
  statementPageSchema,
  statementCsvQuery,
  summaryQuery,
  transactionsQuery,
  walletBalanceSchema,
  walletSummarySchema,
} from './wallets.schemas';

const tag = 'Wallets';

export const walletRoutes = [
  defineRoute({
    method: 'get',
    path: '/wallets/owner/:ownerId/balance',
    versioned: true,
    operationId: 'getWalletBalance',
    summary: 'A recipient’s balances, one virtual wallet per currency',
    description: 'availableBalance = released money (blocked included); withdrawableBalance = availableBalance − blockedBalance.',
    tag,
    request: { params: ownerParams },
    responses: { 200: { description: 'Balances', schema: walletBalanceSchema } },
    async handler({ em, company, params }) {
      await getLinkedRecipient(em, company.id, params.ownerId);
      return { body: { recipientId: params.ownerId, balances: await getBalances(em, company.id, params.ownerId, accountCurrency(company)) } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/wallets/owner/:ownerId/summary',
    versioned: true,
    operationId: 'getWalletSummary',
    summary: 'Statement totals per currency and entry type',
    tag,
    request: { params: ownerParams, query: summaryQuery },
    responses: { 200: { description: 'Summary', schema: walletSummarySchema } },
    async handler({ em, company, params, query }) {
      await getLinkedRecipient(em, company.id, params.ownerId);
      return { body: { recipientId: params.ownerId, data: await summarizeStatement(em, company.id, params.ownerId, query) } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/wallets/owner/:ownerId/transactions',
    versioned: true,
    operationId: 'listWalletTransactions',
    summary: 'Statement entries (debits negative), newest first',
    tag,
    request: { params: ownerParams, query: transactionsQuery },
    responses: { 200: { description: 'A page of entries', schema: statementPageSchema } },
    async handler({ em, company, params, query }) {
      await getLinkedRecipient(em, company.id, params.ownerId);
      const { entries, total } = await listStatement(em, company.id, params.ownerId, query);
      return { body: paginated(entries, total, query) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/wallets/owner/:ownerId/statement.csv',
    versioned: true,
    operationId: 'exportWalletStatement',
    summary: 'The whole statement as CSV (every filter of the JSON statement), streamed',
    description: [
      'UTF-8 with a BOM, a header row, comma-separated and quoted as RFC 4180 (CRLF records), newest first as the JSON list.',
      'Columns: id, createdAt, type, source, sourceId, description, currency, amount (integer cents, debits negative),',
      'amountFormatted (pt-BR, `-1.234,56`), releaseStatus, releaseAt, walletId, postingId. Empty for null.',
      'A text field a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`) is prefixed with `\'`.',
    ].join(' '),
    tag,
    request: { params: ownerParams, query: statementCsvQuery },
    responses: { 200: { description: 'The statement, one entry per record', contentType: 'text/csv' } },
    async handler({ em, company, params, query }) {
      await getLinkedRecipient(em, company.id, params.ownerId);
      const pages = statementPages(em, company.id, params.ownerId, query);
      // Pulled: the next page is read only when the client has taken the previous one.
      const body = Readable.from(
        (async function* () {
          yield statementCsvHeader();
          for await (const page of pages) yield page.map(statementCsvRow).join('');
        })(),
      );
      return {
        body,
        contentType: 'text/csv; charset=utf-8',
        headers: { 'Content-Disposition': `attachment; filename="statement-${params.ownerId}.csv"`, 'Cache-Control': 'no-store' },
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/sandbox/ledger/credit',
    operationId: 'sandboxLedgerCredit',
    summary: 'Sandbox: put available funds on a recipient (404 in production)',
    description: 'Posts an `adjustment` from the platform into the recipient’s available balance, so withdrawals can be tried before sales exist.',
    tag: 'Sandbox',
    request: { body: sandboxCreditBody },
    responses: { 201: { description: 'Credited', schema: sandboxCreditSchema } },
    async handler({ em, company, body, deps, requestId }) {
      if (deps.config.mode === 'production') throw notFound('Route');
      // A body id, not a path id: the 404 names the field (bodyIdNotFound), as on POST /withdrawals.
      await getLinkedRecipient(em, company.id, body.recipientId).catch((err: unknown) => {
        throw err instanceof ApiError && err.status === 404 ? bodyIdNotFound('recipientId', 'Recipient') : err;
      });
      const currency = body.currency ?? accountCurrency(company);
      // The request id names the movement (a retry with the same Idempotency-Key replays instead).
      const { postingId } = await creditAvailable(em, {
        key: `sandbox-credit:${requestId}`,
        companyId: company.id,
        recipientId: body.recipientId,
        currency,
        amount: body.amount,
        source: 'sandbox',
        sourceId: requestId,
        description: body.description ?? 'Sandbox credit',
      });
      return { status: 201, body: { postingId, recipientId: body.recipientId, amount: body.amount, currency, balance: await getBalance(em, company.id, body.recipientId, currency) } };
    },
  }),
];
