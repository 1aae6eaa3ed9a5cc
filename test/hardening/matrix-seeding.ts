import type { AnyRoute } from '../../src/http/route';
import type { SeededCompany, TestStack } from '../helpers/stack';
import { cardToken, newRecipient, pixBody } from '../payments/fixtures';
import { fund, until } from '../withdrawals/fixtures';
import { bankAccountFor, fullAddress, sellerBody } from '../recipients/fixtures';

/**
 * The resources the security matrices point at (test/hardening/*.int.test.ts): one of each
 * kind, made through the API as a merchant makes them, so "another company's id" exists for
 * every id a path, a body or a query can carry.
 */
export interface SeededIds {
  customer: string;
  recipient: string;
  /** A recipient that passed KYC (may receive splits and withdraw). */
  activeRecipient: string;
  webhook: string;
  delivery: string;
  withdrawal: string;
  transaction: string;
  payment: string;
  plan: string;
  planItem: string;
  planPrice: string;
  checkoutLink: string;
  subscription: string;
  invoice: string;
  refund: string;
  checkoutSession: string;
  /** A saved card (crd_…) of `customer`. */
  card: string;
  /** A card token (tok_…) nobody has used yet. */
  cardToken: string;
}

/**
 * Which seeded resource a path parameter names, keyed by `<segment before it>/:<name>`
 * (`customers/:id`, `items/:itemId`). A parameter not found here fails the matrix.
 */
export const SEEDERS: Record<string, keyof SeededIds> = {
  'customers/:id': 'customer',
  'recipients/:id': 'recipient',
  'owner/:ownerId': 'recipient',
  'webhooks/:id': 'webhook',
  'deliveries/:id': 'delivery',
  'withdrawals/:id': 'withdrawal',
  'transactions/:id': 'transaction',
  'payments/:payId': 'payment',
  'plans/:id': 'plan',
  'items/:itemId': 'planItem',
  'prices/:priceId': 'planPrice',
  'links/:id': 'checkoutLink',
  'subscriptions/:id': 'subscription',
  'invoices/:id': 'invoice',
  'transactions/:txnId': 'transaction',
  'transaction/:transactionId': 'transaction',
  'payment/:paymentId': 'payment',
  'refunds/:id': 'refund',
  'charges/:id': 'checkoutSession',
  'sessions/:id': 'checkoutSession',
};

/**
 * A body each write route accepts as valid for a resource of its own company, so the
 * cross-company call reaches the ownership check instead of stopping at validation. A write
 * route with a required body and no sample here fails with a message saying to add one.
 */
export const BODY_SAMPLES: Record<string, object> = {
  updateCustomer: { name: 'Someone Else' },
  updateRecipient: { name: 'Someone Else' },
  updateWebhook: { name: 'x', url: 'http://127.0.0.1:9999/hook' },
  setWebhookStatus: { isActive: false },
  cancelWithdrawal: {},
  updatePlan: { name: 'Other' },
  createPlanItem: { key: 'extra', name: 'Extra' },
  updatePlanItem: { name: 'Other' },
  createPlanPrice: { planItemKey: 'more', money: { amount: 100, currency: 'BRL' }, recurrence: { interval: 1, unit: 'month' } },
  createPlanCharge: { item: { key: 'more', name: 'More' }, price: { money: { amount: 100, currency: 'BRL' }, recurrence: { interval: 1, unit: 'month' } } },
  updateCheckoutLink: { items: [{ name: 'Camiseta', quantity: 1, unitAmount: 5000 }], paymentMethods: { pix: { enabled: true } } },
  cancelSubscription: {},
  attachSubscriptionPaymentMethod: { defaultPaymentMethodRef: 'crd_00000000000000000000000000' },
  reportSubscriptionUsage: { meterId: 'x', quantity: 1 },
  createRefund: { amount: 100, reason: 'Buyer gave up' },
  refuseRefund: { reason: 'No' },
  createCheckoutCharge: { items: [{ name: 'Camiseta', quantity: 1, unitAmount: 5000 }], paymentMethods: { pix: { enabled: true } } },
};

/** The path's parameters replaced by `ids`, each chosen by its SEEDERS key. */
export function fill(path: string, ids: SeededIds | ((key: keyof SeededIds) => string)): string {
  return path.replace(/([^/]+)\/:(\w+)/g, (_m, segment: string, name: string) => {
    const key = SEEDERS[`${segment}/:${name}`];
    if (!key) throw new Error(`No seeder for path parameter "${segment}/:${name}" (${path}): add one to SEEDERS in test/hardening/matrix-seeding.ts`);
    return `${segment}/${typeof ids === 'function' ? ids(key) : ids[key]}`;
  });
}

