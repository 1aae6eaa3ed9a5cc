import { mandateChargeDueDate, mandateChargePaymentId } from '../../src/billing/mandate-charges.rules';
import { addDays } from '../../src/billing/schedule.rules';
import { pixTxid } from '../../src/payments/pix.rules';
import { cardToken, setCompanyFees } from '../payments/fixtures';
import { eventually } from './eventually';
import { useMandateCycles } from './mandate-cycles';

/**
 * Dunning over whole cycles, under time skipping (whole-cycles.ts, mandate-cycles.ts): every retry
 * falls on its company's schedule as the test server's clock reaches it. Acme retries 2 and 4
 * days after the due date, Other 3, 7 and 12. Both subscriptions are made before the clock first
 * moves (the API's clock is the host's), and Other's dunning (days) runs before Acme's next cycle
 * (a month on).
 */
type Row = Record<string, any>;
const CARD_OK = '4111111111111111';
const CARD_DECLINED = '4000000000000002';

const { t, post, put, get, control, rail, rowOf, parked, invoicesOf, transactionOf, eventsOf, until, nextCycleFalls, pspClock, pspAt, attemptDay, paidInvoice } = useMandateCycles({
  async setup(t) {
    const fees = { creditCard: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [String(i + 1), { percentage: 2, fixed: 0 }])) };
    await setCompanyFees(t.stack, t.company.Acme, fees);
    await setCompanyFees(t.stack, t.company.Other, fees);
  },
});

type Company = 'Acme' | 'Other';
const methodsOf = async (invoiceId: string) => (await eventsOf(invoiceId)).filter((e) => e.type === 'invoice.payment_attempted').map((e) => e.data.method);
const rescheduledTo = async (invoiceId: string) => (await eventsOf(invoiceId)).filter((e) => e.type === 'invoice.rescheduled').map((e) => e.data.nextAttemptAt);
const invoice = async (id: string, c: Company = 'Acme') => (await get(`/invoices/${id}`, c)).body as Row;

