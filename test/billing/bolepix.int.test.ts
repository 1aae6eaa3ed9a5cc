import { randomUUID } from 'node:crypto';
import { issueInvoiceBolepix } from '../../src/billing/invoice-bolepix.service';
import { parsePixPayload } from '../../src/payments/pix.rules';
import { useTestStack } from '../helpers/stack';
import { eventually } from '../webhooks/receiver';

/**
 * Bolepix invoices through the API: a send_invoice invoice carries a boleto registered at the
 * company's issuer with its Pix QR and the late fees of its subscription or plan, beside its
 * payment link; paying either pays the invoice once, closes the other way, and a second payment
 * that still gets through is an overpayment the merchant sees.
 */
const t = useTestStack({ companies: ['Bolepix', 'Other'], owners: ['Bolepix', 'Other'] });
const post = (path: string, body: object = {}, who: 'Bolepix' | 'Other' = 'Bolepix') => t.stack.http.post(path).set(t.company[who].headers).send(body);
const get = (path: string, who: 'Bolepix' | 'Other' = 'Bolepix') => t.stack.http.get(path).set(t.company[who].headers);
const payer = { name: 'Ana Souza', email: 'ana@example.com', document: '529.982.247-25', phone: '+55 11 91234-5678' };
const buyer = { ...payer, type: 'individual' };
const lateFees = { finePercent: 2, interestMonthlyPercent: 1, discount: { percent: 5, daysBeforeDue: 2 } };

async function invoiceWithBolepix(body: Record<string, unknown> = {}, amount = 4500) {
  const customer = await post('/customers', { ...buyer, email: `${randomUUID()}@example.com` });
  expect(customer.status).toBe(201);
  const sub = await post('/subscriptions', { customerId: customer.body.id, items: [{ description: 'Hosting', unitAmount: amount }], recurrence: { interval: 1, unit: 'month' }, currency: 'BRL', collectionMethod: 'send_invoice', ...body });
  expect(sub.status).toBe(201);
  const invoice = await eventually(async () => {
    const [inv] = (await get(`/invoices?subscriptionId=${sub.body.id}`)).body.data ?? [];
    return inv?.bolepix && inv.paymentUrl ? inv : null;
  }, 30_000, 'the invoice, its payment link and its bolepix');
  return { sub: sub.body, invoice };
}

const saoPauloDay = (iso: string) => new Date(Date.parse(iso) - 3 * 3_600_000).toISOString().slice(0, 10);
const dayBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const invoiceSoon = (id: string, ok: (inv: Record<string, unknown>) => boolean, what: string) =>
  eventually(async () => {
    const res = await get(`/invoices/${id}`);
    return ok(res.body) ? res.body : null;
  }, 30_000, what);
const eventTypes = async (invoiceId: string) => (await t.stack.em().execute<{ type: string }[]>(`select type from events where entity_id = ? order by created_at, id`, [invoiceId])).map((e) => e.type);

