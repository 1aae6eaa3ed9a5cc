import { processorsOf } from '../../src/processors/processors';
import { pixTxid } from '../../src/payments/pix.rules';
import { mandateChargePaymentId } from '../../src/billing/mandate-charges.rules';
import { eventually } from './eventually';
import { randomUUID } from 'node:crypto';
import { cardToken } from '../payments/fixtures';
import { useEmbeddedPixStack } from '../processors/embedded-pix-stack';
import { customerAndMonthlyPlan } from './monthly-plan';

/**
 * Invoices collected through a Pix Automático mandate, through the API with the embedded Pix PSP
 * as a process of its own: the payer approves the mandate (the QR journey), the subscription
 * starts and its invoice becomes a recurring charge (`cobr`) at the PSP, due 3 days later; the
 * PSP's clock moves to that day, the payer's bank settles it, and the PSP's `/cobr` callback
 * (read back from the PSP) pays the invoice through Lastro's Pix receiving path: a Pix
 * transaction paid, in the ledger like any other. A refused charge and a cancelled mandate send
 * the subscription to dunning. Two companies side by side.
 */
type Company = 'Acme' | 'Other';
const plans: Partial<Record<Company, string>> = {};
const customers: Partial<Record<Company, string>> = {};

const { t, psp, pspMandateIdOf } = useEmbeddedPixStack({
  companies: ['Acme', 'Other'],
  owners: ['Acme', 'Other'],
  async setup(t) {
    for (const c of ['Acme', 'Other'] as const) ({ customerId: customers[c], planId: plans[c] } = await customerAndMonthlyPlan(t, c));
  },
});

// Each test starts with the PSP's clock at the host's (a test moves it days ahead).
beforeEach(async () => {
  expect((await psp.control('POST', '/embedded/clock', { now: new Date().toISOString() })).status).toBe(200);
});

const post = (c: Company, path: string, body: object = {}) => t.stack.http.post(path).set(t.company[c].headers).send(body);
const get = (c: Company, path: string) => t.stack.http.get(path).set(t.company[c].headers);
const invoicesOf = async (c: Company, subscriptionId: string) => (await get(c, `/invoices?subscriptionId=${subscriptionId}&limit=100`)).body.data as Array<Record<string, any>>;
const transactionOf = async (c: Company, referenceCode: string) => (await get(c, `/transactions?referenceCode=${referenceCode}`)).body.data?.[0] as Record<string, any> | undefined;
const DAY = 86_400_000;

/** A subscription with no card whose payer approves a mandate by its QR: it starts, paid by the mandate. */
async function subscribedByMandate(c: Company, payer: object = { outcome: 'pays' }): Promise<{ id: string; pspMandateId: string }> {
  const sub = await post(c, '/subscriptions', { customerId: customers[c], planId: plans[c] });
  expect(sub.status).toBe(201);
  expect(sub.body.status).toBe('incomplete');
  const mandate = await post(c, `/subscriptions/${sub.body.id}/pix-automatico`, { authorization: 'qr' });
  expect(mandate.status).toBe(201);
  const pspMandateId = await pspMandateIdOf(mandate.body.id);
  expect((await psp.control('POST', `/embedded/rec/${pspMandateId}/approve`, { jornada: 'JORNADA_2', payer })).status).toBe(200);
  return { id: sub.body.id, pspMandateId };
}

/** The subscription's first invoice once its mandate charge is scheduled at the PSP. */
async function scheduledInvoice(c: Company, subscriptionId: string) {
  const [invoice] = await eventually(() => invoicesOf(c, subscriptionId), (l) => l.length === 1);
  expect(invoice).toMatchObject({ status: 'open', cycle: 0, total: 4990 });
  // Due 3 days after it was issued: the BCB takes a charge 2 to 10 days before its due day.
  expect(Date.parse(invoice.dueAt) - Date.parse(invoice.createdAt)).toBeGreaterThan(3 * DAY - 60_000);
  const txn = await eventually(() => transactionOf(c, `${invoice.id}-1`), (x) => x?.status === 'waiting_payment');
  expect(txn).toMatchObject({ status: 'waiting_payment', amount: 4990, origin: 'subscription', metadata: { invoiceId: invoice.id, subscriptionId } });
  const txid = pixTxid(mandateChargePaymentId(invoice.id, 1));
  expect(txn!.payments[0]).toMatchObject({ paymentMethod: 'pix' });
  return { invoice, txn: txn!, txid };
}

