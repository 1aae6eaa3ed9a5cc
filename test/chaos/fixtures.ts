import type { ChaosStack, SeededChaosCompany } from './chaos-stack';
import { bankAccountFor, fullAddress, sellerBody } from '../recipients/fixtures';
import { kycApprovedSignal, recipientOnboardingWorkflowId } from '../../workflows/recipients/recipient-onboarding.contract';

/**
 * Setup for chaos scenarios, done the way a merchant and an operator do it: over the HTTP
 * API and with operator signals to Temporal, never by writing rows directly.
 */

/** An owner (or seller) recipient with a bank account, approved by an operator signal, then active. */
export async function activeRecipient(stack: ChaosStack, company: SeededChaosCompany, role: 'owner' | 'seller' = 'owner'): Promise<string> {
  if (role === 'owner') {
    // The company came with its owner (active in sandbox); a payout account in its own document needs no new review.
    const owner = (await stack.http.get('/recipients/owner').set(company.headers)).body;
    const put = await stack.http.put(`/recipients/${owner.id}`).set(company.headers).send({ bankAccount: bankAccountFor(owner.document) });
    expect(put.body.status).toBe('active');
    return owner.id;
  }
  const body = sellerBody({ role, address: fullAddress });
  const res = await stack.http.post('/recipients').set(company.headers).send({ ...body, bankAccount: bankAccountFor(body.document) });
  expect(res.status).toBe(201);
  const id: string = res.body.id;
  await stack.temporal.workflow.getHandle(recipientOnboardingWorkflowId({ recipientId: id, companyId: res.body.companyId })).signal(kycApprovedSignal, { operator: 'chaos-operator' });
  await stack.waitFor(
    `recipient ${id} to become active`,
    async () => (await stack.http.get(`/recipients/${id}`).set(company.headers)).body.status === 'active',
    60_000,
  );
  return id;
}

