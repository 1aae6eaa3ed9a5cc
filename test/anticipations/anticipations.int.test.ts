import type { EntityManager } from '@mikro-orm/postgresql';
import { anticipateAutomatically } from '../../src/anticipations/anticipations.service';
import { anticipationWorkflowId, approveAnticipationSignal, rejectAnticipationSignal } from '../../workflows/anticipations/anticipation.contract';
import { releaseRunWorkflowId } from '../../workflows/receivables/release-run.contract';
import type { WebhookEventType } from '../../src/events/catalog';
import { eventEnvelopeSchema } from '../../src/http/webhook-payloads';
import { daysFromNow, runReleaseRuns } from '../helpers/release-runs';
import { useTestStack } from '../helpers/stack';
import { balanceOf, cardBody, cardToken, eventually, expectLedgerConsistent, platformBalance, setCompanyFees } from '../payments/fixtures';
import { activeRecipient, balances, fund } from '../withdrawals/fixtures';
import { walletBuckets } from '../payments/chargeback-fixtures';

/**
 * Anticipation through the API on the real stack (PostgreSQL, Temporal, the embedded acquirer),
 * two companies side by side: simulate, request, the ledger posting, the release runs after it,
 * the 409s and races, and an operator's approval above the company's amount.
 */
const t = useTestStack({
  companies: ['Loja', 'Outra'],
  owners: ['Loja', 'Outra'],
  async setup(t) {
    const creditCard = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [String(i + 1), { percentage: 2, fixed: 0 }]));
    await setCompanyFees(t.stack, t.company.Loja, { creditCard, anticipation: { percentage: 3, approvalAbove: null } });
    await setCompanyFees(t.stack, t.company.Outra, { creditCard, anticipation: { percentage: 3, approvalAbove: 5_000 } });
  },
});
type Name = 'Loja' | 'Outra';

async function paidCard(name: Name, amount: number, installments: number) {
  const company = t.company[name];
  const res = await t.stack.http.post('/v1/transactions').set(company.headers).send(cardBody(await cardToken(t.stack, company), amount, installments));
  expect(res.body.status).toBe('paid');
  return { transactionId: res.body.id as string, paymentId: res.body.payments[0].id as string };
}
const simulate = (name: Name, body: Record<string, unknown>) => t.stack.http.post('/v1/anticipations/simulate').set(t.company[name].headers).send({ recipientId: t.owner[name], ...body });
const anticipate = (name: Name, body: Record<string, unknown>) => t.stack.http.post('/v1/anticipations').set(t.company[name].headers).send({ recipientId: t.owner[name], ...body });
const receivables = async (name: Name, paymentId: string) =>
  (await t.stack.http.get(`/v1/receivables?paymentId=${paymentId}`).set(t.company[name].headers)).body.data as Array<{ id: string; status: string; anticipationId: string | null }>;

/**
 * The events (the outbox webhooks deliver from) of an anticipation, by type: each one's type and
 * the status its data gives; each envelope is what the webhook document says its type sends.
 */
async function eventsOf(anticipationId: string): Promise<Array<[string, string]>> {
  const rows = await t.stack.em().execute<Array<{ type: WebhookEventType; payload: { data: { status: string } } }>>(`select type, payload from events where entity_id = ? order by type`, [anticipationId]);
  for (const e of rows) expect(eventEnvelopeSchema(e.type).safeParse(e.payload).error).toBeUndefined();
  return rows.map((e) => [e.type, e.payload.data.status]);
}

async function expectPendingIsReceivables(name: Name) {
  const [row] = await t.stack.em().execute<Array<{ s: string | null }>>(
    `select sum(amount) as s from receivables where company_id = ? and recipient_id = ? and status in ('pending', 'suspended', 'reserved')`,
    [t.company[name].company.id, t.owner[name]],
  );
  expect((await balanceOf(t.stack, t.owner[name])).pending).toBe(Number(row.s ?? 0));
}

