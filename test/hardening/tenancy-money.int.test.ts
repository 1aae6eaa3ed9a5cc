import { startTestStack, type SeededCompany, type TestStack } from '../helpers/stack';
import { sendKycDecision } from '../../src/recipients/recipient-onboarding-workflow.client';
import { approveSignal } from '../../workflows/withdrawals/withdrawal.contract';
import { newReference } from '../payments/fixtures';
import { bankAccountFor, newCpf, sellerBody } from '../recipients/fixtures';
import { balances, until, waitForStatus, type Balances } from '../withdrawals/fixtures';

/**
 * Tenancy of money (issue #18), reproduced over HTTP as it was found: company A pays its
 * KYC-approved seller a Pix sale split 100% to it; company B links the same CPF (same rec_ id)
 * and gets its registration approved. Money is per (company, recipient): B reads none of A's
 * balance, statement or summary, cannot withdraw it, and neither company's withdrawals or
 * refund draws ever touch the other's money. Both orders: A funds before B links, or B's link
 * exists before A's sale.
 */

const SALE = 50_000;

describe.each([
  ['A funds its seller, then B links the same CPF', 'A'],
  ['B links the CPF, then A funds the same seller', 'B'],
])('money of two companies on one registration: %s', (_title, first) => {
  let stack: TestStack;
  let A: SeededCompany;
  let B: SeededCompany;
  let recipient: string;
  let aSale: { id: string; payment: string };
  const cpf = newCpf();

  /** The company links the shared CPF with its own bank account and the operator approves its link. */
  async function linkApproved(company: SeededCompany, bankAccount: string): Promise<string> {
    const created = await stack.http
      .post('/recipients')
      .set(company.headers)
      .send({ ...sellerBody({ document: cpf }), bankAccount: { ...bankAccountFor(cpf), bankAccount } });
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    await sendKycDecision(stack.client, stack.config.temporal.taskQueue, { recipientId: id, companyId: company.company.id, operator: 'kyc-ops', outcome: 'approved' });
    await until(async () => (await stack.http.get(`/recipients/${id}`).set(company.headers)).body.status === 'active', `${company.company.name}'s link active`);
    return id;
  }

  /** A paid Pix sale split 100% to the shared seller, released (Pix is released at payment). */
  async function paidPixSale(company: SeededCompany, amount: number): Promise<{ id: string; payment: string }> {
    const before = await balances(stack, company, recipient);
    const sale = await stack.http
      .post('/transactions')
      .set(company.headers)
      .send({
        referenceCode: newReference(),
        items: [{ description: 'Camiseta', quantity: 1, amount }],
        payments: [{ paymentMethod: 'pix', amount, pix: { expiresIn: 600 } }],
        splits: [{ recipientId: recipient, percentage: 100 }],
      });
    expect(sale.status).toBe(201);
    const payment: string = sale.body.payments[0].id;
    expect((await stack.http.post(`/sandbox/payments/${payment}/pay`).set(company.headers)).status).toBeLessThan(300);
    await until(async () => (await balances(stack, company, recipient)).withdrawableBalance > before.withdrawableBalance, `${company.company.name}'s sale released`);
    return { id: sale.body.id, payment };
  }

  const read = (company: SeededCompany, what: 'balance' | 'transactions' | 'summary') => stack.http.get(`/wallets/owner/${recipient}/${what}`).set(company.headers);
  const withdraw = (company: SeededCompany, amount: number) => stack.http.post('/withdrawals').set(company.headers).send({ recipientId: recipient, amount });
  const refund = (company: SeededCompany, sale: { id: string; payment: string }, amount: number) =>
    stack.http.post(`/transactions/${sale.id}/payments/${sale.payment}/refund`).set(company.headers).send({ amount, reason: 'Buyer gave up' });
  const zero: Balances = { availableBalance: 0, blockedBalance: 0, withdrawableBalance: 0 };

  let aFunded: Balances;
  beforeAll(async () => {
    stack = await startTestStack();
    A = await stack.seedCompany('Company A');
    B = await stack.seedCompany('Company B');
    if (first === 'A') {
      recipient = await linkApproved(A, '11111');
      aSale = await paidPixSale(A, SALE);
      expect(await linkApproved(B, '22222')).toBe(recipient);
    } else {
      recipient = await linkApproved(B, '22222');
      expect(await linkApproved(A, '11111')).toBe(recipient);
      aSale = await paidPixSale(A, SALE);
    }
    aFunded = await balances(stack, A, recipient);
  }, 180_000);
  afterAll(() => stack?.close());

  it("A's sale is A's money on the shared seller", () => {
    expect(aFunded.withdrawableBalance).toBeGreaterThan(SALE / 2);
    expect(aFunded.withdrawableBalance).toBeLessThanOrEqual(SALE);
  });

  it("B reads none of it: zero balance, an empty statement, an empty summary", async () => {
    const balance = await read(B, 'balance');
    expect(balance.status).toBe(200);
    expect(balance.body.balances).toEqual([{ currency: 'BRL', availableBalance: 0, pendingBalance: 0, blockedBalance: 0, withdrawableBalance: 0 }]);
    const statement = await read(B, 'transactions');
    expect(statement.status).toBe(200);
    expect(statement.body.data).toEqual([]);
    expect(statement.body.pagination).toMatchObject({ total: 0 });
    // A's sale and payment ids (which open A's public Pix page) appear nowhere in B's answers.
    expect(JSON.stringify(statement.body)).not.toContain(aSale.payment);
    const summary = await read(B, 'summary');
    expect(summary.status).toBe(200);
    expect(summary.body.data).toEqual([]);
  });

  it("B's withdrawal of 20,000 is refused, and A's balance and withdrawals are untouched", async () => {
    const res = await withdraw(B, 20_000);
    expect(res.status).toBe(409);
    expect(['no_active_wallet', 'insufficient_balance']).toContain(res.body.error.code);
    expect((await stack.http.get('/withdrawals').set(B.headers)).body.data).toEqual([]);
    expect(await balances(stack, A, recipient)).toEqual(aFunded);
    expect((await stack.http.get('/withdrawals').set(A.headers)).body.data).toEqual([]);
  });

  it("B's own sale, payout and refund draw on B's money only; A's refund on A's only", async () => {
    const bSale = await paidPixSale(B, 10_000);
    const bFunded = await balances(stack, B, recipient);
    expect(bFunded.withdrawableBalance).toBeGreaterThan(0);
    expect(bFunded.withdrawableBalance).toBeLessThanOrEqual(10_000);
    expect(await balances(stack, A, recipient)).toEqual(aFunded);

    // More than B's own is refused although the registration holds A's money too.
    const over = await withdraw(B, bFunded.withdrawableBalance + 1);
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('insufficient_balance');

    // B pays out everything it has: the payout empties B's wallet and leaves A's as it was.
    const all = await withdraw(B, bFunded.withdrawableBalance);
    expect(all.status).toBe(201);
    expect(await balances(stack, B, recipient)).toEqual({ ...bFunded, blockedBalance: bFunded.withdrawableBalance, withdrawableBalance: 0 });
    await stack.client.workflow.getHandle(all.body.id).signal(approveSignal, { operator: 'ops' });
    await waitForStatus(stack, B, all.body.id, 'paid');
    expect(await balances(stack, B, recipient)).toEqual(zero);
    expect(await balances(stack, A, recipient)).toEqual(aFunded);

    // B refunding its own sale needs B's money, which is gone: A's is not there to draw on.
    const bRefund = await refund(B, bSale, 5_000);
    expect(bRefund.status).toBe(409);
    expect(bRefund.body.error.code).toBe('insufficient_balance');
    expect(await balances(stack, A, recipient)).toEqual(aFunded);

    // A refunding its sale draws on A's wallet; B's stays empty.
    const aRefund = await refund(A, aSale, 5_000);
    expect(aRefund.status).toBe(201);
    const aAfter = await balances(stack, A, recipient);
    expect(aAfter.withdrawableBalance).toBeLessThan(aFunded.withdrawableBalance);
    expect(aFunded.withdrawableBalance - aAfter.withdrawableBalance).toBeLessThanOrEqual(5_000);
    expect(await balances(stack, B, recipient)).toEqual(zero);

    // Everything A still has is A's to withdraw.
    const aAll = await withdraw(A, aAfter.withdrawableBalance);
    expect(aAll.status).toBe(201);
    expect(aAll.body).toMatchObject({ amount: aAfter.withdrawableBalance, status: 'requested' });
    expect(await balances(stack, B, recipient)).toEqual(zero);
  });

  it('each statement lists only its own company\'s movements', async () => {
    const aStatement = (await read(A, 'transactions')).body.data as { source: string; sourceId: string }[];
    const bStatement = (await read(B, 'transactions')).body.data as { source: string; sourceId: string }[];
    expect(aStatement.filter((e) => e.source === 'transaction').map((e) => e.sourceId)).toContain(aSale.id);
    expect(bStatement.length).toBeGreaterThan(0);
    expect(JSON.stringify(bStatement)).not.toContain(aSale.id);
    const [bWithdrawal] = (await stack.http.get('/withdrawals').set(B.headers)).body.data;
    expect(JSON.stringify(aStatement)).not.toContain(bWithdrawal.id);
  });
});