describe('an invoice paid by the mandate', () => {
  it('the cobr scheduled at issue is settled on its due day; the PSP callback pays the Pix transaction and the invoice; company B sees none of it', async () => {
    const { id } = await subscribedByMandate('Acme');
    expect((await eventually(() => get('Acme', `/subscriptions/${id}`), (r) => r.body.status === 'active')).body.status).toBe('active');
    const { invoice, txn } = await scheduledInvoice('Acme', id);

    // Nothing is paid before the due day.
    expect((await psp.control('POST', '/embedded/clock', { advanceDays: 1 })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await get('Acme', `/invoices/${invoice.id}`)).body.status).toBe('open');

    // The PSP's clock reaches the due day: the payer's bank pays, the callback reaches Lastro.
    expect((await psp.control('POST', '/embedded/clock', { advanceDays: 2 })).status).toBe(200);
    const paid = await eventually(() => get('Acme', `/invoices/${invoice.id}`), (r) => r.body.status === 'paid');
    expect(paid.body).toMatchObject({ status: 'paid', lastTransactionId: txn.id, attemptCount: 1 });
    const settled = (await get('Acme', `/transactions/${txn.id}`)).body;
    expect(settled).toMatchObject({ status: 'paid', origin: 'subscription' });
    expect(settled.payments[0]).toMatchObject({ paymentMethod: 'pix', status: 'paid' });
    // The cycle advanced, and the merchant was told each step.
    expect((await eventually(() => get('Acme', `/subscriptions/${id}`), (r) => r.body.cyclesCompleted === 1)).body).toMatchObject({ status: 'active', cyclesCompleted: 1 });
    const rows = await t.stack.em().execute<{ type: string }[]>(`select type from events where company_id = ? and entity_id in (?, ?, ?)`, [t.company.Acme.company.id, invoice.id, txn.id, id]);
    const types = rows.map((r) => r.type);
    expect(types).toEqual(expect.arrayContaining(['invoice.issued', 'invoice.payment_attempted', 'invoice.paid', 'transaction.paid', 'subscription.cycle_advanced']));

    // Company B: 404 for A's invoice, transaction and mandate.
    expect((await get('Other', `/invoices/${invoice.id}`)).status).toBe(404);
    expect((await get('Other', `/transactions/${txn.id}`)).status).toBe(404);
    expect((await get('Other', `/subscriptions/${id}/pix-automatico`)).status).toBe(404);
  });

  it('two companies side by side: each invoice is paid by its own mandate charge, both settlements told in one callback', async () => {
    const a = await subscribedByMandate('Acme');
    const b = await subscribedByMandate('Other');
    const ia = await scheduledInvoice('Acme', a.id);
    const ib = await scheduledInvoice('Other', b.id);
    expect(ia.txid).not.toBe(ib.txid);
    // The notices of the charges just made are sent first (the PSP gathers a URL's notices for 100 ms): the count settles.
    const cobrCallbacks = async () => ((await psp.control('GET', '/embedded/deliveries')).body.deliveries as Array<{ url: string }>).filter((d) => d.url.endsWith('/cobr')).length;
    let before = await cobrCallbacks();
    for (let settled = 0, tries = 0; settled < 3 && tries < 40; tries++) {
      await new Promise((r) => setTimeout(r, 300));
      const now = await cobrCallbacks();
      settled = now === before ? settled + 1 : 0;
      before = now;
    }
    // One clock move settles both on the same tick: the PSP sends both notices in one body.
    expect((await psp.control('POST', '/embedded/clock', { advanceDays: 3 })).status).toBe(200);
    for (const [c, { invoice, txn }] of [['Acme', ia], ['Other', ib]] as const) {
      const paid = await eventually(() => get(c, `/invoices/${invoice.id}`), (r) => r.body.status === 'paid');
      expect(paid.body).toMatchObject({ status: 'paid', lastTransactionId: txn.id });
    }
    expect(await cobrCallbacks()).toBe(before + 1);
    expect((await get('Other', `/invoices/${ia.invoice.id}`)).status).toBe(404);
    expect((await get('Acme', `/invoices/${ib.invoice.id}`)).status).toBe(404);
  });
});