it('simulate, then anticipate exactly that: one posting pending → available less the fee; a retry answers the first; the release runs leave it alone', async () => {
  const owner = t.owner.Loja;
  const { paymentId } = await paidCard('Loja', 30_000, 3);
  const before = await balanceOf(t.stack, owner);
  const revenue = await platformBalance(t.stack, 'revenue');

  const sim = await simulate('Loja', {});
  expect(sim.status).toBe(200);
  // 9 800 net per installment at 3% a month: 30 days 294, 60 days 588, 90 days 882.
  expect(sim.body.receivables.map((r: Record<string, unknown>) => [r.amount, r.days, r.fee, r.netAmount, r.dueDate])).toEqual([
    [9_800, 30, 294, 9_506, daysFromNow(30)],
    [9_800, 60, 588, 9_212, daysFromNow(60)],
    [9_800, 90, 882, 8_918, daysFromNow(90)],
  ]);
  expect(sim.body).toMatchObject({ amount: 29_400, fee: 1_764, netAmount: 27_636, maxAmount: 29_400, requiresApproval: false });
  // Simulating changes nothing.
  expect(await balanceOf(t.stack, owner)).toEqual(before);

  const res = await anticipate('Loja', { fingerprint: sim.body.fingerprint });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ status: 'completed', amount: 29_400, fee: 1_764, netAmount: 27_636, receivablesCount: 3, automatic: false });
  expect(await balanceOf(t.stack, owner)).toEqual({ pending: before.pending - 29_400, available: before.available + 27_636 });
  expect(await platformBalance(t.stack, 'revenue')).toBe(revenue + 1_764);
  expect((await receivables('Loja', paymentId)).map((r) => [r.status, r.anticipationId])).toEqual(Array(3).fill(['anticipated', res.body.id]));
  const postings = await t.stack.em().execute<Array<{ n: string }>>(`select count(*) as n from ledger_postings where key = ?`, [`anticipation:${res.body.id}`]);
  expect(Number(postings[0].n)).toBe(1);
  expect(await eventsOf(res.body.id)).toEqual([['anticipation.completed', 'completed'], ['anticipation.requested', 'completed']]);
  // Both carry the anticipation as GET shows it.
  const payloads = await t.stack.em().execute<Array<{ payload: { data: unknown } }>>(`select payload from events where entity_id = ?`, [res.body.id]);
  for (const { payload } of payloads) expect(payload.data).toEqual(res.body);

  // A retry of the request: the first, nothing moves, no event again.
  const again = await anticipate('Loja', { fingerprint: sim.body.fingerprint });
  expect(again.status).toBe(200);
  expect(again.body.id).toBe(res.body.id);
  expect(await balanceOf(t.stack, owner)).toEqual({ pending: before.pending - 29_400, available: before.available + 27_636 });
  expect(await eventsOf(res.body.id)).toEqual([['anticipation.completed', 'completed'], ['anticipation.requested', 'completed']]);

  // Their dates come: nothing is released twice.
  await runReleaseRuns(t.stack, daysFromNow(90));
  expect(await balanceOf(t.stack, owner)).toEqual({ pending: before.pending - 29_400, available: before.available + 27_636 });
  expect((await t.stack.http.get(`/v1/anticipations/${res.body.id}`).set(t.company.Loja.headers)).body.status).toBe('completed');
  expect((await t.stack.http.get(`/v1/anticipations/${res.body.id}`).set(t.company.Outra.headers)).status).toBe(404);
  await expectPendingIsReceivables('Loja');
  await expectLedgerConsistent(t.stack);
});

it('409s: more than eligible, a stale simulation, two anticipations of the same receivables at once; another company: 404', async () => {
  await paidCard('Loja', 10_000, 2);
  const sim = await simulate('Loja', {});
  const max = sim.body.maxAmount as number;
  expect(max).toBe(9_800);

  const over = await simulate('Loja', { amount: max + 1 });
  expect(over.status).toBe(409);
  expect(over.body.error.code).toBe('amount_above_eligible');
  expect((await anticipate('Loja', { amount: max + 1, fingerprint: sim.body.fingerprint })).body.error.code).toBe('amount_above_eligible');

  // A sale after the simulation: the request for "everything" no longer matches it.
  await paidCard('Loja', 10_000, 1);
  const stale = await anticipate('Loja', { fingerprint: sim.body.fingerprint });
  expect(stale.status).toBe(409);
  expect(stale.body.error.code).toBe('anticipation_changed');

  // Two different requests over the same receivables at once (those due by D+30, and everything): one anticipates, the other is a 409.
  const first = await simulate('Loja', { upTo: daysFromNow(30) });
  const all = await simulate('Loja', {});
  expect(all.body.receivables.length).toBeGreaterThan(first.body.receivables.length);
  const before = await balanceOf(t.stack, t.owner.Loja);
  const [a, b] = await Promise.all([anticipate('Loja', { upTo: daysFromNow(30), fingerprint: first.body.fingerprint }), anticipate('Loja', { fingerprint: all.body.fingerprint })]);
  expect([a.status, b.status].sort()).toEqual([201, 409]);
  const [won, lost] = a.status === 201 ? [first, b] : [all, a];
  expect(lost.body.error.code).toBe('anticipation_changed');
  expect(await balanceOf(t.stack, t.owner.Loja)).toEqual({ pending: before.pending - won.body.amount, available: before.available + won.body.netAmount });

  // Another company: Loja's recipient is not its own.
  const other = await t.stack.http.post('/v1/anticipations/simulate').set(t.company.Outra.headers).send({ recipientId: t.owner.Loja });
  expect(other.status).toBe(404);
  // Bad input.
  expect((await simulate('Loja', { amount: 100, upTo: daysFromNow(30) })).status).toBe(400);
  expect((await anticipate('Loja', { fingerprint: 'x' })).status).toBe(400);
  await expectPendingIsReceivables('Loja');
  await expectLedgerConsistent(t.stack);
});

