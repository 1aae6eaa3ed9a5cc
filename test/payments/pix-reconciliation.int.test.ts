import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { resolveVaultKey } from '../../src/cards/card-vault.key';
import { connectPix, disconnect } from '../../src/processors/connections/processor-connections.service';
import { processorsOf } from '../../src/processors/processors';
import { PIX_RECONCILIATION_WORKFLOW, type PixReconciliationInput, type PixReconciliationResult } from '../../workflows/payments/pix-reconciliation.contract';
import { useTestStack } from '../helpers/stack';
import { expectLedgerConsistent, pixBody } from './fixtures';

/**
 * The reconciliation run against the real stack and the run's embedded PSP (the stack's default
 * Pix connection): a Pix whose callback never comes is settled by the run, once; the run seeing
 * it again, or its callback arriving after all, changes nothing. The PSP is shared by every stack
 * of the jest run (one receiver account), so its list also holds other stacks' Pix: this stack
 * counts them `unknown`, and the tests assert on what this stack's payments came to.
 */
const t = useTestStack({ companies: ['Acme', 'Other'], owners: ['Acme'] });

const pspUrl = () => t.stack.config.processors.pix!.baseUrl.replace(/\/+$/, '');
const em = () => t.stack.em();

async function newPixTransaction(amount: number): Promise<{ transactionId: string; paymentId: string; txid: string }> {
  const res = await t.stack.http.post('/transactions').set(t.company.Acme.headers).send(pixBody(amount));
  expect(res.status).toBe(201);
  const [payment] = res.body.payments;
  return { transactionId: res.body.id, paymentId: payment.id, txid: payment.pix.txid };
}

