import { boundaryAt, dueDateOf, invoiceLines, invoiceTimeOf, nextAttemptAt, pageRenewal, rebaseAfterPause, type BillableItem, type RenewalCandidate } from '../../src/billing/subscription.rules';
import { checkRecurrence, checkSchemeFields, priceVersionKey, type Recurrence } from '../../src/billing/price.rules';

const monthly31: Recurrence = { interval: 1, unit: 'month', anchor: 'day_of_month', anchorDay: 31, collectionTiming: 'prepaid' };
const base = { start: '2026-01-15T12:00:00.000Z', baseCycle: 0 };

describe('subscription schedule', () => {
  it('boundaries follow the anchor; day 31 clamps to short months', () => {
    expect([0, 1, 2, 3, 4].map((k) => boundaryAt(base, monthly31, k).slice(0, 10))).toEqual(['2026-01-15', '2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    expect(() => boundaryAt({ start: base.start, baseCycle: 2 }, monthly31, 1)).toThrow(RangeError);
  });

  it('prepaid invoices at the cycle start, postpaid at its end', () => {
    expect(invoiceTimeOf(base, monthly31, 1)).toBe('2026-01-31T12:00:00.000Z');
    expect(invoiceTimeOf(base, { ...monthly31, collectionTiming: 'postpaid' }, 1)).toBe('2026-02-28T12:00:00.000Z');
  });

  it('a pause moves the awaited boundary by its length; later cycles follow the anchor again', () => {
    const rebased = rebaseAfterPause(base, monthly31, 2, 10 * 86_400_000);
    expect(rebased).toEqual({ start: '2026-03-10T12:00:00.000Z', baseCycle: 2 });
    expect(boundaryAt(rebased, monthly31, 3)).toBe('2026-03-31T12:00:00.000Z');
    const plain: Recurrence = { ...monthly31, anchor: 'subscription_start', anchorDay: null };
    const shifted = rebaseAfterPause(base, plain, 1, 3 * 86_400_000);
    expect([1, 2].map((k) => boundaryAt(shifted, plain, k).slice(0, 10))).toEqual(['2026-02-18', '2026-03-18']);
  });

  it('due dates and the dunning schedule (+1, +3, +5 days, then none)', () => {
    expect(dueDateOf('2026-01-01T00:00:00.000Z', 'charge_automatically')).toBe('2026-01-01T00:00:00.000Z');
    expect(dueDateOf('2026-01-01T00:00:00.000Z', 'send_invoice')).toBe('2026-01-08T00:00:00.000Z');
    expect([1, 2, 3, 4].map((a) => nextAttemptAt('2026-01-01T00:00:00.000Z', a)?.slice(0, 10) ?? null)).toEqual(['2026-01-02', '2026-01-04', '2026-01-06', null]);
  });
});

describe('renewals a billing run page collects itself', () => {
  const HOUR = 3_600_000;
  const monthly: Recurrence = { interval: 1, unit: 'month', anchor: 'subscription_start', anchorDay: null, collectionTiming: 'prepaid' };
  const row: RenewalCandidate = {
    status: 'active', collectionMethod: 'charge_automatically', pausedAt: null, hasPaymentMethod: true, recurrence: monthly,
    schedule: { start: '2026-01-15T12:00:00.000Z', baseCycle: 0 }, maxCycles: null, nextCycle: 2, cancelAtPeriodEnd: false, trialEndsAt: null,
  };
  const open = { cycle: 2, total: 1990, status: 'open' as const };
  const at = '2026-03-15T12:00:05.000Z';

  it('a paid prepaid cycle advances and parks until the next cycle is invoiced', () => {
    expect(pageRenewal(row, open, at, HOUR)).toEqual({
      cyclesCompleted: 3, periodStart: '2026-03-15T12:00:00.000Z', periodEnd: '2026-04-15T12:00:00.000Z',
      nextInvoiceAt: '2026-04-15T12:00:00.000Z', nextCycle: 3, wakeAt: '2026-04-15T12:00:00.000Z',
    });
    // Postpaid: the period just ended is billed; the next is invoiced at its end.
    const postpaid = { ...row, recurrence: { ...monthly, collectionTiming: 'postpaid' as const } };
    expect(pageRenewal(postpaid, open, '2026-04-15T12:00:05.000Z', HOUR)).toMatchObject({ periodStart: '2026-03-15T12:00:00.000Z', nextInvoiceAt: '2026-05-15T12:00:00.000Z', wakeAt: '2026-05-15T12:00:00.000Z' });
  });

  it('the last of maxCycles parks until the end of its period, with no next invoice', () => {
    expect(pageRenewal({ ...row, maxCycles: 3 }, open, at, HOUR)).toMatchObject({ cyclesCompleted: 3, nextInvoiceAt: null, wakeAt: '2026-04-15T12:00:00.000Z' });
  });

  it('whatever must wait is left to the workflow: send_invoice, no card, a pause, not active, an invoice not open or of another cycle, a postpaid end, a next step too soon to park', () => {
    expect(pageRenewal({ ...row, collectionMethod: 'send_invoice' }, open, at, HOUR)).toBeNull();
    expect(pageRenewal({ ...row, hasPaymentMethod: false }, open, at, HOUR)).toBeNull();
    expect(pageRenewal({ ...row, hasPaymentMethod: false }, { ...open, total: 0 }, at, HOUR)).not.toBeNull();
    expect(pageRenewal({ ...row, pausedAt: at }, open, at, HOUR)).toBeNull();
    expect(pageRenewal({ ...row, status: 'past_due' }, open, at, HOUR)).toBeNull();
    expect(pageRenewal(row, { ...open, status: 'void' }, at, HOUR)).toBeNull();
    expect(pageRenewal(row, { ...open, cycle: 1 }, at, HOUR)).toBeNull();
    expect(pageRenewal({ ...row, cancelAtPeriodEnd: true, recurrence: { ...monthly, collectionTiming: 'postpaid' } }, open, '2026-04-15T12:00:05.000Z', HOUR)).toBeNull();
    // A schedule two months behind: the next cycle is due at once, a timer's job.
    expect(pageRenewal(row, open, '2026-04-15T11:30:00.000Z', HOUR)).toBeNull();
  });
});

describe('invoice lines', () => {
  const item = (o: Partial<BillableItem>): BillableItem => ({
    id: 'si', kind: 'recurring', description: 'x', quantity: 1, quantityIncluded: 0, billingScheme: 'fixed', amount: 1000, tiers: null, packageSize: null, meterId: null, ...o,
  });
  const items = [
    item({ id: 'base' }),
    item({ id: 'seats', billingScheme: 'per_unit', amount: 500, quantity: 5, quantityIncluded: 2 }),
    item({ id: 'setup', kind: 'activation', amount: 9900 }),
    item({ id: 'api', billingScheme: 'metered', amount: 2, meterId: 'calls', quantityIncluded: 100 }),
  ];
  it('activation only on the enrollment invoice; included quantities free; metered from usage', () => {
    expect(invoiceLines(items, 0, { calls: 150 }).map((l) => [l.subscriptionItemId, l.kind, l.quantity, l.amount])).toEqual([
      ['base', 'recurring', 1, 1000],
      ['seats', 'recurring', 5, 1500],
      ['setup', 'activation', 1, 9900],
      ['api', 'usage', 150, 100],
    ]);
    expect(invoiceLines(items, 1, {}).map((l) => l.subscriptionItemId)).toEqual(['base', 'seats', 'api']);
    expect(invoiceLines(items, 1, {}).find((l) => l.subscriptionItemId === 'api')?.amount).toBe(0);
  });
});

describe('price rules', () => {
  it('each scheme takes exactly its own field', () => {
    expect(checkSchemeFields({ billingScheme: 'fixed' })).toEqual([]);
    expect(checkSchemeFields({ billingScheme: 'package', packageSize: 10 })).toEqual([]);
    expect(checkSchemeFields({ billingScheme: 'package' })).toEqual([{ path: 'packageSize', message: 'Required with billingScheme package' }]);
    expect(checkSchemeFields({ billingScheme: 'per_unit', meterId: 'm' })).toEqual([{ path: 'meterId', message: 'Not allowed with billingScheme per_unit' }]);
    expect(checkSchemeFields({ billingScheme: 'tiered', tiers: [{ upTo: 5, unitAmount: 1 }] }).map((p) => p.path)).toEqual(['tiers']);
  });
  it('anchorDay with day_of_month only; anchors need month or year', () => {
    expect(checkRecurrence({ unit: 'month', anchor: 'day_of_month' }).map((p) => p.path)).toEqual(['recurrence.anchorDay']);
    expect(checkRecurrence({ unit: 'month', anchor: 'end_of_month', anchorDay: 2 }).map((p) => p.path)).toEqual(['recurrence.anchorDay']);
    expect(checkRecurrence({ unit: 'week', anchor: 'end_of_month' }).map((p) => p.path)).toEqual(['recurrence.anchor']);
    expect(checkRecurrence({ unit: 'year', anchor: 'day_of_month', anchorDay: 31 })).toEqual([]);
  });
  it('the version key ignores collectionTiming and separates currency and cadence', () => {
    const r: Recurrence = { interval: 1, unit: 'month', anchor: 'subscription_start', anchorDay: null, collectionTiming: 'prepaid' };
    expect(priceVersionKey('pli_1', 'BRL', r)).toBe(priceVersionKey('pli_1', 'BRL', { ...r, collectionTiming: 'postpaid' }));
    expect(priceVersionKey('pli_1', 'BRL', r)).not.toBe(priceVersionKey('pli_1', 'USD', r));
    expect(priceVersionKey('pli_1', 'BRL', r)).not.toBe(priceVersionKey('pli_1', 'BRL', { ...r, unit: 'year' }));
  });
});
