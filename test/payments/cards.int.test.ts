import { computeFee } from '../../src/fees/fee.rules';
import { daysFromNow, runReleaseRuns } from '../helpers/release-runs';
import { useTestStack } from '../helpers/stack';
import { acquirerSalesOf } from './acquirer';
import { balanceOf, cardBody, cardToken, expectLedgerConsistent, newRecipient, newReference, platformBalance, setCompanyFees } from './fixtures';

/** Card fee per installment count: 2% + 0.5% per extra installment, plus 10 cents from 2 installments on. */
const cardFee = (n: number) => ({ percentage: 2 + (n - 1) * 0.5, fixed: n > 1 ? 10 : 0 });

const t = useTestStack({
  companies: ['Acme'],
  owners: ['Acme'],
  async setup(t) {
    const creditCard = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [String(i + 1), cardFee(i + 1)]));
    await setCompanyFees(t.stack, t.company.Acme, { creditCard });
  },
});

const create = (body: object) => t.stack.http.post('/v1/transactions').set(t.company.Acme.headers).send(body);
const eventTypes = async (id: string) =>
  (await t.stack.em().execute<{ type: string }[]>(`select type from events where entity_id = ? order by created_at, id`, [id])).map((e) => e.type);

describe('card outcomes (the embedded acquirer, through the Cielo adapter), answered in the creation request', () => {
  it.each([
    ['4111111111111111', 'paid', null],
    ['5555555555554444', 'paid', null],
    ['4000000000000002', 'refused', 'card_declined'],
    ['4000000000009995', 'refused', 'insufficient_funds'],
    ['4000000000000119', 'failed', 'processor_error'],
  ])('%s → %s %s', async (pan, status, reason) => {
    const res = await create(cardBody(await cardToken(t.stack, t.company.Acme, pan), 2_000));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status, statusReason: reason });
    const pay = res.body.payments[0];
    expect(pay).toMatchObject({ status, statusReason: reason, installments: 1 });
    expect(pay.creditCard).toMatchObject({ first6: pan.slice(0, 6), last4: pan.slice(-4), holder: 'MARIA SILVA' });
    expect(JSON.stringify(res.body)).not.toContain(pan);
    if (status === 'paid') expect(pay.creditCard.authorizationCode).toMatch(/^\d{6}$/);
    expect(await eventTypes(res.body.id)).toEqual(['transaction.created', `transaction.${status}`]);
    expect(await eventTypes(pay.id)).toEqual(['payment.created', `payment.${status}`]);
    // One sale at the company's store, made under the payment's id; the payment names the store's connection.
    expect(await acquirerSalesOf(t.stack.config, pay.id)).toHaveLength(1);
    const [row] = await t.stack.em().execute<{ gateway: string; processor_connection_id: string }[]>(`select gateway, processor_connection_id from payments where id = ?`, [pay.id]);
    expect(row).toEqual({ gateway: 'cielo', processor_connection_id: 'default' });
    // The CVV is destroyed after the first authorization, whatever its outcome.
    const [card] = await t.stack.em().execute<{ cvv_sealed: unknown }[]>(`select cvv_sealed from stored_cards where payment_id = ?`, [pay.id]);
    expect(card.cvv_sealed).toBeNull();
    await expectLedgerConsistent(t.stack);
  });

  it('a token is single use: the second transaction with it is 400 card_token_invalid and creates nothing', async () => {
    const token = await cardToken(t.stack, t.company.Acme);
    expect((await create(cardBody(token, 1_000))).status).toBe(201);
    const body = cardBody(token, 1_000);
    const again = await create(body);
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('card_token_invalid');
    const [{ n }] = await t.stack.em().execute<{ n: string }[]>(`select count(*) as n from transactions where reference_code = ?`, [body.referenceCode]);
    expect(Number(n)).toBe(0);
  });

  it('a sale whose checks fail claims nothing: its 400 names the check, and the token still pays the next sale', async () => {
    // A cards-only sale is checked in its write's transaction, the token claimed beside the checks.
    const token = await cardToken(t.stack, t.company.Acme);
    const refused = await create(cardBody(token, 1_000, 1, { splits: [{ recipientId: 'rec_nonexistent', percentage: 100 }] }));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'validation_failed', details: [{ path: 'splits.0.recipientId' }] });
    const claimed = await t.stack.em().execute<{ payment_id: string | null }[]>(`select payment_id from stored_cards where token_id = ?`, [token]);
    expect(claimed).toEqual([{ payment_id: null }]);
    const paid = await create(cardBody(token, 1_000));
    expect(paid.body).toMatchObject({ status: 'paid' });
  });

  it('a used token beside a failing check answers the check first', async () => {
    const token = await cardToken(t.stack, t.company.Acme);
    expect((await create(cardBody(token, 1_000))).status).toBe(201);
    const both = await create(cardBody(token, 1_000, 1, { splits: [{ recipientId: 'rec_nonexistent', percentage: 100 }] }));
    expect(both.body.error).toMatchObject({ code: 'validation_failed', details: [{ path: 'splits.0.recipientId' }] });
    const tokenOnly = await create(cardBody(token, 1_000));
    expect(tokenOnly.body.error).toMatchObject({ code: 'card_token_invalid', details: [{ path: 'payments.0.creditCard.token' }] });
  });

  it('two concurrent transactions with one token: exactly one gets it', async () => {
    const token = await cardToken(t.stack, t.company.Acme);
    const [a, b] = await Promise.all([create(cardBody(token, 1_000)), create(cardBody(token, 1_000))]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
  });
});

