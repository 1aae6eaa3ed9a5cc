import { processorsOf } from '../../src/processors/processors';
import { pixTxid } from '../../src/payments/pix.rules';
import { mandateChargePaymentId } from '../../src/billing/mandate-charges.rules';
import type { UsedTestStack } from '../helpers/stack';
import { eventually } from './eventually';
import { DAY, useWholeCycles } from './whole-cycles';
import { useEmbeddedPixStack } from '../processors/embedded-pix-stack';

type Row = Record<string, any>;

/**
 * Whole cycles of subscriptions paid by Pix Automático (whole-cycles.ts: the test server's clock
 * moved to the instant they fall due, a billing run there), with the embedded Pix PSP as a process
 * of the test file's own: its clock is set to the workflow time before each run, so its BCB window
 * checks judge each `cobr` by the day Lastro sent it. A test moves both clocks months ahead of the
 * API's (the host's), and the PSP refuses a mandate the API starts after that (its first day
 * already past): a file starts its mandates before its first move. `setup` is the file's own,
 * run after the PSP's webhook is registered.
 */
export function useMandateCycles(options: { setup?: (t: UsedTestStack<'Acme' | 'Other'>) => Promise<void> } = {}) {
  const { t, psp, pspMandateIdOf } = useEmbeddedPixStack({ companies: ['Acme', 'Other'], owners: ['Acme', 'Other'], setup: options.setup });

  // The PSP's clock follows the test server's to each run.
  const cycles = useWholeCycles(t, { beforeRun: () => pspClock() });
  const { post, get, workflowNow, invoicesOf, transactionOf } = cycles;
  const rail = async () => (await processorsOf(t.stack.deps).pixById(t.stack.em(), 'default'))!;
  const control = (method: string, path: string, body?: object) => psp.control(method, path, body);

  /** Sets the PSP's clock to the workflow time (the day Lastro acts on), or that plus some days. */
  const pspClock = async (plusDays = 0) => {
    const now = new Date(Date.parse(await workflowNow()) + plusDays * DAY).toISOString();
    expect((await control('POST', '/embedded/clock', { now })).status).toBe(200);
  };
  /** The PSP's clock at noon (Brasília) of `day`, plus `plusDays`. */
  const pspAt = async (day: string, plusDays = 0) => {
    expect((await control('POST', '/embedded/clock', { now: new Date(Date.parse(`${day}T15:00:00Z`) + plusDays * DAY).toISOString() })).status).toBe(200);
  };
  /** The day of the charge's latest attempt, as the PSP scheduled it. */
  const attemptDay = async (txid: string) => (await (await rail()).psp.mandates!.getMandateCharge(txid))!.attempts.at(-1)!.date;

  /** The invoice once paid, or what each part says of it (the PSP's charge, the transaction) when it is not. */
  async function paidInvoice(invoiceId: string, txid: string, referenceCode: string) {
    const inv = await eventually(async () => (await get(`/invoices/${invoiceId}`)).body, (i) => i.status === 'paid', 120_000);
    if (inv.status === 'paid') return inv;
    const charge = await (await rail()).psp.mandates!.getMandateCharge(txid);
    const txn = await transactionOf(referenceCode);
    const why = { invoice: [inv.status, inv.dueAt], charge: charge && [charge.status, charge.dueDate, charge.attempts], transaction: txn?.status, psp: (await control('POST', '/embedded/clock', {})).body, workflowNow: await workflowNow(), wall: new Date().toISOString() };
    throw new Error(`invoice ${invoiceId} not paid: ${JSON.stringify(why)}`);
  }

  /** The invoice of `cycle`, its mandate charge scheduled at the PSP within the BCB window (2 to 10 days before its due day, counted from the day it was sent). */
  async function scheduled(id: string, cycle: number) {
    const invoices = await eventually(() => invoicesOf(id), (l) => l.length === cycle + 1);
    const invoice = invoices[cycle];
    if (!invoice) {
      const row = (await t.stack.em().execute<Row[]>(`select status, next_cycle, cycles_completed, parked_at, wake_at, renewal_claim from billing_subscriptions where id = ?`, [id]))[0];
      const run = await t.stack.client.workflow.getHandle(id).describe().then((d) => d.status.name, (e: Error) => e.message);
      throw new Error(`no invoice of cycle ${cycle}: ${JSON.stringify({ row, workflow: run, invoices: invoices.map((i) => [i.cycle, i.status, i.dueAt]), workflowNow: await workflowNow() })}`);
    }
    expect(invoice).toMatchObject({ cycle, status: 'open', total: 4990 });
    expect(Date.parse(invoice.dueAt) - Date.parse(invoice.createdAt)).toBeGreaterThanOrEqual(3 * DAY - 60_000);
    const txn = await eventually(() => transactionOf(`${invoice.id}-1`), (x) => x?.status === 'waiting_payment');
    expect(txn).toMatchObject({ status: 'waiting_payment', amount: 4990, origin: 'subscription' });
    const txid = pixTxid(mandateChargePaymentId(invoice.id, 1));
    const charge = (await (await rail()).psp.mandates!.getMandateCharge(txid))!;
    const sentDay = (await workflowNow()).slice(0, 10);
    const window = (Date.parse(charge.dueDate) - Date.parse(sentDay)) / DAY;
    expect(window).toBeGreaterThanOrEqual(2);
    expect(window).toBeLessThanOrEqual(10);
    return { invoice, txn: txn!, txid };
  }

  /** A subscription of a customer with no card, whose payer authorizes a mandate (QR journey) that pays. */
  async function subscribedByMandate(): Promise<{ id: string; pspMandateId: string }> {
    const payer = (await post('/customers', { name: 'Bia Lima', email: 'bia@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990001' })).body.id;
    const plan = (await post('/plans', { code: 'club', name: 'Club' })).body.id;
    await post(`/plans/${plan}/charges`, { item: { key: 'base', name: 'Club' }, price: { money: { amount: 4990, currency: 'BRL' }, recurrence: { interval: 1, unit: 'month' } } });
    expect((await post(`/plans/${plan}/publish`)).status).toBe(200);
    await pspClock();
    const sub = await post('/subscriptions', { customerId: payer, planId: plan });
    expect(sub.body.status).toBe('incomplete');
    const id = sub.body.id as string;
    const mandate = await post(`/subscriptions/${id}/pix-automatico`, { authorization: 'qr' });
    expect(mandate.status).toBe(201);
    const pspMandateId = await pspMandateIdOf(mandate.body.id);
    expect((await control('POST', `/embedded/rec/${pspMandateId}/approve`, { jornada: 'JORNADA_2', payer: { outcome: 'pays' } })).status).toBe(200);
    return { id, pspMandateId };
  }

  return { ...cycles, t, control, rail, pspClock, pspAt, attemptDay, paidInvoice, scheduled, subscribedByMandate };
}