/** A payer's bank pays the charge at the PSP (its simulator door); `callback` says what becomes of the PSP's callback to Lastro. */
async function payAtPsp(txid: string, callback: 'never' | 'normal'): Promise<{ endToEndId: string; horario: string }> {
  const res = await fetch(`${pspUrl()}/embedded/cob/${txid}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ callback }) });
  expect(res.status).toBe(201);
  return (await res.json()) as { endToEndId: string; horario: string };
}

/** A run as the schedule starts it (no input: the last 30 minutes of the workflow clock), or on a window. */
const run = (input?: PixReconciliationInput): Promise<PixReconciliationResult> =>
  t.stack.client.workflow.execute(PIX_RECONCILIATION_WORKFLOW, { taskQueue: t.stack.config.temporal.taskQueue, workflowId: `pix-reconciliation-${randomUUID()}`, args: input ? [input] : [] });

/** The report of the stack's only connection, the deployment default. */
async function reconcile(input?: PixReconciliationInput) {
  const result = await run(input);
  expect(result.connections.map((c) => c.connectionId)).toEqual(['default']);
  return result.connections[0];
}

/** What a merchant sees of the payment, and what settling it wrote: its sale postings and its payment.paid events. */
async function observed(transactionId: string, paymentId: string) {
  const txn = await t.stack.http.get(`/transactions/${transactionId}`).set(t.company.Acme.headers);
  const count = async (sql: string, params: unknown[]) => Number((await em().execute<{ n: string }[]>(sql, params))[0].n);
  return {
    status: txn.body.status as string,
    payment: txn.body.payments.find((p: { id: string }) => p.id === paymentId) as { status: string; paidAt: string | null },
    salePostings: await count(`select count(*) as n from ledger_postings where kind = 'sale' and source_id = ?`, [transactionId]),
    paidEvents: await count(`select count(*) as n from events where type = 'payment.paid' and entity_id = ?`, [paymentId]),
  };
}

/** The settling runs in the transaction workflow after the signal: wait for it as a merchant would see it (jest's timeout bounds it). */
async function untilPaid(transactionId: string, paymentId: string) {
  for (;;) {
    const now = await observed(transactionId, paymentId);
    if (now.status === 'paid' && now.salePostings > 0) return now;
    await new Promise((r) => setTimeout(r, 50));
  }
}

it('a Pix whose callback never comes is settled by the run, once; the next run finds it already settled and changes nothing', async () => {
  const { transactionId, paymentId, txid } = await newPixTransaction(12_345);
  const pix = await payAtPsp(txid, 'never');
  expect((await observed(transactionId, paymentId)).payment.status).toBe('waiting_payment');

  const first = await reconcile();
  expect(first).toMatchObject({ connectionId: 'default', settled: 1, alreadySettled: 0, rejected: 0, late: 0 });
  expect(first.error).toBeUndefined();
  const paid = await untilPaid(transactionId, paymentId);
  expect(paid).toEqual({ status: 'paid', payment: expect.objectContaining({ status: 'paid', paidAt: new Date(pix.horario).toISOString() }), salePostings: 1, paidEvents: 1 });

  const second = await reconcile();
  expect(second).toMatchObject({ settled: 0, alreadySettled: 1, rejected: 0, late: 0 });
  expect(await observed(transactionId, paymentId)).toEqual(paid);
  await expectLedgerConsistent(t.stack);
});

it('a run on a window given by hand (an operator re-running a past one) settles what it holds, and changes nothing run again', async () => {
  const { transactionId, paymentId, txid } = await newPixTransaction(2_000);
  const pix = await payAtPsp(txid, 'never');
  // Just this Pix's instant (the PSP's bounds are inclusive).
  const window = { from: new Date(pix.horario).toISOString(), to: new Date(Date.parse(pix.horario) + 1).toISOString() };
  expect(await reconcile(window)).toMatchObject({ settled: 1, rejected: 0, late: 0 });
  const paid = await untilPaid(transactionId, paymentId);
  expect(await reconcile(window)).toMatchObject({ settled: 0, alreadySettled: 1 });
  expect(await observed(transactionId, paymentId)).toEqual(paid);
  expect(paid).toMatchObject({ salePostings: 1, paidEvents: 1 });
});

it('a callback that arrives after the run settled its Pix changes nothing', async () => {
  const rail = (await processorsOf(t.stack.deps).pixById(em() as unknown as EntityManager, 'default'))!;
  // The PSP calls a relay instead of the stack's callback URL: it holds the callback until the run is done, then passes it to Lastro as sent.
  const callbackUrl = (await rail.psp.getWebhook(rail.connection.chave))!;
  expect(callbackUrl).toContain(t.stack.baseUrl);
  const relay = await callbackRelay(callbackUrl);
  await rail.psp.registerWebhook(rail.connection.chave, relay.url);
  try {
    const { transactionId, paymentId, txid } = await newPixTransaction(7_700);
    await payAtPsp(txid, 'normal');
    await relay.first;

    expect(await reconcile()).toMatchObject({ settled: 1, rejected: 0, late: 0 });
    const paid = await untilPaid(transactionId, paymentId);

    const answers = await relay.release();
    // Lastro took the callback (one Pix; more than one answer if the PSP timed out on the held one and sent it again).
    expect(answers.length).toBeGreaterThan(0);
    expect(answers).toEqual(answers.map(() => ({ status: 200, body: { received: 1 } })));
    expect(await observed(transactionId, paymentId)).toEqual(paid);
    expect(paid).toMatchObject({ salePostings: 1, paidEvents: 1 });
    await expectLedgerConsistent(t.stack);
  } finally {
    await rail.psp.registerWebhook(rail.connection.chave, callbackUrl);
    await relay.close();
  }
});

it('a connection whose PSP refuses Lastro is reported with its error, and the others are reconciled beside it', async () => {
  const psp = t.stack.config.processors.pix!;
  const { connection } = await connectPix(em(), resolveVaultKey(t.stack.config), t.company.Other.company.id, { baseUrl: psp.baseUrl, tokenUrl: psp.tokenUrl, clientId: psp.clientId, clientSecret: 'not-the-client-secret', chave: randomUUID() });
  try {
    const { transactionId, paymentId, txid } = await newPixTransaction(3_300);
    await payAtPsp(txid, 'never');

    const result = await run();
    expect(result.connections).toEqual([
      expect.objectContaining({ connectionId: 'default', settled: 1, rejected: 0, late: 0 }),
      { connectionId: connection.id, received: 0, settled: 0, alreadySettled: 0, unknown: 0, rejected: 0, late: 0, error: expect.stringContaining('refused the client (401') },
    ]);
    expect(result.connections[0].error).toBeUndefined();
    expect(await untilPaid(transactionId, paymentId)).toMatchObject({ salePostings: 1, paidEvents: 1 });
  } finally {
    await disconnect(em(), t.company.Other.company.id, 'pix');
  }
});

/**
 * A local endpoint between the PSP and Lastro: callbacks are held (unanswered) until `release`,
 * which passes each to `target` as received and answers the PSP with Lastro's answer.
 */
async function callbackRelay(target: string) {
  const held: Array<{ path: string; body: string; res: http.ServerResponse }> = [];
  let arrived!: () => void;
  const first = new Promise<void>((resolve) => (arrived = resolve));
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      held.push({ path: req.url ?? '/', body: Buffer.concat(chunks).toString('utf8'), res });
      arrived();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    first,
    /** Passes every callback held so far to Lastro; Lastro's answers, in order. */
    async release(): Promise<Array<{ status: number; body: unknown }>> {
      const answers = [];
      for (const h of held.splice(0)) {
        // The PSP posts `<registered url>/pix`: the same path below Lastro's callback URL.
        const res = await fetch(`${target}${h.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: h.body });
        const body = await res.json();
        h.res.writeHead(res.status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        answers.push({ status: res.status, body });
      }
      return answers;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