it('withdrawals racing an anticipation of the same wallet: each one 201 or 409 insufficient_balance, and the balances exact whichever commits first', async () => {
  const company = t.company.Loja;
  const seller = await activeRecipient(t.stack, company);
  await fund(t.stack, company, seller, 10_000);
  const sale = await t.stack.http
    .post('/v1/transactions')
    .set(company.headers)
    .send(cardBody(await cardToken(t.stack, company), 30_000, 3, { splits: [{ recipientId: seller, percentage: 100 }] }));
  expect(sale.body.status).toBe('paid');
  const sim = await t.stack.http.post('/v1/anticipations/simulate').set(company.headers).send({ recipientId: seller });
  expect(sim.body).toMatchObject({ amount: 29_400, netAmount: 27_636 });
  expect((await balances(t.stack, company, seller)).withdrawableBalance).toBe(10_000);

  // 10 000 withdrawable before, 37 636 after the anticipation: three withdrawals of 9 000 all fit only after it.
  const withdraw = () => t.stack.http.post('/v1/withdrawals').set(company.headers).send({ recipientId: seller, amount: 9_000 });
  const [anticipation, ...withdrawals] = await Promise.all([
    t.stack.http.post('/v1/anticipations').set(company.headers).send({ recipientId: seller, fingerprint: sim.body.fingerprint }),
    withdraw(),
    withdraw(),
    withdraw(),
  ]);
  expect(anticipation.status).toBe(201);
  for (const w of withdrawals) {
    expect([201, 409]).toContain(w.status);
    if (w.status === 409) expect(w.body.error.code).toBe('insufficient_balance');
  }
  const taken = withdrawals.filter((w) => w.status === 201).length;
  expect(taken).toBeGreaterThanOrEqual(1);
  const left = 10_000 + 27_636 - 9_000 * taken;
  expect((await balances(t.stack, company, seller)).withdrawableBalance).toBe(left);
  // What is left is exactly withdrawable, and not a cent more.
  expect((await t.stack.http.post('/v1/withdrawals').set(company.headers).send({ recipientId: seller, amount: left + 1 })).body.error.code).toBe('insufficient_balance');
  expect((await t.stack.http.post('/v1/withdrawals').set(company.headers).send({ recipientId: seller, amount: left })).status).toBe(201);
  expect((await balances(t.stack, company, seller)).withdrawableBalance).toBe(0);
  expect((await balanceOf(t.stack, seller)).pending).toBe(0);
  await expectLedgerConsistent(t.stack);
});

