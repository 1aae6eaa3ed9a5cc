import type { EntityManager } from '@mikro-orm/postgresql';
import { useTestStack } from '../helpers/stack';
import { createSubscription } from '../../src/billing/subscriptions.service';
import { createSubscriptionBody } from '../../src/billing/subscriptions.schemas';
import { issueInvoices, type InvoiceToIssue } from '../../src/billing/invoices.service';
import type { Subscription } from '../../src/billing/subscription.entity';

const post = (path: string, body: object = {}) => t.stack.http.post(path).set(t.company.Acme.headers).send(body);
const brl = (amount: number) => ({ amount, currency: 'BRL' });
const monthly = { interval: 1, unit: 'month', collectionTiming: 'postpaid' };
let customerId: string;
let planId: string;

const t = useTestStack({
  companies: ['Acme'],
  async setup() {
    customerId = (await post('/customers', { name: 'Ana Souza', email: 'ana@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990000' })).body.id;
    planId = (await post('/plans', { code: 'usage', name: 'Usage' })).body.id;
    await post(`/plans/${planId}/charges`, { item: { key: 'base', name: 'Base' }, price: { money: brl(1000), recurrence: monthly } });
    await post(`/plans/${planId}/charges`, { item: { key: 'calls', name: 'Calls', quantityIncluded: 10 }, price: { billingScheme: 'metered', meterId: 'calls', money: brl(5), recurrence: monthly } });
    expect((await post(`/plans/${planId}/publish`)).status).toBe(200);
  },
});

/** Subscriptions written straight through the service: no workflow bills them behind the test's back. */
async function subscriptions(n: number): Promise<Subscription[]> {
  const body = createSubscriptionBody.parse({ customerId, planId, collectionMethod: 'send_invoice' });
  const out: Subscription[] = [];
  for (let i = 0; i < n; i++) out.push((await t.stack.em().transactional((em) => createSubscription(em as EntityManager, t.company.Acme.company.id, body))).subscription);
  return out;
}

const cycleOf = (subscription: Subscription, cycle: number): InvoiceToIssue => ({
  subscription,
  cycle,
  periodStart: '2026-01-01T00:00:00.000Z',
  periodEnd: '2026-02-01T00:00:00.000Z',
  issuedAt: '2026-02-01T00:00:00.000Z',
  dueAt: '2026-02-08T00:00:00.000Z',
});

describe('set-based invoice issue', () => {
  it('issues many cycles at once, priced per component, with one invoice.issued each', async () => {
    const subs = await subscriptions(3);
    await t.stack.em().execute(`insert into billing_usage_records (id, created_at, updated_at, company_id, subscription_id, meter_id, quantity, timestamp) values (?, now(), now(), ?, ?, 'calls', 25, '2026-01-15T00:00:00Z')`, [
      `usg_issue_${subs[1].id}`,
      t.company.Acme.company.id,
      subs[1].id,
    ]);
    const { invoices, eventIds } = await t.stack.em().transactional((em) => issueInvoices(em as EntityManager, subs.map((s) => cycleOf(s, 1))));
    expect(invoices.map((i) => [i.subscriptionId, i.cycle, i.total, i.status])).toEqual([
      [subs[0].id, 1, 1000, 'open'],
      // 25 calls, 10 included: 15 × 5
      [subs[1].id, 1, 1075, 'open'],
      [subs[2].id, 1, 1000, 'open'],
    ]);
    expect(eventIds).toHaveLength(3);
    const lines = await t.stack.em().execute<{ kind: string; quantity: number; amount: string }[]>(`select kind, quantity, amount from billing_invoice_line_items where invoice_id = ? order by id`, [invoices[1].id]);
    expect(lines.map((l) => [l.kind, l.quantity, Number(l.amount)])).toEqual([
      ['recurring', 1, 1000],
      ['usage', 25, 75],
    ]);
    const [event] = await t.stack.em().execute<{ type: string; entity_id: string; payload: { data: { total: number; status: string } } }[]>(`select type, entity_id, payload from events where id = ?`, [eventIds[1]]);
    expect(event).toMatchObject({ type: 'invoice.issued', entity_id: invoices[1].id, payload: { data: { total: 1075, status: 'open' } } });
  });

  it('exactly once per (subscription, cycle): concurrent and repeated issues create one invoice and one event, and answer the same one', async () => {
    const subs = await subscriptions(4);
    const requests = subs.map((s) => cycleOf(s, 2));
    const issue = () => t.stack.em().transactional((em) => issueInvoices(em as EntityManager, requests));
    const [a, b] = await Promise.all([issue(), issue()]);
    const again = await issue();
    expect(a.invoices.map((i) => i.id)).toEqual(b.invoices.map((i) => i.id));
    expect(again.invoices.map((i) => i.id)).toEqual(a.invoices.map((i) => i.id));
    expect(a.eventIds.length + b.eventIds.length + again.eventIds.length).toBe(4);
    const [{ n, events }] = await t.stack.em().execute<{ n: string; events: string }[]>(
      `select count(*) as n, (select count(*) from events e where e.type = 'invoice.issued' and e.entity_id in (select id from billing_invoices where subscription_id = any(string_to_array(?, ',')))) as events
         from billing_invoices where subscription_id = any(string_to_array(?, ','))`,
      [subs.map((s) => s.id).join(','), subs.map((s) => s.id).join(',')],
    );
    expect([Number(n), Number(events)]).toEqual([4, 4]);
  });
});
