import { useTestStack, type SeededCompany } from '../helpers/stack';

/**
 * GET /customers: every filter of decisions.md "Customers", sorting, the pagination envelope,
 * strict query validation, and company scoping. Customers are created through the API; their
 * timestamps are then pinned in SQL so date filters and sorts have known answers.
 */

interface Seed {
  key: string;
  body: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

const seeds: Seed[] = [
  {
    key: 'ana',
    body: { name: 'Ana Souza', email: 'Ana.Souza@Example.com', type: 'individual', document: '529.982.247-25', phone: '+55 11 91111-1111' },
    createdAt: '2026-01-10T12:00:00Z',
    updatedAt: '2026-06-05T00:00:00Z',
  },
  {
    key: 'bruno',
    body: { name: 'Bruno Lima', email: 'bruno@lima.com.br', type: 'individual', document: '111.444.777-35', phone: '+55 11 92222-2222' },
    createdAt: '2026-02-10T12:00:00Z',
    updatedAt: '2026-06-01T00:00:00Z',
  },
  {
    key: 'carla',
    body: { name: 'Carla 100% Dias', email: 'financeiro@dias.io', type: 'company', document: '11.222.333/0001-81', documentType: 'cnpj', phone: '+55 21 3333-4444' },
    createdAt: '2026-03-10T12:00:00Z',
    updatedAt: '2026-06-04T00:00:00Z',
  },
  {
    key: 'daniel',
    body: { name: 'Daniel_Rocha Ltda', email: 'contato@rocha.com', type: 'company', document: '11.444.777/0001-61', documentType: 'cnpj', phone: '+55 31 4444-5555' },
    createdAt: '2026-04-10T12:00:00Z',
    updatedAt: '2026-06-02T00:00:00Z',
  },
  {
    key: 'eve',
    body: { name: 'Eve Johnson', email: 'eve@example.org', type: 'individual', document: 'X1234567', documentType: 'passport', phone: '+1 415 555 0100' },
    createdAt: '2026-05-10T12:00:00Z',
    updatedAt: '2026-06-03T00:00:00Z',
  },
];

const ids: Record<string, string> = {};
const nameOf: Record<string, string> = {};

async function createPinned(who: SeededCompany, body: object, createdAt: string, updatedAt: string): Promise<string> {
  const res = await t.stack.http.post('/customers').set(who.headers).send(body);
  expect(res.status).toBe(201);
  await t.stack.em().execute(`update customers set created_at = ?, updated_at = ? where id = ?`, [createdAt, updatedAt, res.body.id]);
  return res.body.id;
}

const t = useTestStack({
  companies: ['Acme', 'Other'],
  async setup(t) {
    for (const s of seeds) {
      ids[s.key] = await createPinned(t.company.Acme, s.body, s.createdAt, s.updatedAt);
      nameOf[ids[s.key]] = s.key;
    }
    // A deleted customer matching many filters, and another company's look-alikes: never listed for acme.
    const deleted = await createPinned(
      t.company.Acme,
      { name: 'Ana Apagada', email: 'ana.apagada@example.com', type: 'individual', document: '123.456.789-09', phone: '+55 11 91111-0000' },
      '2026-03-01T00:00:00Z',
      '2026-03-01T00:00:00Z',
    );
    expect((await t.stack.http.delete(`/customers/${deleted}`).set(t.company.Acme.headers)).status).toBe(200);
    ids.otherAna = await createPinned(
      t.company.Other,
      { name: 'Ana Souza', email: 'ana.souza@example.com', type: 'individual', document: '529.982.247-25', phone: '+55 11 91111-1111' },
      '2026-01-10T12:00:00Z',
      '2026-01-10T12:00:00Z',
    );
    ids.otherCo = await createPinned(
      t.company.Other,
      { name: 'Outra 100% Empresa', email: 'x@outra.com', type: 'company', document: '12.ABC.345/01DE-35', documentType: 'cnpj', phone: '+55 11 3000-0000' },
      '2026-02-01T00:00:00Z',
      '2026-02-01T00:00:00Z',
    );
  },
});

const list = (query: Record<string, string | number>, who: SeededCompany = t.company.Acme) => t.stack.http.get('/customers').query(query).set(who.headers);

/** The seed keys of the listed customers, in the order returned. */
async function keys(query: Record<string, string | number>, who: SeededCompany = t.company.Acme): Promise<string[]> {
  const res = await list(query, who);
  expect(res.status).toBe(200);
  return res.body.data.map((c: { id: string }) => nameOf[c.id] ?? c.id);
}
const sorted = (xs: string[]) => [...xs].sort();

describe('text filters: partial and case-insensitive', () => {
  it.each([
    ['name', 'SOUZA', ['ana']],
    ['name', 'a s', ['ana']],
    ['name', 'ana', ['ana']],
    ['name', 'lIMa', ['bruno']],
    ['email', 'LIMA.COM', ['bruno']],
    ['email', '@example.', ['ana', 'eve']],
    ['email', 'ana.souza@example.com', ['ana']],
    ['document', '529982', ['ana']],
    ['document', '529.982.247', ['ana']],
    ['document', '0001-', ['carla', 'daniel']],
    ['document', '11.222.333/0001-81', ['carla']],
    ['document', 'x1234', ['eve']],
    ['phone', '3333-4444', ['carla']],
    ['phone', '+55 11', ['ana', 'bruno']],
    ['phone', '415 555', ['eve']],
  ])('%s=%s', async (field, value, expected) => {
    expect(sorted(await keys({ [field]: value }))).toEqual(sorted(expected));
  });

  it('matches no one when nothing contains the term', async () => {
    const res = await list({ name: 'zzz-nobody' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0, hasMore: false } });
  });

  it('treats % and _ in a filter as literal characters, not wildcards', async () => {
    expect(await keys({ name: '%' })).toEqual(['carla']);
    expect(await keys({ name: '100%' })).toEqual(['carla']);
    expect(await keys({ name: '_' })).toEqual(['daniel']);
    expect(await keys({ name: 'l_R' })).toEqual(['daniel']);
    expect(await keys({ q: '%' })).toEqual(['carla']);
    expect(await keys({ q: '_' })).toEqual(['daniel']);
    expect(await keys({ email: '_' })).toEqual([]);
    expect(await keys({ name: '\\' })).toEqual([]);
  });
});