it("a chargeback of an anticipated sale takes from available, never from other sales' pending money", async () => {
  const owner = t.owner.Loja;
  const anticipated = await paidCard('Loja', 20_000, 2);
  const ids = (await receivables('Loja', anticipated.paymentId)).map((r) => r.id);
  expect(ids).toHaveLength(2);
  const chosen = await simulate('Loja', { receivableIds: ids });
  expect((await anticipate('Loja', { receivableIds: ids, fingerprint: chosen.body.fingerprint })).status).toBe(201);
  // Another sale waits in the same pending bucket.
  const waiting = await paidCard('Loja', 10_000, 1);
  const before = await balanceOf(t.stack, owner);
  const bucketsBefore = await walletBuckets(t.stack, owner);
  const waitingBefore = (await receivables('Loja', waiting.paymentId)).map((r) => r.status);

  const cb = await t.stack.http.post(`/sandbox/payments/${anticipated.paymentId}/chargeback`).set(t.company.Loja.headers).send({});
  expect(cb.status).toBe(202);
  await eventually(async () => (await t.stack.http.get(`/v1/transactions/${anticipated.transactionId}`).set(t.company.Loja.headers)).body.status === 'chargeback');
  // The other sale's waiting money is untouched: pending still equals the waiting receivables.
  expect((await balanceOf(t.stack, owner)).pending).toBe(before.pending);
  expect((await receivables('Loja', waiting.paymentId)).map((r) => r.status)).toEqual(waitingBefore);
  // What it blocks comes from the withdrawable part of available.
  const after = await walletBuckets(t.stack, owner);
  expect(after.blocked).toBeGreaterThan(bucketsBefore.blocked);
  expect(bucketsBefore.available - after.available).toBe(after.blocked - bucketsBefore.blocked);
  await expectPendingIsReceivables('Loja');
  await expectLedgerConsistent(t.stack);
});

it('above the company amount it waits for an operator, its receivables reserved; approved it completes, rejected they wait again', async () => {
  const owner = t.owner.Outra;
  const { paymentId } = await paidCard('Outra', 20_000, 2);
  const before = await balanceOf(t.stack, owner);
  const sim = await simulate('Outra', {});
  expect(sim.body).toMatchObject({ amount: 19_600, requiresApproval: true });
  const res = await anticipate('Outra', { fingerprint: sim.body.fingerprint });
  expect(res.status).toBe(201);
  expect(res.body.status).toBe('pending_approval');
  // Reserved: still waiting funds, nothing moved, nothing else can take them.
  expect((await receivables('Outra', paymentId)).map((r) => r.status)).toEqual(['waiting_funds', 'waiting_funds']);
  expect(await balanceOf(t.stack, owner)).toEqual(before);
  expect((await simulate('Outra', {})).body.maxAmount).toBe(0);
  await expectPendingIsReceivables('Outra');
  expect(await eventsOf(res.body.id)).toEqual([['anticipation.requested', 'pending_approval']]);

  await t.stack.client.workflow.getHandle(anticipationWorkflowId(res.body.id)).signal(approveAnticipationSignal, { reason: 'ok' });
  await eventually(async () => (await t.stack.http.get(`/v1/anticipations/${res.body.id}`).set(t.company.Outra.headers)).body.status === 'completed');
  // The approval moved the money in its own transaction: approved and completed both say so; the request said it waited.
  expect(await eventsOf(res.body.id)).toEqual([['anticipation.approved', 'completed'], ['anticipation.completed', 'completed'], ['anticipation.requested', 'pending_approval']]);
  expect(await balanceOf(t.stack, owner)).toEqual({ pending: before.pending - 19_600, available: before.available + sim.body.netAmount });
  expect((await receivables('Outra', paymentId)).map((r) => r.status)).toEqual(['anticipated', 'anticipated']);

  // Another, rejected: its receivables wait again and can be anticipated again.
  const second = await paidCard('Outra', 10_000, 1);
  const sim2 = await simulate('Outra', {});
  expect(sim2.body).toMatchObject({ amount: 9_800, requiresApproval: true });
  const res2 = await anticipate('Outra', { fingerprint: sim2.body.fingerprint });
  await t.stack.client.workflow.getHandle(anticipationWorkflowId(res2.body.id)).signal(rejectAnticipationSignal, { reason: 'no' });
  await eventually(async () => (await t.stack.http.get(`/v1/anticipations/${res2.body.id}`).set(t.company.Outra.headers)).body.status === 'rejected');
  expect((await receivables('Outra', second.paymentId)).map((r) => [r.status, r.anticipationId])).toEqual([['waiting_funds', null]]);
  expect(await eventsOf(res2.body.id)).toEqual([['anticipation.rejected', 'rejected'], ['anticipation.requested', 'pending_approval']]);
  expect((await simulate('Outra', {})).body.maxAmount).toBe(9_800);
  await expectPendingIsReceivables('Outra');
  await expectLedgerConsistent(t.stack);
});

