import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import { pipeLines, stopChild, waitForListening } from '../../src/shared/processes';
import { freePort } from '../helpers/ports';
import { withCheckDigits } from '../../src/shared/documents';
import { startChaosStack, type ChaosStack, type SeededChaosCompany } from '../chaos/chaos-stack';
import { chaosReference, paidCardTransaction } from '../chaos/fixtures';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otlp-receiver';

/**
 * Tracing through the real processes: the API and the worker started as `npm run dev` starts
 * them (`node --import tsx <entry>`, on the Temporal dev server and a real PostgreSQL), with
 * only the standard OTEL_* variables set, exporting OTLP/HTTP to a collector in this process.
 * A transaction, and a card refund, must each give one trace: the API's HTTP server span → the Temporal client's
 * span → the workflow → an activity → its SQL, each the parent of the next, the request id of
 * the response on the spans, and the trace id on the request's log line.
 */
const SERVER = 2;
const REQUEST_ID = 'lastro.request_id';

let receiver: OtlpReceiver;
let stack: ChaosStack;
let company: SeededChaosCompany;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  stack = await startChaosStack({
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      // Export within a fifth of a second rather than the default 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '200',
    },
  });
  company = await stack.seedCompany('Traced');
}, 420_000);

afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
});

function byId(spans: ReceivedSpan[]): Map<string, ReceivedSpan> {
  return new Map(spans.map((s) => [s.spanId, s]));
}

/** A trace's spans, one a line, for a failure message. */
function describeTrace(traceId: string): string {
  const trace = receiver.spans.filter((s) => s.traceId === traceId);
  return trace.map((s) => `${s.service} ${s.name} ${s.spanId} parent=${s.parentSpanId ?? '-'}`).join('\n') + `\n(${receiver.spans.length} spans received in all; worker: ${receiver.spans.filter((s) => s.service === 'lastro-worker').map((s) => s.name).slice(0, 20).join(', ')})`;
}

/** The span and its ancestors, nearest first. */
function ancestry(span: ReceivedSpan, spans: Map<string, ReceivedSpan>): ReceivedSpan[] {
  const chain = [span];
  for (let parent = span.parentSpanId && spans.get(span.parentSpanId); parent; parent = parent.parentSpanId && spans.get(parent.parentSpanId)) chain.push(parent);
  return chain;
}

/** The request's server span in the API, found by the request id its response carried. */
function serverSpan(requestId: string): Promise<ReceivedSpan> {
  return stack.waitFor(
    `the API to export the span of ${requestId}`,
    async () => receiver.spans.find((s) => s.service === 'lastro-api' && s.kind === SERVER && s.attributes[REQUEST_ID] === requestId),
    30_000,
  );
}

/** The request's access-log line (the API's JSON log). */
function accessLogLine(requestId: string): Record<string, unknown> | undefined {
  return stack
    .logTail('api', 400)
    .split('\n')
    .map((l) => (l.startsWith('{') ? JSON.parse(l) : {}))
    .find((l) => l.requestId === requestId && 'route' in l);
}

/**
 * Waits for a SQL span of the worker in `server`'s trace whose ancestors, nearest first, match
 * `links` (each the start of a span name, in order, none skipped), ending at the server span.
 */
function chainFrom(server: ReceivedSpan, links: string[]): Promise<ReceivedSpan[]> {
  return stack
    .waitFor(
      `the chain ${links.join(' → ')} → ${server.name} in one trace`,
      async () => {
        const trace = receiver.spans.filter((s) => s.traceId === server.traceId);
        const spans = byId(trace);
        for (const sql of trace.filter((s) => s.service === 'lastro-worker' && s.name.startsWith('pg.query'))) {
          const up = ancestry(sql, spans);
          if (up.length === links.length + 1 && links.every((l, i) => up[i].name.startsWith(l)) && up[links.length].spanId === server.spanId) return up;
        }
        return undefined;
      },
      60_000,
    )
    .catch((err: Error) => {
      throw new Error(`${err.message}; the trace has:\n${describeTrace(server.traceId)}`);
    });
}