/**
 * What a link that is not active (new, pending review, refused) may read: its own company's money on the recipient (safe: it
 * is nobody else's), never another's; withdrawing needs an active link; a deleted link reads
 * nothing (404, as for a recipient the company never linked).
 */
describe('wallet reads by a link that is new, refused or deleted', () => {
  let stack: TestStack;
  let A: SeededCompany;
  let C: SeededCompany;
  let recipient: string;
  const cpf = newCpf();

  beforeAll(async () => {
    stack = await startTestStack();
    A = await stack.seedCompany('Company A');
    C = await stack.seedCompany('Company C');
    const created = await stack.http.post('/recipients').set(A.headers).send({ ...sellerBody({ document: cpf }), bankAccount: bankAccountFor(cpf) });
    recipient = created.body.id;
    await sendKycDecision(stack.client, stack.config.temporal.taskQueue, { recipientId: recipient, companyId: A.company.id, operator: 'kyc-ops', outcome: 'approved' });
    await until(async () => (await stack.http.get(`/recipients/${recipient}`).set(A.headers)).body.status === 'active', "A's link active");
    expect((await stack.http.post('/sandbox/ledger/credit').set(A.headers).send({ recipientId: recipient, amount: 30_000 })).status).toBe(201);
  }, 120_000);
  afterAll(() => stack?.close());

  const reads = (company: SeededCompany) =>
    Promise.all(['balance', 'transactions', 'summary'].map((what) => stack.http.get(`/wallets/owner/${recipient}/${what}`).set(company.headers)));

  it("a link not yet approved reads its own company's (empty) wallet and cannot withdraw", async () => {
    const created = await stack.http.post('/recipients').set(C.headers).send({ ...sellerBody({ document: cpf }), bankAccount: bankAccountFor(cpf) });
    expect(created.body).toMatchObject({ id: recipient, status: 'new' });
    const [balance, statement, summary] = await reads(C);
    expect(balance.status).toBe(200);
    expect(balance.body.balances[0]).toMatchObject({ availableBalance: 0, withdrawableBalance: 0 });
    expect(statement.body.data).toEqual([]);
    expect(summary.body.data).toEqual([]);
    const res = await stack.http.post('/withdrawals').set(C.headers).send({ recipientId: recipient, amount: 10_000 });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('recipient_not_active');
  });

  it("a refused link reads its own company's money, not A's", async () => {
    await sendKycDecision(stack.client, stack.config.temporal.taskQueue, { recipientId: recipient, companyId: C.company.id, operator: 'kyc-ops', outcome: 'refused', reason: 'Blurry' });
    await until(async () => (await stack.http.get(`/recipients/${recipient}`).set(C.headers)).body.status === 'refused', "C's link refused");
    const [balance] = await reads(C);
    expect(balance.status).toBe(200);
    expect(balance.body.balances[0]).toMatchObject({ availableBalance: 0, withdrawableBalance: 0 });
  });

  it('a deleted link reads nothing (404) and A reads its money as before', async () => {
    expect((await stack.http.delete(`/recipients/${recipient}`).set(C.headers)).status).toBeLessThan(300);
    for (const res of await reads(C)) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect(await balances(stack, A, recipient)).toEqual({ availableBalance: 30_000, blockedBalance: 0, withdrawableBalance: 30_000 });
  });
});
