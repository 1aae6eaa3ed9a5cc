import { useTestStack } from '../helpers/stack';
import { sellerBody } from '../recipients/fixtures';
import { approveSignal, rejectSignal, withdrawalStateQuery } from '../../workflows/withdrawals/withdrawal.contract';
import { activeRecipient, awaitingApproval, balances, decidePayout, fund, historyOf, providerSends, setWithdrawalFee, until, waitForStatus } from './fixtures';

const t = useTestStack({ companies: ['Acme', 'Other'] });

const create = (body: Record<string, unknown>, company = t.company.Acme, headers: Record<string, string> = {}) =>
  t.stack.http.post('/withdrawals').set(company.headers).set(headers).send(body);
const get = (id: string, company = t.company.Acme) => t.stack.http.get(`/withdrawals/${id}`).set(company.headers);
const cancel = (id: string, body: Record<string, unknown> = {}, company = t.company.Acme) => t.stack.http.post(`/withdrawals/${id}/cancel`).set(company.headers).send(body);
const signal = (id: string) => t.stack.client.workflow.getHandle(id);

/** A Pix end-to-end id of the embedded provider (Efí's ISPB 09089356): the provider's transfer id. */
const E2E = /^E09089356\d{12}[a-z0-9]{11}$/;

async function fundedRecipient(amount: number, bankAccount?: string, bankCode?: string): Promise<string> {
  const id = await activeRecipient(t.stack, t.company.Acme, bankAccount, bankCode);
  await fund(t.stack, t.company.Acme, id, amount);
  return id;
}

const expectError = (res: { status: number; body: any }, status: number, code: string) => {
  expect(res.status).toBe(status);
  expect(res.body.error).toMatchObject({ code, message: expect.any(String), requestId: expect.stringMatching(/^req_/) });
};

describe('GET /withdrawals/config', () => {
  it('shows the fee table’s withdrawal fee and the minimum per currency', async () => {
    const plain = await t.stack.http.get('/withdrawals/config').set(t.company.Other.headers);
    expect(plain.status).toBe(200);
    expect(plain.body).toEqual({ currency: 'BRL', feePercentage: 0, feeFixed: 0, minimumAmount: 100 });

    await setWithdrawalFee(t.stack, t.company.Acme, 2, 150);
    const priced = await t.stack.http.get('/withdrawals/config?currency=brl').set(t.company.Acme.headers);
    // 2% + 150 on 100 cents would leave nothing: the smallest gross with net >= 1 cent is 154.
    expect(priced.body).toEqual({ currency: 'BRL', feePercentage: 2, feeFixed: 150, minimumAmount: 154 });
    expect((await t.stack.http.get('/withdrawals/config?currency=USD').set(t.company.Acme.headers)).body).toMatchObject({ currency: 'USD', minimumAmount: 100 });
  });

  it.each([['BR'], ['BRLX'], ['B1L']])('rejects currency %s with 400', async (currency) => {
    expectError(await t.stack.http.get(`/withdrawals/config?currency=${currency}`).set(t.company.Acme.headers), 400, 'validation_failed');
  });
});

