import { allRoutes } from '../../src/routes';
import type { AnyRoute } from '../../src/http/route';
import { useTestStack, type TestStack } from '../helpers/stack';
import { BODY_SAMPLES, fill, label, missingLike, seedResources, shape, type SeededIds } from './matrix-seeding';

/**
 * Security matrices generated from the route registry (src/routes.ts), so a route added
 * anywhere is covered the day it lands:
 * - every authenticated route without a key is 401;
 * - every route with an id in its path answers company B, for company A's resource, exactly
 *   what it answers for an id that does not exist (404, same code, same message shape);
 * - every write route with a body rejects an unknown field with a 400 naming it;
 * - every list route rejects limit 0, limit 101 and page 0.
 * A new route must be classified: `auth: 'apiKey'` (the default) or listed in PUBLIC_ROUTES;
 * a new path parameter needs a seeder in SEEDERS (./matrix-seeding.ts), or the matrix fails
 * saying so. Ids inside bodies and queries: ./body-ids.int.test.ts.
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
  // Released SDK versions (immutable) and their SRI manifest.
  'getReleasedSdk_lastro_js',
  'getReleasedSdk_lastro_mjs',
  'getSdkManifest',
  // The hosted card fields' iframe and its two assets: the company's public id, framed by its allowed origins.
  'getHostedCardFields',
  'getCardFieldsAsset_card_fields_js',
  'getCardFieldsAsset_card_fields_css',
  'getPixQrCode',
  'getBoletoPage',
  // The boleto's PDF: the same access rule as its page (the unguessable payment id).
  'getBoletoPdf',
  // The buyer's hosted checkout: the session id is the credential.
  'getPublicCheckoutSession',
  'openPublicCheckoutSession',
  'confirmPublicCheckoutSession',
  'getCheckoutMandateQrCode',
  // The buyer checkout page: a link visit, the session page and its two assets.
  'visitCheckoutLink',
  'getCheckoutSessionPage',
  'getCheckoutAsset_checkout_js',
  'getCheckoutAsset_checkout_css',
  // The buyer's refund bank-details page (a Pix/boleto refund): the token is the credential.
  'getRefundBankDetailsJs',
  'getRefundBankDetailsPage',
  'submitRefundBankDetails',
  // A PSP's Pix callbacks: the connection's callback secret in the path (and, behind an edge, the verified client identity).
  'receivePixCallback',
  'receivePixCallbackBare',
  // The other rails' callbacks, the same way: the acquirer's notifications (a chargeback), the
  // issuer's liquidation webhook, the payout provider's Pix webhook. Each is confirmed by a query.
  'receiveCardCallback',
  'receiveBoletoCallback',
  'receivePayoutCallback',
  'receivePayoutCallbackBare',
  // The PSP's Pix Automático (/rec) callbacks: the connection's callback secret in the path, confirmed by reading the mandate back.
  'receivePixMandateCallback',
  // … and its charges' (/cobr) callbacks, the same way: each charge read back from the PSP.
  'receivePixMandateChargeCallback',
  // The customer portal: the session token in the path is the credential; its actions also take the page's CSRF token.
  'getPortalPage',
  'getPortalScript',
  'portalIssueInvoiceBolepix',
  'portalCancelSubscription',
  'portalPayInvoiceByCard',
  'portalChangeSubscriptionCard',
  'portalStartPixAutomatico',
  // A bolepix's Pix QR image, as the boleto's page: the unguessable payment id.
  'getBolepixQrCode',
]);

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

function call(stack: TestStack, route: AnyRoute, path: string, headers: Record<string, string>) {
  const req = stack.http[route.method](path).set(headers);
  return route.method === 'get' ? req : req.send(BODY_SAMPLES[route.operationId] ?? {});
}

let ids: SeededIds;

// Every call comes from one address: the failed-authentication limiter would answer 429.
const t = useTestStack({
  env: { WEBHOOK_ALLOWLIST: '127.0.0.1:9999', AUTH_FAILURES_PER_MINUTE: '100000' },
  companies: ['Company A', 'Company B'],
  async setup(t) {
    ids = await seedResources(t.stack, t.company['Company A']);
  },
  timeout: 120_000,
});

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
      const res = await call(t.stack, route, path, headers);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
    }
  });
});

describe("another company's ids", () => {
  it.each(withIds.map((r) => [label(r), r] as const))('%s answers exactly as for a missing id', async (_l, route) => {
    const foreignPath = fill(route.path, ids);
    const missingPath = fill(route.path, (k) => missingLike(ids[k]));
    const foreign = await call(t.stack, route, foreignPath, t.company['Company B'].headers);
    const missing = await call(t.stack, route, missingPath, t.company['Company B'].headers);
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
      const res = await t.stack.http.get(`${path}${ids[key]}`).set(t.company['Company A'].headers);
      expect(res.status).toBe(200);
    }
    expect((await t.stack.http.get(`/customers/${ids.customer}`).set(t.company['Company A'].headers)).body.name).toBe('Ana Souza');
  });
});

describe('unknown body fields', () => {
  it.each(writesWithBody.map((r) => [label(r), r] as const))('%s → 400 naming the field', async (_l, route) => {
    const path = fill(route.path, ids);
    const res = await t.stack.http[route.method](path)
      .set(t.company['Company A'].headers)
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
    const res = await t.stack.http.get(`${fill(route.path, ids)}?${q}`).set(t.company['Company A'].headers);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.message).toContain(q.split('=')[0]);
  });
});
