import { randomUUID } from 'node:crypto';
import type { UsedTestStack } from '../helpers/stack';
import { eventually } from '../webhooks/receiver';

/** The portal tests' two companies and their calls: a customer with a send_invoice subscription, its page, its CSRF token. */
export type Who = 'Portal' | 'Rival';

export function portalFixtures(t: UsedTestStack<Who>) {
  const post = (p: string, body: object = {}, who: Who = 'Portal') => t.stack.http.post(p).set(t.company[who].headers).send(body);
  const get = (p: string, who: Who = 'Portal') => t.stack.http.get(p).set(t.company[who].headers);
  const person = (email: string) => ({ name: 'Ana Souza', email, document: '529.982.247-25', phone: '+55 11 91234-5678', type: 'individual' });

  /** A customer whose send_invoice subscription has its first invoice with its bolepix (and, with `link`, its payment link). */
  async function customerWithInvoice(who: Who = 'Portal', link = false) {
    const customer = await post('/customers', person(`${randomUUID()}@example.com`), who);
    expect(customer.status).toBe(201);
    const sub = await post('/subscriptions', { customerId: customer.body.id, items: [{ description: 'Clube', unitAmount: 3900 }], recurrence: { interval: 1, unit: 'month' }, currency: 'BRL', collectionMethod: 'send_invoice' }, who);
    expect(sub.status).toBe(201);
    const invoice = await eventually(async () => {
      const [inv] = (await get(`/invoices?subscriptionId=${sub.body.id}`, who)).body.data ?? [];
      return inv?.bolepix && (!link || inv.checkoutSessionId) ? inv : null;
    }, 30_000, 'the invoice with its bolepix');
    return { customerId: customer.body.id as string, subscriptionId: sub.body.id as string, invoice };
  }

  return { post, get, customerWithInvoice };
}

export const pathOf = (url: string) => new URL(url).pathname;
export const csrfOf = (html: string) => /<meta name="csrf-token" content="([^"]+)">/.exec(html)![1];