describe('POST /withdrawals validation', () => {
  it.each([
    ['a decimal amount', { amount: 10.5 }, 'amount'],
    ['a string amount', { amount: '1000' }, 'amount'],
    ['a zero amount', { amount: 0 }, 'amount'],
    ['no recipientId', { recipientId: undefined }, 'recipientId'],
    ['a 2-letter currency', { currency: 'BR' }, 'currency'],
    ['an attempt to set status', { status: 'paid' }, 'status'],
  ])('%s is a 400 naming the field', async (_what, patch, field) => {
    const res = await create({ recipientId: 'rec_x', amount: 1000, ...patch });
    expectError(res, 400, 'validation_failed');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it('404 naming recipientId for an unknown recipient or one of another company (as customerId on transactions); 409 recipient_not_active before KYC approval', async () => {
    const theirs = await activeRecipient(t.stack, t.company.Other);
    for (const recipientId of [theirs, 'rec_00000000000000000000000000']) {
      const res = await create({ recipientId, amount: 1000 });
      expectError(res, 404, 'not_found');
      expect(res.body.error.details).toEqual([{ path: 'recipientId', message: 'Recipient not found' }]);
    }
    const pending = await t.stack.http.post('/recipients').set(t.company.Acme.headers).send(sellerBody());
    expectError(await create({ recipientId: pending.body.id, amount: 1000 }), 409, 'recipient_not_active');
  });
});

describe('POST /withdrawals conflicts leave the balances untouched', () => {
  it('409 no_active_wallet: never funded, or no wallet in that currency', async () => {
    const fresh = await activeRecipient(t.stack, t.company.Acme);
    expectError(await create({ recipientId: fresh, amount: 1000 }), 409, 'no_active_wallet');
    await fund(t.stack, t.company.Acme, fresh, 5000);
    expectError(await create({ recipientId: fresh, amount: 1000, currency: 'USD' }), 409, 'no_active_wallet');
    expect(await balances(t.stack, t.company.Acme, fresh)).toEqual({ availableBalance: 5000, blockedBalance: 0, withdrawableBalance: 5000 });
  });

  it('409 amount_below_minimum, and 409 insufficient_balance above the withdrawable balance', async () => {
    const r = await fundedRecipient(5000);
    const below = await create({ recipientId: r, amount: 153 });
    expectError(below, 409, 'amount_below_minimum');
    expect(below.body.error.message).toContain('154');
    const short = await create({ recipientId: r, amount: 5001 });
    expectError(short, 409, 'insufficient_balance');
    expect(await balances(t.stack, t.company.Acme, r)).toEqual({ availableBalance: 5000, blockedBalance: 0, withdrawableBalance: 5000 });
    expect((await create({ recipientId: r, amount: 5000 })).status).toBe(201);
    expect(await balances(t.stack, t.company.Acme, r)).toEqual({ availableBalance: 5000, blockedBalance: 5000, withdrawableBalance: 0 });
    expectError(await create({ recipientId: r, amount: 154 }), 409, 'insufficient_balance');
  });
});

describe('requested', () => {
  let recipientId: string;
  let withdrawal: any;

  beforeAll(async () => {
    recipientId = await fundedRecipient(10_000);
    const res = await create({ recipientId, amount: 5000 }, t.company.Acme, { 'Idempotency-Key': `wdr-${recipientId}` });
    expect(res.status).toBe(201);
    withdrawal = res.body;
  });

  it('prices, picks the wallet and reserves the gross amount; recipientId is not echoed', async () => {
    // Fee 2% + 150 (set above): 100 + 150 = 250.
    expect(withdrawal).toMatchObject({ amount: 5000, currency: 'BRL', fee: 250, netAmount: 4750, status: 'requested', paidAt: null, pspTransferId: null });
    expect(withdrawal.id).toMatch(/^wdr_/);
    expect(withdrawal.walletId).toMatch(/^wlt_/);
    expect(withdrawal.bankAccountId).toMatch(/^rba_/);
    expect(withdrawal).not.toHaveProperty('recipientId');
    expect(historyOf(withdrawal)).toEqual([{ status: 'requested', changedBy: 'api', reason: null }]);
    expect(await balances(t.stack, t.company.Acme, recipientId)).toEqual({ availableBalance: 10_000, blockedBalance: 5000, withdrawableBalance: 5000 });
  });

  it('replays the same Idempotency-Key without reserving twice', async () => {
    const again = await create({ recipientId, amount: 5000 }, t.company.Acme, { 'Idempotency-Key': `wdr-${recipientId}` });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(withdrawal);
    expect((await balances(t.stack, t.company.Acme, recipientId)).blockedBalance).toBe(5000);
  });

  it('is readable by its company only, and listed with a status filter', async () => {
    expect((await get(withdrawal.id)).body).toEqual(withdrawal);
    expectError(await get(withdrawal.id, t.company.Other), 404, 'not_found');
    expectError(await get('wdr_missing'), 404, 'not_found');
    const list = await t.stack.http.get('/withdrawals?status=requested&limit=100').set(t.company.Acme.headers);
    expect(list.status).toBe(200);
    expect(list.body.data.map((w: { id: string }) => w.id)).toContain(withdrawal.id);
    expect(list.body.data.every((w: { status: string }) => w.status === 'requested')).toBe(true);
    expect((await t.stack.http.get('/withdrawals?status=paid&limit=100').set(t.company.Acme.headers)).body.data.map((w: { id: string }) => w.id)).not.toContain(withdrawal.id);
    expect((await t.stack.http.get('/withdrawals').set(t.company.Other.headers)).body).toEqual({ data: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0, hasMore: false } });
    const page = await t.stack.http.get('/withdrawals?limit=1&page=2').set(t.company.Acme.headers);
    expect(page.body.pagination).toMatchObject({ page: 2, limit: 1 });
    expect(page.body.data).toHaveLength(1);
    expectError(await t.stack.http.get('/withdrawals?status=done').set(t.company.Acme.headers), 400, 'validation_failed');
    expectError(await t.stack.http.get('/withdrawals?limit=101').set(t.company.Acme.headers), 400, 'validation_failed');
  });

  it('its workflow (id = wdr_ id) waits for approve, reject or cancel, and says so in a query and the memo', async () => {
    const state = await awaitingApproval(t.stack, withdrawal.id);
    expect(state).toMatchObject({ withdrawalId: withdrawal.id, status: 'requested', waitingFor: ['approve', 'reject', 'cancel'], decidedBy: null });
    const description = await signal(withdrawal.id).describe();
    expect(description.type).toBe('withdrawalWorkflow');
    expect(description.status.name).toBe('RUNNING');
    expect(await description.memo).toMatchObject({ stage: 'awaiting_approval', amount: 5000, currency: 'BRL' });
  });
});

describe('cancelled', () => {
  it('releases the reservation, records who and why, ends the workflow, and is 409 a second time', async () => {
    const r = await fundedRecipient(8000);
    const { body: w } = await create({ recipientId: r, amount: 3000 });
    expectError(await cancel(w.id, {}, t.company.Other), 404, 'not_found');
    expectError(await cancel(w.id, { reason: '' }), 400, 'validation_failed');

    const res = await cancel(w.id, { reason: 'changed my mind' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
    expect(historyOf(res.body)).toEqual([
      { status: 'requested', changedBy: 'api', reason: null },
      { status: 'cancelled', changedBy: 'api', reason: 'changed my mind' },
    ]);
    expect(await balances(t.stack, t.company.Acme, r)).toEqual({ availableBalance: 8000, blockedBalance: 0, withdrawableBalance: 8000 });
    expect(await signal(w.id).result()).toEqual({ status: 'cancelled' });
    expectError(await cancel(w.id), 409, 'withdrawal_not_cancellable');
    expect((await get(w.id)).body.status).toBe('cancelled');
  });
});

describe('rejected', () => {
  it('by the operator’s reject signal: reservation released, withdrawal.rejected, then cancel is 409', async () => {
    const r = await fundedRecipient(8000);
    const { body: w } = await create({ recipientId: r, amount: 3000 });
    await awaitingApproval(t.stack, w.id);
    // A malformed signal (no reason) is ignored: the withdrawal keeps waiting.
    await signal(w.id).signal(rejectSignal, { operator: 'ana' } as any);
    await signal(w.id).signal(rejectSignal, { operator: 'ana', reason: 'documents mismatch' });
    expect(await signal(w.id).result()).toEqual({ status: 'rejected' });

    const done = (await get(w.id)).body;
    expect(historyOf(done)).toEqual([
      { status: 'requested', changedBy: 'api', reason: null },
      { status: 'rejected', changedBy: 'ana', reason: 'documents mismatch' },
    ]);
    expect(await balances(t.stack, t.company.Acme, r)).toEqual({ availableBalance: 8000, blockedBalance: 0, withdrawableBalance: 8000 });
    expectError(await cancel(w.id), 409, 'withdrawal_not_cancellable');
    const events = await t.stack.em().execute<{ type: string }[]>(`select type from events where entity_id = ? order by created_at`, [w.id]);
    expect(events.map((e) => e.type)).toEqual(['withdrawal.requested', 'withdrawal.rejected']);
  });
});

describe('approved → processing → paid', () => {
  it('pays the net amount, debits the gross as withdrawal + withdrawal_fee, and shows both in statement and summary', async () => {
    const r = await fundedRecipient(10_000);
    const { body: w } = await create({ recipientId: r, amount: 6000 });
    await awaitingApproval(t.stack, w.id);
    await signal(w.id).signal(approveSignal, { operator: 'ana' });
    expect(await signal(w.id).result()).toEqual({ status: 'paid' });

    const paid = (await get(w.id)).body;
    // 2% of 6000 + 150 = 270.
    expect(paid).toMatchObject({ status: 'paid', fee: 270, netAmount: 5730, pspTransferId: expect.stringMatching(E2E), paidAt: expect.any(String) });
    // One Pix of the net amount at the provider, under the withdrawal's id, through the connection recorded on the row.
    const sends = await providerSends(w.id);
    expect(sends.map((x) => [x.endToEndId, x.centavos, x.status])).toEqual([[paid.pspTransferId, 5730, 'REALIZADO']]);
    const [{ payout_connection_id }] = await t.stack.em().execute(`select payout_connection_id from withdrawals where id = ?`, [w.id]);
    expect(payout_connection_id).toBe('default');
    expect(historyOf(paid)).toEqual([
      { status: 'requested', changedBy: 'api', reason: null },
      { status: 'approved', changedBy: 'ana', reason: null },
      { status: 'processing', changedBy: 'system', reason: null },
      { status: 'paid', changedBy: 'system', reason: null },
    ]);
    expect(await balances(t.stack, t.company.Acme, r)).toEqual({ availableBalance: 4000, blockedBalance: 0, withdrawableBalance: 4000 });

    const statement = (await t.stack.http.get(`/wallets/owner/${r}/transactions?source=withdrawal`).set(t.company.Acme.headers)).body.data;
    expect(statement.map((e: { type: string; amount: number }) => [e.type, e.amount]).sort()).toEqual([
      ['withdrawal', -5730],
      ['withdrawal_fee', -270],
    ]);
    const summary = (await t.stack.http.get(`/wallets/owner/${r}/summary`).set(t.company.Acme.headers)).body.data[0];
    expect(summary.byType).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'withdrawal', total: -5730, debits: -5730, count: 1 }),
        expect.objectContaining({ type: 'withdrawal_fee', total: -270, debits: -270, count: 1 }),
      ]),
    );
    expect(summary.net).toBe(4000);

    expectError(await cancel(w.id), 409, 'withdrawal_not_cancellable');
    const events = await t.stack.em().execute<{ type: string }[]>(`select type from events where entity_id = ? order by created_at`, [w.id]);
    expect(events.map((e) => e.type)).toEqual(['withdrawal.requested', 'withdrawal.paid']);
    // A second approval after the end is not an error anywhere: the workflow is closed.
    await expect(signal(w.id).signal(approveSignal, { operator: 'bob' })).rejects.toThrow();
  });
});

