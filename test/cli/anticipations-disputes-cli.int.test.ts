import { useTestStack } from '../helpers/stack';
import { lastro as runLastro } from '../recipients/cli';
import { CHARGEBACK_FEES } from '../payments/chargeback-fixtures';
import { cardBody, cardToken, eventually, setCompanyFees } from '../payments/fixtures';

/**
 * The operator's `lastro` CLI for #43 as an operator runs it (a process, against this file's
 * database and Temporal server): the anticipation fee and approval amount, approving and
 * rejecting an anticipation waiting for an operator, reading disputes and deciding one in the sandbox.
 */
const t = useTestStack({
  companies: ['Loja', 'Outra'],
  owners: ['Loja'],
  async setup(t) {
    const creditCard = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [String(i + 1), { percentage: 2, fixed: 0 }]));
    await setCompanyFees(t.stack, t.company.Loja, { creditCard, ...CHARGEBACK_FEES });
  },
});

const lastro = (args: string[]) => runLastro(t.stack, ...args);

/** The CLI with the deployment's acquirer the stack runs (the embedded one), as an operator's environment has it. */
async function lastroWithAcquirer(args: string[]) {
  const card = t.stack.config.processors.card;
  if (!card) throw new Error('the test stack has no default acquirer');
  const saved = { ...process.env };
  Object.assign(process.env, { CARD_ACQUIRER_BASE_URL: card.baseUrl, CARD_ACQUIRER_QUERY_URL: card.queryUrl, CARD_ACQUIRER_MERCHANT_ID: card.merchantId, CARD_ACQUIRER_MERCHANT_KEY: card.merchantKey });
  try {
    return await lastro(args);
  } finally {
    for (const k of ['CARD_ACQUIRER_BASE_URL', 'CARD_ACQUIRER_QUERY_URL', 'CARD_ACQUIRER_MERCHANT_ID', 'CARD_ACQUIRER_MERCHANT_KEY']) if (saved[k] === undefined) delete process.env[k];
    Object.assign(process.env, saved);
  }
}
const headers = () => t.company.Loja.headers;

async function paidCard(amount: number, installments: number) {
  const res = await t.stack.http.post('/v1/transactions').set(headers()).send(cardBody(await cardToken(t.stack, t.company.Loja), amount, installments));
  expect(res.body.status).toBe('paid');
  return { transactionId: res.body.id as string, paymentId: res.body.payments[0].id as string };
}

/** Anticipates everything the owner can: above the approval amount it waits for an operator. */
async function waitingAnticipation(): Promise<string> {
  const sim = await t.stack.http.post('/v1/anticipations/simulate').set(headers()).send({ recipientId: t.owner.Loja });
  expect(sim.body.requiresApproval).toBe(true);
  const res = await t.stack.http.post('/v1/anticipations').set(headers()).send({ recipientId: t.owner.Loja, fingerprint: sim.body.fingerprint });
  expect(res.body.status).toBe('pending_approval');
  return res.body.id;
}

const anticipationStatus = (id: string, status: string) =>
  eventually(async () => {
    const res = await t.stack.http.get(`/v1/anticipations/${id}`).set(headers());
    return res.body.status === status ? res.body : null;
  });

/** Each `lastro` call is a process (npm, then the CLI compiled on the fly): seconds each on a loaded machine. */
const CLI_TEST_MS = 300_000;