it('automatic anticipation: settings per recipient (404 for another company’s), run by the release run after releasing', async () => {
  const path = `/v1/recipients/${t.owner.Outra}/anticipation-settings`;
  expect((await t.stack.http.get(path).set(t.company.Outra.headers)).body).toEqual({ recipientId: t.owner.Outra, enabled: false, percentage: 100 });
  expect((await t.stack.http.get(path).set(t.company.Loja.headers)).status).toBe(404);
  expect((await t.stack.http.put(path).set(t.company.Loja.headers).send({ enabled: true })).status).toBe(404);
  expect((await t.stack.http.put(path).set(t.company.Outra.headers).send({ enabled: true, percentage: 0 })).status).toBe(400);
  const put = await t.stack.http.put(path).set(t.company.Outra.headers).send({ enabled: true, percentage: 100 });
  expect(put.body).toEqual({ recipientId: t.owner.Outra, enabled: true, percentage: 100 });

  const { paymentId } = await paidCard('Outra', 20_000, 2);
  // The D+30 run releases the first installment, then anticipates what still waits (the second: 30 days at 3%, 294), with no operator.
  const run = await runReleaseRuns(t.stack, daysFromNow(30));
  expect(run.released).toBeGreaterThanOrEqual(1);
  const rows = await receivables('Outra', paymentId);
  expect(rows.map((r) => r.status)).toEqual(['paid', 'anticipated']);
  const ant = await t.stack.http.get(`/v1/anticipations/${rows[1].anticipationId}`).set(t.company.Outra.headers);
  expect(ant.body).toMatchObject({ status: 'completed', automatic: true });
  expect(await eventsOf(ant.body.id)).toEqual([['anticipation.completed', 'completed'], ['anticipation.requested', 'completed']]);
  expect((await simulate('Outra', {})).body.maxAmount).toBe(0);
  await expectPendingIsReceivables('Outra');
  await expectLedgerConsistent(t.stack);
});

it('automatic anticipation of a percentage: once per recipient and date (a retried run anticipates nothing more); the next date takes its share of the rest', async () => {
  const company = t.company.Loja;
  const seller = await activeRecipient(t.stack, company);
  const sale = await t.stack.http
    .post('/v1/transactions')
    .set(company.headers)
    .send(cardBody(await cardToken(t.stack, company), 40_000, 4, { splits: [{ recipientId: seller, percentage: 100 }] }));
  expect(sale.body.status).toBe('paid');
  const paymentId = sale.body.payments[0].id as string;
  expect((await t.stack.http.put(`/v1/recipients/${seller}/anticipation-settings`).set(company.headers).send({ enabled: true, percentage: 50 })).status).toBe(200);
  const before = await balanceOf(t.stack, seller);
  const statuses = async () => (await receivables('Loja', paymentId)).map((r) => r.status);
  // What the release run's activity runs for the company and date; called again, as a retried activity is.
  const run = (on: string) => anticipateAutomatically(t.stack.orm.em.fork() as unknown as EntityManager, company.company.id, on);

  // Four receivables of 9 800: half of 39 200 is the two soonest.
  expect(await run(daysFromNow(0))).toMatchObject({ anticipations: 1, amount: 19_600 });
  expect(await statuses()).toEqual(['anticipated', 'anticipated', 'waiting_funds', 'waiting_funds']);
  // The same date again: the recipient was anticipated that day, nothing more is taken.
  expect(await run(daysFromNow(0))).toMatchObject({ anticipations: 0, amount: 0 });
  expect(await statuses()).toEqual(['anticipated', 'anticipated', 'waiting_funds', 'waiting_funds']);
  expect((await balanceOf(t.stack, seller)).pending).toBe(before.pending - 19_600);
  // The next date: half of what is left.
  expect(await run(daysFromNow(1))).toMatchObject({ anticipations: 1, amount: 9_800 });
  expect(await statuses()).toEqual(['anticipated', 'anticipated', 'anticipated', 'waiting_funds']);
  expect((await balanceOf(t.stack, seller)).pending).toBe(before.pending - 29_400);
  await expectLedgerConsistent(t.stack);
});

