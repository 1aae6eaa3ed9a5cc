import { useTestStack, type SeededCompany } from '../helpers/stack';
import { bankAccountFor, fullAddress, newCpf, sellerBody } from '../recipients/fixtures';
import { sendKycDecision } from '../../src/recipients/recipient-onboarding-workflow.client';
import { activeRecipient, balances, fund, until } from '../withdrawals/fixtures';

const t = useTestStack({ companies: ['Acme', 'Other'] });

const create = (body: Record<string, unknown>, company = t.company.Acme, headers: Record<string, string> = {}) =>
  t.stack.http.post('/v1/transfers').set(company.headers).set(headers).send(body);
const get = (id: string, company = t.company.Acme) => t.stack.http.get(`/v1/transfers/${id}`).set(company.headers);
const statement = (recipientId: string, company = t.company.Acme) => t.stack.http.get(`/wallets/owner/${recipientId}/transactions`).set(company.headers);

const expectError = (res: { status: number; body: any }, status: number, code: string) => {
  expect(res.status).toBe(status);
  expect(res.body.error).toMatchObject({ code, message: expect.any(String), requestId: expect.stringMatching(/^req_/) });
};

async function pair(funded: number, company = t.company.Acme): Promise<[string, string]> {
  const from = await activeRecipient(t.stack, company);
  const to = await activeRecipient(t.stack, company);
  if (funded > 0) await fund(t.stack, company, from, funded);
  return [from, to];
}