it('a send_invoice invoice carries a bolepix (boleto with its Pix QR, the late fees) beside its payment link; paying the boleto pays the invoice once and cancels the link', async () => {
  const { sub, invoice } = await invoiceWithBolepix({ lateFees });
  expect(sub.lateFees).toEqual(lateFees);
  const due = saoPauloDay(invoice.dueAt);
  expect(invoice).toMatchObject({
    status: 'open',
    checkoutSessionId: expect.stringMatching(/^cs_/),
    bolepix: { transactionId: expect.stringMatching(/^txn_/), paymentId: expect.stringMatching(/^pay_/), dueDate: due, amount: 4500, fine: { percent: 2 }, interest: { monthlyPercent: 1 }, discount: { until: dayBefore(due, 2), percent: 5 } },
    boleto: { digitableLine: expect.stringMatching(/^\d{47}$/), barcode: expect.stringMatching(/^\d{44}$/), pdfUrl: expect.stringContaining('/boleto.pdf') },
    pixQrCode: { copyPaste: expect.any(String), imageUrl: expect.stringContaining('/bolepix/') },
    overpayments: [],
  });
  expect(parsePixPayload(invoice.pixQrCode.copyPaste)).toMatchObject({ kind: 'dynamic' });
  // The boleto is a transaction of the company's, registered with the fees, naming the invoice.
  const txn = await get(`/v1/transactions/${invoice.bolepix.transactionId}`);
  expect(txn.body).toMatchObject({ status: 'waiting_payment', amount: 4500, referenceCode: `${invoice.id}-bolepix`, metadata: { invoiceId: invoice.id, subscriptionId: sub.id } });
  expect(txn.body.payments[0].boleto).toMatchObject({ line: invoice.boleto.digitableLine, dueDate: due, fine: { percent: 2 }, interest: { monthlyPercent: 1 }, discount: { percent: 5 }, payableDaysAfterDue: 30 });
  const png = await t.stack.http.get(new URL(invoice.pixQrCode.imageUrl).pathname);
  expect(png.status).toBe(200);
  expect(png.headers['content-type']).toBe('image/png');

  // Issuing again (the dunning's fallback, a retried activity) answers the same bolepix.
  expect(await issueInvoiceBolepix(t.stack.deps, invoice.id)).toEqual(expect.objectContaining({ transactionId: invoice.bolepix.transactionId }));

  expect((await post(`/sandbox/payments/${invoice.bolepix.paymentId}/pay`)).status).toBe(202);
  const paid = await invoiceSoon(invoice.id, (i) => i.status === 'paid', 'the invoice paid by its boleto');
  expect(paid).toMatchObject({ lastTransactionId: invoice.bolepix.transactionId, overpayments: [] });
  await eventually(async () => (await get(`/subscriptions/${sub.id}`)).body.cyclesCompleted === 1, 30_000, 'the cycle advanced');
  // Its payment link can no longer be paid.
  await eventually(async () => (await get(`/checkout/charges/${invoice.checkoutSessionId}`)).body.status === 'canceled', 30_000, 'the link canceled');
  expect(await eventTypes(invoice.id)).toEqual(['invoice.issued', 'invoice.paid']);
});

it("paid through its Pix QR the bolepix pays the invoice; paid by the link first, the bolepix's boleto is canceled", async () => {
  const first = await invoiceWithBolepix();
  expect(first.invoice.bolepix).toMatchObject({ fine: null, interest: null, discount: null });
  expect((await post(`/sandbox/payments/${first.invoice.bolepix.paymentId}/pay?via=pix`)).status).toBe(202);
  await invoiceSoon(first.invoice.id, (i) => i.status === 'paid' && i.lastTransactionId === first.invoice.bolepix.transactionId, 'paid by the bolepix Pix');

  const second = await invoiceWithBolepix({}, 3000);
  const confirm = await t.stack.http.post(`/checkout/public/sessions/${second.invoice.checkoutSessionId}/confirm`).set('Idempotency-Key', randomUUID()).send({ customer: payer, payments: [{ method: 'pix' }] });
  expect(confirm.status).toBe(200);
  expect((await post(`/sandbox/payments/${confirm.body.payments[0].id}/pay`)).status).toBe(202);
  const paid = await invoiceSoon(second.invoice.id, (i) => i.status === 'paid', 'paid by the link');
  expect(paid.lastTransactionId).not.toBe(second.invoice.bolepix.transactionId);
  await eventually(async () => (await get(`/v1/transactions/${second.invoice.bolepix.transactionId}`)).body.status === 'canceled', 30_000, 'the bolepix canceled');
  expect((await post(`/sandbox/payments/${second.invoice.bolepix.paymentId}/pay`)).status).toBe(409);
});

it('both ways paid: the invoice is paid once, by the first; the second payment is an overpayment (invoice.overpaid)', async () => {
  const { invoice } = await invoiceWithBolepix({}, 2000);
  // The buyer opens a Pix on the link (the session is being paid: it can no longer be canceled)…
  const confirm = await t.stack.http.post(`/checkout/public/sessions/${invoice.checkoutSessionId}/confirm`).set('Idempotency-Key', randomUUID()).send({ customer: payer, payments: [{ method: 'pix' }] });
  expect(confirm.status).toBe(200);
  // …pays the boleto first, then that Pix.
  expect((await post(`/sandbox/payments/${invoice.bolepix.paymentId}/pay`)).status).toBe(202);
  await invoiceSoon(invoice.id, (i) => i.status === 'paid', 'paid by the boleto');
  expect((await post(`/sandbox/payments/${confirm.body.payments[0].id}/pay`)).status).toBe(202);
  const over = await invoiceSoon(invoice.id, (i) => (i.overpayments as unknown[]).length === 1, 'the overpayment recorded');
  expect(over).toMatchObject({ status: 'paid', lastTransactionId: invoice.bolepix.transactionId, overpayments: [{ transactionId: expect.stringMatching(/^txn_/), amount: 2000, at: expect.any(String) }] });
  expect(over.overpayments[0].transactionId).not.toBe(invoice.bolepix.transactionId);
  expect(await eventTypes(invoice.id)).toEqual(['invoice.issued', 'invoice.paid', 'invoice.overpaid']);
});