describe('exact filters', () => {
  it.each([
    ['documentType', 'cpf', ['ana', 'bruno']],
    ['documentType', 'cnpj', ['carla', 'daniel']],
    ['documentType', 'passport', ['eve']],
    ['type', 'company', ['carla', 'daniel']],
    ['type', 'individual', ['ana', 'bruno', 'eve']],
  ])('%s=%s', async (field, value, expected) => {
    expect(sorted(await keys({ [field]: value }))).toEqual(sorted(expected));
  });

  it('combines filters with AND', async () => {
    expect(await keys({ type: 'company', documentType: 'cnpj', name: 'dias' })).toEqual(['carla']);
    expect(await keys({ type: 'individual', name: 'dias' })).toEqual([]);
    expect(await keys({ documentType: 'cpf', q: 'example' })).toEqual(['ana']);
  });
});

describe('q: free text over name, email and document', () => {
  it.each([
    ['souza', ['ana']],
    ['LIMA.COM', ['bruno']],
    ['11222333', ['carla']],
    ['529.982.247-25', ['ana']],
    ['x12345', ['eve']],
    ['example', ['ana', 'eve']],
    ['3333-4444', []],
    // Only punctuation: matches names or emails containing it, never "every document".
    ['-', []],
  ])('q=%s', async (q, expected) => {
    expect(sorted(await keys({ q }))).toEqual(sorted(expected));
  });
});

describe('creation date range', () => {
  it('filters inclusively and honours the offset', async () => {
    expect(sorted(await keys({ createdFrom: '2026-02-10T12:00:00Z' }))).toEqual(['bruno', 'carla', 'daniel', 'eve']);
    // 10:00 in São Paulo is 13:00 UTC: Bruno (12:00 UTC) is before it.
    expect(sorted(await keys({ createdFrom: '2026-02-10T10:00:00-03:00' }))).toEqual(['carla', 'daniel', 'eve']);
    // 08:59:59 -03:00 is 11:59:59 UTC: Carla (12:00 UTC) is after it.
    expect(sorted(await keys({ createdTo: '2026-03-10T08:59:59-03:00' }))).toEqual(['ana', 'bruno']);
    expect(sorted(await keys({ createdTo: '2026-03-10T12:00:00.000Z' }))).toEqual(['ana', 'bruno', 'carla']);
    expect(sorted(await keys({ createdFrom: '2026-02-01T00:00:00+00:00', createdTo: '2026-04-30T23:59:59+00:00' }))).toEqual(['bruno', 'carla', 'daniel']);
  });

  it.each([
    ['a date-only value', '2026-02-10'],
    ['a localized date', '10/02/2026'],
    ['a date-time without an offset', '2026-02-10T10:00:00'],
    ['not a date', 'yesterday'],
  ])('rejects %s with 400', async (_label, value) => {
    for (const field of ['createdFrom', 'createdTo']) {
      const res = await list({ [field]: value });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(field);
    }
  });
});

