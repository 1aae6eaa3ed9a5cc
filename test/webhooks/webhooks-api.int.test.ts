import { useTestStack, type SeededCompany } from '../helpers/stack';
import { EVENT_TYPES, INTERNAL_EVENT_CATALOG, type EventType } from '../../src/events/catalog';
import { recordEvent } from '../../src/events/outbox';
import { createDeliveriesForEvent } from '../../src/webhooks/deliveries.service';
import { WebhookDelivery } from '../../src/webhooks/webhook.entity';
import { newId } from '../../src/shared/ids';

const ALLOWED_PORT = 9999;

const t = useTestStack({ env: { WEBHOOK_ALLOWLIST: `127.0.0.1:${ALLOWED_PORT}` }, companies: ['Acme', 'Other'] });

const allowedUrl = `http://127.0.0.1:${ALLOWED_PORT}/hook`;
const create = (body: object, headers: Record<string, string> = t.company.Acme.headers) => t.stack.http.post('/webhooks').set(headers).send(body);

function expectError(res: { status: number; body: any; headers: any }, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.body.error).toMatchObject({ code, requestId: res.headers['x-request-id'] });
}

describe('POST /webhooks', () => {
  it('creates a webhook with a generated whsec_ secret, all events and version 1', async () => {
    const res = await create({ name: 'Orders', url: allowedUrl });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^whk_[0-9a-z]{26}$/),
      companyId: t.company.Acme.company.id,
      name: 'Orders',
      url: allowedUrl,
      events: [],
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      isActive: true,
      version: 1,
      deletedAt: null,
    });
  });

  it('keeps a merchant-supplied secret and de-duplicates event codes', async () => {
    const res = await t.stack.http.post('/v1/webhooks').set(t.company.Acme.headers).send({ name: 'x', url: allowedUrl, secret: 'my-secret-1', events: ['customer.created', 'customer.created'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ secret: 'my-secret-1', events: ['customer.created'] });
  });

  it.each([
    ['an empty name', { name: '' }, 'name'],
    ['a 256-character name', { name: 'x'.repeat(256) }, 'name'],
    ['a 7-character secret', { secret: 'short12' }, 'secret'],
    ['a malformed whsec_ secret', { secret: 'whsec_notbase64!!' }, 'secret'],
    ['an unknown event code', { events: ['customer.exploded'] }, 'events.0'],
    ['events that are not a list', { events: 'customer.created' }, 'events'],
    ['an unknown field', { isActive: false }, 'isActive'],
    ['a missing url', { url: undefined }, 'url'],
  ])('rejects %s with 400 validation_failed naming the field', async (_label, patch, path) => {
    const res = await create({ name: 'Orders', url: allowedUrl, ...patch });
    expectError(res, 400, 'validation_failed');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it.each([
    'https://localhost/hook',
    'https://sub.localhost/hook',
    'https://10.0.0.1/hook',
    'https://172.16.5.4/hook',
    'https://192.168.0.10/hook',
    'https://127.0.0.1/hook',
    'https://0.0.0.0/hook',
    'https://100.64.0.1/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://[::1]/hook',
    'https://[fd12:3456::1]/hook',
    'https://[fe80::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:a9fe:a9fe]/hook',
    'https://[64:ff9b::7f00:1]/hook',
    'https://2130706433/hook',
    'https://0x7f.1/hook',
    'https://127.1/hook',
    'https://0177.0.0.1/hook',
    'http://example.com/hook',
    'ftp://example.com/hook',
    'file:///etc/passwd',
    `http://127.0.0.1:${ALLOWED_PORT + 1}/hook`,
    `https://127.0.0.1:${ALLOWED_PORT}@169.254.169.254/`,
  ])('refuses %s with 400 webhook_url_not_allowed', async (url) => {
    const res = await create({ name: 'evil', url });
    expectError(res, 400, 'webhook_url_not_allowed');
    expect(res.body.error.details).toEqual([{ path: 'url', message: expect.any(String) }]);
  });

  it('replays a create with the same Idempotency-Key', async () => {
    const headers = { ...t.company.Acme.headers, 'Idempotency-Key': `whk-${Date.now()}` };
    const first = await create({ name: 'Idem', url: allowedUrl }, headers);
    const again = await create({ name: 'Idem', url: allowedUrl }, headers);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
  });
});

describe('reading, updating and deleting', () => {
  it('counts versions on update, status toggle and delete, and not on a no-op', async () => {
    const { body: w } = await create({ name: 'Versioned', url: allowedUrl });
    const put = await t.stack.http.put(`/webhooks/${w.id}`).set(t.company.Acme.headers).send({ name: 'Renamed', events: ['customer.updated'] });
    expect(put.body).toMatchObject({ name: 'Renamed', events: ['customer.updated'], version: 2 });
    const noop = await t.stack.http.put(`/webhooks/${w.id}`).set(t.company.Acme.headers).send({ name: 'Renamed' });
    expect(noop.body.version).toBe(2);
    const off = await t.stack.http.patch(`/webhooks/${w.id}/status`).set(t.company.Acme.headers).send({ isActive: false });
    expect(off.body).toMatchObject({ isActive: false, version: 3 });
    const offAgain = await t.stack.http.patch(`/webhooks/${w.id}/status`).set(t.company.Acme.headers).send({ isActive: false });
    expect(offAgain.body.version).toBe(3);
    const secret = await t.stack.http.put(`/webhooks/${w.id}`).set(t.company.Acme.headers).send({ secret: 'rotated-secret' });
    expect(secret.body).toMatchObject({ secret: 'rotated-secret', version: 4 });

    const del = await t.stack.http.delete(`/webhooks/${w.id}`).set(t.company.Acme.headers);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ id: w.id, version: 5, deletedAt: expect.any(String) });
    const delAgain = await t.stack.http.delete(`/webhooks/${w.id}`).set(t.company.Acme.headers);
    expect(delAgain.body).toMatchObject({ version: 5, deletedAt: del.body.deletedAt });
    expect((await t.stack.http.get(`/webhooks/${w.id}`).set(t.company.Acme.headers)).body.deletedAt).toBe(del.body.deletedAt);
    expectError(await t.stack.http.put(`/webhooks/${w.id}`).set(t.company.Acme.headers).send({ name: 'zombie' }), 409, 'webhook_deleted');
    expectError(await t.stack.http.patch(`/webhooks/${w.id}/status`).set(t.company.Acme.headers).send({ isActive: true }), 409, 'webhook_deleted');
  });

  it('checks the URL again on update', async () => {
    const { body: w } = await create({ name: 'Moving', url: allowedUrl });
    expectError(await t.stack.http.put(`/webhooks/${w.id}`).set(t.company.Acme.headers).send({ url: 'https://169.254.169.254/' }), 400, 'webhook_url_not_allowed');
    expectError(await t.stack.http.patch(`/webhooks/${w.id}/status`).set(t.company.Acme.headers).send({ isActive: 'no' }), 400, 'validation_failed');
    expectError(await t.stack.http.patch(`/webhooks/${w.id}/status`).set(t.company.Acme.headers).send({}), 400, 'validation_failed');
  });

  it("answers 404 for another company's webhook on every route, as for a missing one", async () => {
    const { body: w } = await create({ name: 'Mine', url: allowedUrl });
    for (const id of [w.id, 'whk_missing']) {
      expectError(await t.stack.http.get(`/webhooks/${id}`).set(t.company.Other.headers), 404, 'not_found');
      expectError(await t.stack.http.put(`/webhooks/${id}`).set(t.company.Other.headers).send({ name: 'x' }), 404, 'not_found');
      expectError(await t.stack.http.patch(`/webhooks/${id}/status`).set(t.company.Other.headers).send({ isActive: false }), 404, 'not_found');
      expectError(await t.stack.http.delete(`/webhooks/${id}`).set(t.company.Other.headers), 404, 'not_found');
    }
    expect((await t.stack.http.get(`/webhooks/${w.id}`).set(t.company.Acme.headers)).body.deletedAt).toBeNull();
  });

  it('lists with isActive and event filters, hides deleted webhooks, and paginates', async () => {
    const company = await t.stack.seedCompany('Lister');
    const mk = (name: string, events: string[]) => create({ name, url: allowedUrl, events }, company.headers).then((r) => r.body);
    const all = await mk('all', []);
    const paid = await mk('paid', ['transaction.paid']);
    const cust = await mk('cust', ['customer.created', 'customer.updated']);
    const gone = await mk('gone', []);
    await t.stack.http.patch(`/webhooks/${cust.id}/status`).set(company.headers).send({ isActive: false });
    await t.stack.http.delete(`/webhooks/${gone.id}`).set(company.headers);
    const ids = async (query: string) => (await t.stack.http.get(`/webhooks?${query}`).set(company.headers)).body.data.map((w: { id: string }) => w.id);

    expect(await ids('')).toEqual([cust.id, paid.id, all.id]);
    expect(await ids('isActive=true')).toEqual([paid.id, all.id]);
    expect(await ids('isActive=false')).toEqual([cust.id]);
    expect(await ids('event=transaction.paid')).toEqual([paid.id, all.id]);
    expect(await ids('event=customer.updated&isActive=false')).toEqual([cust.id]);
    const page = await t.stack.http.get('/webhooks?limit=2&page=2').set(company.headers);
    expect(page.body).toMatchObject({ data: [{ id: all.id }], pagination: { page: 2, limit: 2, total: 3, totalPages: 2 } });
    expectError(await t.stack.http.get('/webhooks?event=nope.nope').set(company.headers), 400, 'validation_failed');
    expectError(await t.stack.http.get('/webhooks?isActive=yes').set(company.headers), 400, 'validation_failed');
    expectError(await t.stack.http.get('/webhooks?limit=101').set(company.headers), 400, 'validation_failed');
  });

  it('lists every catalog event at /webhooks/listeners', async () => {
    const res = await t.stack.http.get('/webhooks/listeners').set(t.company.Acme.headers);
    expect(res.status).toBe(200);
    expect(res.body.data.map((l: { code: string }) => l.code)).toEqual(EVENT_TYPES);
    expect(res.body.data).toContainEqual({ code: 'checkout.session.paid', description: expect.any(String) });
    expect((await t.stack.http.get('/webhooks/listeners')).status).toBe(401);
  });

  it('keeps outbox-only codes (refund.*) out of the catalog: not listed, refused in a webhook, never delivered', async () => {
    const internal = Object.keys(INTERNAL_EVENT_CATALOG) as EventType[];
    expect(internal.length).toBeGreaterThan(0);
    const listed = (await t.stack.http.get('/webhooks/listeners').set(t.company.Other.headers)).body.data.map((l: { code: string }) => l.code);
    for (const code of internal) expect(listed).not.toContain(code);
    expectError(await create({ name: 'Refunds', url: allowedUrl, events: ['refund.created'] }, t.company.Other.headers), 400, 'validation_failed');

    // A webhook subscribed to everything gets the spec's codes but not an outbox-only one.
    expect((await create({ name: 'All', url: allowedUrl }, t.company.Other.headers)).status).toBe(201);
    const em = t.stack.em();
    const visible = recordEvent(em, { companyId: t.company.Other.company.id, type: 'payment.refunded', entityType: 'payment', data: { id: 'pay_x' } });
    const hidden = recordEvent(em, { companyId: t.company.Other.company.id, type: internal[0]!, entityType: 'refund', data: { id: 'ref_x' } });
    await em.flush();
    expect(await createDeliveriesForEvent(em, visible)).toHaveLength(1);
    expect(await createDeliveriesForEvent(em, hidden)).toHaveLength(0);
  });
});