describe('the PSP retries', () => {
  it('a settlement refused with a code that allows retries is retried the next day (retentativa); paid then, the invoice is paid by its first attempt', async () => {
    const { id, pspMandateId } = await subscribedByMandate('Acme', { outcome: 'fails', codigo: 'AM02' });
    const { invoice, txn, txid } = await scheduledInvoice('Acme', id);
    const rail = (await processorsOf(t.stack.deps).pixById(t.stack.em(), 'default'))!;
    expect((await psp.control('POST', '/embedded/clock', { advanceDays: 3 })).status).toBe(200);
    // Refused on its due day: Lastro asks the PSP for a retry the next day (NTAG).
    const retried = await eventually(() => rail.psp.mandates!.getMandateCharge(txid), (c) => (c?.attempts.length ?? 0) === 2);
    expect(retried).toMatchObject({ status: 'ATIVA' });
    expect(retried!.attempts.map((a) => [a.kind, a.status])).toEqual([['AGND', 'REJEITADA'], ['NTAG', 'AGENDADA']]);
    expect((await get('Acme', `/invoices/${invoice.id}`)).body.status).toBe('open');
    // The payer's account has the money the next day.
    expect((await psp.control('POST', `/embedded/rec/${pspMandateId}/payer`, { outcome: 'pays' })).status).toBe(200);
    expect((await psp.control('POST', '/embedded/clock', { advanceDays: 1 })).status).toBe(200);
    const paid = await eventually(() => get('Acme', `/invoices/${invoice.id}`), (r) => r.body.status === 'paid');
    expect(paid.body).toMatchObject({ status: 'paid', attemptCount: 1, lastTransactionId: txn.id });
  });
});

describe('dunning', () => {
  it("a charge the payer's bank refuses for good fails the attempt: the invoice and the subscription past due, the retry scheduled", async () => {
    const { id } = await subscribedByMandate('Acme', { outcome: 'fails', codigo: 'AC05' });
    const { invoice, txn } = await scheduledInvoice('Acme', id);
    expect((await psp.control('POST', '/embedded/clock', { advanceDays: 3 })).status).toBe(200);
    const failed = await eventually(() => get('Acme', `/invoices/${invoice.id}`), (r) => r.body.status === 'past_due' && !!r.body.nextAttemptAt);
    expect(failed.body).toMatchObject({ status: 'past_due', attemptCount: 1, lastFailureCode: 'mandate_charge_rejected' });
    // The next attempt on the company's schedule (1 day after the due date by default).
    expect(Date.parse(failed.body.nextAttemptAt) - Date.parse(failed.body.dueAt)).toBe(DAY);
    expect((await get('Acme', `/transactions/${txn.id}`)).body.status).toBe('canceled');
    expect((await get('Acme', `/subscriptions/${id}`)).body.status).toBe('past_due');
  });

  it('a mandate the payer cancels moves the subscription to dunning, and its scheduled charge fails the attempt', async () => {
    const { id, pspMandateId } = await subscribedByMandate('Acme');
    const { invoice, txn } = await scheduledInvoice('Acme', id);
    expect((await psp.control('POST', `/embedded/rec/${pspMandateId}/cancel`)).status).toBe(200);
    expect((await eventually(() => get('Acme', `/subscriptions/${id}/pix-automatico`), (r) => r.body.status === 'canceled')).body.status).toBe('canceled');
    const failed = await eventually(() => get('Acme', `/invoices/${invoice.id}`), (r) => r.body.status === 'past_due');
    expect(failed.body).toMatchObject({ status: 'past_due', lastFailureCode: 'mandate_charge_canceled' });
    expect((await get('Acme', `/transactions/${txn.id}`)).body.status).toBe('canceled');
    expect((await get('Acme', `/subscriptions/${id}`)).body.status).toBe('past_due');
  });
});