describe('approved → processing → failed', () => {
  it('a payout the receiving bank refuses (embedded provider: account 99999…, SPI AC04) fails with the gross back via a withdrawal_reversal posting', async () => {
    const r = await fundedRecipient(7000, '99999');
    const { body: w } = await create({ recipientId: r, amount: 7000 });
    expect(await balances(t.stack, t.company.Acme, r)).toEqual({ availableBalance: 7000, blockedBalance: 7000, withdrawableBalance: 0 });
    await awaitingApproval(t.stack, w.id);
    await signal(w.id).signal(approveSignal, { operator: 'ana' });
    expect(await signal(w.id).result()).toEqual({ status: 'failed' });

    const failed = (await get(w.id)).body;
    expect(failed).toMatchObject({ status: 'failed', paidAt: null, pspTransferId: expect.stringMatching(E2E) });
    expect((await providerSends(w.id)).map((x) => x.status)).toEqual(['NAO_REALIZADO']);
    expect(historyOf(failed)).toEqual([
      { status: 'requested', changedBy: 'api', reason: null },
      { status: 'approved', changedBy: 'ana', reason: null },
      { status: 'processing', changedBy: 'system', reason: null },
      { status: 'failed', changedBy: 'system', reason: 'bank_account_closed' },
    ]);
    expect(await balances(t.stack, t.company.Acme, r)).toEqual({ availableBalance: 7000, blockedBalance: 0, withdrawableBalance: 7000 });
    const reversal = await t.stack.em().execute<{ type: string; amount: string }[]>(
      `select e.type, e.amount from ledger_postings p join ledger_entries e on e.posting_id = p.id where p.source_id = ? and p.kind = 'reversal' order by e.amount`,
      [w.id],
    );
    expect(reversal.map((e) => [e.type, Number(e.amount)])).toEqual([
      ['withdrawal_reversal', -7000],
      ['withdrawal_reversal', 7000],
    ]);
    // Nothing left the wallet: no withdrawal entries in the statement.
    expect((await t.stack.http.get(`/wallets/owner/${r}/transactions?source=withdrawal`).set(t.company.Acme.headers)).body.data).toEqual([]);
  });
});

