import { PassThrough } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { createLogger } from '../../src/shared/logger';
import { Customer } from '../../src/customers/customer.entity';
import { startTestStack, type SeededCompany, type TestStack } from '../helpers/stack';
import { eventually } from '../payments/fixtures';

/**
 * A failed statement's error holds the values it was writing: knex puts MikroORM's statement
 * (values inline) in the message, PostgreSQL's `detail` names the row (`Key (document)=(…)`).
 * Neither may reach a log line (the logger's `err` serializer) nor a Temporal failure (an
 * activity that fails on a database error: what the server keeps and shows in the UI).
 */
let stack: TestStack;
let company: SeededCompany;

beforeAll(async () => {
  stack = await startTestStack();
  company = await stack.seedCompany('Errors');
});
afterAll(() => stack?.close());

/** A unique marker inside a valid-looking value, so a leak is found by a plain search. */
const marker = () => `mk${randomBytes(5).toString('hex')}`;

function captureLogger(): { logger: ReturnType<typeof createLogger>; lines: () => string } {
  const out: string[] = [];
  const sink = new PassThrough();
  sink.on('data', (chunk: Buffer) => out.push(chunk.toString()));
  return { logger: createLogger('debug', 'test', sink), lines: () => out.join('') };
}

async function flushed(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
}

it('logs a unique violation with its constraint and SQLSTATE, without the statement\'s values or the detail', async () => {
  const email = `${marker()}@example.com`;
  const document = '52998224725';
  const id = `cus_${marker()}`;
  // The same id twice: the second insert violates the primary key, after the values went out.
  const customer = () => {
    const em = stack.em();
    em.create(Customer, { id, companyId: company.company.id, name: 'Maria Silva', email, type: 'individual', document, documentType: 'cpf', phone: '+5511987654321' });
    return { em };
  };
  const first = customer();
  await first.em.flush();
  const second = customer();
  const err = await second.em.flush().then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Error);
  // The raw error carries them: the reason for the serializer.
  expect(String((err as Error).message)).toContain(email);

  const { logger, lines } = captureLogger();
  logger.error({ err }, 'unhandled error');
  logger.warn(err as Error);
  await flushed();
  const out = lines();
  expect(out).not.toContain(email);
  expect(out).not.toContain(document);
  const line = JSON.parse(out.split('\n')[0]);
  expect(line.err).toMatchObject({ type: 'UniqueConstraintViolationException', code: '23505', table: 'customers' });
  expect(line.err.constraint).toEqual(expect.any(String));
  expect(line.err.message).toMatch(/^insert into "customers" .* values \(.*\?.*\) - duplicate key value violates unique constraint "[a-z_]+"$/s);
  expect(line.err).not.toHaveProperty('detail');
});

it('logs a statement PostgreSQL could not run without the values quoted in its message', async () => {
  const id = `txn_${marker()}`;
  // PostgreSQL refuses a NUL in a statement ("invalid message format"); the statement had the value.
  const err = await stack.em().getConnection().execute(`select * from "transactions" where "id" = '${id}\u0000'`).then(
    () => null,
    (e: unknown) => e,
  );
  expect(String((err as Error).message)).toContain(id);
  const { logger, lines } = captureLogger();
  logger.error({ err: new Error('wrapped', { cause: err }) });
  await flushed();
  expect(lines()).not.toContain(id);
  expect(JSON.parse(lines()).err.message).toMatch(/^wrapped: select \* from "transactions" where "id" = \? - /);
});

it('keeps a database error\'s values out of the Temporal failure of the activity that hit it', async () => {
  const deliveryId = `whd_${marker()}`;
  // The delivery activity reads its delivery by id; a NUL in the id makes that statement fail in PostgreSQL.
  const handle = await stack.client.workflow.start('webhookDeliveryWorkflow', {
    taskQueue: stack.config.temporal.taskQueue,
    workflowId: `db-error-${deliveryId}`,
    args: [{ deliveryId: `${deliveryId}\u0000`, webhookId: 'wh_none', attemptsBefore: 0, firstDelayMs: null }],
  });
  try {
    const failure = await eventually(async () => (await handle.describe()).raw.pendingActivities?.[0]?.lastFailure ?? undefined, 30_000);
    const stored = JSON.stringify(failure);
    expect(failure.message).toMatch(/^select .* from "webhook_deliveries" .* where "w0"\."id" = \? limit \? - /);
    expect(stored).not.toContain(deliveryId);
    expect(failure.applicationFailureInfo?.type).toMatch(/Exception$/);
  } finally {
    await handle.terminate();
  }
});
