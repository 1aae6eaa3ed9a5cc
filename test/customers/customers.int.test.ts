import { useTestStack } from '../helpers/stack';
import { Event } from '../../src/events/event.entity';

const validCustomer = {
  name: 'Maria Silva',
  email: 'Maria@Example.com',
  type: 'individual',
  document: '529.982.247-25',
  phone: '+55 11 99999-0000',
};
const fullAddress = {
  street: 'Av. Paulista',
  number: '1000',
  complement: null,
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  zipCode: '01310-100',
  country: 'BR',
};

const t = useTestStack({ companies: ['Acme', 'Other'] });

const create = (body: object, headers: Record<string, string> = t.company.Acme.headers) => t.stack.http.post('/customers').set(headers).send(body);

describe('POST /customers', () => {
  it('creates a customer with normalized fields and a customer.created event in the outbox', async () => {
    const res = await create({ ...validCustomer, address: fullAddress, metadata: { crm: '42' } });
    expect(res.status).toBe(201);
    expect(res.headers['x-request-id']).toMatch(/^req_[0-9a-z]{26}$/);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^cust_[0-9a-z]{26}$/),
      companyId: t.company.Acme.company.id,
      email: 'maria@example.com',
      document: '52998224725',
      documentType: 'cpf',
      address: fullAddress,
      metadata: { crm: '42' },
      deletedAt: null,
    });
    const events = await t.stack.em().find(Event, { entityId: res.body.id });
    expect(events.map((e) => e.type)).toEqual(['customer.created']);
    expect(events[0].payload).toMatchObject({ event: 'customer.created', companyId: t.company.Acme.company.id, data: { id: res.body.id } });
  });

  it('is also served under /v1', async () => {
    const res = await t.stack.http.post('/v1/customers').set(t.company.Acme.headers).send(validCustomer);
    expect(res.status).toBe(201);
  });

  it.each([
    ['a short name', { name: 'M' }, 'name'],
    ['an invalid email', { email: 'not-an-email' }, 'email'],
    ['an unknown type', { type: 'robot' }, 'type'],
    ['a CPF with wrong check digits', { document: '52998224724' }, 'document'],
    ['a CNPJ with wrong check digits', { document: '11222333000180', documentType: 'cnpj' }, 'document'],
    ['a document under 6 characters', { document: '123', documentType: 'passport' }, 'document'],
    ['an empty phone', { phone: '' }, 'phone'],
    ['an address missing keys', { address: { street: 'x' } }, 'address.number'],
    ['an unknown field', { status: 'vip' }, 'status'],
    ['a numeric name', { name: 12345 }, 'name'],
  ])('rejects %s with 400 naming the field', async (_label, patch, path) => {
    const res = await create({ ...validCustomer, ...patch });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', requestId: res.headers['x-request-id'] });
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('stores a passport in the canonical form it was validated in, and finds it written either way', async () => {
    const res = await create({ ...validCustomer, email: 'pass@port.com', document: 'ab-123.456', documentType: 'passport' });
    expect(res.status).toBe(201);
    expect(res.body.document).toBe('AB123456');
    for (const query of [{ document: 'AB-123' }, { document: 'b123456' }, { q: 'ab-1234' }]) {
      const list = await t.stack.http.get('/customers').query(query).set(t.company.Acme.headers);
      expect(list.body.data.map((c: { id: string }) => c.id)).toEqual([res.body.id]);
    }
  });

  it('accepts a valid alphanumeric CNPJ and a passport', async () => {
    expect((await create({ ...validCustomer, type: 'company', document: '12.ABC.345/01DE-35', documentType: 'cnpj' })).status).toBe(201);
    expect((await create({ ...validCustomer, document: 'AB123456', documentType: 'passport' })).status).toBe(201);
  });
});

describe('authentication', () => {
  it.each([
    ['no key', {}],
    ['an unknown key', { 'x-api-key': 'sk_sandbox_' + 'x'.repeat(32) }],
    ['a wrong-length key', { 'x-api-key': 'short' }],
    ['a live key on a sandbox deployment', { 'x-api-key': 'sk_live_' + 'a'.repeat(32) }],
  ])('answers 401 unauthenticated for %s', async (_label, headers) => {
    const res = await t.stack.http.get('/customers').set(headers as Record<string, string>);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });
});

describe('reading, updating and deleting', () => {
  let id: string;
  beforeAll(async () => {
    id = (await create({ ...validCustomer, name: 'Joana Prado', email: 'joana@prado.com.br' })).body.id;
  });

  it('returns 404 for another company and for a missing id, identically', async () => {
    const foreign = await t.stack.http.get(`/customers/${id}`).set(t.company.Other.headers);
    const missing = await t.stack.http.get('/customers/cust_doesnotexist').set(t.company.Other.headers);
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.body.error.code).toBe(missing.body.error.code);
    expect(foreign.body.error.message).toBe(missing.body.error.message);
    expect((await t.stack.http.put(`/customers/${id}`).set(t.company.Other.headers).send({ name: 'Hacked' })).status).toBe(404);
    expect((await t.stack.http.delete(`/customers/${id}`).set(t.company.Other.headers)).status).toBe(404);
  });

  it('updates a subset of fields, emits customer.updated, and re-checks the document', async () => {
    const res = await t.stack.http.put(`/customers/${id}`).set(t.company.Acme.headers).send({ phone: '+55 21 98888-7777' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ phone: '+55 21 98888-7777', name: 'Joana Prado' });
    const bad = await t.stack.http.put(`/customers/${id}`).set(t.company.Acme.headers).send({ documentType: 'cnpj' });
    expect(bad.status).toBe(400);
    const events = await t.stack.em().find(Event, { entityId: id }, { orderBy: { createdAt: 'asc' } });
    expect(events.map((e) => e.type)).toEqual(['customer.created', 'customer.updated']);
  });

  it('soft-deletes idempotently and hides the customer from lists', async () => {
    const first = await t.stack.http.delete(`/customers/${id}`).set(t.company.Acme.headers);
    expect(first.status).toBe(200);
    expect(first.body.deletedAt).not.toBeNull();
    const second = await t.stack.http.delete(`/customers/${id}`).set(t.company.Acme.headers);
    expect(second.status).toBe(200);
    expect(second.body.deletedAt).toBe(first.body.deletedAt);
    const got = await t.stack.http.get(`/customers/${id}`).set(t.company.Acme.headers);
    expect(got.body.deletedAt).toBe(first.body.deletedAt);
    const list = await t.stack.http.get('/customers').query({ q: 'joana' }).set(t.company.Acme.headers);
    expect(list.body.data).toEqual([]);
    expect((await t.stack.http.put(`/customers/${id}`).set(t.company.Acme.headers).send({ name: 'Back' })).status).toBe(409);
  });
});