/** A webhook on every event, pointing at the stack's receiver. */
export async function subscribeToEverything(stack: ChaosStack, company: SeededChaosCompany): Promise<string> {
  const res = await stack.http.post('/webhooks').set(company.headers).send({ name: 'chaos receiver', url: stack.receiver.url });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** A single-use card token from the public tokenization route, as the browser SDK gets one. */
export async function tokenizeCard(stack: ChaosStack, company: SeededChaosCompany, number = '4111111111111111'): Promise<string> {
  const res = await stack.http
    .post('/v1/tokens/cards')
    .send({ companyId: company.companyId, card: { number, holder: 'Maria Silva', document: '52998224725', cvv: '123', expiration: '12/2031' } });
  expect(res.status).toBe(201);
  return res.body.tokenId;
}

let seq = 0;
export const chaosReference = (label: string): string => `chaos-${label}-${Date.now().toString(36)}-${++seq}`;

export function cardTransactionBody(token: string, amount: number, referenceCode: string) {
  return {
    referenceCode,
    items: [{ description: 'Camiseta', quantity: 1, amount }],
    payments: [{ paymentMethod: 'credit_card', amount, creditCard: { token, installments: 1 } }],
  };
}

/** A Pix transaction paid through the sandbox helper (Pix is released to the wallet at payment). */
export async function paidPixTransaction(stack: ChaosStack, company: SeededChaosCompany, amount: number): Promise<string> {
  const created = await stack.http
    .post('/v1/transactions')
    .set(company.headers)
    .send({ referenceCode: chaosReference('pix'), items: [{ description: 'Camiseta', quantity: 1, amount }], payments: [{ paymentMethod: 'pix', amount, pix: { expiresIn: 600 } }] });
  expect(created.status).toBe(201);
  const txnId: string = created.body.id;
  const [payment] = await stack.sql<{ id: string }>(`select id from payments where transaction_id = $1`, [txnId]);
  expect((await stack.http.post(`/sandbox/payments/${payment.id}/pay`).set(company.headers)).status).toBe(202);
  await stack.waitFor(`Pix transaction ${txnId} to be paid`, async () => (await stack.http.get(`/v1/transactions/${txnId}`).set(company.headers)).body.status === 'paid', 60_000, 250);
  return txnId;
}

/** A card transaction, paid (the worker is left alone meanwhile). */
export async function paidCardTransaction(stack: ChaosStack, company: SeededChaosCompany, amount: number): Promise<{ txnId: string; paymentId: string }> {
  const token = await tokenizeCard(stack, company);
  const created = await stack.http.post('/v1/transactions').set(company.headers).send(cardTransactionBody(token, amount, chaosReference('card')));
  expect(created.status).toBe(201);
  const txnId: string = created.body.id;
  await stack.waitFor(`card transaction ${txnId} to be paid`, async () => (await stack.http.get(`/v1/transactions/${txnId}`).set(company.headers)).body.status === 'paid', 60_000, 250);
  const [payment] = await stack.sql<{ id: string }>(`select id from payments where transaction_id = $1`, [txnId]);
  return { txnId, paymentId: payment.id };
}

export async function withdrawableBalance(stack: ChaosStack, company: SeededChaosCompany, recipientId: string): Promise<number> {
  const res = await stack.http.get(`/wallets/owner/${recipientId}/balance`).set(company.headers);
  expect(res.status).toBe(200);
  const brl = (res.body.balances as Array<{ currency: string; withdrawableBalance: number }>).find((b) => b.currency === 'BRL');
  return brl?.withdrawableBalance ?? 0;
}

// PendingActivityState.STARTED in Temporal's API (1 = scheduled, 2 = started, 3 = cancel requested).
const STARTED = 2;

/**
 * Waits until `activityType` is running on a worker in workflow `workflowId` (picked up, not
 * just scheduled) and `alsoTrue` holds, e.g. the sandbox gateway has booked the call: the
 * moment a kill lands "in the middle of" it.
 */
export async function activityInFlight(stack: ChaosStack, workflowId: string, activityType: string, alsoTrue: () => Promise<boolean> = async () => true, boundMs = 60_000): Promise<void> {
  await stack.waitFor(
    `${activityType} in flight in ${workflowId}`,
    async () => {
      const d = await stack.temporal.workflow.getHandle(workflowId).describe();
      const running = (d.raw.pendingActivities ?? []).some((a) => a.activityType?.name === activityType && Number(a.state) === STARTED);
      return running && (await alsoTrue());
    },
    boundMs,
    100,
  );
}

/**
 * The attempt number that completed `activityType` in the workflow's history (2+ means a retry
 * did it); `input` narrows it to the calls whose first argument has those fields.
 */
export async function completedAttempt(
  stack: ChaosStack,
  workflowId: string,
  activityType: string,
  input: Record<string, string> | ((arg: Record<string, unknown>) => boolean) = {},
): Promise<number> {
  const history = await stack.temporal.workflow.getHandle(workflowId).fetchHistory();
  const events = history.events ?? [];
  const argOf = (data: Uint8Array | null | undefined): Record<string, unknown> => (data ? JSON.parse(Buffer.from(data).toString('utf8')) : {});
  const scheduled = new Set(
    events
      .filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === activityType)
      .filter((e) => {
        const arg = argOf(e.activityTaskScheduledEventAttributes?.input?.payloads?.[0]?.data);
        return typeof input === 'function' ? input(arg) : Object.entries(input).every(([k, v]) => arg[k] === v);
      })
      .map((e) => String(e.eventId)),
  );
  const started = events.filter((e) => e.activityTaskStartedEventAttributes && scheduled.has(String(e.activityTaskStartedEventAttributes.scheduledEventId)));
  const completed = events.some((e) => e.activityTaskCompletedEventAttributes && scheduled.has(String(e.activityTaskCompletedEventAttributes.scheduledEventId)));
  if (!completed || started.length === 0) return 0;
  return Math.max(...started.map((e) => e.activityTaskStartedEventAttributes!.attempt ?? 1));
}
