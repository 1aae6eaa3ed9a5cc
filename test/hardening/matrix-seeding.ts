import type { AnyRoute } from '../../src/http/route';
import type { SeededCompany, TestStack } from '../helpers/stack';
import { cardBody, cardToken, newRecipient, pixBody } from '../payments/fixtures';
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
  /** A dispute (dsp_…) of a card sale charged back at the embedded acquirer. */
  dispute: string;
  /** A transfer (trf_…) between two of its recipients. */
  transfer: string;
  /** The company's owner recipient: a card sale without splits pays it in receivables. */
  owner: string;
  /** The card sale charged back (its transaction and payment): it has receivables and a dispute. */
  cardTransaction: string;
  cardPayment: string;
  /** A receivable (rcv_…) of the charged-back card sale. */
  receivable: string;
  /** An anticipation (ant_…) of the owner's receivables. */
  anticipation: string;
  /** A coupon (cpn_…). */
  coupon: string;
  /** A plan change of `subscription`, applied (sch_…): it blocks no later change. */
  planChange: string;
}

/**
 * Which seeded resource a path parameter names, keyed by `<segment before it>/:<name>`
 * (`customers/:id`, `items/:itemId`). A parameter not found here fails the matrix.
 */
export const SEEDERS: Record<string, keyof SeededIds> = {
  'customers/:id': 'customer',
  'recipients/:id': 'recipient',
  'transfers/:id': 'transfer',
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
  'disputes/:id': 'dispute',
  'charges/:id': 'checkoutSession',
  'sessions/:id': 'checkoutSession',
  'coupons/:id': 'coupon',
  'receivables/:id': 'receivable',
  'anticipations/:id': 'anticipation',
  'plan-changes/:changeId': 'planChange',
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
  addDisputeEvidence: { productDescription: 'Camiseta' },
  sandboxDecideDispute: { outcome: 'won' },
  setPayoutSchedule: { interval: 'daily' },
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
  // A coupon that does not exist: the subscription or invoice of the path is looked up first.
  applySubscriptionDiscount: { couponId: 'cpn_00000000000000000000000000' },
  applyInvoiceDiscount: { couponId: 'cpn_00000000000000000000000000' },
  putAnticipationSettings: { enabled: true },
  setDunningSettings: { retryDays: [1, 3, 5] },
  // A quantity the seeded subscription does not have (the seeded change set it to 2).
  changeSubscriptionPlan: { items: [{ planItemKey: 'more', quantity: 3 }], effective: 'cycle_end' },
  previewSubscriptionPlanChange: { items: [{ planItemKey: 'more', quantity: 3 }], effective: 'cycle_end' },
  createCheckoutCharge: { items: [{ name: 'Camiseta', quantity: 1, unitAmount: 5000 }], paymentMethods: { pix: { enabled: true } } },
  createCheckoutSession: { mode: 'payment', items: [{ name: 'Camiseta', quantity: 1, unitAmount: 5000 }], paymentMethods: { pix: { enabled: true } } },
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
  const owner = await newRecipient(stack, company, { role: 'owner' });
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
  // A transfer each way between two active recipients, so `?fromRecipientId=` and `?toRecipientId=` find a row.
  const transfer = await post('/transfers', { fromRecipientId: active, toRecipientId: owner, amount: 100 });
  await post('/transfers', { fromRecipientId: owner, toRecipientId: active, amount: 50 });
  const plan = await post('/plans', { code: 'matrix', name: 'Matrix' });
  const charge = await post(`/plans/${plan.id}/charges`, BODY_SAMPLES.createPlanCharge);
  await post(`/plans/${plan.id}/publish`);
  const link = await post('/checkout/links', BODY_SAMPLES.updateCheckoutLink);
  // A buyer's visit opens a session of the link, so a `?linkId=` filter has something to find.
  const visit = await stack.http.get(`/c/${link.id}`);
  if (visit.status !== 303) throw new Error(`seeding /c/${link.id}: ${visit.status}`);
  const card = await post('/payment-methods/cards', { customerId: customer.id, token: await cardToken(stack, company) });
  const subscription = await post('/subscriptions', { customerId: customer.id, planId: plan.id, defaultPaymentMethodRef: card.id });
  // Its invoices issued at once, the first paid: the second stays open, so a coupon can still apply to it.
  const upfront = await post('/subscriptions', { customerId: customer.id, planId: plan.id, defaultPaymentMethodRef: card.id, invoiceGenerationMode: 'upfront', maxCycles: 2 });
  // A card sale charged back at the embedded acquirer: its notification opens a dispute.
  const sale = await post('/transactions', cardBody(await cardToken(stack, company), 1000));
  await post(`/sandbox/payments/${sale.payments[0].id}/chargeback`, { amount: 100 });
  const receivable: string = (await stack.http.get(`/receivables?paymentId=${sale.payments[0].id}`).set(company.headers)).body.data?.[0]?.id ?? '';
  if (!receivable) throw new Error(`seeding: no receivable of the card sale ${sale.id}`);
  // Another card sale, its receivables anticipated for the owner: by their ids, as the charged-back
  // sale's receivable is suspended when its dispute opens, in the background.
  const anticipated = await post('/transactions', cardBody(await cardToken(stack, company), 1000));
  const receivableIds: string[] = (await stack.http.get(`/receivables?paymentId=${anticipated.payments[0].id}`).set(company.headers)).body.data.map((r: { id: string }) => r.id);
  const simulation = await post('/anticipations/simulate', { recipientId: owner, receivableIds });
  const anticipation = await post('/anticipations', { recipientId: owner, receivableIds, fingerprint: simulation.fingerprint });
  const coupon = await post('/coupons', { percentOff: 10, duration: 'once' });
  let dispute = '';
  await until(async () => (dispute = (await stack.http.get('/disputes').set(company.headers)).body.data?.[0]?.id ?? '') !== '', `a dispute of ${company.company.name}`);
  let delivery = '';
  let invoice = '';
  await until(async () => {
    delivery = (await stack.http.get('/webhooks/deliveries').set(company.headers)).body.data?.[0]?.id ?? '';
    const upfrontInvoices: Array<{ id: string; status: string }> = (await stack.http.get(`/invoices?subscriptionId=${upfront.id}`).set(company.headers)).body.data ?? [];
    invoice = upfrontInvoices.length === 2 && upfrontInvoices.some((i) => i.status === 'paid') ? (upfrontInvoices.find((i) => i.status === 'open')?.id ?? '') : '';
    // Its first invoice paid: a subscription whose invoice is being collected refuses a plan change.
    const own: Array<{ status: string }> = (await stack.http.get(`/invoices?subscriptionId=${subscription.id}`).set(company.headers)).body.data ?? [];
    return delivery !== '' && invoice !== '' && own.length > 0 && own.every((i) => i.status === 'paid');
  }, `a webhook delivery, an open invoice and a paid subscription of ${company.company.name}`, 60_000);
  // Applied at once without proration: a row to find, and nothing pending to block later changes.
  const planChange = await post(`/subscriptions/${subscription.id}/plan-changes`, { items: [{ planItemKey: 'more', quantity: 2 }], effective: 'now', prorationBehavior: 'none' });
  return {
    customer: customer.id,
    recipient,
    activeRecipient: active,
    transfer: transfer.id,
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
    dispute,
    owner,
    cardTransaction: sale.id,
    cardPayment: sale.payments[0].id,
    receivable,
    anticipation: anticipation.id,
    coupon: coupon.id,
    planChange: planChange.id,
  };
}