describe('lastro anticipations and fees set --anticipation', () => {
  it(
    'fees set: the anticipation rate and approval amount; naming one keeps the other',
    async () => {
      const companyId = t.company.Loja.company.id;
      const fees = await lastro(['fees', 'set', '--company', companyId, '--anticipation', '3', '--anticipation-approval-above', '5000']);
      expect(fees.code).toBe(0);
      expect(JSON.parse(fees.stdout).anticipation).toEqual({ percentage: 3, approvalAbove: 5_000 });
      const rate = await lastro(['fees', 'set', '--company', companyId, '--anticipation', '2.5']);
      expect(JSON.parse(rate.stdout).anticipation).toEqual({ percentage: 2.5, approvalAbove: 5_000 });
      expect((await t.stack.http.get('/v1/fees').set(headers())).body.anticipation).toEqual({ percentage: 2.5, approvalAbove: 5_000 });
    },
    CLI_TEST_MS,
  );

  it(
    'pending lists what waits; approve completes it; deciding it again is exit 1',
    async () => {
      const companyId = t.company.Loja.company.id;
      await setCompanyFees(t.stack, t.company.Loja, { anticipation: { percentage: 3, approvalAbove: 5_000 } });
      await paidCard(20_000, 2);
      const approved = await waitingAnticipation();
      const pending = await lastro(['anticipations', 'pending']);
      expect(JSON.parse(pending.stdout)).toEqual([expect.objectContaining({ id: approved, companyId, recipientId: t.owner.Loja, status: 'pending_approval', amount: 19_600 })]);
      const out = await lastro(['anticipations', 'approve', approved, '--reason', 'cliente antigo']);
      expect(out.code).toBe(0);
      expect(JSON.parse(out.stdout)).toEqual({ anticipationId: approved, workflowId: approved, signal: 'approve', reason: 'cliente antigo' });
      expect(await anticipationStatus(approved, 'completed')).toMatchObject({ reason: 'cliente antigo', amount: 19_600 });

      const again = await lastro(['anticipations', 'reject', approved, '--reason', 'tarde']);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(`Anticipation ${approved} is completed`);
    },
    CLI_TEST_MS,
  );

  it(
    'reject needs a reason and puts the receivables back; an unknown anticipation is exit 1',
    async () => {
      await setCompanyFees(t.stack, t.company.Loja, { anticipation: { percentage: 3, approvalAbove: 5_000 } });
      const { paymentId } = await paidCard(10_000, 1);
      const rejected = await waitingAnticipation();
      const noReason = await lastro(['anticipations', 'reject', rejected]);
      expect(noReason.code).toBe(1);
      expect(noReason.stderr).toContain('--reason');
      expect((await lastro(['anticipations', 'reject', rejected, '--reason', 'risco'])).code).toBe(0);
      expect(await anticipationStatus(rejected, 'rejected')).toMatchObject({ reason: 'risco' });
      const rows = (await t.stack.http.get(`/v1/receivables?paymentId=${paymentId}`).set(headers())).body.data;
      expect(rows.map((r: { status: string; anticipationId: string | null }) => [r.status, r.anticipationId])).toEqual([['waiting_funds', null]]);

      const missing = await lastro(['anticipations', 'approve', 'ant_nope']);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('No anticipation ant_nope');
    },
    CLI_TEST_MS,
  );
});

describe('lastro disputes', () => {
  it('lists and shows a company’s dispute (another company: not found), and decides it in the sandbox: won, the block given back', async () => {
    const companyId = t.company.Loja.company.id;
    const { transactionId, paymentId } = await paidCard(10_000, 1);
    expect((await t.stack.http.post(`/sandbox/payments/${paymentId}/chargeback`).set(headers()).send({ amount: 2_000, reason: '4837' })).status).toBe(202);
    const dispute = await eventually(async () => (await t.stack.http.get(`/v1/disputes?transactionId=${transactionId}`).set(headers())).body.data?.[0] ?? null);

    const list = await lastro(['disputes', 'list', '--company', companyId, '--status', 'needs_response']);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual({ total: 1, data: [expect.objectContaining({ id: dispute.id, transactionId, amount: 2_000, status: 'needs_response', dueBy: dispute.dueBy })] });
    const show = await lastro(['disputes', 'show', dispute.id, '--company', companyId]);
    expect(JSON.parse(show.stdout)).toEqual(dispute);
    const other = await lastro(['disputes', 'show', dispute.id, '--company', t.company.Outra.company.id]);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('not_found');
    const badStatus = await lastro(['disputes', 'list', '--company', companyId, '--status', 'open']);
    expect(badStatus.code).toBe(1);

    const decided = await lastroWithAcquirer(['disputes', 'sandbox-outcome', dispute.id, '--outcome', 'won']);
    expect(decided.stderr).toBe('');
    expect(decided.code).toBe(0);
    expect(JSON.parse(decided.stdout)).toEqual({ disputeId: dispute.id, outcome: 'won', status: 'deciding' });
    await eventually(async () => (await t.stack.http.get(`/v1/disputes/${dispute.id}`).set(headers())).body.status === 'won');
    const rows = (await t.stack.http.get(`/v1/receivables?paymentId=${paymentId}`).set(headers())).body.data;
    expect(rows.map((r: { status: string; netAmount: number }) => [r.status, r.netAmount])).toEqual([['waiting_funds', 9_800]]);

    const twice = await lastroWithAcquirer(['disputes', 'sandbox-outcome', dispute.id, '--outcome', 'lost']);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('dispute_already_decided');
  }, CLI_TEST_MS);
});