describe('GET /webhooks/deliveries', () => {
  let company: SeededCompany;
  let webhookA: string;
  let webhookB: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    company = await t.stack.seedCompany('Deliveries');
    webhookA = (await create({ name: 'A', url: allowedUrl }, company.headers)).body.id;
    webhookB = (await create({ name: 'B', url: allowedUrl }, company.headers)).body.id;
    // Rows written directly: these tests are about the list, not about sending.
    const em = t.stack.em();
    const rows: Array<[string, string, string, string, WebhookDelivery['status']]> = [
      ['d1', webhookA, 'customer.created', '2026-01-01T10:00:00Z', 'success'],
      ['d2', webhookA, 'customer.updated', '2026-01-02T10:00:00Z', 'failed'],
      ['d3', webhookB, 'customer.created', '2026-01-03T10:00:00Z', 'retrying'],
      ['d4', webhookB, 'transaction.paid', '2026-01-04T10:00:00Z', 'pending'],
      ['d5', webhookA, 'customer.created', '2026-01-05T10:00:00Z', 'success'],
    ];
    for (const [key, webhookId, eventType, createdAt, status] of rows) {
      const eventId = newId('evt');
      ids[key] = newId('whd');
      em.create(WebhookDelivery, {
        id: ids[key],
        companyId: company.company.id,
        webhookId,
        eventId,
        eventType,
        entityType: 'customer',
        entityId: 'cust_x',
        url: allowedUrl,
        payload: { id: eventId, event: eventType, companyId: company.company.id, createdAt, data: { id: 'cust_x' } },
        status,
        attemptCount: status === 'pending' ? 0 : 1,
        returnStatus: status === 'success' ? 200 : null,
        returnData: status === 'success' ? { contentType: 'text/plain', body: 'ok', truncated: false } : null,
        createdAt: new Date(createdAt),
        updatedAt: new Date(createdAt),
      });
    }
    await em.flush();
  });

  const list = async (query: string) => {
    const res = await t.stack.http.get(`/webhooks/deliveries?${query}`).set(company.headers);
    expect(res.status).toBe(200);
    return res.body;
  };
  const keys = (body: { data: Array<{ id: string }> }) => body.data.map((d) => Object.keys(ids).find((k) => ids[k] === d.id));

  it('sorts by createdAt, newest first by default, and paginates', async () => {
    expect(keys(await list(''))).toEqual(['d5', 'd4', 'd3', 'd2', 'd1']);
    expect(keys(await list('sort=createdAt.asc'))).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
    const page = await list('sort=createdAt.asc&limit=2&page=2');
    expect(keys(page)).toEqual(['d3', 'd4']);
    expect(page.pagination).toEqual({ page: 2, limit: 2, total: 5, totalPages: 3, hasMore: true });
    expect(page.data[0]).not.toHaveProperty('payload');
  });

  it('filters by webhookId, eventType, status and a date range', async () => {
    expect(keys(await list(`webhookId=${webhookB}`))).toEqual(['d4', 'd3']);
    expect(keys(await list('eventType=customer.created'))).toEqual(['d5', 'd3', 'd1']);
    expect(keys(await list('status=success'))).toEqual(['d5', 'd1']);
    expect(keys(await list('from=2026-01-02T10:00:00Z&to=2026-01-04T07:00:00-03:00'))).toEqual(['d4', 'd3', 'd2']);
    expect(keys(await list(`webhookId=${webhookA}&eventType=customer.created&status=success&sort=createdAt.asc`))).toEqual(['d1', 'd5']);
  });

  it.each(['status=done', 'eventType=customer.deleted', 'from=2026-01-01', 'to=yesterday', 'sort=createdAt', 'page=0', 'limit=0', 'color=red'])(
    'rejects %s with 400',
    async (query) => {
      expectError(await t.stack.http.get(`/webhooks/deliveries?${query}`).set(company.headers), 400, 'validation_failed');
    },
  );

  it('shows a delivery with its payload and returnData', async () => {
    const res = await t.stack.http.get(`/webhooks/deliveries/${ids.d1}`).set(company.headers);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ids.d1,
      webhookId: webhookA,
      eventType: 'customer.created',
      status: 'success',
      payload: { event: 'customer.created', data: { id: 'cust_x' } },
      returnStatus: 200,
      returnData: { body: 'ok' },
    });
  });

  it("answers 404 for another company's deliveries and hides them from its list", async () => {
    expectError(await t.stack.http.get(`/webhooks/deliveries/${ids.d1}`).set(t.company.Other.headers), 404, 'not_found');
    expectError(await t.stack.http.post(`/webhooks/deliveries/${ids.d1}/retry`).set(t.company.Other.headers), 404, 'not_found');
    expectError(await t.stack.http.post('/webhooks/deliveries/whd_missing/retry').set(company.headers), 404, 'not_found');
    const theirs = await t.stack.http.get(`/webhooks/deliveries?webhookId=${webhookA}`).set(t.company.Other.headers);
    expect(theirs.body.pagination.total).toBe(0);
  });
});
