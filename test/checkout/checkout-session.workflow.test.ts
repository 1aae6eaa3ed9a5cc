import { randomUUID } from 'node:crypto';
import { WorkflowNotFoundError, type WorkflowHandle } from '@temporalio/client';
import { useTestStack } from '../helpers/stack';
import { recordHistory } from '../replay/history-files';
import { Event } from '../../src/events/event.entity';
import { createCharge } from '../../src/checkout/checkout-sessions.service';
import { createChargeBody } from '../../src/checkout/checkout-sessions.schemas';
import { Payment } from '../../src/payments/payment.entity';
import { Transaction } from '../../src/payments/transaction.entity';
import { checkoutSessionWorkflowId, type CheckoutSessionOutcome } from '../../workflows/checkout/checkout-session.contract';
import { balanceOf, cardToken, eventually } from '../payments/fixtures';

/**
 * The checkoutSession workflow on the time-skipping test server with the real activities and
 * database: expiry after expirationMinutes, a partially paid session expiring (its approved
 * card voided, nothing settled), cancel, and paid. `RECORD_HISTORIES=1` saves each run's
 * history to test/histories/checkout/ (`npm run record:history`).
 */

const t = useTestStack({ companies: ['Acme'], owners: ['Acme'] });

const buyer = { name: 'Maria Silva', email: 'maria@example.com', document: '52998224725', phone: '11912345678' };
const charge = async (body: object = {}) => {
  const res = await t.stack.http
    .post('/checkout/charges')
    .set(t.company.Acme.headers)
    .send({ items: [{ name: 'Aula', quantity: 1, unitAmount: 10000 }], paymentMethods: { card: { enabled: true }, pix: { enabled: true }, combined: { enabled: true } }, expirationMinutes: 5, ...body });
  expect(res.status).toBe(201);
  return res.body;
};
const confirm = (id: string, body: object) => t.stack.http.post(`/checkout/public/sessions/${id}/confirm`).set('Idempotency-Key', randomUUID()).send(body);
const session = async (id: string) => (await t.stack.http.get(`/checkout/sessions/${id}`).set(t.company.Acme.headers)).body;
const handleOf = (id: string): WorkflowHandle => t.stack.client.workflow.getHandle(checkoutSessionWorkflowId(id));
const eventTypes = async (id: string) => (await t.stack.em().find(Event, { entityId: id }, { orderBy: { createdAt: 'asc', id: 'asc' } })).map((e) => e.type);

describe('checkoutSession workflow', () => {
  it('expires the session expirationMinutes after creation (checkout.session.expired); the page then gets 409 session_expired', async () => {
    const s = await charge();
    await t.stack.env.sleep('4 minutes');
    expect((await session(s.id)).status).toBe('created');
    await t.stack.env.sleep('1 minute');
    const outcome: CheckoutSessionOutcome = await handleOf(s.id).result();
    expect(outcome).toEqual({ status: 'expired' });
    expect(await session(s.id)).toMatchObject({ status: 'expired', expiredAt: expect.any(String), amountPaid: 0 });
    expect(await eventTypes(s.id)).toEqual(['checkout.session.created', 'checkout.session.expired']);
    const late = await confirm(s.id, { customer: buyer, payments: [{ method: 'pix' }] });
    expect([late.status, late.body.error.code]).toEqual([409, 'session_expired']);
    await recordHistory('checkout', 'expired', handleOf(s.id));
  });

  it('a partially paid session that expires: the open Pix is canceled and the approved card voided, so no money stays with the merchant', async () => {
    const before = await balanceOf(t.stack, t.owner.Acme);
    const s = await charge();
    const res = await confirm(s.id, { customer: buyer, payments: [{ method: 'credit_card', cardToken: await cardToken(t.stack, t.company.Acme), installments: 1, amount: 6000 }, { method: 'pix' }] });
    expect(res.body.payments.map((p: any) => p.status)).toEqual(['paid', 'waiting_payment']);
    await eventually(async () => (await session(s.id)).status === 'partially_paid');
    await t.stack.env.sleep('5 minutes');
    expect(await handleOf(s.id).result()).toEqual({ status: 'expired' });
    const txnId = res.body.payments[0] && (await t.stack.em().findOneOrFail(Payment, { id: res.body.payments[0].id })).transactionId;
    await eventually(async () => (await t.stack.em().findOneOrFail(Transaction, { id: txnId })).status === 'canceled');
    const payments = await t.stack.em().find(Payment, { transactionId: txnId }, { orderBy: { position: 'asc' } });
    expect(payments.map((p) => [p.method, p.status, p.statusReason])).toEqual([
      ['credit_card', 'canceled', 'voided'],
      ['pix', 'canceled', 'checkout_session_expired'],
    ]);
    expect(await session(s.id)).toMatchObject({ status: 'expired', amountPaid: 0, amountDue: 10000 });
    expect(await balanceOf(t.stack, t.owner.Acme)).toEqual(before);
    expect(await eventTypes(s.id)).toEqual(['checkout.session.created', 'checkout.session.partially_paid', 'checkout.session.expired']);
    await recordHistory('checkout', 'partially-paid-expired', handleOf(s.id));
  });

  it('cancel ends the workflow canceled; the expiry timer never fires afterwards', async () => {
    const s = await charge();
    await t.stack.http.post(`/checkout/public/sessions/${s.id}/open`).expect(200);
    await t.stack.http.post(`/checkout/charges/${s.id}/cancel`).set(t.company.Acme.headers).expect(200);
    expect(await handleOf(s.id).result()).toEqual({ status: 'canceled' });
    await t.stack.env.sleep('10 minutes');
    expect(await eventTypes(s.id)).toEqual(['checkout.session.created', 'checkout.session.opened', 'checkout.session.canceled']);
    await recordHistory('checkout', 'canceled', handleOf(s.id));
  });

  it('ends paid when its payment arrives, before the timer', async () => {
    const s = await charge();
    const res = await confirm(s.id, { customer: buyer, payments: [{ method: 'pix' }] });
    await t.stack.http.post(`/sandbox/payments/${res.body.payments[0].id}/pay`).set(t.company.Acme.headers).expect(202);
    expect(await handleOf(s.id).result()).toEqual({ status: 'paid' });
    expect((await session(s.id)).status).toBe('paid');
    await recordHistory('checkout', 'paid', handleOf(s.id));
  });
});

describe('outbox backstop', () => {
  it('a session committed without its workflow (the API died in between) gets it when checkout.session.created is dispatched', async () => {
    const input = createChargeBody.parse({ items: [{ name: 'Aula', quantity: 1, unitAmount: 500 }], paymentMethods: { pix: {} } });
    const { session, event } = await t.stack.em().transactional((em) => createCharge(em, t.stack.deps, t.company.Acme.company, input));
    await expect(handleOf(session.id).describe()).rejects.toBeInstanceOf(WorkflowNotFoundError);
    expect(await t.stack.deps.dispatcher.dispatch(event.id)).toBe(true);
    expect((await handleOf(session.id).describe()).status.name).toBe('RUNNING');
    expect(await t.stack.deps.dispatcher.dispatch(event.id)).toBe(false);
  });
});