it('follows a transaction from the HTTP call to its workflow, activities and their SQL, in one trace', async () => {
  // A Pix: its workflow runs at once (it waits for the payment); a paid card's first task waits for its release.
  const res = await stack.http
    .post('/v1/transactions')
    .set(company.headers)
    .send({ referenceCode: chaosReference('traced'), items: [{ description: 'Camiseta', quantity: 1, amount: 5990 }], payments: [{ paymentMethod: 'pix', amount: 5990, pix: { expiresIn: 600 } }] });
  expect(res.status).toBe(201);
  expect(res.body.status).toBe('waiting_payment');
  const transaction = { id: res.body.id as string };
  const requestId = res.headers['x-request-id'];
  expect(requestId).toMatch(/^req_/);

  const server = await serverSpan(requestId);
  expect(server.name).toBe('POST /v1/transactions');
  expect(server.attributes['http.route']).toBe('/v1/transactions');

  // The transaction's RunWorkflow span ends, and is exported, when the workflow does (after the
  // payment and its chargeback window): until then its activities hang under its id, which the client span
  // started. So: SQL → RunActivity → StartActivity → (the running workflow) → the client span → HTTP.
  const found = await stack.waitFor(
    'an activity of the transaction workflow with its SQL',
    async () => {
      const trace = receiver.spans.filter((s) => s.traceId === server.traceId);
      const spans = byId(trace);
      const client = trace.find((s) => s.service === 'lastro-api' && s.parentSpanId === server.spanId && s.name.endsWith('Workflow:transactionWorkflow'));
      for (const sql of trace.filter((s) => s.service === 'lastro-worker' && s.name.startsWith('pg.query'))) {
        const [, run, start] = ancestry(sql, spans);
        if (client && run?.name.startsWith('RunActivity:') && start?.name.startsWith('StartActivity:') && start.parentSpanId && !spans.has(start.parentSpanId)) return { client, sql, run };
      }
      return undefined;
    },
    60_000,
  ).catch((err: Error) => {
    throw new Error(`${err.message}; the trace has:\n${describeTrace(server.traceId)}`);
  });
  expect(found.client.name).toMatch(/^(StartWorkflow|UpdateWithStartWorkflow|SignalWithStartWorkflow):transactionWorkflow$/);
  // The request id rode the baggage into the worker: the client span, the activity and its SQL carry it.
  expect(found.client.attributes[REQUEST_ID]).toBe(requestId);
  expect(found.run.attributes[REQUEST_ID]).toBe(requestId);
  expect(found.sql.attributes[REQUEST_ID]).toBe(requestId);
  expect(found.run.attributes.temporalWorkflowId).toBe(transaction.id);

  // The request's access-log line carries the same trace.
  expect(accessLogLine(requestId)).toMatchObject({ trace_id: server.traceId, status: 201 });
});

it('gives a card refund the whole chain: HTTP → client → RunWorkflow → StartActivity → RunActivity → SQL', async () => {
  const transaction = await paidCardTransaction(stack, company, 5990);
  const res = await stack.http.post(`/v1/transactions/${transaction.txnId}/payments/${transaction.paymentId}/refund`).set(company.headers).send({ reason: 'traced' });
  expect(res.status).toBe(201);
  const requestId = res.headers['x-request-id'];
  const server = await serverSpan(requestId);
  expect(server.name).toBe('POST /v1/transactions/:txnId/payments/:payId/refund');
  // An automatically approved card refund's workflow ends once the acquirer answered: its span is exported.
  const up = await chainFrom(server, ['pg.query', 'RunActivity:', 'StartActivity:', 'RunWorkflow:refundWorkflow', 'StartWorkflow:refundWorkflow']);
  const [sql, activity, , workflow, client] = up;
  expect(client.service).toBe('lastro-api');
  expect(workflow.service).toBe('lastro-worker');
  expect(workflow.attributes.workflowId).toBe(res.body.id);
  for (const span of [client, activity, sql]) expect(span.attributes[REQUEST_ID]).toBe(requestId);
  expect(accessLogLine(requestId)).toMatchObject({ trace_id: server.traceId });
});

it('puts the request id of an error body on the failed request span and its log line', async () => {
  const res = await stack.http.post('/v1/transactions').set(company.headers).send({ referenceCode: 'no-items' });
  expect(res.status).toBe(400);
  const requestId = res.body.error.requestId;
  expect(requestId).toBe(res.headers['x-request-id']);
  const server = await serverSpan(requestId);
  expect(server.attributes['http.response.status_code']).toBe(400);
  expect(accessLogLine(requestId)).toMatchObject({ trace_id: server.traceId, span_id: server.spanId });
});

it('keeps the processes\' own polling out of the traces: no SQL span without a parent', () => {
  const roots = receiver.spans.filter((s) => s.name.startsWith('pg.') && !s.parentSpanId);
  expect(roots).toEqual([]);
});