describe('payout outcomes at the provider', () => {
  it('a bank Lastro has no ISPB for fails unknown_bank without a Pix sent, and the gross comes back', async () => {
    const r = await fundedRecipient(3000, '12345', '999');
    const { body: w } = await create({ recipientId: r, amount: 3000 });
    await awaitingApproval(t.stack, w.id);
    await signal(w.id).signal(approveSignal, { operator: 'ana' });
    expect(await signal(w.id).result()).toEqual({ status: 'failed' });
    const failed = (await get(w.id)).body;
    expect(failed).toMatchObject({ status: 'failed', pspTransferId: null });
    expect(historyOf(failed).at(-1)).toEqual({ status: 'failed', changedBy: 'system', reason: 'unknown_bank' });
    expect(await providerSends(w.id)).toEqual([]);
    expect(await balances(t.stack, t.company.Acme, r)).toEqual({ availableBalance: 3000, blockedBalance: 0, withdrawableBalance: 3000 });
  });

  it('a Pix the provider holds is awaited until the provider decides it (here: refused AC03, invalid_account)', async () => {
    const r = await fundedRecipient(4000, '77777');
    const { body: w } = await create({ recipientId: r, amount: 4000 });
    await awaitingApproval(t.stack, w.id);
    await signal(w.id).signal(approveSignal, { operator: 'ana' });
    await until(async () => (await providerSends(w.id)).length === 1, 'the provider to hold the Pix');
    expect((await get(w.id)).body.status).toBe('processing');
    expect(await decidePayout(w.id, 'failed', { codigo: 'AC03' })).toBe(200);
    expect(await signal(w.id).result()).toEqual({ status: 'failed' });
    expect(historyOf((await get(w.id)).body).at(-1)).toEqual({ status: 'failed', changedBy: 'system', reason: 'invalid_account' });
    expect(await balances(t.stack, t.company.Acme, r)).toEqual({ availableBalance: 4000, blockedBalance: 0, withdrawableBalance: 4000 });
  });

  it('a payout returned by the receiving bank after it was paid (account 88888…): paid → failed payout_returned, the net back in the wallet once, the fee kept', async () => {
    await setWithdrawalFee(t.stack, t.company.Acme, 0, 100);
    const r = await fundedRecipient(5000, '88888');
    const { body: w } = await create({ recipientId: r, amount: 5000 });
    await awaitingApproval(t.stack, w.id);
    await signal(w.id).signal(approveSignal, { operator: 'ana' });
    // The provider returns the Pix a moment after it paid it, and calls Lastro back (confirmed by a
    // query); a return the payout activity already reads is applied with the payout itself. Either
    // way the history and the money are the same.
    expect(['paid', 'failed']).toContain((await signal(w.id).result()).status);
    const returned = await waitForStatus(t.stack, t.company.Acme, w.id, 'failed');
    expect(returned).toMatchObject({ netAmount: 4900, fee: 100, pspTransferId: expect.stringMatching(E2E), paidAt: expect.any(String) });
    expect(historyOf(returned)).toEqual([
      { status: 'requested', changedBy: 'api', reason: null },
      { status: 'approved', changedBy: 'ana', reason: null },
      { status: 'processing', changedBy: 'system', reason: null },
      { status: 'paid', changedBy: 'system', reason: null },
      { status: 'failed', changedBy: 'system', reason: 'payout_returned' },
    ]);
    const [send] = await providerSends(w.id);
    expect(send.devolucoes).toHaveLength(1);
    expect(await balances(t.stack, t.company.Acme, r)).toEqual({ availableBalance: 4900, blockedBalance: 0, withdrawableBalance: 4900 });
    const statement = (await t.stack.http.get(`/wallets/owner/${r}/transactions?source=withdrawal`).set(t.company.Acme.headers)).body.data;
    expect(statement.map((e: { type: string; amount: number }) => [e.type, e.amount]).sort()).toEqual([
      ['withdrawal', -4900],
      ['withdrawal_fee', -100],
      ['withdrawal_reversal', 4900],
    ]);
    // The provider's callback again (a retry, a duplicate) changes nothing.
    const connection = t.stack.config.processors.payout!;
    const again = await t.stack.http
      .post(`/processors/payouts/callbacks/default/${connection.callbackSecret}/pix`)
      .send({ pix: [{ endToEndId: send.endToEndId, tipo: 'DEVOLUCAO', status: 'DEVOLVIDO', valor: send.valor, gnExtras: { idEnvio: send.idEnvio } }] });
    expect(again.status).toBe(200);
    expect(await balances(t.stack, t.company.Acme, r)).toEqual({ availableBalance: 4900, blockedBalance: 0, withdrawableBalance: 4900 });
    await setWithdrawalFee(t.stack, t.company.Acme, 2, 150);
  });

  it('a callback with a wrong secret is 401; one naming a transfer the provider does not have changes nothing', async () => {
    const wrong = await t.stack.http.post('/processors/payouts/callbacks/default/not-the-secret-at-all-aaaaaaaaaaaaaaa/pix').send({ pix: [{ gnExtras: { idEnvio: 'x' } }] });
    expect(wrong.status).toBe(401);
    const secret = t.stack.config.processors.payout!.callbackSecret;
    const forged = await t.stack.http.post(`/processors/payouts/callbacks/default/${secret}/pix`).send({ pix: [{ tipo: 'DEVOLUCAO', status: 'DEVOLVIDO', gnExtras: { idEnvio: 'wdr01jzzzzzzzzzzzzzzzzzzzzzzzz' } }] });
    expect(forged.status).toBe(200);
    expect(forged.body).toEqual({ received: 1, returned: 0 });
  });
});