it('GET /anticipations: the company’s own, newest first; filters recipientId, status, createdFrom / createdTo; a cursor; bad filters are 400s', async () => {
  const list = (name: Name, query = '') => t.stack.http.get(`/v1/anticipations?${query}`).set(t.company[name].headers);
  const ids = (res: { body: { data: Array<{ id: string }> } }) => res.body.data.map((a) => a.id);
  const company = t.company.Loja;
  const seller = await activeRecipient(t.stack, company);
  const sale = await t.stack.http
    .post('/v1/transactions')
    .set(company.headers)
    .send(cardBody(await cardToken(t.stack, company), 20_000, 2, { splits: [{ recipientId: seller, percentage: 100 }] }));
  expect(sale.body.status).toBe('paid');
  const [soonest] = await receivables('Loja', sale.body.payments[0].id);
  const simulateFor = (body: Record<string, unknown>) => t.stack.http.post('/v1/anticipations/simulate').set(company.headers).send({ recipientId: seller, ...body });
  const anticipateFor = async (body: Record<string, unknown>) => {
    const sim = await simulateFor(body);
    const res = await t.stack.http.post('/v1/anticipations').set(company.headers).send({ recipientId: seller, ...body, fingerprint: sim.body.fingerprint });
    expect(res.status).toBe(201);
    return res.body as { id: string; createdAt: string; status: string };
  };
  const first = await anticipateFor({ receivableIds: [soonest.id] });
  const second = await anticipateFor({});
  // Outra's: one waiting for its operator, rejected.
  await paidCard('Outra', 10_000, 1);
  const theirs = await anticipate('Outra', { fingerprint: (await simulate('Outra', {})).body.fingerprint });
  expect(theirs.body.status).toBe('pending_approval');
  await t.stack.client.workflow.getHandle(anticipationWorkflowId(theirs.body.id)).signal(rejectAnticipationSignal, { reason: 'no' });
  await eventually(async () => (await t.stack.http.get(`/v1/anticipations/${theirs.body.id}`).set(t.company.Outra.headers)).body.status === 'rejected');

  const mine = await list('Loja', `recipientId=${seller}`);
  expect(mine.status).toBe(200);
  expect(mine.body.data).toEqual([second, first].map((a) => expect.objectContaining({ id: a.id, recipientId: seller, status: 'completed', automatic: false })));
  expect(mine.body.data[0]).toEqual((await t.stack.http.get(`/v1/anticipations/${second.id}`).set(company.headers)).body);
  expect(mine.body.pagination).toEqual({ page: 1, limit: 20, total: 2, totalPages: 1, hasMore: false });
  // Each company sees only its own, whatever the filter.
  const all = await list('Loja', 'limit=100');
  expect(ids(all)).toEqual(expect.arrayContaining([first.id, second.id]));
  expect(ids(all)).not.toContain(theirs.body.id);
  const outra = await list('Outra', 'limit=100');
  expect(ids(outra)).toContain(theirs.body.id);
  expect(ids(outra)).not.toContain(first.id);
  expect(ids(outra)).not.toContain(second.id);
  expect(ids(await list('Outra', `recipientId=${seller}`))).toEqual([]);
  expect((await list('Outra', `startingAfter=${first.id}`)).status).toBe(404);
  expect(ids(await list('Outra', 'status=rejected&limit=100'))).toContain(theirs.body.id);
  expect(ids(await list('Loja', 'status=rejected&limit=100'))).not.toContain(theirs.body.id);
  // Status and creation.
  expect(ids(await list('Loja', `recipientId=${seller}&status=completed`))).toEqual([second.id, first.id]);
  expect(ids(await list('Loja', `recipientId=${seller}&status=pending_approval`))).toEqual([]);
  const at = (iso: string, ms: number) => encodeURIComponent(new Date(Date.parse(iso) + ms).toISOString());
  // createdAt is shown to the millisecond and stored to the microsecond: the millisecond after it bounds it.
  expect(ids(await list('Loja', `recipientId=${seller}&createdFrom=${at(first.createdAt, 0)}&createdTo=${at(first.createdAt, 1)}`))).toEqual([first.id]);
  expect(ids(await list('Loja', `recipientId=${seller}&createdFrom=${at(second.createdAt, 1)}`))).toEqual([]);
  expect(ids(await list('Loja', `recipientId=${seller}&createdTo=${at(first.createdAt, -1)}`))).toEqual([]);
  // An offset ISO 8601 allows and PostgreSQL does not (+20:03) is read as its instant: nothing that early, not a 500.
  expect(ids(await list('Loja', `recipientId=${seller}&createdTo=${encodeURIComponent('0668-05-19T01:29:11.394747+20:03')}`))).toEqual([]);
  // Pages by cursor, in the list's order.
  const page1 = await list('Loja', `recipientId=${seller}&limit=1`);
  expect(ids(page1)).toEqual([second.id]);
  expect(page1.body.pagination.hasMore).toBe(true);
  const page2 = await list('Loja', `recipientId=${seller}&limit=1&startingAfter=${second.id}`);
  expect(ids(page2)).toEqual([first.id]);
  expect(page2.body.pagination.hasMore).toBe(false);
  expect(ids(await list('Loja', `recipientId=${seller}&limit=1&endingBefore=${first.id}`))).toEqual([second.id]);
  // Another company's anticipation as a cursor: 404 naming it.
  const foreign = await list('Loja', `startingAfter=${theirs.body.id}`);
  expect(foreign.status).toBe(404);
  expect(foreign.body.error.message).toMatch(/startingAfter/);

  for (const q of ['status=approved', 'createdFrom=yesterday', 'createdTo=2026-11-29', 'limit=0', 'page=0', `startingAfter=${first.id}&endingBefore=${second.id}`, 'unknown=1']) {
    const res = await list('Loja', q);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['error']);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', message: expect.any(String), requestId: expect.stringMatching(/^req_/) });
  }
});