describe('installments 1-12: the fee of each count, releases at D+30·n', () => {
  it.each(Array.from({ length: 12 }, (_, i) => i + 1))('%i installment(s)', async (n) => {
    const amount = 10_007;
    const revenueBefore = await platformBalance(t.stack, 'revenue');
    const ownerBefore = await balanceOf(t.stack, t.owner.Acme);
    const res = await create(cardBody(await cardToken(t.stack, t.company.Acme), amount, n));
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('paid');
    expect(res.body.payments[0].installments).toBe(n);
    const fee = computeFee(cardFee(n), amount);
    expect(await platformBalance(t.stack, 'revenue')).toBe(revenueBefore + fee);
    expect(await balanceOf(t.stack, t.owner.Acme)).toEqual({ pending: ownerBefore.pending + amount - fee, available: ownerBefore.available });

    const timeline = await t.stack.http.get(`/v1/transactions/${res.body.id}/timeline`).set(t.company.Acme.headers);
    const releases = timeline.body.scheduled.filter((s: { kind: string }) => s.kind === 'release');
    expect(releases).toHaveLength(n);
    const paidAt = Date.parse(res.body.paidAt);
    releases.forEach((r: { at: string }, k: number) => expect(Date.parse(r.at) - paidAt).toBe((k + 1) * 30 * 86_400_000));
    expect(releases.reduce((a: number, r: { amount: number }) => a + r.amount, 0)).toBe(amount - fee);
    await expectLedgerConsistent(t.stack);
  });
});

