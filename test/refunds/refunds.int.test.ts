import { useTestStack, type SeededCompany } from '../helpers/stack';
import { balanceOf, expectLedgerConsistent, newRecipient, platformBalance, setCompanyFees } from '../payments/fixtures';
import { eventTypesOf, paidCard, paidPixOrBoleto, refundOf, refundReaches, setAutoApprove } from './fixtures';

const t = useTestStack({ companies: ['Acme Ltda', 'Globex'], owners: ['Acme Ltda', 'Globex'] });

const totalOf = async (recipientId: string): Promise<number> => {
  const b = await balanceOf(t.stack, recipientId);
  return b.available + b.pending;
};

const refund = (company: SeededCompany, ids: { txnId: string; payId: string }, body: Record<string, unknown>, version = '/v1') =>
  t.stack.http.post(`${version}/transactions/${ids.txnId}/payments/${ids.payId}/refund`).set(company.headers).send(body);

describe('settings', () => {
  it('automatic approval is on by default, and GET/PUT /settings/refunds read and set it', async () => {
    const company = await t.stack.seedCompany('Settings Co');
    expect((await t.stack.http.get('/v1/settings/refunds').set(company.headers)).body).toEqual({ autoApprove: true });
    await setAutoApprove(t.stack, company, false);
    expect((await t.stack.http.get('/settings/refunds').set(company.headers)).body).toEqual({ autoApprove: false });
    const bad = await t.stack.http.put('/v1/settings/refunds').set(company.headers).send({ autoApprove: 'no' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    expect((await t.stack.http.put('/v1/settings/refunds').set(company.headers).send({ autoApprove: true, extra: 1 })).status).toBe(400);
  });
});

describe('auto-approve on (card)', () => {
  it('a card refund is processing at creation, never pending, then refunded; transaction and payment refunded; events carry refundId, amount, transactionId', async () => {
    const ids = await paidCard(t.stack, t.company['Acme Ltda'], 5_000);
    const res = await refund(t.company['Acme Ltda'], ids, { reason: 'Produto com defeito' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.stringMatching(/^ref_/), amount: 5_000, currency: 'BRL', status: 'processing', reason: 'Produto com defeito', requestedBy: 'api', requestedByType: 'api', paymentMethod: 'credit_card', transactionId: ids.txnId, paymentId: ids.payId, refundedAt: null, failureReason: null });
    const done = await refundReaches(t.stack, t.company['Acme Ltda'], res.body.id, 'refunded');
    expect(Date.parse(done.refundedAt)).not.toBeNaN();

    const txn = (await t.stack.http.get(`/v1/transactions/${ids.txnId}`).set(t.company['Acme Ltda'].headers)).body;
    expect(txn.status).toBe('refunded');
    expect(txn.payments[0].status).toBe('refunded');
    expect(await eventTypesOf(t.stack, res.body.id)).toEqual(['refund.created', 'refund.refunded']);
    const rows = await t.stack.em().execute<{ type: string; payload: { data: Record<string, unknown> } }[]>(
      `select type, payload from events where type in ('refund.created', 'transaction.refunded', 'payment.refunded') and payload->'data'->>'refundId' = ? or (type = 'refund.created' and entity_id = ?) order by created_at`,
      [res.body.id, res.body.id],
    );
    expect(rows.find((r) => r.type === 'refund.created')!.payload.data.status).toBe('processing');
    for (const type of ['transaction.refunded', 'payment.refunded']) {
      expect(rows.find((r) => r.type === type)!.payload.data).toMatchObject({ refundId: res.body.id, refundAmount: 5_000, transactionId: ids.txnId, paymentId: ids.payId });
    }
    // Nothing left to refund.
    const again = await refund(t.company['Acme Ltda'], ids, { reason: 'de novo' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('payment_not_refundable');
    await expectLedgerConsistent(t.stack);
  });

  it('a Pix refund follows the card path', async () => {
    const ids = await paidPixOrBoleto(t.stack, t.company['Acme Ltda'], 'pix', 3_000);
    const res = await refund(t.company['Acme Ltda'], ids, { amount: 1_000, reason: 'Desistência' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'processing', paymentMethod: 'pix' });
    await refundReaches(t.stack, t.company['Acme Ltda'], res.body.id, 'refunded');
    const txn = (await t.stack.http.get(`/v1/transactions/${ids.txnId}`).set(t.company['Acme Ltda'].headers)).body;
    expect(txn.status).toBe('partially_refunded');
    expect(txn.payments[0].status).toBe('partially_refunded');
  });

  it('a gateway failure ends the refund failed with failureReason, and the reserved money goes back', async () => {
    const ids = await paidPixOrBoleto(t.stack, t.company['Acme Ltda'], 'pix', 2_000);
    const before = await balanceOf(t.stack, t.owner['Acme Ltda']);
    const res = await refund(t.company['Acme Ltda'], ids, { reason: 'teste [sandbox:fail]' });
    expect(res.status).toBe(201);
    const failed = await refundReaches(t.stack, t.company['Acme Ltda'], res.body.id, 'failed');
    expect(failed.failureReason).toBe('refund_rejected');
    expect(failed.refundedAt).toBeNull();
    // Everything comes back (the sale's Pix release may have run early for the reservation, pending first).
    expect(await totalOf(t.owner['Acme Ltda'])).toBe(before.available + before.pending);
    const wallet = (await t.stack.http.get(`/v1/wallets/owner/${t.owner['Acme Ltda']}/balance`).set(t.company['Acme Ltda'].headers)).body.balances[0];
    expect(wallet.blockedBalance).toBe(0);
    expect(await eventTypesOf(t.stack, res.body.id)).toEqual(['refund.created', 'refund.failed']);
    expect((await t.stack.http.get(`/v1/transactions/${ids.txnId}`).set(t.company['Acme Ltda'].headers)).body.status).toBe('paid');
    // A failed refund holds nothing: the whole amount is refundable again.
    const retry = await refund(t.company['Acme Ltda'], ids, { reason: 'nova tentativa' });
    expect(retry.status).toBe(201);
    expect(retry.body.amount).toBe(2_000);
    await refundReaches(t.stack, t.company['Acme Ltda'], retry.body.id, 'refunded');
  });
});

describe('auto-approve off', () => {
  let manual: SeededCompany;
  beforeAll(async () => {
    manual = await t.stack.seedCompany('Manual Ltda');
    await newRecipient(t.stack, manual, { role: 'owner' });
    await setAutoApprove(t.stack, manual, false);
  });

  it('a refund starts pending; approve → processing → refunded; approving or refusing it again is 409', async () => {
    const ids = await paidCard(t.stack, manual, 4_000);
    const res = await refund(manual, ids, { amount: 1_500, reason: 'Troca' }, '');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', reviewedBy: null, reviewedAt: null });
    // Pending stays pending: nothing moves without a review.
    expect((await refundOf(t.stack, manual, res.body.id)).body.status).toBe('pending');

    const approved = await t.stack.http.post(`/v1/refunds/${res.body.id}/approve`).set(manual.headers).send();
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('processing');
    expect(approved.body.reviewedBy).toBe('api');
    expect(Date.parse(approved.body.reviewedAt)).not.toBeNaN();
    await refundReaches(t.stack, manual, res.body.id, 'refunded');

    for (const action of ['approve', 'refuse']) {
      const late = await t.stack.http.post(`/v1/refunds/${res.body.id}/${action}`).set(manual.headers).send({});
      expect(late.status).toBe(409);
      expect(late.body.error.code).toBe('refund_not_reviewable');
    }
  });

  it('refuse: a pending refund is refused, its reason kept and the note validated; the reservation is released', async () => {
    const ids = await paidPixOrBoleto(t.stack, manual, 'pix', 2_500);
    const rec = (await t.stack.em().execute<{ recipient_id: string }[]>(`select recipient_id from transaction_splits where transaction_id = ?`, [ids.txnId]))[0].recipient_id;
    const before = await balanceOf(t.stack, rec);
    const res = await refund(manual, ids, { reason: 'Cliente pediu' });
    expect(res.body.status).toBe('pending');
    expect(await totalOf(rec)).toBe(before.available + before.pending); // reserved, not gone: blocked is part of availableBalance
    const b = await t.stack.http.get(`/v1/wallets/owner/${rec}/balance`).set(manual.headers);
    expect(b.body.balances[0].blockedBalance).toBeGreaterThan(0);

    for (const reason of ['', 'x'.repeat(4001), 42]) {
      const bad = await t.stack.http.post(`/v1/refunds/${res.body.id}/refuse`).set(manual.headers).send({ reason });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('validation_failed');
    }
    const refused = await t.stack.http.post(`/v1/refunds/${res.body.id}/refuse`).set(manual.headers).send({ reason: 'Fora do prazo de troca' });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ status: 'refused', reason: 'Cliente pediu', reviewedBy: 'api' });
    const after = await t.stack.http.get(`/v1/wallets/owner/${rec}/balance`).set(manual.headers);
    expect(after.body.balances[0].blockedBalance).toBe(0);
    expect(after.body.balances[0].withdrawableBalance).toBe(b.body.balances[0].withdrawableBalance + b.body.balances[0].blockedBalance);
    await refundReaches(t.stack, manual, res.body.id, 'refused');
    const again = await t.stack.http.post(`/v1/refunds/${res.body.id}/refuse`).set(manual.headers).send();
    expect(again.status).toBe(409);
    expect((await t.stack.http.post(`/v1/refunds/${res.body.id}/approve`).set(manual.headers).send()).status).toBe(409);
    expect(await eventTypesOf(t.stack, res.body.id)).toEqual(['refund.created', 'refund.refused']);
  });
});

describe('amounts', () => {
  it('defaults to the refundable rest; partial refunds up to the paid amount, never beyond', async () => {
    const ids = await paidCard(t.stack, t.company['Acme Ltda'], 3_000);
    const first = await refund(t.company['Acme Ltda'], ids, { amount: 1_000, reason: 'parcial' });
    expect(first.status).toBe(201);
    const tooMuch = await refund(t.company['Acme Ltda'], ids, { amount: 2_001, reason: 'demais' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error.code).toBe('refund_exceeds_refundable');
    const rest = await refund(t.company['Acme Ltda'], ids, { reason: 'o resto' });
    expect(rest.status).toBe(201);
    expect(rest.body.amount).toBe(2_000);
    await refundReaches(t.stack, t.company['Acme Ltda'], rest.body.id, 'refunded');
    await refundReaches(t.stack, t.company['Acme Ltda'], first.body.id, 'refunded');
    expect((await t.stack.http.get(`/v1/transactions/${ids.txnId}`).set(t.company['Acme Ltda'].headers)).body.status).toBe('refunded');
  });

  it('10 concurrent partial refunds whose sum exceeds the paid amount: the accepted ones sum to at most the paid amount, the rest 409', async () => {
    const ids = await paidCard(t.stack, t.company['Acme Ltda'], 2_000);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => refund(t.company['Acme Ltda'], ids, { amount: 300, reason: `parcela ${i}` })));
    const accepted = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(accepted).toHaveLength(6);
    expect(accepted.reduce((a, r) => a + r.body.amount, 0)).toBeLessThanOrEqual(2_000);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('refund_exceeds_refundable');
    }
    for (const a of accepted) await refundReaches(t.stack, t.company['Acme Ltda'], a.body.id, 'refunded');
    const list = await t.stack.http.get(`/v1/refunds/payment/${ids.payId}`).set(t.company['Acme Ltda'].headers);
    expect(list.body.pagination).toEqual({ page: 1, limit: 20, total: 6, totalPages: 1, hasMore: false });
    await expectLedgerConsistent(t.stack);
  });

  it('validation: integer cents ≥ 1, a reason, no unknown field', async () => {
    const ids = await paidCard(t.stack, t.company['Acme Ltda'], 1_000);
    for (const body of [{ amount: 10.5, reason: 'x' }, { amount: '100', reason: 'x' }, { amount: 0, reason: 'x' }, { amount: 100 }, { amount: 100, reason: '' }, { reason: 'x', status: 'refunded' }]) {
      const res = await refund(t.company['Acme Ltda'], ids, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    const unpaid = await t.stack.http
      .post('/v1/transactions')
      .set(t.company['Acme Ltda'].headers)
      .send({ referenceCode: `unpaid-${Date.now()}`, items: [{ description: 'x', quantity: 1, amount: 500 }], payments: [{ paymentMethod: 'pix', amount: 500 }] });
    const notPaid = await refund(t.company['Acme Ltda'], { txnId: unpaid.body.id, payId: unpaid.body.payments[0].id }, { reason: 'x' });
    expect(notPaid.status).toBe(409);
    expect(notPaid.body.error.code).toBe('payment_not_refundable');
  });

  it('Idempotency-Key: a repeated creation replays the first refund', async () => {
    const ids = await paidCard(t.stack, t.company['Acme Ltda'], 1_200);
    const send = () => t.stack.http.post(`/v1/transactions/${ids.txnId}/payments/${ids.payId}/refund`).set(t.company['Acme Ltda'].headers).set('Idempotency-Key', `ref-${ids.payId}`).send({ amount: 200, reason: 'idem' });
    const a = await send();
    const b = await send();
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.body.id).toBe(a.body.id);
    expect((await t.stack.http.get(`/v1/refunds/transaction/${ids.txnId}`).set(t.company['Acme Ltda'].headers)).body.pagination.total).toBe(1);
  });
});

describe('reads and other companies', () => {
  it('GET by id (ref_ and rfd_), lists by transaction and payment with pagination; another company gets 404 exactly like a missing id', async () => {
    const ids = await paidCard(t.stack, t.company['Acme Ltda'], 900);
    const created = [];
    for (const amount of [100, 200, 300]) created.push((await refund(t.company['Acme Ltda'], ids, { amount, reason: 'lista' })).body);
    expect((await refundOf(t.stack, t.company['Acme Ltda'], created[0].id)).body.id).toBe(created[0].id);
    expect((await refundOf(t.stack, t.company['Acme Ltda'], created[0].id.replace(/^ref_/, 'rfd_'))).body.id).toBe(created[0].id);
    const page2 = await t.stack.http.get(`/v1/refunds/transaction/${ids.txnId}?page=2&limit=2`).set(t.company['Acme Ltda'].headers);
    expect(page2.body.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2, hasMore: false });
    expect(page2.body.data.map((r: { id: string }) => r.id)).toEqual([created[2].id]);
    expect((await t.stack.http.get(`/refunds/payment/${ids.payId}?limit=101`).set(t.company['Acme Ltda'].headers)).status).toBe(400);
    expect((await t.stack.http.get(`/refunds/payment/${ids.payId}?page=0`).set(t.company['Acme Ltda'].headers)).status).toBe(400);

    const missing = await t.stack.http.get('/v1/refunds/ref_01jzzzzzzzzzzzzzzzzzzzzzzz').set(t.company.Globex.headers);
    const foreign = await t.stack.http.get(`/v1/refunds/${created[0].id}`).set(t.company.Globex.headers);
    expect(foreign.status).toBe(404);
    expect({ ...foreign.body.error, requestId: '' }).toEqual({ ...missing.body.error, requestId: '' });
    for (const path of [`/v1/refunds/${created[0].id}/approve`, `/v1/refunds/${created[0].id}/refuse`]) expect((await t.stack.http.post(path).set(t.company.Globex.headers).send()).status).toBe(404);
    expect((await t.stack.http.get(`/v1/refunds/transaction/${ids.txnId}`).set(t.company.Globex.headers)).status).toBe(404);
    expect((await t.stack.http.get(`/v1/refunds/payment/${ids.payId}`).set(t.company.Globex.headers)).status).toBe(404);
    expect((await refund(t.company.Globex, ids, { reason: 'alheio' })).status).toBe(404);
  });
});

