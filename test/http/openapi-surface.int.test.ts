import { useTestStack } from '../helpers/stack';
import { allRoutes } from '../../src/routes';
import { EVENT_TYPES as API_EVENT_TYPES, isWebhookEventType } from '../../src/events/catalog';
import { eventEnvelopeSchema } from '../../src/http/webhook-payloads';
import { EVENT_TYPES as CLIENT_EVENT_TYPES } from '../../src/sdk-node/webhook-events';
import { withCheckDigits } from '../../src/shared/documents';
import { eventually, pixBody } from '../payments/fixtures';

/**
 * The OpenAPI document's `webhooks` section (every event code, its envelope and data schema)
 * and its response headers, checked against what the real stack sends: the events it records
 * and the headers on its answers; and the one versioned surface (every merchant route at `/v1`,
 * its unversioned alias answering but left out of the document).
 */
let doc: any;
const t = useTestStack({
  companies: ['Acme'],
  owners: ['Acme'],
  async setup(t) {
    doc = (await t.stack.http.get('/openapi.json')).body;
  },
});

const customerBody = () => ({ name: 'Maria Souza', email: 'maria@example.com', type: 'individual', document: withCheckDigits(String(200_000_000 + Math.floor(Math.random() * 1e8))), phone: '+55 11 99999-0000' });

