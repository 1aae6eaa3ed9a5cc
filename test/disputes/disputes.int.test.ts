import { expireDispute, resolveDispute } from '../../src/disputes/disputes.service';
import { acquirerSalesOf } from '../payments/acquirer';
import { useTestStack, type SeededCompany } from '../helpers/stack';
import { chargebackMerchant, walletBuckets } from '../payments/chargeback-fixtures';
import { cardBody, cardToken, eventually, expectLedgerConsistent } from '../payments/fixtures';

const t = useTestStack();

const merchant = () => chargebackMerchant(t.stack);
const buckets = (recipientId: string) => walletBuckets(t.stack, recipientId);

async function paidCard(company: SeededCompany, amount: number, installments = 1) {
  const res = await t.stack.http.post('/transactions').set(company.headers).send(cardBody(await cardToken(t.stack, company), amount, installments));
  expect(res.status).toBe(201);
  expect(res.body.status).toBe('paid');
  return { transactionId: res.body.id as string, paymentId: res.body.payments[0].id as string };
}

/** A chargeback at the embedded acquirer, and the dispute its notification opened. */
async function disputed(company: SeededCompany, transactionId: string, paymentId: string, amount: number) {
  const cb = await t.stack.http.post(`/sandbox/payments/${paymentId}/chargeback`).set(company.headers).send({ amount, reason: '4837' });
  expect(cb.status).toBe(202);
  const list = await eventually(async () => {
    const res = await t.stack.http.get(`/v1/disputes?transactionId=${transactionId}`).set(company.headers);
    return res.body.data?.length === 1 ? res.body : null;
  });
  return list.data[0];
}

const statusOf = (company: SeededCompany, id: string, status: string) =>
  eventually(async () => {
    const res = await t.stack.http.get(`/v1/disputes/${id}`).set(company.headers);
    return res.body.status === status ? res.body : null;
  });

const eventCount = async (entityId: string, type: string) => {
  const [{ n }] = await t.stack.em().execute<{ n: string }[]>(`select count(*) as n from events where entity_id = ? and type = ?`, [entityId, type]);
  return Number(n);
};

const receivables = (paymentId: string) =>
  t.stack.em().execute<Array<{ status: string; amount: string }>>(`select status, amount from receivables where payment_id = ? order by installment`, [paymentId]);

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a receipt, as a picture')]).toString('base64');
const PDF = Buffer.from('%PDF-1.4 the signed delivery note').toString('base64');