describe('POST /v1/transfers', () => {
  it('moves the amount from one wallet to the other in one posting, shown in both statements, with transfer.created', async () => {
    const [from, to] = await pair(10_000);
    const res = await create({ fromRecipientId: from, toRecipientId: to, amount: 2_500, description: 'Shared delivery cost', metadata: { order: '42' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^trf_/),
      fromRecipientId: from,
      toRecipientId: to,
      amount: 2_500,
      currency: 'BRL',
      description: 'Shared delivery cost',
      metadata: { order: '42' },
      postingId: expect.stringMatching(/^pst_/),
      createdAt: expect.any(String),
    });
    expect(await balances(t.stack, t.company.Acme, from)).toEqual({ availableBalance: 7_500, blockedBalance: 0, withdrawableBalance: 7_500 });
    expect(await balances(t.stack, t.company.Acme, to)).toEqual({ availableBalance: 2_500, blockedBalance: 0, withdrawableBalance: 2_500 });

    const entry = (recipientId: string) => statement(recipientId).then((s) => s.body.data.find((e: { sourceId: string }) => e.sourceId === res.body.id));
    const description = `Transfer ${res.body.id} from ${from} to ${to}`;
    expect(await entry(from)).toMatchObject({ postingId: res.body.postingId, type: 'adjustment', amount: -2_500, source: 'adjustment', description });
    expect(await entry(to)).toMatchObject({ postingId: res.body.postingId, type: 'adjustment', amount: 2_500, source: 'adjustment', description });

    expect((await get(res.body.id)).body).toEqual(res.body);
    // The outbox row webhooks deliver: one transfer.created, the company's, with the transfer as data.
    const events = await t.stack.em().getConnection().execute(`select company_id, type, payload from events where entity_id = ?`, [res.body.id]);
    expect(events).toEqual([{ company_id: t.company.Acme.company.id, type: 'transfer.created', payload: expect.objectContaining({ data: res.body }) }]);
  });

  it('an Idempotency-Key replays the first answer and posts once', async () => {
    const [from, to] = await pair(5_000);
    const key = { 'Idempotency-Key': `trf-${from}` };
    const first = await create({ fromRecipientId: from, toRecipientId: to, amount: 1_000 }, t.company.Acme, key);
    const again = await create({ fromRecipientId: from, toRecipientId: to, amount: 1_000 }, t.company.Acme, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await balances(t.stack, t.company.Acme, from)).toMatchObject({ withdrawableBalance: 4_000 });
    expect(await balances(t.stack, t.company.Acme, to)).toMatchObject({ withdrawableBalance: 1_000 });
    expect((await t.stack.http.get(`/v1/transfers?fromRecipientId=${from}`).set(t.company.Acme.headers)).body.data).toHaveLength(1);
  });

  it('409 insufficient_balance beyond the withdrawable balance (a withdrawal’s reservation counts), nothing moves', async () => {
    const [from, to] = await pair(5_000);
    const wdr = await t.stack.http.post('/withdrawals').set(t.company.Acme.headers).send({ recipientId: from, amount: 3_000 });
    expect(wdr.status).toBe(201);
    expectError(await create({ fromRecipientId: from, toRecipientId: to, amount: 2_001 }), 409, 'insufficient_balance');
    expect(await balances(t.stack, t.company.Acme, from)).toEqual({ availableBalance: 5_000, blockedBalance: 3_000, withdrawableBalance: 2_000 });
    expect((await create({ fromRecipientId: from, toRecipientId: to, amount: 2_000 })).status).toBe(201);
    expect(await balances(t.stack, t.company.Acme, from)).toMatchObject({ withdrawableBalance: 0 });
  });

  it.each([
    ['the same recipient on both sides', (a: string) => ({ fromRecipientId: a, toRecipientId: a, amount: 100 }), 'toRecipientId'],
    ['a zero amount', (a: string, b: string) => ({ fromRecipientId: a, toRecipientId: b, amount: 0 }), 'amount'],
    ['a decimal amount', (a: string, b: string) => ({ fromRecipientId: a, toRecipientId: b, amount: 1.5 }), 'amount'],
    ['an unknown field', (a: string, b: string) => ({ fromRecipientId: a, toRecipientId: b, amount: 100, status: 'done' }), 'status'],
    ['a 2-letter currency', (a: string, b: string) => ({ fromRecipientId: a, toRecipientId: b, amount: 100, currency: 'BR' }), 'currency'],
  ])('%s is a 400 naming the field', async (_what, body, field) => {
    const res = await create(body('rec_a', 'rec_b'));
    expectError(res, 400, 'validation_failed');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it('409 recipient_not_active for a recipient before KYC approval', async () => {
    const [from] = await pair(1_000);
    const pending = await t.stack.http.post('/recipients').set(t.company.Acme.headers).send(sellerBody());
    expectError(await create({ fromRecipientId: from, toRecipientId: pending.body.id, amount: 100 }), 409, 'recipient_not_active');
    expect(await balances(t.stack, t.company.Acme, from)).toMatchObject({ withdrawableBalance: 1_000 });
  });
});

describe('two companies side by side', () => {
  it('another company’s recipient is a 404 naming the field; another company’s transfer is a 404 and absent from its list', async () => {
    const [a1, a2] = await pair(3_000);
    const [o1] = await pair(3_000, t.company.Other);
    for (const [body, field] of [
      [{ fromRecipientId: o1, toRecipientId: a2, amount: 100 }, 'fromRecipientId'],
      [{ fromRecipientId: a1, toRecipientId: o1, amount: 100 }, 'toRecipientId'],
    ] as const) {
      const res = await create(body);
      expectError(res, 404, 'not_found');
      expect(res.body.error.details).toEqual([{ path: field, message: 'Recipient not found' }]);
    }
    expect(await balances(t.stack, t.company.Other, o1)).toMatchObject({ withdrawableBalance: 3_000 });

    const mine = await create({ fromRecipientId: a1, toRecipientId: a2, amount: 100 });
    expect(mine.status).toBe(201);
    expectError(await get(mine.body.id, t.company.Other), 404, 'not_found');
    const theirs = await t.stack.http.get('/v1/transfers').set(t.company.Other.headers);
    expect(theirs.body.data.map((x: { id: string }) => x.id)).not.toContain(mine.body.id);
  });

  it('the same seller paid by two companies: a transfer spends only the calling company’s money', async () => {
    const cpf = newCpf();
    const link = async (company: SeededCompany) => {
      const created = await t.stack.http.post('/recipients').set(company.headers).send({ ...sellerBody({ document: cpf, address: fullAddress }), bankAccount: bankAccountFor(cpf) });
      expect(created.status).toBe(201);
      await sendKycDecision(t.stack.client, t.stack.config.temporal.taskQueue, { recipientId: created.body.id, companyId: company.company.id, operator: 'kyc-ops', outcome: 'approved' });
      await until(async () => (await t.stack.http.get(`/recipients/${created.body.id}`).set(company.headers)).body.status === 'active', 'link active');
      return created.body.id as string;
    };
    const shared = await link(t.company.Acme);
    expect(await link(t.company.Other)).toBe(shared);
    await fund(t.stack, t.company.Acme, shared, 1_000);
    await fund(t.stack, t.company.Other, shared, 5_000);
    const to = await activeRecipient(t.stack, t.company.Acme);
    expectError(await create({ fromRecipientId: shared, toRecipientId: to, amount: 1_001 }), 409, 'insufficient_balance');
    expect((await create({ fromRecipientId: shared, toRecipientId: to, amount: 1_000 })).status).toBe(201);
    expect(await balances(t.stack, t.company.Acme, shared)).toMatchObject({ withdrawableBalance: 0 });
    expect(await balances(t.stack, t.company.Other, shared)).toMatchObject({ withdrawableBalance: 5_000 });
  });
});

describe('GET /v1/transfers', () => {
  it('filters by sender, receiver and currency, newest first, by cursor', async () => {
    const [a, b] = await pair(10_000);
    const c = await activeRecipient(t.stack, t.company.Acme);
    const ab = (await create({ fromRecipientId: a, toRecipientId: b, amount: 100 })).body.id;
    const ac = (await create({ fromRecipientId: a, toRecipientId: c, amount: 200 })).body.id;
    const ba = (await create({ fromRecipientId: b, toRecipientId: a, amount: 50 })).body.id;
    const ids = async (q: string) => (await t.stack.http.get(`/v1/transfers?${q}`).set(t.company.Acme.headers)).body.data.map((x: { id: string }) => x.id);
    expect(await ids(`fromRecipientId=${a}`)).toEqual([ac, ab]);
    expect(await ids(`toRecipientId=${a}`)).toEqual([ba]);
    expect(await ids(`toRecipientId=${c}`)).toEqual([ac]);
    expect(await ids(`fromRecipientId=${a}&currency=USD`)).toEqual([]);
    expect(await ids(`fromRecipientId=${a}&limit=1&startingAfter=${ac}`)).toEqual([ab]);
    expectError(await t.stack.http.get(`/v1/transfers?recipientId=${a}`).set(t.company.Acme.headers), 400, 'validation_failed');
    expectError(await t.stack.http.get('/v1/transfers?currency=XX').set(t.company.Acme.headers), 400, 'validation_failed');
  });
});

describe('concurrency', () => {
  it('30 transfers at once against a balance covering 10: exactly 10 succeed, the sender never goes negative', async () => {
    const [from, to] = await pair(10_000);
    const results = await Promise.all(Array.from({ length: 30 }, () => create({ fromRecipientId: from, toRecipientId: to, amount: 1_000 })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('insufficient_balance');
    expect(await balances(t.stack, t.company.Acme, from)).toEqual({ availableBalance: 0, blockedBalance: 0, withdrawableBalance: 0 });
    expect(await balances(t.stack, t.company.Acme, to)).toEqual({ availableBalance: 10_000, blockedBalance: 0, withdrawableBalance: 10_000 });
  });

  it('transfers both ways at once between two wallets never deadlock and keep the total', async () => {
    const [a, b] = await pair(5_000);
    await fund(t.stack, t.company.Acme, b, 5_000);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? create({ fromRecipientId: a, toRecipientId: b, amount: 300 }) : create({ fromRecipientId: b, toRecipientId: a, amount: 200 }))));
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect((await balances(t.stack, t.company.Acme, a)).withdrawableBalance).toBe(5_000 - 10 * 300 + 10 * 200);
    expect((await balances(t.stack, t.company.Acme, b)).withdrawableBalance).toBe(5_000 + 10 * 300 - 10 * 200);
  });
});