it('automatic anticipation runs every day: on a day with nothing due, the daily runs still start the company’s run, which anticipates what is eligible; once that day', async () => {
  const company = t.company.Loja;
  const companyId = company.company.id;
  const seller = await activeRecipient(t.stack, company);
  const sale = await t.stack.http
    .post('/v1/transactions')
    .set(company.headers)
    .send(cardBody(await cardToken(t.stack, company), 20_000, 2, { splits: [{ recipientId: seller, percentage: 100 }] }));
  expect(sale.body.status).toBe('paid');
  const paymentId = sale.body.payments[0].id as string;
  expect((await t.stack.http.put(`/v1/recipients/${seller}/anticipation-settings`).set(company.headers).send({ enabled: true })).status).toBe(200);
  const before = await balanceOf(t.stack, seller);

  // A day two days on: nothing of the company falls due (its card receivables are due at D+30 and after).
  const on = daysFromNow(2);
  const [due] = await t.stack.em().execute<Array<{ n: string }>>(`select count(*) as n from receivables where company_id = ? and status = 'pending' and available_on <= ?::date`, [companyId, on]);
  expect(Number(due.n)).toBe(0);
  const run = await runReleaseRuns(t.stack, on);
  expect(run).toMatchObject({ released: 0, postings: 0 });
  const companyRun = await t.stack.client.workflow.getHandle<() => Promise<unknown>>(releaseRunWorkflowId(companyId, on)).result();
  expect(companyRun).toMatchObject({ pagesListed: 0, released: 0 });
  expect((companyRun as { anticipations: number }).anticipations).toBeGreaterThanOrEqual(1);

  // Both of the seller's receivables (9 800 each, due D+30 and D+60) anticipated at once, by one automatic anticipation.
  const rows = await receivables('Loja', paymentId);
  expect(rows.map((r) => r.status)).toEqual(['anticipated', 'anticipated']);
  expect(rows[0].anticipationId).toBe(rows[1].anticipationId);
  const ant = (await t.stack.http.get(`/v1/anticipations/${rows[0].anticipationId}`).set(company.headers)).body;
  expect(ant).toMatchObject({ recipientId: seller, status: 'completed', automatic: true, amount: 19_600, receivablesCount: 2 });
  expect(await balanceOf(t.stack, seller)).toEqual({ pending: before.pending - 19_600, available: before.available + ant.netAmount });
  expect(await eventsOf(ant.id)).toEqual([['anticipation.completed', 'completed'], ['anticipation.requested', 'completed']]);

  // A new sale later that day, and the day's runs again: the company's run of the day exists; nothing more is anticipated until the next day.
  await t.stack.http
    .post('/v1/transactions')
    .set(company.headers)
    .send(cardBody(await cardToken(t.stack, company), 10_000, 1, { splits: [{ recipientId: seller, percentage: 100 }] }));
  const again = await runReleaseRuns(t.stack, on);
  expect(again).toMatchObject({ runsDone: 0, released: 0 });
  expect(again.runsFoundDone).toBeGreaterThanOrEqual(1);
  expect((await balanceOf(t.stack, seller)).pending).toBe(before.pending - 19_600 + 9_800);
  const next = await runReleaseRuns(t.stack, daysFromNow(3));
  expect(next.released).toBe(0);
  expect((await balanceOf(t.stack, seller)).pending).toBe(before.pending - 19_600);
  await expectPendingIsReceivables('Loja');
  await expectLedgerConsistent(t.stack);
});