/** An id of the same kind that does not exist: same prefix and length, only zeros after it. */
export function missingLike(id: string): string {
  const cut = id.lastIndexOf('_') + 1;
  return id.slice(0, cut) + '0'.repeat(id.length - cut);
}

export const label = (r: AnyRoute): string => `${r.method.toUpperCase()} ${r.path} (${r.operationId})`;

/** A message with every id taken out, to compare the shape of two answers. */
export const shape = (message: string, removed: string[]): string =>
  removed.reduce((m, id) => m.split(id).join('<id>'), message).replace(/\b[a-z]+_0{10,}\b/g, '<id>');

/** One resource of each kind for `company`, made through the API (and its sandbox routes). */
export async function seedResources(stack: TestStack, company: SeededCompany): Promise<SeededIds> {
  const post = async (path: string, body: object = {}) => {
    const res = await stack.http.post(path).set(company.headers).send(body);
    if (res.status >= 300) throw new Error(`seeding ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const webhook = await post('/webhooks', { name: 'Orders', url: 'http://127.0.0.1:9999/hook' });
  await newRecipient(stack, company, { role: 'owner' });
  const seller = sellerBody({ address: fullAddress });
  const recipient = (await post('/recipients', { ...seller, bankAccount: bankAccountFor(seller.document) })).id;
  const customer = await post('/customers', { name: 'Ana Souza', email: 'ana@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990000' });
  // With a customer, so a `?customerId=` filter has something to find.
  const transaction = await post('/transactions', pixBody(1000, { customerId: customer.id }));
  await post(`/sandbox/payments/${transaction.payments[0].id}/pay`);
  await until(async () => (await stack.http.get(`/transactions/${transaction.id}`).set(company.headers)).body.status === 'paid', 'the Pix transaction paid');
  const refund = await post(`/transactions/${transaction.id}/payments/${transaction.payments[0].id}/refund`, BODY_SAMPLES.createRefund);
  const checkoutSession = await post('/checkout/charges', BODY_SAMPLES.createCheckoutCharge);
  const active = await newRecipient(stack, company);
  // A payout account in the recipient's own name and no identity change: anything else would
  // send the approved link back to KYC review (docs/recipients.md, "Changes after approval").
  const activeDocument: string = (await stack.http.get(`/recipients/${active}`).set(company.headers)).body.document;
  await stack.http.put(`/recipients/${active}`).set(company.headers).send({ bankAccount: bankAccountFor(activeDocument) });
  await fund(stack, company, active, 5000);
  const withdrawal = await post('/withdrawals', { recipientId: active, amount: 1000 });
  const plan = await post('/plans', { code: 'matrix', name: 'Matrix' });
  const charge = await post(`/plans/${plan.id}/charges`, BODY_SAMPLES.createPlanCharge);
  await post(`/plans/${plan.id}/publish`);
  const link = await post('/checkout/links', BODY_SAMPLES.updateCheckoutLink);
  // A buyer's visit opens a session of the link, so a `?linkId=` filter has something to find.
  const visit = await stack.http.get(`/c/${link.id}`);
  if (visit.status !== 303) throw new Error(`seeding /c/${link.id}: ${visit.status}`);
  const card = await post('/payment-methods/cards', { customerId: customer.id, token: await cardToken(stack, company) });
  const subscription = await post('/subscriptions', { customerId: customer.id, planId: plan.id, defaultPaymentMethodRef: card.id });
  let delivery = '';
  let invoice = '';
  await until(async () => {
    delivery = (await stack.http.get('/webhooks/deliveries').set(company.headers)).body.data?.[0]?.id ?? '';
    invoice = (await stack.http.get('/invoices').set(company.headers)).body.data?.[0]?.id ?? '';
    return delivery !== '' && invoice !== '';
  }, `a webhook delivery and an invoice of ${company.company.name}`, 60_000);
  return {
    customer: customer.id,
    recipient,
    activeRecipient: active,
    webhook: webhook.id,
    delivery,
    withdrawal: withdrawal.id,
    transaction: transaction.id,
    payment: transaction.payments[0].id,
    plan: plan.id,
    planItem: charge.item.id,
    planPrice: charge.price.id,
    checkoutLink: link.id,
    subscription: subscription.id,
    invoice,
    refund: refund.id,
    checkoutSession: checkoutSession.id,
    card: card.id,
    cardToken: await cardToken(stack, company),
  };
}