describe('concurrency', () => {
  it('an operator’s approval racing the merchant’s cancel: exactly one wins, and the money matches it', async () => {
    const r = await fundedRecipient(6000);
    const { body: w } = await create({ recipientId: r, amount: 6000 });
    await awaitingApproval(t.stack, w.id);
    const [, cancelled] = await Promise.all([signal(w.id).signal(approveSignal, { operator: 'ana' }), cancel(w.id)]);
    const { status } = await signal(w.id).result();
    const final = (await get(w.id)).body;
    expect(final.status).toBe(status);
    if (cancelled.status === 200) {
      expect(status).toBe('cancelled');
      expect(historyOf(final).map((h) => h.status)).toEqual(['requested', 'cancelled']);
      expect(await balances(t.stack, t.company.Acme, r)).toEqual({ availableBalance: 6000, blockedBalance: 0, withdrawableBalance: 6000 });
    } else {
      expectError(cancelled, 409, 'withdrawal_not_cancellable');
      expect(status).toBe('paid');
      expect(historyOf(final).map((h) => h.status)).toEqual(['requested', 'approved', 'processing', 'paid']);
      expect(await balances(t.stack, t.company.Acme, r)).toEqual({ availableBalance: 0, blockedBalance: 0, withdrawableBalance: 0 });
    }
  });

  it('30 concurrent withdrawals against a balance covering 10: exactly 10 requested, withdrawable never negative', async () => {
    const r = await fundedRecipient(10 * 1000);
    const results = await Promise.all(Array.from({ length: 30 }, () => create({ recipientId: r, amount: 1000 })));
    const created = results.filter((res) => res.status === 201);
    expect(created).toHaveLength(10);
    for (const res of results.filter((x) => x.status !== 201)) expectError(res, 409, 'insufficient_balance');
    expect(await balances(t.stack, t.company.Acme, r)).toEqual({ availableBalance: 10_000, blockedBalance: 10_000, withdrawableBalance: 0 });
    const [{ count }] = await t.stack.em().execute(`select count(*)::int as count from withdrawals where recipient_id = ? and status = 'requested'`, [r]);
    expect(count).toBe(10);
    const negative = await t.stack.em().execute(`select account_id from ledger_balances where owner_type = 'wallet' and balance < 0`);
    expect(negative).toEqual([]);
    // Every one of them has its waiting workflow.
    for (const res of created) expect((await signal(res.body.id).query(withdrawalStateQuery)).withdrawalId).toBe(res.body.id);
  });
});