describe('ledger after refunds', () => {
  it('takes the refund back from the recipients in the split proportions, pending first, gives back the processing fee share and charges the refund fee', async () => {
    const shop = await t.stack.seedCompany('Split Shop');
    const a = await newRecipient(t.stack, shop, { role: 'owner' });
    const b = await newRecipient(t.stack, shop);
    await setCompanyFees(t.stack, shop, { creditCard: { '1': { percentage: 2, fixed: 0 } }, refund: { percentage: 0, fixed: 100 } });
    await setAutoApprove(t.stack, shop, false);
    const splits = [{ recipientId: a, percentage: 70 }, { recipientId: b, percentage: 30 }];
    const ids = await paidCard(t.stack, shop, 10_000, { splits });
    // Card money is pending until D+30: fee 2% = 200, A nets 6 860 and B 2 940.
    expect(await balanceOf(t.stack, a)).toEqual({ pending: 6_860, available: 0 });
    const revenueBefore = await platformBalance(t.stack, 'revenue');

    // 2 500 of 10 000: gross 1 750 / 750, fee back floor(200 × 25%) = 50 → 35 / 15, refund fee 100 → 70 / 30.
    const partial = await refund(shop, ids, { amount: 2_500, reason: 'parcial' });
    expect(partial.status).toBe(201);
    // Pending first: the sale's installment was released early to cover it, then 1 785 / 765 blocked while pending review.
    const balA = (await t.stack.http.get(`/v1/wallets/owner/${a}/balance`).set(shop.headers)).body.balances[0];
    expect(balA).toMatchObject({ pendingBalance: 0, blockedBalance: 1_785, withdrawableBalance: 6_860 - 1_785 });
    await t.stack.http.post(`/v1/refunds/${partial.body.id}/approve`).set(shop.headers).send().expect(200);
    await refundReaches(t.stack, shop, partial.body.id, 'refunded');
    expect(await balanceOf(t.stack, a)).toEqual({ pending: 0, available: 6_860 - 1_785 });
    expect(await balanceOf(t.stack, b)).toEqual({ pending: 0, available: 2_940 - 765 });
    expect(await platformBalance(t.stack, 'revenue')).toBe(revenueBefore - 50 + 100);

    const statement = (await t.stack.http.get(`/v1/wallets/owner/${a}/transactions`).set(shop.headers)).body.data as { type: string; amount: number; source: string }[];
    expect(statement.filter((e) => e.source === 'refund').map((e) => [e.type, e.amount]).sort()).toEqual([['fee', -70], ['refund', -1_715]]);

    // The rest (7 500) needs more than the sale left A once the refund fee is added: 409 until the merchant tops up.
    const rest = await refund(shop, ids, { reason: 'o resto' });
    expect(rest.status).toBe(409);
    expect(rest.body.error.code).toBe('insufficient_balance');
    for (const r of [a, b]) await t.stack.http.post('/sandbox/ledger/credit').set(shop.headers).send({ recipientId: r, amount: 1_000 }).expect(201);
    const rest2 = await refund(shop, ids, { reason: 'o resto' });
    expect(rest2.status).toBe(201);
    await t.stack.http.post(`/v1/refunds/${rest2.body.id}/approve`).set(shop.headers).send().expect(200);
    await refundReaches(t.stack, shop, rest2.body.id, 'refunded');
    // In all: A gave back 7 000 − 140 + 70 fee; B 3 000 − 60 + 30; Lastro kept only the refund fees.
    expect(await balanceOf(t.stack, a)).toEqual({ pending: 0, available: 1_000 + 6_860 - (7_000 - 140) - 70 - 70 });
    expect(await balanceOf(t.stack, b)).toEqual({ pending: 0, available: 1_000 + 2_940 - (3_000 - 60) - 30 - 30 });
    expect(await platformBalance(t.stack, 'revenue')).toBe(revenueBefore - 200 + 200);
    await expectLedgerConsistent(t.stack);
  });
});
