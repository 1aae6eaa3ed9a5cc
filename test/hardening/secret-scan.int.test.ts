import type { Server } from 'node:http';
import { PassThrough } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import type { Worker } from '@temporalio/worker';
import { createApp } from '../../src/app';
import type { AppDeps } from '../../src/app-deps';
import { createEventDispatcher } from '../../src/events/subscribers';
import { createLastroWorker } from '../../worker';
import { daysFromNow, runReleaseRuns } from '../helpers/release-runs';
import { startTestStack, type SeededCompany, type TestStack } from '../helpers/stack';
import { workflowBundle } from '../helpers/workflow-bundle';
import { validCard } from '../cards/fixtures';
import { cardBody, newRecipient, newReference } from '../payments/fixtures';
import { releaseRunWorkflowId } from '../../workflows/receivables/release-run.contract';
import { allStrings } from '../helpers/strings';

/**
 * After real flows (cards tokenized over HTTP with the test PANs and CVVs, paid and refused,
 * saved for a customer; API keys created and used), no PAN, CVV or clear API key is anywhere:
 * - every text, varchar, json and jsonb column of every table in PostgreSQL (found through
 *   information_schema, so tables added later are scanned too);
 * - every line the API and the worker logged (at trace level, without the production redaction,
 *   so code that merely relies on redaction is caught);
 * - the Temporal histories of the workflows those flows ran (payloads decoded).
 * A PAN is searched as sent (digits, and grouped by spaces); a CVV as a value (`"123"`, a whole
 * column) or next to a `cvv` key, since three digits alone occur in any id or amount.
 */

const CARDS = [
  { number: '4111111111111111', cvv: '871' },
  { number: '5555555555554444', cvv: '739' },
  { number: '4000000000000002', cvv: '640' }, // refused by the sandbox acquirer
  { number: '4012888888881881', cvv: '517' }, // saved for a customer
];
const CANARY = 'hardening-canary-7f3d0c';

let stack: TestStack;
let company: SeededCompany;
let other: SeededCompany;
let server: Server;
let worker: Worker;
let running: Promise<void>;
let http: ReturnType<typeof request>;
const logs: string[] = [];

beforeAll(async () => {
  stack = await startTestStack({ CARD_TOKENS_PER_MINUTE_PER_IP: '10000', CARD_TOKENS_PER_MINUTE_PER_COMPANY: '10000' });
  const sink = new PassThrough();
  sink.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const logger = pino({ level: 'trace' }, sink);
  // The API and a worker of their own task queue, both logging into `logs`.
  const config = { ...stack.config, temporal: { ...stack.config.temporal, taskQueue: `${stack.config.temporal.taskQueue}-scan` } };
  const dispatcher = createEventDispatcher(stack.orm, { config, temporal: stack.client, logger });
  const deps: AppDeps = { ...stack.deps, config, logger, dispatcher };
  worker = await createLastroWorker({
    connection: stack.env.nativeConnection,
    namespace: stack.env.namespace ?? 'default',
    taskQueue: config.temporal.taskQueue,
    deps: { config, orm: stack.orm, dispatcher, logger, temporal: stack.client },
    workflowBundle: workflowBundle(),
  });
  running = worker.run();
  server = createApp(deps).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  http = request(server);
  company = await stack.seedCompany('Scan');
  other = await stack.seedCompany('Other');
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  worker?.shutdown();
  await running;
  await stack?.close();
});

/** The secrets found in a text (the secret itself is never printed: only its kind and last digits). */
function secretsIn(text: string, apiKeys: string[], extra: string[] = []): string[] {
  const found: string[] = [];
  for (const { number, cvv } of CARDS) {
    const grouped = number.replace(/(\d{4})(?=\d)/g, '$1 ');
    if (text.includes(number) || text.includes(grouped)) found.push(`PAN …${number.slice(-4)}`);
    if (text === cvv || text.includes(`"${cvv}"`) || new RegExp(`cvv\\W{0,6}${cvv}\\b`, 'i').test(text)) found.push(`CVV of …${number.slice(-4)}`);
  }
  for (const key of apiKeys) if (text.includes(key)) found.push(`API key ${key.slice(0, 11)}…`);
  for (const e of extra) if (text.includes(e)) found.push(e);
  return found;
}

interface Column {
  table: string;
  column: string;
}