it('issued twice at once, an invoice gets one bolepix (one boleto transaction)', async () => {
  const customer = await post('/customers', { ...buyer, email: 'twice@example.com' });
  // Its issue activity makes one too: three issues race.
  const sub = await post('/subscriptions', { customerId: customer.body.id, items: [{ description: 'Hosting', unitAmount: 1500 }], recurrence: { interval: 1, unit: 'month' }, currency: 'BRL', collectionMethod: 'send_invoice' });
  const [inv] = await eventually(async () => {
    const rows = await t.stack.em().execute<{ id: string }[]>(`select id from billing_invoices where subscription_id = ?`, [sub.body.id]);
    return rows.length ? rows : null;
  }, 30_000, 'the invoice');
  const [a, b] = await Promise.all([issueInvoiceBolepix(t.stack.deps, inv.id), issueInvoiceBolepix(t.stack.deps, inv.id)]);
  expect(a!.transactionId).toBe(b!.transactionId);
  const [{ n }] = await t.stack.em().execute<{ n: string }[]>(`select count(*) as n from transactions where reference_code = ?`, [`${inv.id}-bolepix`]);
  expect(Number(n)).toBe(1);
});

it('late fees are validated (fine ≤ 2%, interest ≤ 1% a month, one discount form) on subscriptions and plans; a plan\'s fees reach its invoices', async () => {
  const customer = await post('/customers', { ...buyer, email: 'fees@example.com' });
  const base = { customerId: customer.body.id, items: [{ description: 'Hosting', unitAmount: 1000 }], recurrence: { interval: 1, unit: 'month' }, currency: 'BRL', collectionMethod: 'send_invoice' };
  for (const bad of [{ finePercent: 2.5 }, { interestMonthlyPercent: 1.5 }, { discount: { percent: 5, amount: 100 } }, { discount: { daysBeforeDue: 1 } }, { payableDaysAfterDue: 90 }, { other: 1 }]) {
    const res = await post('/subscriptions', { ...base, lateFees: bad });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'validation_failed' } });
  }
  expect((await post('/plans', { code: `p-${randomUUID().slice(0, 8)}`, name: 'Bad', lateFees: { finePercent: 10 } })).status).toBe(400);

  const plan = await post('/plans', { code: `p-${randomUUID().slice(0, 8)}`, name: 'Club', lateFees: { finePercent: 1 } });
  expect(plan.status).toBe(201);
  expect(plan.body.lateFees).toEqual({ finePercent: 1 });
  const patched = await t.stack.http.patch(`/plans/${plan.body.id}`).set(t.company.Bolepix.headers).set('Idempotency-Key', randomUUID()).send({ lateFees: { finePercent: 2, interestMonthlyPercent: 0.5 } });
  expect(patched.body.lateFees).toEqual({ finePercent: 2, interestMonthlyPercent: 0.5 });
  expect((await post(`/plans/${plan.body.id}/prices`, { money: { amount: 2500, currency: 'BRL' }, billingScheme: 'fixed', recurrence: { interval: 1, unit: 'month' } })).status).toBe(201);
  expect((await post(`/plans/${plan.body.id}/publish`)).status).toBe(200);
  const sub = await post('/subscriptions', { customerId: customer.body.id, planId: plan.body.id, collectionMethod: 'send_invoice' });
  expect(sub.status).toBe(201);
  const invoice = await eventually(async () => {
    const [inv] = (await get(`/invoices?subscriptionId=${sub.body.id}`)).body.data ?? [];
    return inv?.bolepix ? inv : null;
  }, 30_000, 'the bolepix');
  expect(invoice.bolepix).toMatchObject({ fine: { percent: 2 }, interest: { monthlyPercent: 0.5 }, discount: null });
  // Another company sees none of it.
  expect((await get(`/invoices/${invoice.id}`, 'Other')).status).toBe(404);
  expect((await get(`/v1/transactions/${invoice.bolepix.transactionId}`, 'Other')).status).toBe(404);
});
