import { temporal } from '@temporalio/proto';
import { useTestStack } from '../helpers/stack';
import { eventually, Receiver } from '../webhooks/receiver';

/**
 * The billing journey on a real stack (the API over HTTP, PostgreSQL, the Temporal server and
 * the worker): create a plan → publish → tokenize and save a card → subscribe → advance three
 * times with the sandbox clock. The plan is prepaid without a trial, so the enrollment invoice
 * (cycle 0) is billed at subscribe and each advance bills one more: after three advances there
 * are four paid invoices, three of them made by the advances, each paid by its own
 * subscription transaction, and a webhook delivery for each invoice and transaction.
 */

let receiver: Receiver;

const post = (path: string, body: object = {}) => t.stack.http.post(path).set(t.company.Journey.headers).send(body);
const get = (path: string) => t.stack.http.get(path).set(t.company.Journey.headers);

beforeAll(async () => {
  receiver = await new Receiver().start();
});
const t = useTestStack({ env: () => ({ WEBHOOK_ALLOWLIST: `127.0.0.1:${receiver.port}` }), companies: ['Journey'], owners: ['Journey'] });
afterAll(() => receiver?.close());

type Delivered = { id: string; event: string; data: { id: string; status?: string; lastTransactionId?: string } };
/** Each event once: delivery is at least once, so a retry after an answer lost under load brings an event again. */
const delivered = (): Delivered[] => [...new Map(receiver.received('/billing').map((r) => JSON.parse(r.body) as Delivered).map((d) => [d.id, d] as const)).values()];

/** Where a stuck subscription is: its workflow's latest run and its last history events, its invoices, transactions and undispatched events. */
async function whereIs(subscriptionId: string): Promise<string> {
  const lines: string[] = [];
  const handle = t.stack.client.workflow.getHandle(subscriptionId);
  const run = await handle.describe();
  const history = await handle.fetchHistory();
  lines.push(`latest run ${run.runId} ${run.status.name} started ${run.startTime.toISOString()}`);
  for (const e of (history.events ?? []).slice(-30)) {
    const attrs = Object.entries(e).find(([k, v]) => k.endsWith('Attributes') && v)?.[1] as Record<string, any> | undefined;
    const detail = attrs?.signalName ?? attrs?.activityType?.name ?? attrs?.markerName ?? attrs?.cause ?? '';
    const at = new Date(Number(e.eventTime?.seconds) * 1000 + Math.floor((e.eventTime?.nanos ?? 0) / 1e6)).toISOString();
    lines.push(`  ${e.eventId} ${at} ${temporal.api.enums.v1.EventType[e.eventType ?? 0]} ${detail}`);
  }
  const rows = await t.stack.em().execute(
    `select 'invoice' as kind, id, status, cycle::text as detail from billing_invoices where subscription_id = ?
     union all select 'transaction', id, status, reference_code from transactions where metadata->>'subscriptionId' = ?
     union all select 'undispatched', id, type, created_at::text from events where dispatched_at is null`,
    [subscriptionId, subscriptionId],
  );
  lines.push(...rows.map((r) => `${r.kind} ${r.id} ${r.status} ${r.detail}`), `now ${new Date().toISOString()}`);
  return lines.join('\n');
}