describe('the /cobr callback', () => {
  it('a wrong secret is refused (401); a forged report pays nothing the PSP does not hold; a malformed one is 400', async () => {
    const { id } = await subscribedByMandate('Acme');
    const { invoice, txid } = await scheduledInvoice('Acme', id);
    const secret = t.stack.config.processors.pix!.callbackSecret;
    const forged = { cobsr: [{ idRec: 'RR1234567820240115abcdefghijk', txid, status: 'CONCLUIDA', pix: [{ endToEndId: 'E12345678202401151234abcdefghij', valor: '49.90', horario: new Date().toISOString() }] }] };
    expect((await t.stack.http.post(`/processors/pix/callbacks/default/not-the-secret/cobr`).send(forged)).status).toBe(401);
    expect((await t.stack.http.post(`/processors/pix/callbacks/default/${secret}/cobr`).send(forged)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    expect((await get('Acme', `/invoices/${invoice.id}`)).body.status).toBe('open');
    expect((await t.stack.http.post(`/processors/pix/callbacks/default/${secret}/cobr`).send({ cobsr: [{ status: 'CONCLUIDA' }] })).status).toBe(400);
  });
});

describe('a charge is never collected twice', () => {
  const railOf = async () => (await processorsOf(t.stack.deps).pixById(t.stack.em(), 'default'))!;
  const cobrOf = async (txid: string) => (await railOf()).psp.mandates!.getMandateCharge(txid);
  const eventsOf = async (c: Company, entityId: string, type: string) =>
    (await t.stack.em().execute<{ id: string }[]>(`select id from events where company_id = ? and entity_id = ? and type = ?`, [t.company[c].company.id, entityId, type])).length;

  /** The invoice paid by card in the customer portal (the path a customer takes); the portal's answer. */
  async function payByCard(c: Company, invoiceId: string) {
    const session = await post(c, '/portal/sessions', { customerId: customers[c] });
    expect(session.status).toBe(201);
    const pagePath = new URL(session.body.url).pathname;
    const csrf = /<meta name="csrf-token" content="([^"]+)">/.exec((await t.stack.http.get(pagePath)).text)![1];
    const token = await cardToken(t.stack, t.company[c]);
    return t.stack.http.post(`${pagePath}/invoices/${invoiceId}/card`).set({ 'x-csrf-token': csrf }).send({ csrfToken: csrf, cardToken: token, attemptKey: randomUUID() });
  }

  it('an invoice paid another way cancels its scheduled cobr at the PSP (CANCELADA): its due day debits nothing', async () => {
    const { id } = await subscribedByMandate('Acme');
    const { invoice, txn, txid } = await scheduledInvoice('Acme', id);
    expect((await post('Acme', `/sandbox/invoices/${invoice.id}/pay`)).status).toBe(200);
    expect((await eventually(() => cobrOf(txid), (c) => c?.status === 'CANCELADA'))!.status).toBe('CANCELADA');
    expect((await eventually(() => get('Acme', `/transactions/${txn.id}`), (r) => r.body.status === 'canceled')).body.statusReason).toBe('invoice_paid');
    // The due day passes: nothing is debited, the invoice stays paid once, the cycle advanced.
    expect((await psp.control('POST', '/embedded/clock', { advanceDays: 3 })).status).toBe(200);
    expect((await eventually(() => get('Acme', `/subscriptions/${id}`), (r) => r.body.cyclesCompleted === 1)).body.status).toBe('active');
    expect((await cobrOf(txid))!.pix).toEqual([]);
    expect((await get('Acme', `/invoices/${invoice.id}`)).body).toMatchObject({ status: 'paid', overpayments: [] });
    expect(await eventsOf('Acme', invoice.id, 'invoice.paid')).toBe(1);
  });

  it('a subscription canceled voids its invoice, cancels its scheduled cobr and its mandate at the PSP; company B cannot cancel it', async () => {
    const { id, pspMandateId } = await subscribedByMandate('Acme');
    const { invoice, txn, txid } = await scheduledInvoice('Acme', id);
    expect((await post('Other', `/subscriptions/${id}/cancel`)).status).toBe(404);
    expect((await get('Acme', `/invoices/${invoice.id}`)).body.status).toBe('open');
    expect((await post('Acme', `/subscriptions/${id}/cancel`)).status).toBe(200);
    expect((await eventually(() => get('Acme', `/invoices/${invoice.id}`), (r) => r.body.status === 'void')).body.status).toBe('void');
    expect((await eventually(() => cobrOf(txid), (c) => c?.status === 'CANCELADA'))!.status).toBe('CANCELADA');
    expect((await eventually(() => get('Acme', `/transactions/${txn.id}`), (r) => r.body.status === 'canceled')).body.statusReason).toBe('invoice_voided');
    // The authorization leaves the payer's bank: cancelled at the PSP by the receiving user, canceled in Lastro.
    const rail = (await processorsOf(t.stack.deps).pixById(t.stack.em(), 'default'))!;
    expect(await eventually(async () => (await rail.psp.mandates!.getMandate(pspMandateId))?.status, (st) => st === 'CANCELADA')).toBe('CANCELADA');
    expect((await eventually(() => get('Acme', `/subscriptions/${id}/pix-automatico`), (r) => r.body.status === 'canceled')).body.status).toBe('canceled');
  });

  it('a debit the PSP made before the cancel reached it is an overpayment of the invoice paid by card (invoice.overpaid), never absorbed', async () => {
    const { id } = await subscribedByMandate('Acme');
    const { invoice, txn, txid } = await scheduledInvoice('Acme', id);
    // The PSP does not take the cancel yet (it answers 503: Lastro retries it) …
    expect((await psp.control('POST', '/embedded/faults', { path: '^PATCH /cobr/', status: 503, times: 10_000 })).status).toBe(201);
    try {
      const card = await payByCard('Acme', invoice.id);
      expect(card.body).toMatchObject({ status: 'paid', invoice: { status: 'paid' } });
      // … and the payer's bank debits the charge meanwhile.
      expect((await psp.control('POST', `/embedded/cobr/${txid}/settle`, { outcome: 'pays' })).status).toBe(200);
      expect((await cobrOf(txid))!.status).toBe('CONCLUIDA');
    } finally {
      await psp.control('DELETE', '/embedded/faults');
    }
    // The cancel, once the PSP takes it, finds the charge concluded: its transaction is paid, an overpayment of the invoice the card paid.
    const overpaid = await eventually(() => get('Acme', `/invoices/${invoice.id}`), (r) => r.body.overpayments.length === 1);
    expect(overpaid.body).toMatchObject({ status: 'paid', overpayments: [{ transactionId: txn.id, amount: 4990 }] });
    expect(overpaid.body.lastTransactionId).not.toBe(txn.id);
    expect((await get('Acme', `/transactions/${txn.id}`)).body.status).toBe('paid');
    expect(await eventsOf('Acme', invoice.id, 'invoice.overpaid')).toBe(1);
    expect(await eventsOf('Acme', invoice.id, 'invoice.paid')).toBe(1);
    expect((await get('Other', `/invoices/${invoice.id}`)).status).toBe(404);
  });

  it('a debit and a card payment at the same moment: the invoice is paid once, the other money is an overpayment or never taken', async () => {
    const { id } = await subscribedByMandate('Acme');
    const { invoice, txn, txid } = await scheduledInvoice('Acme', id);
    const [settled, card] = await Promise.all([psp.control('POST', `/embedded/cobr/${txid}/settle`, { outcome: 'pays' }), payByCard('Acme', invoice.id)]);
    expect(settled.status).toBe(200);
    // The card is refused as not payable when the debit was recorded first; else it is charged.
    const cardPaid = card.status === 200 && card.body.status === 'paid';
    if (!cardPaid) expect(card.body.error?.code ?? card.body.status).toMatch(/invoice_not_payable|paid/);
    const paidTxns = cardPaid ? [txn.id, card.body.transactionId] : [txn.id];
    await eventually(() => get('Acme', `/transactions/${txn.id}`), (r) => r.body.status === 'paid');
    const done = await eventually(() => get('Acme', `/invoices/${invoice.id}`), (r) => r.body.status === 'paid' && r.body.overpayments.length === paidTxns.length - 1);
    // Every paid transaction is the invoice's payment or an overpayment of it: none absorbed.
    expect([done.body.lastTransactionId, ...done.body.overpayments.map((o: { transactionId: string }) => o.transactionId)].sort()).toEqual([...paidTxns].sort());
    expect(await eventsOf('Acme', invoice.id, 'invoice.paid')).toBe(1);
    expect(await eventsOf('Acme', invoice.id, 'invoice.overpaid')).toBe(paidTxns.length - 1);
  });
});