async function customerWithCards(c: Company): Promise<{ customerId: string; ok: string; declined: string }> {
  const customerId = (await post('/customers', { name: 'Bia Lima', email: 'bia@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990001' }, c)).body.id as string;
  const card = async (number: string) => {
    const res = await post('/payment-methods/cards', { customerId, token: await cardToken(t.stack, t.company[c], number) }, c);
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  return { customerId, ok: await card(CARD_OK), declined: await card(CARD_DECLINED) };
}

async function subscribe(c: Company, customerId: string, card: string): Promise<string> {
  const sub = await post('/subscriptions', { customerId, items: [{ description: 'Club', unitAmount: 4990 }], recurrence: { interval: 1, unit: 'month' }, currency: 'BRL', defaultPaymentMethodRef: card }, c);
  expect(sub.status).toBe(201);
  return sub.body.id as string;
}

let acme: { id: string; ok: string; declined: string; pspMandateId: string };
let other: { id: string; invoiceId: string };

beforeAll(async () => {
  expect((await put('/billing/dunning-settings', { retryDays: [2, 4] })).status).toBe(200);
  expect((await put('/billing/dunning-settings', { retryDays: [3, 7, 12] }, 'Other')).status).toBe(200);

  // Acme: a card subscription whose payer also authorizes a Pix Automático mandate (from its next cycle on).
  const a = await customerWithCards('Acme');
  const id = await subscribe('Acme', a.customerId, a.ok);
  await parked(id, 1);
  await pspClock();
  const mandate = await post(`/subscriptions/${id}/pix-automatico`, { authorization: 'qr' });
  expect(mandate.status).toBe(201);
  const [{ psp_mandate_id: pspMandateId }] = await t.stack.em().execute<{ psp_mandate_id: string }[]>(`select psp_mandate_id from billing_mandates where id = ?`, [mandate.body.id]);
  expect((await control('POST', `/embedded/rec/${pspMandateId}/approve`, { jornada: 'JORNADA_2', payer: { outcome: 'pays' } })).status).toBe(200);
  expect(await eventually(async () => (await get(`/subscriptions/${id}/pix-automatico`)).body.status, (s) => s === 'active')).toBe('active');
  acme = { id, ok: a.ok, declined: a.declined, pspMandateId };

  // Other: a subscription with no mandate, its card declined from the first invoice.
  const o = await customerWithCards('Other');
  const otherId = await subscribe('Other', o.customerId, o.declined);
  const [first] = await eventually(() => invoicesOf(otherId, 'Other'), (l) => l[0]?.status === 'past_due' && !!l[0]?.nextAttemptAt);
  other = { id: otherId, invoiceId: first.id };
}, 300_000);

describe('dunning over whole cycles', () => {
  it("without a mandate: each retry on the company's own days to the minute, the bolepix offered right after the declined card, the card again after it; spent after the last: uncollectible, the subscription canceled", async () => {
    const first = await invoice(other.invoiceId, 'Other');
    expect(first).toMatchObject({ status: 'past_due', attemptCount: 1, lastFailureCode: 'card_declined', bolepix: null });
    const days = [3, 7, 12].map((d) => addDays(first.dueAt, d));

    // Each attempt falls due on its day: nothing a minute before, the attempt a minute after.
    const steps = [
      { attempt: 2, lastFailureCode: 'awaiting_payment', nextAttemptAt: days[1] },
      { attempt: 3, lastFailureCode: 'card_declined', nextAttemptAt: days[2] },
      { attempt: 4, lastFailureCode: 'card_declined', nextAttemptAt: null },
    ];
    let bolepixTransaction: string | null = null;
    for (const [n, step] of steps.entries()) {
      await until(Date.parse(days[n]) - 60_000);
      await new Promise((r) => setTimeout(r, 1000));
      expect(await invoice(other.invoiceId, 'Other')).toMatchObject({ attemptCount: step.attempt - 1, nextAttemptAt: days[n] });
      await until(Date.parse(days[n]) + 60_000);
      const after = await eventually(() => invoice(other.invoiceId, 'Other'), (i) => i.attemptCount === step.attempt && (step.nextAttemptAt === null || i.nextAttemptAt === step.nextAttemptAt));
      expect(after).toMatchObject({ attemptCount: step.attempt, lastFailureCode: step.lastFailureCode });
      if (step.nextAttemptAt) expect(after).toMatchObject({ status: 'past_due', nextAttemptAt: step.nextAttemptAt });
      // The bolepix offered by attempt 2 stays payable through the later card attempts.
      if (step.attempt === 2) {
        expect(after.bolepix).toMatchObject({ transactionId: expect.stringMatching(/^txn_/), amount: 4990 });
        expect(after.boleto.digitableLine).toMatch(/^\d{47}$/);
        bolepixTransaction = after.bolepix.transactionId;
      } else {
        expect(after.bolepix).toMatchObject({ transactionId: bolepixTransaction });
      }
    }

    // The company's rule after the last retry: the invoice uncollectible, the subscription canceled.
    const ended = await eventually(async () => (await get(`/subscriptions/${other.id}`, 'Other')).body, (s) => s.status === 'canceled');
    expect(ended).toMatchObject({ status: 'canceled', cancellationReason: 'payment_failed' });
    expect(await invoice(other.invoiceId, 'Other')).toMatchObject({ status: 'uncollectible', attemptCount: 4 });
    expect(await methodsOf(other.invoiceId)).toEqual(['card', 'bolepix', 'card', 'card']);
    expect(await rescheduledTo(other.invoiceId)).toEqual(days);
    // Acme's schedule is its own: its subscription, a month from its next cycle, is untouched.
    expect(await rowOf(acme.id)).toMatchObject({ status: 'active', parked: true, cycles_completed: 1 });
    expect((await get(`/invoices/${other.invoiceId}`)).status).toBe(404);
  }, 600_000);

  it("with a mandate: cycle 1's declined card falls back on the company's first retry day to a Pix Automático charge, which pays it; the subscription active again, cycle 2 charged by card", async () => {
    const [c0] = await invoicesOf(acme.id);
    expect(c0).toMatchObject({ status: 'paid', attemptCount: 1 });
    expect(await methodsOf(c0.id)).toEqual(['card']);

    // Cycle 1: the payer's card is now one the issuer declines.
    expect((await post(`/subscriptions/${acme.id}/payment-method`, { defaultPaymentMethodRef: acme.declined })).status).toBe(200);
    expect(await nextCycleFalls(acme.id)).toMatchObject({ workflows: 1 });
    const c1 = (await eventually(() => invoicesOf(acme.id), (l) => l[1]?.status === 'past_due' && !!l[1]?.nextAttemptAt))[1];
    expect(c1).toMatchObject({ cycle: 1, total: 4990, attemptCount: 1, lastFailureCode: 'card_declined', nextAttemptAt: addDays(c1.dueAt, 2) });
    expect((await get(`/subscriptions/${acme.id}`)).body.status).toBe('past_due');

    // Its first retry day (2): the attempt is the mandate's, a `cobr` due as soon as the BCB allows.
    // The PSP's clock is set to that instant, the earliest the attempt is made at.
    expect((await control('POST', '/embedded/clock', { now: c1.nextAttemptAt })).status).toBe(200);
    await until(Date.parse(c1.nextAttemptAt) + 60_000);
    const txn = await eventually(() => transactionOf(`${c1.id}-2`), (x) => x?.status === 'waiting_payment');
    expect(txn).toMatchObject({ status: 'waiting_payment', amount: 4990, origin: 'subscription' });
    const txid = pixTxid(mandateChargePaymentId(c1.id, 2));
    const charge = (await (await rail()).psp.mandates!.getMandateCharge(txid))!;
    expect(charge).toMatchObject({ mandateId: acme.pspMandateId, amount: 4990 });
    // The attempt's time is its timer's, or the seconds after it (a Brasília midnight may fall between).
    expect([0, 60_000].map((ms) => mandateChargeDueDate(c1.dueAt, new Date(Date.parse(c1.nextAttemptAt) + ms).toISOString()))).toContain(charge.dueDate);
    expect((await invoice(c1.id)).attemptCount).toBe(1);

    // Settled on its day: the invoice paid by the mandate, the subscription active, parked until cycle 2.
    await pspAt(await attemptDay(txid));
    expect(await paidInvoice(c1.id, txid, `${c1.id}-2`)).toMatchObject({ status: 'paid', attemptCount: 2, lastTransactionId: txn!.id, nextAttemptAt: null });
    expect(await methodsOf(c1.id)).toEqual(['card', 'pix_automatico']);
    expect(await rescheduledTo(c1.id)).toEqual([c1.nextAttemptAt]);
    await parked(acme.id, 2);
    expect((await get(`/subscriptions/${acme.id}`)).body.status).toBe('active');

    // Cycle 2: the payer's card works again, and it is charged first (the mandate is a fallback).
    expect((await post(`/subscriptions/${acme.id}/payment-method`, { defaultPaymentMethodRef: acme.ok })).status).toBe(200);
    expect(await nextCycleFalls(acme.id)).toMatchObject({ renewed: 1, workflows: 0 });
    await parked(acme.id, 3);
    const c2 = (await invoicesOf(acme.id))[2];
    expect(c2).toMatchObject({ cycle: 2, status: 'paid', attemptCount: 1, total: 4990 });
    expect(await methodsOf(c2.id)).toEqual(['card']);
    expect((await get(`/transactions/${c2.lastTransactionId}`)).body).toMatchObject({ status: 'paid', amount: 4990, payments: [{ paymentMethod: 'credit_card' }] });
    expect(await (await rail()).psp.mandates!.getMandateCharge(pixTxid(mandateChargePaymentId(c2.id, 1)))).toBeNull();
    expect((await get(`/subscriptions/${acme.id}/pix-automatico`)).body.status).toBe('active');
  }, 900_000);
});