describe('a dispute from the acquirer’s chargeback to its outcome', () => {
  it('two disputes on one sale: the first to end leaves the receivables suspended while the other is open; the ledger stays exact', async () => {
    const { company, owner } = await merchant();
    const { transactionId, paymentId } = await paidCard(company, 10_000);
    const first = await disputed(company, transactionId, paymentId, 2_000);
    const cb = await t.stack.http.post(`/sandbox/payments/${paymentId}/chargeback`).set(company.headers).send({ amount: 1_000, reason: '4837' });
    expect(cb.status).toBe(202);
    const both = await eventually(async () => {
      const res = await t.stack.http.get(`/v1/disputes?transactionId=${transactionId}`).set(company.headers);
      return res.body.data?.length === 2 ? res.body.data : null;
    });
    const second = both.find((d: { id: string }) => d.id !== first.id);
    expect((await receivables(paymentId)).map((r) => r.status)).toEqual(['suspended']);

    await t.stack.em().transactional((em) => resolveDispute(em, first.id, 'won'));
    // The second dispute still holds the sale: no release run may pay it out.
    expect((await receivables(paymentId)).map((r) => r.status)).toEqual(['suspended']);
    await t.stack.em().transactional((em) => resolveDispute(em, second.id, 'lost'));
    expect((await receivables(paymentId)).map((r) => r.status)).toEqual(['pending']);
    const b = await buckets(owner);
    expect(b.blocked).toBe(0);
    const [{ s }] = await t.stack.em().execute<Array<{ s: string }>>(`select coalesce(sum(amount), 0) as s from receivables where payment_id = ? and status = 'pending'`, [paymentId]);
    expect(b.pending).toBe(Number(s));
    await expectLedgerConsistent(t.stack);
  });

  it('opens with a deadline, takes evidence, is submitted to the acquirer, and a won outcome gives the block back (ledger and receivables), once', async () => {
    const { company, owner } = await merchant();
    const other = await merchant();
    const { transactionId, paymentId } = await paidCard(company, 10_000);
    const before = Date.now();
    const dispute = await disputed(company, transactionId, paymentId, 4_000);
    expect(dispute).toMatchObject({ id: expect.stringMatching(/^dsp_/), transactionId, paymentId, amount: 4_000, currency: 'BRL', reason: '4837', status: 'needs_response', evidence: {}, files: [], submittedAt: null, resolvedAt: null });
    // No deadline on Cielo's sale: ten days from the opening.
    expect(Date.parse(dispute.dueBy) - before).toBeGreaterThanOrEqual(10 * 86_400_000 - 1_000);
    expect(Date.parse(dispute.dueBy) - before).toBeLessThan(10 * 86_400_000 + 60_000);
    expect(await buckets(owner)).toEqual({ pending: 10_000 - 4_000 - 640, blocked: 4_000, available: 0 });
    expect((await receivables(paymentId)).map((r) => r.status)).toEqual(['suspended']);

    // Another company sees and touches nothing of it.
    expect((await t.stack.http.get(`/v1/disputes/${dispute.id}`).set(other.company.headers)).status).toBe(404);
    expect((await t.stack.http.get('/v1/disputes').set(other.company.headers)).body.data).toEqual([]);
    expect((await t.stack.http.post(`/v1/disputes/${dispute.id}/evidence`).set(other.company.headers).send({ productDescription: 'x' })).status).toBe(404);
    expect((await t.stack.http.post(`/v1/disputes/${dispute.id}/submit`).set(other.company.headers)).status).toBe(404);
    expect((await t.stack.http.post(`/v1/sandbox/disputes/${dispute.id}/outcome`).set(other.company.headers).send({ outcome: 'won' })).status).toBe(404);

    // Bad evidence: a file that is not what it claims, an unknown field.
    const notPng = await t.stack.http.post(`/v1/disputes/${dispute.id}/evidence`).set(company.headers).send({ files: [{ filename: 'x.png', content: Buffer.from('plain text').toString('base64') }] });
    expect(notPng.status).toBe(400);
    expect(notPng.body.error.details[0].path).toBe('files.0.content');
    expect((await t.stack.http.post(`/v1/disputes/${dispute.id}/evidence`).set(company.headers).send({ mood: 'angry' })).status).toBe(400);

    const first = await t.stack.http.post(`/v1/disputes/${dispute.id}/evidence`).set(company.headers).send({ productDescription: 'Tênis, tamanho 42', files: [{ purpose: 'receipt', filename: 'receipt.png', content: PNG }] });
    expect(first.status).toBe(200);
    const second = await t.stack.http
      .post(`/v1/disputes/${dispute.id}/evidence`)
      .set(company.headers)
      .send({ shippingTrackingNumber: 'BR123456789BR', files: [{ purpose: 'shipping_documentation', filename: 'delivery.pdf', content: `data:application/pdf;base64,${PDF}` }] });
    expect(second.body.evidence).toEqual({ productDescription: 'Tênis, tamanho 42', shippingTrackingNumber: 'BR123456789BR' });
    expect(second.body.files.map((f: { filename: string; contentType: string; purpose: string }) => [f.filename, f.contentType, f.purpose])).toEqual([
      ['receipt.png', 'image/png', 'receipt'],
      ['delivery.pdf', 'application/pdf', 'shipping_documentation'],
    ]);

    const submitted = await t.stack.http.post(`/v1/disputes/${dispute.id}/submit`).set(company.headers);
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'under_review', submittedAt: expect.any(String) });
    // The acquirer holds the contestation: the text and both files, byte for byte.
    const [sale] = await acquirerSalesOf(t.stack.config, paymentId);
    const held = (sale.Chargebacks[0] as unknown as { Status: string; Contestation: { Text: string; Files: Array<{ FileName: string; Sha256: string }> } });
    expect(held.Status).toBe('Contested');
    expect(held.Contestation.Text).toContain('Tênis, tamanho 42');
    expect(held.Contestation.Files.map((f) => [f.FileName, f.Sha256])).toEqual(submitted.body.files.map((f: { filename: string; sha256: string }) => [f.filename, f.sha256]));
    // Once submitted, neither more evidence nor a second submission.
    expect((await t.stack.http.post(`/v1/disputes/${dispute.id}/submit`).set(company.headers)).body.error.code).toBe('dispute_not_open');
    expect((await t.stack.http.post(`/v1/disputes/${dispute.id}/evidence`).set(company.headers).send({ refundPolicy: 'x' })).status).toBe(409);

    expect((await t.stack.http.post(`/v1/sandbox/disputes/${dispute.id}/outcome`).set(company.headers).send({ outcome: 'won' })).status).toBe(202);
    const won = await statusOf(company, dispute.id, 'won');
    expect(won.resolvedAt).toEqual(expect.any(String));
    // The block is back on the installment it came from, which waits again, raised by it; the fee and penalty stay charged.
    expect(await buckets(owner)).toEqual({ pending: 10_000 - 640, blocked: 0, available: 0 });
    expect(await receivables(paymentId)).toEqual([{ status: 'pending', amount: String(10_000 - 640) }]);

    // Booked once: the notice again, an outcome again, a late "lost" change nothing.
    expect(await t.stack.em().transactional((em) => resolveDispute(em, dispute.id, 'lost'))).toBeNull();
    expect((await t.stack.http.post(`/v1/sandbox/disputes/${dispute.id}/outcome`).set(company.headers).send({ outcome: 'lost' })).status).toBe(409);
    const [{ n }] = await t.stack.em().execute<{ n: string }[]>(`select count(*) as n from ledger_postings where source_id = ?`, [dispute.id]);
    expect(Number(n)).toBe(1);
    for (const type of ['dispute.created', 'dispute.evidence_submitted', 'dispute.won']) expect(await eventCount(dispute.id, type)).toBe(1);
    expect(await eventCount(dispute.id, 'dispute.lost')).toBe(0);
    await expectLedgerConsistent(t.stack);
  });

  it('a lost dispute debits the block (a chargeback entry in the statement); the receivables wait again with what is left', async () => {
    const { company, owner } = await merchant();
    const { transactionId, paymentId } = await paidCard(company, 10_000, 2);
    const dispute = await disputed(company, transactionId, paymentId, 3_000);
    expect((await receivables(paymentId)).map((r) => r.status)).toEqual(['suspended', 'suspended']);
    const before = await buckets(owner);
    expect(before.blocked).toBe(3_000);
    await t.stack.http.post(`/v1/disputes/${dispute.id}/evidence`).set(company.headers).send({ uncategorizedText: 'O cliente recebeu o produto.' });
    expect((await t.stack.http.post(`/v1/disputes/${dispute.id}/submit`).set(company.headers)).status).toBe(200);
    expect((await t.stack.http.post(`/v1/sandbox/disputes/${dispute.id}/outcome`).set(company.headers).send({ outcome: 'lost' })).status).toBe(202);
    await statusOf(company, dispute.id, 'lost');
    expect(await buckets(owner)).toEqual({ ...before, blocked: 0 });
    const rows = await receivables(paymentId);
    expect(rows.map((r) => r.status)).toEqual(['pending', 'pending']);
    expect(rows.reduce((s, r) => s + Number(r.amount), 0)).toBe(before.pending);
    const statement = await t.stack.http.get(`/v1/wallets/owner/${owner}/transactions?type=chargeback`).set(company.headers);
    expect(statement.body.data).toEqual([expect.objectContaining({ amount: -3_000, source: 'chargeback', sourceId: dispute.id })]);
    expect(await eventCount(dispute.id, 'dispute.lost')).toBe(1);
    await expectLedgerConsistent(t.stack);
  });

  it('two outcomes at once book one; evidence after the deadline is 409 and the deadline loses it; no evidence, no submission; lists filter and page by cursor', async () => {
    const { company } = await merchant();
    const a = await paidCard(company, 5_000);
    const b = await paidCard(company, 6_000);
    const da = await disputed(company, a.transactionId, a.paymentId, 1_000);
    const db = await disputed(company, b.transactionId, b.paymentId, 2_000);

    expect((await t.stack.http.post(`/v1/disputes/${db.id}/submit`).set(company.headers)).body.error.code).toBe('dispute_evidence_missing');
    const both = await Promise.all([
      t.stack.em().fork().transactional((em) => resolveDispute(em, db.id, 'won')),
      t.stack.em().fork().transactional((em) => resolveDispute(em, db.id, 'lost')),
    ]);
    expect(both.filter((x) => x !== null)).toHaveLength(1);
    const [{ n }] = await t.stack.em().execute<{ n: string }[]>(`select count(*) as n from ledger_postings where source_id = ?`, [db.id]);
    expect(Number(n)).toBe(1);

    await t.stack.em().execute(`update disputes set due_by = now() - interval '1 second' where id = ?`, [da.id]);
    const late = await t.stack.http.post(`/v1/disputes/${da.id}/evidence`).set(company.headers).send({ productDescription: 'late' });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('dispute_deadline_passed');
    // What the workflow's timer runs at the deadline: without evidence, lost (booked once).
    expect(await t.stack.em().fork().transactional((em) => expireDispute(em, da.id))).toMatchObject({ status: 'lost', eventIds: [expect.any(String)] });
    expect(await t.stack.em().fork().transactional((em) => expireDispute(em, da.id))).toEqual({ status: 'lost', eventIds: [] });
    expect(await eventCount(da.id, 'dispute.lost')).toBe(1);

    const lost = await t.stack.http.get(`/v1/disputes?status=lost&transactionId=${a.transactionId}`).set(company.headers);
    expect(lost.body.data.map((d: { id: string }) => d.id)).toEqual([da.id]);
    expect((await t.stack.http.get('/v1/disputes?status=needs_response').set(company.headers)).body.data).toEqual([]);
    expect((await t.stack.http.get(`/v1/disputes?status=needs_response&transactionId=${a.transactionId}`).set(company.headers)).body.data).toEqual([]);
    const page1 = await t.stack.http.get('/v1/disputes?limit=1').set(company.headers);
    expect(page1.body.data.map((d: { id: string }) => d.id)).toEqual([db.id]);
    const page2 = await t.stack.http.get(`/v1/disputes?limit=1&startingAfter=${db.id}`).set(company.headers);
    expect(page2.body.data.map((d: { id: string }) => d.id)).toEqual([da.id]);
    expect((await t.stack.http.get('/v1/disputes?startingAfter=dsp_nope').set(company.headers)).status).toBe(404);
    expect((await t.stack.http.get('/v1/disputes?status=open').set(company.headers)).status).toBe(400);
    await expectLedgerConsistent(t.stack);
  });
});