describe('what the spans carry out', () => {
  /** A CPF with valid check digits whose first nine digits are unique to this run. */
  const cpf = (): string => withCheckDigits(String(randomInt(100_000_000, 1_000_000_000)));

  it('records statements with placeholders only: the values MikroORM writes into the SQL stay out', async () => {
    const document = cpf();
    const email = `span-${randomBytes(5).toString('hex')}@example.com`;
    const res = await stack.http.post('/customers').set(company.headers).send({ name: 'Maria Traced', email, type: 'individual', document, phone: '+5511987654321' });
    expect(res.status).toBe(201);
    const server = await serverSpan(res.headers['x-request-id']);
    const insert = await stack.waitFor(
      'the customer insert span',
      async () => receiver.spans.find((s) => s.traceId === server.traceId && String(s.attributes['db.statement'] ?? '').startsWith('insert into "customers"')),
      30_000,
    );
    expect(insert.attributes['db.statement']).toMatch(/ values \(\?(, (\?|NULL))+\)/);
    const exported = JSON.stringify(receiver.spans);
    expect(exported).not.toContain(document);
    expect(exported).not.toContain(email);
  });

  it('names a capability path\'s route, never its token, in every URL attribute', async () => {
    const token = `cs_${randomBytes(8).toString('hex')}`;
    const res = await stack.http.get(`/pay/${token}?session=${token}`);
    const server = await serverSpan(res.headers['x-request-id']);
    expect(server.attributes['url.path']).toBe('/pay/[redacted]');
    // The http instrumentation records no url.query on server spans; were it to, it would leave redacted.
    expect(server.attributes['url.query'] ?? 'session=[redacted]').toBe('session=[redacted]');
    expect(JSON.stringify(server)).not.toContain(token);
  });

  it('starts a trace of its own for a caller\'s request: its traceparent neither parents nor samples it', async () => {
    const callerTrace = randomBytes(16).toString('hex');
    const res = await stack.http.get('/v1/customers').set(company.headers).set('traceparent', `00-${callerTrace}-${randomBytes(8).toString('hex')}-01`);
    expect(res.status).toBe(200);
    const server = await serverSpan(res.headers['x-request-id']);
    expect(server.traceId).not.toBe(callerTrace);
    expect(server.parentSpanId).toBeFalsy();
    expect(receiver.spans.filter((s) => s.traceId === callerTrace)).toEqual([]);
  });

  /** One more API process on the stack's database and Temporal, exporting to the receiver; stopping it flushes its spans. */
  async function extraApi(env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(stack.root, 'src/server.ts')], {
      cwd: stack.root,
      env: { ...process.env, DATABASE_URL: stack.databaseUrl, TEMPORAL_ADDRESS: stack.temporalAddress, HOST: '127.0.0.1', PORT: String(port), PUBLIC_BASE_URL: url, OPS_PORT: '0', LOG_LEVEL: 'warn', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_SCHEDULE_DELAY: '200', ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    pipeLines(child, () => undefined);
    // Its own listening report, not a connection to the port: another process may hold that port.
    await waitForListening(child, 90_000);
    return { url, stop: () => stopChild(child, 20_000) };
  }

  const sampledTraceparent = () => ({ trace: randomBytes(16).toString('hex'), span: randomBytes(8).toString('hex') });
  const neverSampled = { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' };

  it('cannot be made to sample a request by its caller: no span under a ratio of 0, whatever the traceparent says', async () => {
    const api = await extraApi({ ...neverSampled, OTEL_SERVICE_NAME: 'lastro-api-untrusting' });
    const caller = sampledTraceparent();
    const res = await fetch(`${api.url}/v1/customers`, { headers: { ...company.headers, traceparent: `00-${caller.trace}-${caller.span}-01` } });
    expect(res.status).toBe(200);
    await api.stop();
    expect(receiver.spans.filter((s) => s.service === 'lastro-api-untrusting' || s.traceId === caller.trace)).toEqual([]);
  });

  it('follows a trusted caller\'s trace and sampling decision with TRUST_TRACEPARENT=true', async () => {
    const api = await extraApi({ ...neverSampled, OTEL_SERVICE_NAME: 'lastro-api-trusting', TRUST_TRACEPARENT: 'true' });
    const caller = sampledTraceparent();
    const followed = await fetch(`${api.url}/v1/customers`, { headers: { ...company.headers, traceparent: `00-${caller.trace}-${caller.span}-01` } });
    const own = await fetch(`${api.url}/v1/customers`, { headers: company.headers });
    expect([followed.status, own.status]).toEqual([200, 200]);
    await api.stop();
    const spans = receiver.spans.filter((s) => s.service === 'lastro-api-trusting' && s.kind === SERVER);
    expect(spans.map((s) => ({ traceId: s.traceId, parentSpanId: s.parentSpanId, requestId: s.attributes[REQUEST_ID] }))).toEqual([
      { traceId: caller.trace, parentSpanId: caller.span, requestId: followed.headers.get('x-request-id') },
    ]);
  });
});