describe('sorting', () => {
  const byCreated = ['ana', 'bruno', 'carla', 'daniel', 'eve'];
  it('defaults to newest first', async () => {
    expect(await keys({})).toEqual([...byCreated].reverse());
  });
  it('sorts by createdAt, name and updatedAt in both directions', async () => {
    expect(await keys({ sortBy: 'createdAt', sortDir: 'asc' })).toEqual(byCreated);
    expect(await keys({ sortBy: 'name', sortDir: 'asc' })).toEqual(['ana', 'bruno', 'carla', 'daniel', 'eve']);
    expect(await keys({ sortBy: 'name', sortDir: 'desc' })).toEqual(['eve', 'daniel', 'carla', 'bruno', 'ana']);
    expect(await keys({ sortBy: 'updatedAt', sortDir: 'asc' })).toEqual(['bruno', 'daniel', 'eve', 'carla', 'ana']);
    expect(await keys({ sortBy: 'updatedAt' })).toEqual(['ana', 'carla', 'eve', 'daniel', 'bruno']);
  });
});

describe('pagination', () => {
  it('returns the envelope with page, limit, total and totalPages', async () => {
    const res = await list({});
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'pagination']);
    expect(res.body.pagination).toEqual({ page: 1, limit: 20, total: 5, totalPages: 1, hasMore: false });
    expect(res.body.data[0]).toMatchObject({ id: ids.eve, companyId: t.company.Acme.company.id, deletedAt: null });
  });

  it('walks pages without overlap or gaps', async () => {
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const res = await list({ limit: 2, page, sortBy: 'createdAt', sortDir: 'asc' });
      expect(res.body.pagination).toEqual({ page, limit: 2, total: 5, totalPages: 3, hasMore: page < 3 });
      expect(res.body.data).toHaveLength(page < 3 ? 2 : 1);
      seen.push(...res.body.data.map((c: { id: string }) => nameOf[c.id]));
    }
    expect(seen).toEqual(['ana', 'bruno', 'carla', 'daniel', 'eve']);
    const past = await list({ limit: 2, page: 4 });
    expect(past.body).toEqual({ data: [], pagination: { page: 4, limit: 2, total: 5, totalPages: 3, hasMore: false } });
  });

  it('counts the filtered total, not the company total', async () => {
    const res = await list({ type: 'company', limit: 1 });
    expect(res.body.pagination).toEqual({ page: 1, limit: 1, total: 2, totalPages: 2, hasMore: true });
  });

  it('accepts limit 1 and 100', async () => {
    expect((await list({ limit: 1 })).body.data).toHaveLength(1);
    expect((await list({ limit: 100 })).body.pagination.limit).toBe(100);
  });
});

describe('query validation', () => {
  it.each([
    ['limit', { limit: 0 }],
    ['limit', { limit: 101 }],
    ['limit', { limit: 'ten' }],
    ['limit', { limit: 2.5 }],
    ['page', { page: 0 }],
    ['page', { page: -1 }],
    ['sortBy', { sortBy: 'email' }],
    ['sortDir', { sortDir: 'up' }],
    ['type', { type: 'robot' }],
    ['documentType', { documentType: 'rg' }],
    ['status', { status: 'active' }],
    ['companyId', { companyId: 'comp_x' }],
  ])('rejects %s in %j with 400 naming it', async (field, query) => {
    const res = await list(query as Record<string, string | number>);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it('rejects a repeated parameter', async () => {
    const res = await t.stack.http.get('/customers?name=ana&name=bruno').set(t.company.Acme.headers);
    expect(res.status).toBe(400);
  });
});

describe('company scoping', () => {
  it("never lists another company's customers", async () => {
    const all = await keys({ limit: 100 });
    expect(sorted(all)).toEqual(['ana', 'bruno', 'carla', 'daniel', 'eve']);
    expect(all).not.toContain(ids.otherAna);
    expect(await keys({ name: 'Outra' })).toEqual([]);
    expect(await keys({ document: '12ABC' })).toEqual([]);
  });

  it("shows the other company only its own", async () => {
    const res = await list({ limit: 100 }, t.company.Other);
    expect(res.body.data.map((c: { id: string }) => c.id).sort()).toEqual([ids.otherAna, ids.otherCo].sort());
    expect(res.body.pagination.total).toBe(2);
    expect((await list({ q: 'souza' }, t.company.Other)).body.data.map((c: { id: string }) => c.id)).toEqual([ids.otherAna]);
  });
});
