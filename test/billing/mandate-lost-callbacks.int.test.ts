import { registerPixWebhook } from '../../src/processors/pix/pix-webhooks.service';
import { eventually } from './eventually';
import { useMandateCycles } from './mandate-cycles';

/**
 * A Pix Automático charge has no transaction workflow while the PSP holds it: its report (the
 * `/cobr` callback) starts one. When every callback is lost, the subscription's row, woken on
 * the due day, reads the charge back at the PSP. Time skipping, as mandate-cycles.ts.
 */
const { t, get, rail, parked, transactionOf, pspAt, attemptDay, billingRun, untilWake, nextCycleFalls, paidInvoice, scheduled, subscribedByMandate } = useMandateCycles();

describe('a Pix Automático charge whose callbacks are lost', () => {
  it('read back at the PSP when its row wakes on its due day: the run pays the invoice and advances the cycle', async () => {
    const { id } = await subscribedByMandate();
    const c0 = await scheduled(id, 0);
    await pspAt(await attemptDay(c0.txid));
    expect(await paidInvoice(c0.invoice.id, c0.txid, `${c0.invoice.id}-1`)).toMatchObject({ status: 'paid' });
    await parked(id, 1);
    await nextCycleFalls(id);
    const c1 = await scheduled(id, 1);
    // No transaction workflow waits on a scheduled charge: the PSP's report starts it.
    await expect(t.stack.client.workflow.getHandle(c1.txn.id).describe()).rejects.toThrow();

    // The PSP's callbacks go nowhere while it settles the charge (every retry of theirs spent), then come back.
    const pixRail = await rail();
    await pixRail.psp.mandates!.registerMandateWebhooks('http://127.0.0.1:9/lost');
    await pspAt(await attemptDay(c1.txid));
    expect(await eventually(async () => (await pixRail.psp.mandates!.getMandateCharge(c1.txid))!.status, (s) => s === 'CONCLUIDA')).toBe('CONCLUIDA');
    await new Promise((r) => setTimeout(r, 5_000));
    await registerPixWebhook(pixRail, t.stack.baseUrl);
    expect((await get(`/invoices/${c1.invoice.id}`)).body.status).toBe('open');
    expect((await transactionOf(`${c1.invoice.id}-1`))!.status).toBe('waiting_payment');

    // Its row wakes on the due day: the run's page finds the charge still waiting and asks the PSP.
    await untilWake(id);
    await billingRun();
    expect(await paidInvoice(c1.invoice.id, c1.txid, `${c1.invoice.id}-1`)).toMatchObject({ status: 'paid', attemptCount: 1, lastTransactionId: c1.txn.id });
    expect((await transactionOf(`${c1.invoice.id}-1`))!.status).toBe('paid');
    await parked(id, 2);
  }, 600_000);
});