it('plan → publish → saved card → subscribe → three sandbox advances: paid invoices, their transactions and webhooks', async () => {
  const hook = await post('/webhooks', { name: 'billing', url: receiver.url('/billing'), events: ['invoice.issued', 'invoice.paid', 'transaction.paid', 'subscription.cycle_advanced'] });
  expect(hook.status).toBe(201);

  const plan = await post('/plans', { code: 'journey', name: 'Journey' });
  expect(plan.status).toBe(201);
  const charge = await post(`/plans/${plan.body.id}/charges`, { item: { key: 'base', name: 'Base' }, price: { money: { amount: 2990, currency: 'BRL' }, recurrence: { interval: 1, unit: 'month' } } });
  expect(charge.status).toBe(201);
  expect((await post(`/plans/${plan.body.id}/publish`)).body.status).toBe('active');

  const customer = await post('/customers', { name: 'Ana Souza', email: 'ana@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990000' });
  expect(customer.status).toBe(201);
  const token = await t.stack.http
    .post('/v1/tokens/cards')
    .send({ companyId: t.company.Journey.company.id, card: { number: '4111111111111111', holder: 'ANA SOUZA', document: '52998224725', cvv: '123', expiration: `12/${new Date().getUTCFullYear() + 3}` } });
  expect(token.status).toBe(201);
  const card = await post('/payment-methods/cards', { customerId: customer.body.id, token: token.body.tokenId });
  expect(card.status).toBe(201);

  const sub = await post('/subscriptions', { customerId: customer.body.id, planId: plan.body.id, defaultPaymentMethodRef: card.body.id });
  expect(sub.body).toMatchObject({ status: 'active', collectionMethod: 'charge_automatically' });
  const id = sub.body.id;
  const paidInvoices = async (n: number) => {
    const list = (await get(`/invoices?subscriptionId=${id}&limit=100`)).body.data as Array<Record<string, any>>;
    return list.length === n && list.every((i) => i.status === 'paid') ? list : null;
  };
  await eventually(() => paidInvoices(1), 30_000, 'the enrollment invoice paid at subscribe');

  for (let n = 1; n <= 3; n++) {
    expect((await post(`/sandbox/subscriptions/${id}/advance`)).status).toBe(202);
    await eventually(() => paidInvoices(n + 1), 30_000, `invoice of advance ${n} paid`).catch(async (err: Error) => {
      throw new Error(`${err.message}\n${await whereIs(id)}`);
    });
  }
  const invoices = (await paidInvoices(4))!.sort((a, b) => a.cycle - b.cycle);
  expect(invoices.map((i) => [i.cycle, i.total, i.attemptCount])).toEqual([[0, 2990, 1], [1, 2990, 1], [2, 2990, 1], [3, 2990, 1]]);
  // The card decided in the charge step reaches the workflow as that step's result alone: no
  // chargeDecided signal lands in the middle of the task recording it (which would fail that task).
  const lastRun = await t.stack.client.workflow.getHandle(id).fetchHistory();
  expect(lastRun.events?.filter((e) => e.workflowExecutionSignaledEventAttributes?.signalName === 'chargeDecided')).toEqual([]);
  const subscription = await eventually(async () => ((await get(`/subscriptions/${id}`)).body.cyclesCompleted === 4 ? (await get(`/subscriptions/${id}`)).body : null), 30_000, 'four cycles');
  expect(subscription).toMatchObject({ status: 'active', cyclesCompleted: 4 });

  // One paid subscription transaction per invoice, on the saved card.
  const transactionIds = invoices.map((i) => i.lastTransactionId as string);
  expect(new Set(transactionIds).size).toBe(4);
  for (const [k, txnId] of transactionIds.entries()) {
    const txn = (await get(`/v1/transactions/${txnId}`)).body;
    expect(txn).toMatchObject({ status: 'paid', amount: 2990, origin: 'subscription', customerId: customer.body.id, metadata: { invoiceId: invoices[k].id, subscriptionId: id } });
    expect(txn.payments[0].creditCard).toMatchObject({ cardId: card.body.id, last4: '1111' });
  }
  // Each charge's transaction.created was dispatched: that is what started its transaction's workflow.
  const undispatched = await t.stack.em().execute<{ id: string }[]>(`select id from events where type = 'transaction.created' and entity_id in (?, ?, ?, ?) and dispatched_at is null`, transactionIds);
  expect(undispatched).toEqual([]);

  // Webhooks: invoice.issued and invoice.paid for each invoice, transaction.paid for each transaction, a cycle_advanced per cycle.
  const seen = (event: string, entityId: string) => delivered().some((d) => d.event === event && d.data.id === entityId);
  await eventually(
    () => invoices.every((i) => seen('invoice.issued', i.id) && seen('invoice.paid', i.id)) && transactionIds.every((t) => seen('transaction.paid', t)),
    30_000,
    'webhook deliveries for every invoice and transaction',
  );
  const advanced = () => delivered().filter((d) => d.event === 'subscription.cycle_advanced' && d.data.id === id);
  await eventually(() => advanced().length === 4, 30_000, 'four cycle_advanced deliveries').catch(async (err: Error) => {
    const recorded = await t.stack.em().execute<{ id: string; dispatched_at: Date | null }[]>(`select id, dispatched_at from events where type = 'subscription.cycle_advanced' and entity_id = ? order by created_at`, [id]);
    throw new Error(`${err.message}: received ${JSON.stringify(advanced().map((d) => d.id))}, recorded ${JSON.stringify(recorded)}`);
  });
  expect(delivered().filter((d) => d.event === 'invoice.paid').map((d) => d.data.status)).toEqual(['paid', 'paid', 'paid', 'paid']);
  // Every delivery ends `success`: the last ones (transaction.created, payment events) may still be on their way.
  const deliveries = await eventually(
    async () => {
      const data = (await get(`/webhooks/deliveries?webhookId=${hook.body.id}&limit=100`)).body.data as Array<{ status: string }>;
      return data.every((d) => d.status === 'success') && data;
    },
    30_000,
    'every delivery successful',
  );
  expect(deliveries.length).toBeGreaterThanOrEqual(16);
});
