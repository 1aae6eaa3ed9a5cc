import { eventually } from './eventually';
import { useMandateCycles } from './mandate-cycles';

/** A subscription paid by Pix Automático over whole cycles, under time skipping (mandate-cycles.ts). */
const { get, control, rowOf, parked, invoicesOf, transactionOf, pspAt, attemptDay, billingRun, nextCycleFalls, paidInvoice, scheduled, subscribedByMandate, rail } = useMandateCycles();

describe('Pix Automático over whole cycles', () => {
  it('a mandate authorized pays cycles 0-2 on schedule, each renewed by a billing run a month later, its cobr within the BCB window; cycle 2 refused once and retried the next day (retentativa), paid then; the mandate cancelled by the payer in cycle 3: dunning from the next run', async () => {
    const { id, pspMandateId } = await subscribedByMandate();

    // Cycles 0 and 1: each charge is settled on the day the PSP scheduled its attempt (its due day,
    // or the next business day when that is a holiday or a weekend), not the day before.
    for (const cycle of [0, 1]) {
      if (cycle > 0) await nextCycleFalls(id);
      const { invoice, txn, txid } = await scheduled(id, cycle);
      const day = await attemptDay(txid);
      await pspAt(day, -1);
      await new Promise((r) => setTimeout(r, 1000));
      expect((await get(`/invoices/${invoice.id}`)).body.status).toBe('open');
      await pspAt(day);
      expect(await paidInvoice(invoice.id, txid, `${invoice.id}-1`)).toMatchObject({ status: 'paid', attemptCount: 1, lastTransactionId: txn.id });
      await parked(id, cycle + 1);
    }

    // Cycle 2: the payer's bank refuses it on its due day (AM02, no funds); Lastro asks the PSP to retry the next day, paid then.
    await nextCycleFalls(id);
    expect((await control('POST', `/embedded/rec/${pspMandateId}/payer`, { outcome: 'fails', codigo: 'AM02' })).status).toBe(200);
    const c2 = await scheduled(id, 2);
    await pspAt(await attemptDay(c2.txid));
    const retried = await eventually(async () => (await rail()).psp.mandates!.getMandateCharge(c2.txid), (c) => (c?.attempts.length ?? 0) === 2);
    expect(retried!.attempts.map((a) => [a.kind, a.status])).toEqual([['AGND', 'REJEITADA'], ['NTAG', 'AGENDADA']]);
    expect((await control('POST', `/embedded/rec/${pspMandateId}/payer`, { outcome: 'pays' })).status).toBe(200);
    await pspAt(await attemptDay(c2.txid));
    expect(await paidInvoice(c2.invoice.id, c2.txid, `${c2.invoice.id}-1`)).toMatchObject({ status: 'paid', attemptCount: 1, lastTransactionId: c2.txn.id });
    await parked(id, 3);

    // Three invoices, each paid by one mandate charge; company B sees none of them.
    expect((await invoicesOf(id)).map((i) => i.status)).toEqual(['paid', 'paid', 'paid']);
    expect((await get(`/invoices/${c2.invoice.id}`, 'Other')).status).toBe(404);
    expect((await get(`/subscriptions/${id}`, 'Other')).status).toBe(404);

    // Cycle 3: renewed by the run's page (its cobr scheduled, the row parked, no workflow), then the
    // payer cancels the mandate at their bank. The PSP cancels the charge; its decision wakes the
    // row, and the next billing run's workflow records the failed attempt: dunning, the invoice and
    // the subscription past due, the next attempt on the company's schedule.
    await nextCycleFalls(id);
    const c3 = await scheduled(id, 3);
    expect((await control('POST', `/embedded/rec/${pspMandateId}/cancel`)).status).toBe(200);
    expect(await eventually(async () => (await get(`/subscriptions/${id}/pix-automatico`)).body.status, (s) => s === 'canceled')).toBe('canceled');
    expect(await eventually(() => transactionOf(`${c3.invoice.id}-1`), (x) => x?.status !== 'waiting_payment')).not.toMatchObject({ status: 'paid' });
    await eventually(() => rowOf(id), (r) => new Date(r.wake_at).getTime() <= Date.now(), 60_000);
    await billingRun();
    // Past due first, then its next attempt scheduled (the workflow's next step): both awaited.
    const dunned = await eventually(async () => (await get(`/invoices/${c3.invoice.id}`)).body, (i) => i.status === 'past_due' && typeof i.nextAttemptAt === 'string', 120_000);
    expect(dunned).toMatchObject({ status: 'past_due', attemptCount: 1, nextAttemptAt: expect.any(String) });
    expect((await get(`/subscriptions/${id}`)).body.status).toBe('past_due');
  }, 900_000);
});