/** Every text-like column of every table of the application schema. */
async function textColumns(): Promise<Column[]> {
  return stack.em().execute<Column[]>(
    `select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = current_schema() and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
      order by table_name, column_name`,
  );
}

/** `table.column: kind` for each secret found in the database. */
async function databaseLeaks(apiKeys: string[], extra: string[] = []): Promise<string[]> {
  const leaks: string[] = [];
  for (const { table, column } of await textColumns()) {
    const rows = await stack.em().execute<{ v: string }[]>(`select "${column}"::text as v from "${table}" where "${column}" is not null`);
    for (const { v } of rows) for (const s of secretsIn(v, apiKeys, extra)) leaks.push(`${table}.${column}: ${s}`);
  }
  return leaks;
}

describe('secret scan after real flows', () => {
  const transactionIds: string[] = [];
  let releaseDay: string;
  let apiKeys: string[];

  beforeAll(async () => {
    await newRecipient(stack, company, { role: 'owner' });
    const tokens: string[] = [];
    for (const card of CARDS) {
      // The browser SDK's call (digits only: the page strips what the buyer typed around them).
      const res = await http
        .post('/v1/tokens/cards')
        .set('Origin', 'https://shop.example.com')
        .send({ companyId: company.company.id, card: validCard({ number: card.number, cvv: card.cvv }) });
      expect(res.status).toBe(201);
      tokens.push(res.body.tokenId);
    }
    for (const [i, token] of tokens.slice(0, 3).entries()) {
      const res = await http.post('/v1/transactions').set(company.headers).send({ ...cardBody(token, 5_000 + i, 2), referenceCode: newReference() });
      expect(res.status).toBe(201);
      expect(res.body.status).toBe(CARDS[i].number === '4000000000000002' ? 'refused' : 'paid');
      transactionIds.push(res.body.id);
    }
    // Their money matures in the release run of D+30, whose workflows' histories are scanned too.
    releaseDay = daysFromNow(30);
    await runReleaseRuns(stack, releaseDay);
    const customer = await http
      .post('/customers')
      .set(company.headers)
      .send({ name: 'Ana Souza', email: 'ana@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990000', metadata: { note: CANARY } });
    expect(customer.status).toBe(201);
    const saved = await http.post('/payment-methods/cards').set(company.headers).send({ customerId: customer.body.id, token: tokens[3] });
    expect(saved.status).toBe(201);
    // A key sent where it does not belong (the tokenization route refuses it) and a wrong key.
    expect((await http.post('/v1/tokens/cards').set(other.headers).send({ companyId: other.company.id, card: validCard() })).status).toBe(400);
    expect((await http.get('/customers').set('x-api-key', `${other.apiKey}x`)).status).toBe(401);
    apiKeys = [company.apiKey, other.apiKey];
  });

  it('the scan reaches every table and finds a planted value (positive control)', async () => {
    const columns = await textColumns();
    const tables = new Set(columns.map((c) => c.table));
    for (const t of ['customers', 'events', 'stored_cards', 'transactions', 'idempotency_keys']) expect(tables).toContain(t);
    expect(await databaseLeaks([], [CANARY])).toEqual(expect.arrayContaining([expect.stringMatching(/^customers\.metadata: /)]));
    expect(secretsIn(JSON.stringify({ card: { cvv: CARDS[0].cvv } }), [])).toEqual([`CVV of …1111`]);
  });

  it('finds no PAN, CVV or API key in PostgreSQL', async () => {
    expect(await databaseLeaks(apiKeys)).toEqual([]);
  });

  it('finds none in the API and worker logs', () => {
    expect(logs.length).toBeGreaterThan(10);
    expect(logs.join('\n')).toMatch(/"(url|path)":"\/v1\/transactions"/);
    expect(logs.flatMap((line) => secretsIn(line, apiKeys))).toEqual([]);
  });

  it('finds none in the Temporal histories of the payments (cards decided by the API have no workflow; their release run is scanned)', async () => {
    expect(transactionIds.length).toBe(3);
    for (const id of transactionIds) await expect(stack.client.workflow.getHandle(id).describe()).rejects.toThrow(/not found/i);
    const history = await stack.client.workflow.getHandle(releaseRunWorkflowId(company.company.id, releaseDay)).fetchHistory();
    expect((history.events?.length ?? 0) > 3).toBe(true);
    expect(allStrings(history).flatMap((t) => secretsIn(t, apiKeys))).toEqual([]);
  });
});
