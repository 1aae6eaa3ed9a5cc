import { allRoutes } from '../../src/routes';
import type { AnyRoute } from '../../src/http/route';
import { startTestStack, type SeededCompany, type TestStack } from '../helpers/stack';
import { cardToken, newRecipient, pixBody } from '../payments/fixtures';
import { fund, until } from '../withdrawals/fixtures';
import { bankAccountFor, fullAddress, sellerBody } from '../recipients/fixtures';

/**
 * Security matrices generated from the route registry (src/routes.ts), so a route added
 * anywhere is covered the day it lands:
 * - every authenticated route without a key is 401;
 * - every route with an id in its path answers company B, for company A's resource, exactly
 *   what it answers for an id that does not exist (404, same code, same message shape);
 * - every write route with a body rejects an unknown field with a 400 naming it;
 * - every list route rejects limit 0, limit 101 and page 0.
 * A new route must be classified: `auth: 'apiKey'` (the default) or listed in PUBLIC_ROUTES;
 * a new path parameter needs a seeder in SEEDERS, or the matrix fails saying so.
 */

/** Public by design: the buyer's browser, pages, the SDK, health and the API docs. */
const PUBLIC_ROUTES = new Set([
  'getHealth',
  'getOpenApi',
  'getDocs',
  'getDocsInit',
  'getDocsAsset',
  'getKycCss',
  'getKycJs',
  'getKycPage',
  'uploadKycFile',
  'submitKyc',
  'createCardToken',
  'preflightCardToken',
  'getSdk_lastro_js',
  'getSdk_lastro_mjs',
  'getSdk_lastro_d_ts',
  'getSdkSandboxPage',
  'getPixQrCode',
  'getBoletoPage',
  // The buyer's hosted checkout: the session id is the credential.
  'getPublicCheckoutSession',
  'openPublicCheckoutSession',
  'confirmPublicCheckoutSession',
  // The buyer checkout page: a link visit, the session page and its two assets.
  'visitCheckoutLink',
  'getCheckoutSessionPage',
  'getCheckoutAsset_checkout_js',
  'getCheckoutAsset_checkout_css',
  // The buyer's refund bank-details page (a Pix/boleto refund): the token is the credential.
  'getRefundBankDetailsJs',
  'getRefundBankDetailsPage',
  'submitRefundBankDetails',
]);

/**
 * Which seeded resource a path parameter names, keyed by `<segment before it>/:<name>`
 * (`customers/:id`, `items/:itemId`). A parameter not found here fails the matrix.
 */