describe('splits: shares, fee payer, platform fee; pending then available on the release dates', () => {
  it('70% seller (pays the fee) + 30% platform_fee; 3 installments released at D+30, D+60, D+90', async () => {
    const seller = await newRecipient(t.stack, t.company.Acme);
    const marketplace = await newRecipient(t.stack, t.company.Acme);
    const amount = 30_001;
    const res = await create(
      cardBody(await cardToken(t.stack, t.company.Acme), amount, 3, {
        splits: [
          { recipientId: seller, percentage: 70, liable: true, chargeProcessingFee: true },
          { recipientId: marketplace, type: 'platform_fee', percentage: 30, liable: false, chargeProcessingFee: false },
        ],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('paid');
    expect(res.body.splits).toEqual([
      expect.objectContaining({ recipientId: seller, type: 'sale', percentage: 70, chargeProcessingFee: true }),
      expect.objectContaining({ recipientId: marketplace, type: 'platform_fee', percentage: 30, liable: false }),
    ]);
    const fee = computeFee(cardFee(3), amount);
    // 70% of 30 001 = 21 000.7 → 21 001 (largest remainder), 30% = 9 000.3 → 9 000.
    expect(await balanceOf(t.stack, seller)).toEqual({ pending: 21_001 - fee, available: 0 });
    expect(await balanceOf(t.stack, marketplace)).toEqual({ pending: 9_000, available: 0 });
    const [pf] = await t.stack.em().execute<{ sum: string }[]>(
      `select sum(e.amount) as sum from ledger_entries e join wallets w on w.id = e.wallet_id where w.recipient_id = ? and e.type = 'platform_fee'`,
      [marketplace],
    );
    expect(Number(pf.sum)).toBe(9_000);

    // Decided by the API: no workflow; its money matures in release runs, from its receivables.
    await expect(t.stack.client.workflow.getHandle(res.body.id).describe()).rejects.toThrow(/not found/i);
    const receivables = await t.stack.em().execute<{ recipient_id: string; installment: number }[]>(`select recipient_id, installment from receivables where transaction_id = ? and status = 'pending'`, [res.body.id]);
    expect(receivables).toHaveLength(6);
    const sellerNet = 21_001 - fee;
    const sellerSlices = [sellerNet - 2 * Math.floor(21_001 / 3) + 2 * Math.floor(fee / 3), Math.floor(21_001 / 3) - Math.floor(fee / 3)];
    await runReleaseRuns(t.stack, daysFromNow(30));
    expect(await balanceOf(t.stack, seller)).toEqual({ pending: sellerNet - sellerSlices[0], available: sellerSlices[0] });
    expect(await balanceOf(t.stack, marketplace)).toEqual({ pending: 6_000, available: 3_000 });
    // The statement agrees: the first installment's entries are released, the other two still pending.
    const statement = await t.stack.http.get(`/wallets/owner/${marketplace}/transactions?limit=100`).set(t.company.Acme.headers);
    const byDate = statement.body.data.map((e: { releaseAt: string; releaseStatus: string; amount: number }) => [Date.parse(e.releaseAt) - Date.parse(res.body.paidAt), e.releaseStatus, e.amount]);
    expect(byDate.sort((a: number[], b: number[]) => a[0] - b[0])).toEqual([
      [30 * 86_400_000, 'released', 3_000],
      [60 * 86_400_000, 'pending', 3_000],
      [90 * 86_400_000, 'pending', 3_000],
    ]);
    await runReleaseRuns(t.stack, daysFromNow(90));
    expect(await balanceOf(t.stack, seller)).toEqual({ pending: 0, available: sellerNet });
    expect(await balanceOf(t.stack, marketplace)).toEqual({ pending: 0, available: 9_000 });
    await expectLedgerConsistent(t.stack);
  });
});

describe('validation', () => {
  it('409 reference_code_taken for a repeated referenceCode', async () => {
    const body = cardBody(await cardToken(t.stack, t.company.Acme), 1_000);
    expect((await create(body)).status).toBe(201);
    const again = await create({ ...body, payments: [{ paymentMethod: 'pix', amount: 1_000 }] });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('reference_code_taken');
  });

  const base = () => ({ referenceCode: newReference(), items: [{ description: 'x', quantity: 2, amount: 500 }], payments: [{ paymentMethod: 'pix', amount: 1_000 }] });

  it.each([
    ['sums that differ', (b: any) => ({ ...b, payments: [{ paymentMethod: 'pix', amount: 999 }] }), 'validation_failed', 'payments'],
    ['a decimal amount', (b: any) => ({ ...b, payments: [{ paymentMethod: 'pix', amount: 10.5 }] }), 'validation_failed', 'payments.0.amount'],
    ['a string amount', (b: any) => ({ ...b, items: [{ description: 'x', quantity: 1, amount: '1000' }] }), 'validation_failed', 'items.0.amount'],
    ['an unknown payment method', (b: any) => ({ ...b, payments: [{ paymentMethod: 'bitcoin', amount: 1_000 }] }), 'validation_failed', 'payments.0.paymentMethod'],
    ['installments 13', (b: any) => ({ ...b, payments: [{ paymentMethod: 'credit_card', amount: 1_000, creditCard: { token: 'tok_x', installments: 13 } }] }), 'validation_failed', 'payments.0.creditCard.installments'],
    ['a card payment without a token', (b: any) => ({ ...b, payments: [{ paymentMethod: 'credit_card', amount: 1_000 }] }), 'validation_failed', 'payments.0.creditCard'],
    ['an unknown field', (b: any) => ({ ...b, status: 'paid' }), 'validation_failed', 'status'],
    ['pix expiresIn below 60', (b: any) => ({ ...b, payments: [{ paymentMethod: 'pix', amount: 1_000, pix: { expiresIn: 59 } }] }), 'validation_failed', 'payments.0.pix.expiresIn'],
  ])('400 for %s', async (_what, change, code, path) => {
    const res = await create(change(base()));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(res.body.error.requestId).toMatch(/^req_/);
  });

  it('404 not_found naming customerId for a customer that does not exist or is another company\'s', async () => {
    const other = await t.stack.seedCompany('Customer owner');
    const theirs = (await t.stack.http.post('/v1/customers').set(other.headers).send({ name: 'Ana Souza', email: 'ana@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990000' })).body.id;
    for (const customerId of ['cust_nope', theirs]) {
      const res = await create({ ...base(), customerId });
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'not_found', message: 'customerId: Customer not found', details: [{ path: 'customerId', message: 'Customer not found' }] });
    }
  });

  it('400 for split recipients that are inactive or unknown, and percentages or amounts not adding up', async () => {
    const active = await newRecipient(t.stack, t.company.Acme);
    const inactive = await newRecipient(t.stack, t.company.Acme, { active: false });
    const cases: Array<[unknown[], string, string]> = [
      [[{ recipientId: inactive, percentage: 100 }], 'validation_failed', 'splits.0.recipientId'],
      [[{ recipientId: 'rec_unknown', percentage: 100 }], 'validation_failed', 'splits.0.recipientId'],
      [[{ recipientId: active, percentage: 60 }, { recipientId: t.owner.Acme, percentage: 30 }], 'invalid_splits_sum', 'splits'],
      [[{ recipientId: active, amount: 600 }, { recipientId: t.owner.Acme, amount: 300 }], 'invalid_splits_sum', 'splits'],
      [[{ recipientId: active, amount: 700 }, { recipientId: t.owner.Acme, percentage: 30 }], 'validation_failed', 'splits'],
      [[{ recipientId: active, percentage: 100, chargeProcessingFee: false }], 'validation_failed', 'splits'],
      [[{ recipientId: active, percentage: 100, amount: 1_000 }], 'validation_failed', 'splits.0.amount'],
    ];
    for (const [splits, code, path] of cases) {
      const res = await create({ ...base(), splits });
      expect([res.status, res.body.error.code, res.body.error.details[0].path]).toEqual([400, code, path]);
    }
    // 33.33 + 33.33 + 33.34 is 100 (tolerance 0.01).
    const ok = await create({ ...base(), splits: [{ recipientId: active, percentage: 33.33 }, { recipientId: t.owner.Acme, percentage: 33.33 }, { recipientId: active, percentage: 33.34 }] });
    expect(ok.status).toBe(201);
  });

  it('normalizes the legacy top-level form into one payment', async () => {
    const token = await cardToken(t.stack, t.company.Acme);
    const res = await create({ referenceCode: newReference(), amount: 4_200, paymentMethod: 'credit_card', creditCard: { token, installments: 2 } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'paid', amount: 4_200, items: [{ description: 'Transaction', quantity: 1, amount: 4_200 }] });
    expect(res.body.payments).toEqual([expect.objectContaining({ paymentMethod: 'credit_card', amount: 4_200, installments: 2 })]);
    const mixed = await create({ ...base(), amount: 1_000 });
    expect(mixed.status).toBe(400);
  });

  it('replays an Idempotency-Key (kept 7 days) and lists, filters and scopes transactions', async () => {
    const body = cardBody(await cardToken(t.stack, t.company.Acme), 1_500);
    const first = await create(body).set('Idempotency-Key', body.referenceCode);
    const replay = await create(body).set('Idempotency-Key', body.referenceCode);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    const [key] = await t.stack.em().execute<{ h: string }[]>(`select extract(epoch from expires_at - created_at) / 3600 as h from idempotency_keys where key = ?`, [body.referenceCode]);
    expect(Math.round(Number(key.h))).toBe(168);

    const list = await t.stack.http.get(`/transactions?referenceCode=${body.referenceCode}`).set(t.company.Acme.headers);
    expect(list.body.data.map((t: { id: string }) => t.id)).toEqual([first.body.id]);
    const paid = await t.stack.http.get('/v1/transactions?status=refused&limit=100').set(t.company.Acme.headers);
    expect(paid.body.data.every((t: { status: string }) => t.status === 'refused')).toBe(true);
    expect((await t.stack.http.get('/transactions?createdFrom=2026-01-01').set(t.company.Acme.headers)).status).toBe(400);
    const other = await t.stack.seedCompany('Other');
    expect((await t.stack.http.get(`/transactions/${first.body.id}`).set(other.headers)).status).toBe(404);
  });
});