describe('the webhooks section', () => {
  it('declares every event code a webhook can subscribe to, no other, as the client knows them', async () => {
    const listeners = await t.stack.http.get('/v1/webhooks/listeners').set(t.company.Acme.headers);
    const live = listeners.body.data.map((l: { code: string }) => l.code);
    expect(Object.keys(doc.webhooks).sort()).toEqual([...live].sort());
    expect([...CLIENT_EVENT_TYPES].sort()).toEqual([...API_EVENT_TYPES].sort());
  });

  it('gives each code its envelope, the entity of its domain as data, and the Standard Webhooks headers', () => {
    const dataOf: Record<string, string> = {
      'transaction.paid': 'Transaction',
      'payment.refused': 'Payment',
      'customer.created': 'Customer',
      'recipient.approved': 'Recipient',
      'withdrawal.paid': 'Withdrawal',
      'invoice.paid': 'Invoice',
      'subscription.canceled': 'Subscription',
      'checkout.session.paid': 'CheckoutSession',
      'checkout.link.archived': 'CheckoutLink',
    };
    for (const [code, component] of Object.entries(dataOf)) {
      const op = doc.webhooks[code].post;
      const schema = op.requestBody.content['application/json'].schema;
      expect(schema).toMatchObject({ required: ['id', 'event', 'companyId', 'createdAt', 'data'], properties: { event: { const: code }, data: { $ref: `#/components/schemas/${component}` } } });
      expect(doc.components.schemas[component]).toBeDefined();
      expect(op.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(['header:webhook-id', 'header:webhook-timestamp', 'header:webhook-signature']);
      expect(Object.keys(op.responses)).toEqual(['2XX']);
    }
  });

  it('describes the events the stack really records (customer, a Pix sale paid, a checkout link)', async () => {
    const h = t.company.Acme.headers;
    expect((await t.stack.http.post('/v1/customers').set(h).send(customerBody())).status).toBe(201);
    const sale = await t.stack.http.post('/v1/transactions').set(h).send(pixBody(2_500));
    expect(sale.status).toBe(201);
    expect((await t.stack.http.post(`/sandbox/payments/${sale.body.payments[0].id}/pay`).set(h).send()).status).toBe(202);
    expect((await t.stack.http.post('/checkout/links').set(h).send({ items: [{ name: 'Caneca', quantity: 1, unitAmount: 3000 }], paymentMethods: { pix: { enabled: true } } })).status).toBe(201);

    const recorded = await eventually(async () => {
      const rows = await t.stack.em().execute<{ type: string; payload: unknown }[]>('select type, payload from events where company_id = ? order by created_at, id', [t.company.Acme.company.id]);
      return rows.some((r) => r.type === 'transaction.paid') ? rows.filter((r) => isWebhookEventType(r.type)) : null;
    });
    const codes = new Set(recorded.map((r) => r.type));
    for (const code of ['customer.created', 'transaction.created', 'payment.created', 'transaction.paid', 'payment.paid', 'checkout.link.created']) expect(codes).toContain(code);
    for (const { type, payload } of recorded) {
      const parsed = eventEnvelopeSchema(type as never).safeParse(payload);
      expect({ type, issues: parsed.error?.issues }).toEqual({ type, issues: undefined });
    }
    // The check can fail: another domain's entity as data is refused.
    const customerEvent = recorded.find((r) => r.type === 'customer.created')!.payload as Record<string, unknown>;
    expect(eventEnvelopeSchema('transaction.paid').safeParse({ ...customerEvent, event: 'transaction.paid' }).success).toBe(false);
  });
});

describe('response headers', () => {
  const documented = (path: string, method: string, status: number) => Object.keys(doc.paths[path][method].responses[String(status)].headers ?? {}).map((h) => h.toLowerCase()).sort();

  it('declares each header once, under components.headers', () => {
    expect(Object.keys(doc.components.headers).sort()).toEqual(['IdempotentReplayed', 'RateLimitLimit', 'RateLimitRemaining', 'RequestId', 'RetryAfter']);
  });

  it('documents the headers an authenticated write sends, first answer and replay alike', async () => {
    const key = `hdr-${Date.now()}`;
    const body = customerBody();
    const first = await t.stack.http.post('/v1/customers').set(t.company.Acme.headers).set('Idempotency-Key', key).send(body);
    const replay = await t.stack.http.post('/v1/customers').set(t.company.Acme.headers).set('Idempotency-Key', key).send(body);
    expect(first.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const sent = ['x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'idempotent-replayed'];
    for (const name of sent.slice(0, 3)) expect(first.headers[name]).toBeDefined();
    expect(documented('/v1/customers', 'post', 201)).toEqual([...sent].sort());
    expect(first.headers['x-request-id']).toMatch(new RegExp(doc.components.headers.RequestId.schema.pattern));
  });

  it('documents the request id alone on a public read, and Retry-After on a 429', async () => {
    const health = await t.stack.http.get('/health');
    expect(health.headers['x-request-id']).toBeDefined();
    expect(health.headers['x-ratelimit-limit']).toBeUndefined();
    expect(documented('/health', 'get', 200)).toEqual(['x-request-id']);
    expect(documented('/v1/customers', 'get', 429)).toEqual(['retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-request-id']);
    expect(documented('/v1/customers', 'get', 401)).toEqual(['x-request-id']);
  });
});

describe('one versioned surface', () => {
  const get = (path: string) => t.stack.http.get(path).set(t.company.Acme.headers);
  const link = { items: [{ name: 'Boné', quantity: 1, unitAmount: 4000 }], paymentMethods: { pix: { enabled: true } } };

  it('serves every merchant route under /v1 and documents it there only; the alias answers the same', async () => {
    const merchant = allRoutes().filter((r) => r.auth !== 'public' && !r.hidden);
    expect(merchant.filter((r) => !r.versioned).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect((await t.stack.http.post('/v1/checkout/links').set(t.company.Acme.headers).send(link)).status).toBe(201);
    for (const path of ['/subscriptions', '/invoices', '/plans', '/checkout/links', '/checkout/sessions', '/customers', '/transactions']) {
      const [versioned, alias] = [await get(`/v1${path}`), await get(path)];
      expect({ path, status: versioned.status }).toEqual({ path, status: 200 });
      expect(alias.body).toEqual(versioned.body);
      expect(doc.paths[`/v1${path}`].get).toBeDefined();
      expect(doc.paths[path]).toBeUndefined();
    }
  });

  it('one Idempotency-Key spans /v1 and the alias: the second call replays the first', async () => {
    const key = `v1-alias-${Date.now()}`;
    const first = await t.stack.http.post('/v1/checkout/links').set(t.company.Acme.headers).set('Idempotency-Key', key).send(link);
    const again = await t.stack.http.post('/checkout/links').set(t.company.Acme.headers).set('Idempotency-Key', key).send(link);
    expect(first.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
  });

  it('keeps one path for system routes, the buyer\'s checkout calls and the card tokens already at /v1', async () => {
    expect(doc.paths['/health']).toBeDefined();
    expect((await t.stack.http.get('/v1/health')).status).toBe(404);
    expect(doc.paths['/checkout/public/sessions/{id}']).toBeDefined();
    expect(doc.paths['/v1/checkout/public/sessions/{id}']).toBeUndefined();
    expect(doc.paths['/v1/tokens/cards'].post).toBeDefined();
  });
});