const SEEDERS: Record<string, keyof SeededIds> = {
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

interface SeededIds {
  customer: string;
  recipient: string;
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
}

/**
 * A body each write route accepts as valid for a resource of its own company, so the
 * cross-company call reaches the ownership check instead of stopping at validation. A write
 * route with a required body and no sample here fails with a message saying to add one.
 */
const BODY_SAMPLES: Record<string, object> = {
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

const routes = allRoutes();
const authenticated = routes.filter((r) => r.auth !== 'public');
const withIds = authenticated.filter((r) => paramsOf(r.path).length > 0);
const writesWithBody = authenticated.filter((r) => r.method !== 'get' && r.request?.body);
const listRoutes = authenticated.filter((r) => r.method === 'get' && hasPagination(r));

function paramsOf(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
}

function hasPagination(route: AnyRoute): boolean {
  const shape = (route.request?.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  return !!shape && 'limit' in shape && 'page' in shape;
}

/** The path's parameters replaced by `ids`, each chosen by its SEEDERS key. */
function fill(path: string, ids: SeededIds | ((key: keyof SeededIds) => string)): string {
  return path.replace(/([^/]+)\/:(\w+)/g, (_m, segment: string, name: string) => {
    const key = SEEDERS[`${segment}/:${name}`];
    if (!key) throw new Error(`No seeder for path parameter "${segment}/:${name}" (${path}): add one to SEEDERS in test/hardening/security-matrix.int.test.ts`);
    return `${segment}/${typeof ids === 'function' ? ids(key) : ids[key]}`;
  });
}

/** An id of the same kind that does not exist: same prefix and length, only zeros after it. */
function missingLike(id: string): string {
  const cut = id.lastIndexOf('_') + 1;
  return id.slice(0, cut) + '0'.repeat(id.length - cut);
}

function call(stack: TestStack, route: AnyRoute, path: string, headers: Record<string, string>) {
  const req = stack.http[route.method](path).set(headers);
  return route.method === 'get' ? req : req.send(BODY_SAMPLES[route.operationId] ?? {});
}

let stack: TestStack;
let a: SeededCompany;
let b: SeededCompany;
let ids: SeededIds;

beforeAll(async () => {
  // Every call comes from one address: the failed-authentication limiter would answer 429.
  stack = await startTestStack({ WEBHOOK_ALLOWLIST: '127.0.0.1:9999', AUTH_FAILURES_PER_MINUTE: '100000' });
  a = await stack.seedCompany('Company A');
  b = await stack.seedCompany('Company B');
  ids = await seedCompanyA(stack, a);
}, 120_000);
afterAll(() => stack?.close());

async function seedCompanyA(stack: TestStack, a: SeededCompany): Promise<SeededIds> {
  const post = async (path: string, body: object = {}) => {
    const res = await stack.http.post(path).set(a.headers).send(body);
    if (res.status >= 300) throw new Error(`seeding ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const webhook = await post('/webhooks', { name: 'Orders', url: 'http://127.0.0.1:9999/hook' });
  await newRecipient(stack, a, { role: 'owner' });
  const seller = sellerBody({ address: fullAddress });
  const recipient = (await post('/recipients', { ...seller, bankAccount: bankAccountFor(seller.document) })).id;
  const customer = await post('/customers', { name: 'Ana Souza', email: 'ana@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990000' });
  const transaction = await post('/transactions', pixBody(1000));
  await post(`/sandbox/payments/${transaction.payments[0].id}/pay`);
  await until(async () => (await stack.http.get(`/transactions/${transaction.id}`).set(a.headers)).body.status === 'paid', 'the Pix transaction paid');
  const refund = await post(`/transactions/${transaction.id}/payments/${transaction.payments[0].id}/refund`, BODY_SAMPLES.createRefund);
  const checkoutSession = await post('/checkout/charges', BODY_SAMPLES.createCheckoutCharge);
  const active = await newRecipient(stack, a);
  await stack.http.put(`/recipients/${active}`).set(a.headers).send({ address: fullAddress, bankAccount: bankAccountFor(sellerBody().document) });
  await fund(stack, a, active, 5000);
  const withdrawal = await post('/withdrawals', { recipientId: active, amount: 1000 });
  const plan = await post('/plans', { code: 'matrix', name: 'Matrix' });
  const charge = await post(`/plans/${plan.id}/charges`, BODY_SAMPLES.createPlanCharge);
  await post(`/plans/${plan.id}/publish`);
  const link = await post('/checkout/links', BODY_SAMPLES.updateCheckoutLink);
  const card = await post('/payment-methods/cards', { customerId: customer.id, token: await cardToken(stack, a) });
  const subscription = await post('/subscriptions', { customerId: customer.id, planId: plan.id, defaultPaymentMethodRef: card.id });
  let delivery = '';
  let invoice = '';
  await until(async () => {
    delivery = (await stack.http.get('/webhooks/deliveries').set(a.headers)).body.data?.[0]?.id ?? '';
    invoice = (await stack.http.get('/invoices').set(a.headers)).body.data?.[0]?.id ?? '';
    return delivery !== '' && invoice !== '';
  }, 'a webhook delivery and an invoice of company A', 60_000);
  return {
    customer: customer.id,
    recipient,
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
  };
}

const label = (r: AnyRoute) => `${r.method.toUpperCase()} ${r.path} (${r.operationId})`;
/** A message with every id taken out, to compare the shape of two answers. */
const shape = (message: string, removed: string[]) => removed.reduce((m, id) => m.split(id).join('<id>'), message).replace(/\b[a-z]+_0{10,}\b/g, '<id>');

describe('route classification', () => {
  it('every route is either authenticated or listed as public by design', () => {
    const unclassified = routes.filter((r) => r.auth === 'public' && !PUBLIC_ROUTES.has(r.operationId)).map(label);
    expect(unclassified).toEqual([]);
    const stale = [...PUBLIC_ROUTES].filter((id) => !routes.some((r) => r.operationId === id && r.auth === 'public'));
    expect(stale).toEqual([]);
  });

  it('every path parameter of an authenticated route has a seeder', () => {
    for (const r of withIds) expect(() => fill(r.path, () => 'x')).not.toThrow();
  });
});

describe('without an API key', () => {
  it.each(authenticated.map((r) => [label(r), r] as const))('%s → 401', async (_l, route) => {
    const path = fill(route.path, () => 'x');
    for (const headers of [{}, { 'x-api-key': 'sk_sandbox_not_a_real_key' }] as Record<string, string>[]) {
      const res = await call(stack, route, path, headers);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
    }
  });
});

describe("another company's ids", () => {
  it.each(withIds.map((r) => [label(r), r] as const))('%s answers exactly as for a missing id', async (_l, route) => {
    const foreignPath = fill(route.path, ids);
    const missingPath = fill(route.path, (k) => missingLike(ids[k]));
    const foreign = await call(stack, route, foreignPath, b.headers);
    const missing = await call(stack, route, missingPath, b.headers);
    if (foreign.body.error?.code === 'validation_failed' && missing.body.error?.code === 'validation_failed') {
      throw new Error(`${label(route)}: the body is refused (${foreign.body.error.message}); put a valid sample in BODY_SAMPLES so the ownership check is reached`);
    }
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.body.error.code).toBe(missing.body.error.code);
    const idsUsed = Object.values(ids).flatMap((id) => [id, missingLike(id)]);
    expect(shape(foreign.body.error.message, idsUsed)).toBe(shape(missing.body.error.message, idsUsed));
    expect(Object.keys(foreign.body.error).sort()).toEqual(Object.keys(missing.body.error).sort());
  });

  it('left company A\'s resources as they were', async () => {
    for (const [path, key] of [['/customers/', 'customer'], ['/recipients/', 'recipient'], ['/webhooks/', 'webhook'], ['/checkout/links/', 'checkoutLink'], ['/subscriptions/', 'subscription']] as const) {
      const res = await stack.http.get(`${path}${ids[key]}`).set(a.headers);
      expect(res.status).toBe(200);
    }
    expect((await stack.http.get(`/customers/${ids.customer}`).set(a.headers)).body.name).toBe('Ana Souza');
  });
});

describe('unknown body fields', () => {
  it.each(writesWithBody.map((r) => [label(r), r] as const))('%s → 400 naming the field', async (_l, route) => {
    const path = fill(route.path, ids);
    const res = await stack.http[route.method](path)
      .set(a.headers)
      .send({ ...(BODY_SAMPLES[route.operationId] ?? {}), hardeningUnknownField: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(JSON.stringify(res.body.error)).toContain('hardeningUnknownField');
  });
});

describe('list pagination bounds', () => {
  it('finds list routes in the registry', () => {
    expect(listRoutes.length).toBeGreaterThan(5);
  });

  it.each(listRoutes.flatMap((r) => ['limit=0', 'limit=101', 'page=0'].map((q) => [`${label(r)} ?${q}`, r, q] as const)))('%s → 400', async (_l, route, q) => {
    const res = await stack.http.get(`${fill(route.path, ids)}?${q}`).set(a.headers);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.message).toContain(q.split('=')[0]);
  });
});
