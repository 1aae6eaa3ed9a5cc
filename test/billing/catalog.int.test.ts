import { useTestStack, type SeededCompany } from '../helpers/stack';
import { PlanItem, Price } from '../../src/billing/plan.entity';

const t = useTestStack({ companies: ['Acme', 'Other'] });

const post = (path: string, body: object = {}, headers: Record<string, string> = t.company.Acme.headers) => t.stack.http.post(path).set(headers).send(body);
const get = (path: string, headers: Record<string, string> = t.company.Acme.headers) => t.stack.http.get(path).set(headers);
const monthly = { interval: 1, unit: 'month' };
const brl = (amount: number) => ({ amount, currency: 'BRL' });

let seq = 0;
async function newPlan(extra: object = {}): Promise<string> {
  const res = await post('/plans', { code: `plan-${++seq}`, name: `Plan ${seq}`, ...extra });
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('plans', () => {
  it('creates a plan in draft; a taken code is 409 plan_code_taken (per company)', async () => {
    const res = await post('/plans', { code: 'gold_1', name: 'Gold', description: 'The gold plan', metadata: { tier: 'g' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.stringMatching(/^plan_/), code: 'gold_1', status: 'draft', description: 'The gold plan', metadata: { tier: 'g' }, deletedAt: null });
    const again = await post('/plans', { code: 'gold_1', name: 'Other' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'plan_code_taken', requestId: expect.stringMatching(/^req_/) });
    expect((await post('/plans', { code: 'gold_1', name: 'Gold' }, t.company.Other.headers)).status).toBe(201);
  });

  it.each([
    [{ code: 'Gold', name: 'x' }, 'code'],
    [{ code: '', name: 'x' }, 'code'],
    [{ code: 'a'.repeat(101), name: 'x' }, 'code'],
    [{ code: 'ok', name: '' }, 'name'],
    [{ code: 'ok', name: 'x'.repeat(256) }, 'name'],
    [{ code: 'ok', name: 'x', description: 'd'.repeat(1001) }, 'description'],
    [{ code: 'ok', name: 'x', status: 'active' }, 'status'],
  ])('400 for %j', async (body, path) => {
    const res = await post('/plans', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details[0].path).toBe(path);
  });

  it('PATCH changes name, description (nullable) and metadata, never status; another company gets 404', async () => {
    const id = await newPlan({ description: 'old' });
    const res = await t.stack.http.patch(`/plans/${id}`).set(t.company.Acme.headers).send({ name: 'Renamed', description: null, metadata: { a: '1' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed', description: null, metadata: { a: '1' }, status: 'draft' });
    const status = await t.stack.http.patch(`/plans/${id}`).set(t.company.Acme.headers).send({ status: 'active' });
    expect(status.status).toBe(400);
    expect(status.body.error.details[0].path).toBe('status');
    expect((await get(`/plans/${id}`, t.company.Other.headers)).status).toBe(404);
    expect((await t.stack.http.patch(`/plans/${id}`).set(t.company.Other.headers).send({ name: 'x' })).status).toBe(404);
  });

  it('publish needs a recurring component with a current price (409 plan_not_publishable); archive from any state', async () => {
    const id = await newPlan();
    const empty = await post(`/plans/${id}/publish`);
    expect(empty.status).toBe(409);
    expect(empty.body.error.code).toBe('plan_not_publishable');

    // An activation component with a price is not enough.
    await post(`/plans/${id}/charges`, { item: { key: 'setup', name: 'Setup', kind: 'activation' }, price: { money: brl(5000), recurrence: monthly } });
    expect((await post(`/plans/${id}/publish`)).body.error.code).toBe('plan_not_publishable');

    // A recurring component whose only price is archived is not enough either.
    const charge = await post(`/plans/${id}/charges`, { item: { key: 'base', name: 'Base' }, price: { money: brl(9900), recurrence: monthly } });
    await post(`/plans/${id}/prices/${charge.body.price.id}/archive`);
    expect((await post(`/plans/${id}/publish`)).status).toBe(409);

    await post(`/plans/${id}/prices`, { planItemKey: 'base', money: brl(9900), recurrence: monthly });
    const published = await post(`/plans/${id}/publish`);
    expect(published.status).toBe(200);
    expect(published.body.status).toBe('active');
    expect((await post(`/plans/${id}/publish`)).body.status).toBe('active');

    const archived = await post(`/plans/${id}/archive`);
    expect(archived.body.status).toBe('archived');
    expect((await post(`/plans/${id}/publish`)).body.error.code).toBe('plan_not_publishable');
    expect((await post(`/plans/${id}/items`, { key: 'late', name: 'Late' })).body.error.code).toBe('plan_archived');
    expect((await post('/plans/plan_missing/archive')).status).toBe(404);
  });

  it('every POST honours Idempotency-Key', async () => {
    const key = `idem-${Date.now()}`;
    const body = { code: 'idem-plan', name: 'Idem' };
    const first = await t.stack.http.post('/plans').set(t.company.Acme.headers).set('Idempotency-Key', key).send(body);
    const second = await t.stack.http.post('/plans').set(t.company.Acme.headers).set('Idempotency-Key', key).send(body);
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body.id).toBe(first.body.id);
    const changed = await t.stack.http.post('/plans').set(t.company.Acme.headers).set('Idempotency-Key', key).send({ ...body, name: 'Other' });
    expect(changed.body.error.code).toBe('idempotency_conflict');
  });
});

describe('plan list', () => {
  let searcher: SeededCompany;
  beforeAll(async () => {
    searcher = await t.stack.seedCompany('Searcher');
    const h = searcher.headers;
    const mk = async (code: string, name: string, price: number | null, itemName = 'Seats') => {
      const p = await post('/plans', { code, name }, h);
      if (price !== null) await post(`/plans/${p.body.id}/charges`, { item: { key: 'main', name: itemName }, price: { money: brl(price), recurrence: monthly } }, h);
      return p.body.id as string;
    };
    await mk('basic', 'Basic', 1000);
    const pro = await mk('pro', 'Professional', 5000, 'Storage GB');
    await mk('ent', 'Enterprise', 20000);
    await mk('empty', 'Nothing yet', null);
    await post(`/plans/${pro}/publish`, {}, h);
  });
  const list = (qs: string) => get(`/plans?${qs}`, searcher.headers);
  const codes = (res: { body: { data: Array<{ code: string }> } }) => res.body.data.map((p) => p.code).sort();

  it('filters by status CSV, q, code, name, item and current price range', async () => {
    expect(codes(await list('status=active'))).toEqual(['pro']);
    expect(codes(await list('status=draft,active'))).toEqual(['basic', 'empty', 'ent', 'pro']);
    expect(codes(await list('q=PRO'))).toEqual(['pro']);
    expect(codes(await list('q=ent'))).toEqual(['ent']);
    expect(codes(await list('code=as'))).toEqual(['basic']);
    expect(codes(await list('name=prise'))).toEqual(['ent']);
    expect(codes(await list('item=storage'))).toEqual(['pro']);
    expect(codes(await list('priceMin=1000&priceMax=5000'))).toEqual(['basic', 'pro']);
    expect(codes(await list('priceMin=5001'))).toEqual(['ent']);
    expect(codes(await list('priceMax=999'))).toEqual([]);
  });

  it('an inverted price range (priceMin above priceMax) matches nothing: an empty list, not a 400', async () => {
    const res = await list('priceMin=5000&priceMax=1000');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.pagination.total).toBe(0);
  });

  it('dates are inclusive and accept YYYY-MM-DD; sorts and paginates', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`createdFrom=${today}&createdTo=${today}`)).body.pagination.total).toBe(4);
    expect((await list('createdTo=2000-01-01')).body.pagination.total).toBe(0);
    expect((await list('createdFrom=2000-01-01T00:00:00-03:00')).body.pagination.total).toBe(4);
    const byName = await list('sortBy=name&sortDir=asc&limit=2&page=2');
    expect(byName.body.data.map((p: { name: string }) => p.name)).toEqual(['Nothing yet', 'Professional']);
    expect(byName.body.pagination).toEqual({ page: 2, limit: 2, total: 4, totalPages: 2, hasMore: false });
  });

  it.each(['status=gone', 'createdFrom=01/02/2026', 'createdTo=2026-01-01T00:00:00', 'priceMin=-1', 'priceMin=1.5', 'sortBy=code', 'limit=101', 'page=0', 'unknown=1'])(
    '400 for %s',
    async (qs) => {
      const res = await list(qs);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    },
  );
});

describe('components', () => {
  it('creates with defaults; a taken key is 409 item_key_taken; lists in display order', async () => {
    const id = await newPlan();
    const created = await post(`/plans/${id}/items`, { key: 'seats', name: 'Seats', displayOrder: 2 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.stringMatching(/^pli_/), kind: 'recurring', quantityDefault: 1, quantityIncluded: 0, optional: false, displayOrder: 2, description: null, isDefault: false });
    const dup = await post(`/plans/${id}/items`, { key: 'seats', name: 'Again' });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('item_key_taken');
    await post(`/plans/${id}/items`, { key: 'setup', name: 'Setup', kind: 'activation', displayOrder: 1 });
    const items = await get(`/plans/${id}/items`);
    expect(items.body.map((i: { key: string }) => i.key)).toEqual(['setup', 'seats']);
    expect((await post('/plans/plan_nope/items', { key: 'a', name: 'A' })).status).toBe(404);
    expect((await post(`/plans/${id}/items`, { key: 'a', name: 'A', quantityDefault: 0 })).status).toBe(400);
    expect((await post(`/plans/${id}/items`, { key: 'a', name: 'A', kind: 'weekly' })).status).toBe(400);
  });

  it('PATCH edits editable fields only: key and kind are 400', async () => {
    const id = await newPlan();
    const item = (await post(`/plans/${id}/items`, { key: 'seats', name: 'Seats', description: 'x' })).body;
    const patch = (body: object) => t.stack.http.patch(`/plans/${id}/items/${item.id}`).set(t.company.Acme.headers).send(body);
    const ok = await patch({ name: 'Users', quantityIncluded: 3, optional: true, description: null, metadata: { m: '1' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Users', quantityIncluded: 3, optional: true, description: null, key: 'seats' });
    for (const body of [{ key: 'other' }, { kind: 'activation' }]) {
      const res = await patch(body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/not editable/);
    }
    expect((await t.stack.http.patch(`/plans/${id}/items/pli_missing`).set(t.company.Acme.headers).send({ name: 'x' })).status).toBe(404);
  });

  it('counts past 2147483647 (the int columns) are a 400 naming the field, on create and on PATCH; the maximum itself is stored', async () => {
    const id = await newPlan();
    for (const field of ['quantityDefault', 'quantityIncluded', 'displayOrder']) {
      const res = await post(`/plans/${id}/items`, { key: 'big', name: 'Big', [field]: 1952005549065450 });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].path).toBe(field);
    }
    const item = (await post(`/plans/${id}/items`, { key: 'seats', name: 'Seats', quantityDefault: 2147483647 })).body;
    expect(item.quantityDefault).toBe(2147483647);
    const patch = await t.stack.http.patch(`/plans/${id}/items/${item.id}`).set(t.company.Acme.headers).send({ quantityIncluded: 7839762054 });
    expect(patch.status).toBe(400);
    expect(patch.body.error.details[0].path).toBe('quantityIncluded');
    const price = await post(`/plans/${id}/prices`, { planItemId: item.id, billingScheme: 'package', money: brl(100), recurrence: monthly, packageSize: 2147483648 });
    expect(price.status).toBe(400);
    expect(price.body.error.details[0].path).toBe('packageSize');
  });

  it('DELETE archives; the default component is 409 default_item_not_archivable', async () => {
    const id = await newPlan();
    const item = (await post(`/plans/${id}/items`, { key: 'seats', name: 'Seats' })).body;
    const del = await t.stack.http.delete(`/plans/${id}/items/${item.id}`).set(t.company.Acme.headers);
    expect(del.status).toBe(200);
    expect(del.body.deletedAt).not.toBeNull();
    expect((await get(`/plans/${id}/items`)).body).toEqual([]);

    const legacy = await post(`/plans/${id}/prices`, { money: brl(100), recurrence: monthly });
    expect(legacy.status).toBe(201);
    const def = await t.stack.em().findOneOrFail(PlanItem, { id: legacy.body.planItemId });
    expect(def).toMatchObject({ isDefault: true, key: 'default', kind: 'recurring' });
    const refused = await t.stack.http.delete(`/plans/${id}/items/${def.id}`).set(t.company.Acme.headers);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('default_item_not_archivable');
    // The second legacy price goes to the same default component.
    const again = await post(`/plans/${id}/prices`, { money: brl(200), recurrence: monthly });
    expect(again.body.planItemId).toBe(def.id);
  });
});

describe('prices', () => {
  let planId: string;
  beforeAll(async () => {
    planId = await newPlan();
    await post(`/plans/${planId}/items`, { key: 'seats', name: 'Seats' });
  });
  const price = (body: object) => post(`/plans/${planId}/prices`, { planItemKey: 'seats', ...body });

  it.each([
    ['fixed', {}],
    ['per_unit', {}],
    ['tiered', { tiers: [{ upTo: 10, unitAmount: 100 }, { upTo: null, unitAmount: 50 }] }],
    ['package', { packageSize: 5 }],
    ['metered', { meterId: 'api_calls' }],
  ])('%s: money in, flattened out', async (billingScheme, extra) => {
    const res = await price({ billingScheme, money: { amount: 1000, currency: 'brl' }, recurrence: { ...monthly, collectionTiming: 'postpaid' }, ...extra });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^price_/),
      billingScheme,
      amount: 1000,
      currency: 'BRL',
      recurrence: { interval: 1, unit: 'month', anchor: 'subscription_start', anchorDay: null, collectionTiming: 'postpaid' },
      isCurrent: true,
      archivedAt: null,
    });
    expect(res.body.money).toBeUndefined();
  });

  it.each([
    [{ billingScheme: 'tiered' }, 'tiers'],
    [{ billingScheme: 'tiered', tiers: [{ upTo: 10, unitAmount: 1 }] }, 'tiers'],
    [{ billingScheme: 'tiered', tiers: [{ upTo: 10, unitAmount: 1 }, { upTo: 5, unitAmount: 1 }, { upTo: null, unitAmount: 1 }] }, 'tiers'],
    [{ billingScheme: 'package' }, 'packageSize'],
    [{ billingScheme: 'package', packageSize: 0 }, 'packageSize'],
    [{ billingScheme: 'metered' }, 'meterId'],
    [{ billingScheme: 'fixed', packageSize: 3 }, 'packageSize'],
    [{ money: { amount: 10.5, currency: 'BRL' } }, 'money.amount'],
    [{ money: { amount: '1000', currency: 'BRL' } }, 'money.amount'],
    [{ money: { amount: -1, currency: 'BRL' } }, 'money.amount'],
    [{ money: { amount: 100, currency: 'REAL' } }, 'money.currency'],
    [{ recurrence: { interval: 1, unit: 'month', anchor: 'day_of_month' } }, 'recurrence.anchorDay'],
    [{ recurrence: { interval: 1, unit: 'month', anchor: 'end_of_month', anchorDay: 3 } }, 'recurrence.anchorDay'],
    [{ recurrence: { interval: 1, unit: 'week', anchor: 'end_of_month' } }, 'recurrence.unit'],
    [{ recurrence: { interval: 0, unit: 'month' } }, 'recurrence.interval'],
    [{ recurrence: { interval: 1, unit: 'month', anchor: 'day_of_month', anchorDay: 32 } }, 'recurrence.anchorDay'],
    [{ trialSpec: { durationDays: 0 } }, 'trialSpec.durationDays'],
    [{ planItemId: 'pli_x', planItemKey: 'seats' }, 'planItemKey'],
  ])('400 for %j', async (override, path) => {
    const res = await price({ money: brl(1000), recurrence: monthly, ...override });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('400 when the named component is not in the plan', async () => {
    const res = await post(`/plans/${planId}/prices`, { planItemKey: 'nope', money: brl(1), recurrence: monthly });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('planItemKey');
  });

  it('a new version replaces the current one for the same component, currency and cadence only; versions are listed; archive', async () => {
    const id = await newPlan();
    const item = (await post(`/plans/${id}/items`, { key: 'base', name: 'Base' })).body;
    const mk = (amount: number, currency = 'BRL', recurrence: object = monthly) => post(`/plans/${id}/prices`, { planItemId: item.id, money: { amount, currency }, recurrence });
    const v1 = (await mk(1000)).body;
    const usd = (await mk(200, 'USD')).body;
    const yearly = (await mk(10000, 'BRL', { interval: 1, unit: 'year' })).body;
    const anchored = (await mk(1100, 'BRL', { interval: 1, unit: 'month', anchor: 'day_of_month', anchorDay: 10 })).body;
    const v2 = (await mk(1200, 'BRL', { ...monthly, collectionTiming: 'postpaid' })).body;
    const versions = await get(`/plans/${id}/prices`);
    const current = Object.fromEntries(versions.body.map((p: { id: string; isCurrent: boolean }) => [p.id, p.isCurrent]));
    expect(current).toEqual({ [v1.id]: false, [usd.id]: true, [yearly.id]: true, [anchored.id]: true, [v2.id]: true });
    expect(versions.body[0].id).toBe(v2.id);

    const archived = await post(`/plans/${id}/prices/${v2.id}/archive`);
    expect(archived.body).toMatchObject({ isCurrent: false, archivedAt: expect.any(String) });
    expect((await t.stack.em().findOneOrFail(Price, { id: v1.id })).isCurrent).toBe(false);
    expect((await post(`/plans/${id}/prices/price_missing/archive`)).status).toBe(404);

    const template = await get(`/plans/${id}/template?currency=USD`);
    expect(template.status).toBe(200);
    expect(template.body.items).toHaveLength(1);
    expect(template.body.items[0].price).toMatchObject({ id: usd.id, amount: 200 });
    const brlTemplate = await get(`/plans/${id}/template?currency=brl`);
    expect(brlTemplate.body.items[0].price.currency).toBe('BRL');
    expect(brlTemplate.body.currency).toBe('BRL');
    // Without currency: the company's default (BRL), never the newest price in any currency.
    const newest = (await mk(300, 'USD')).body;
    const byDefault = await get(`/plans/${id}/template`);
    expect(byDefault.body.currency).toBe('BRL');
    expect(byDefault.body.items[0].price).toMatchObject({ currency: 'BRL', id: expect.not.stringMatching(newest.id) });
    expect((await get(`/plans/${id}/template?currency=12`)).status).toBe(400);
  });
});

describe('POST /plans/:id/charges', () => {
  it('creates component and price together', async () => {
    const id = await newPlan();
    const res = await post(`/plans/${id}/charges`, {
      item: { key: 'seats', name: 'Seats', quantityIncluded: 2 },
      price: { billingScheme: 'per_unit', money: brl(500), recurrence: { interval: 1, unit: 'month', anchor: 'day_of_month', anchorDay: 31 }, trialSpec: { durationDays: 14 } },
    });
    expect(res.status).toBe(201);
    expect(res.body.item).toMatchObject({ key: 'seats', quantityIncluded: 2 });
    expect(res.body.price).toMatchObject({ planItemId: res.body.item.id, amount: 500, trialSpec: { durationDays: 14, requiresPaymentMethod: true } });
  });

  it.each([
    [{ item: { key: 'bad key', name: 'x' }, price: { money: brl(1), recurrence: monthly } }, 'item.key'],
    [{ item: { key: 'ok', name: 'x' }, price: { billingScheme: 'package', money: brl(1), recurrence: monthly } }, 'price.packageSize'],
    [{ item: { key: 'ok', name: 'x' }, price: { planItemKey: 'ok', money: brl(1), recurrence: monthly } }, 'price.planItemKey'],
  ])('400 and nothing persisted for %j', async (body, path) => {
    const id = await newPlan();
    const res = await post(`/plans/${id}/charges`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await t.stack.em().count(PlanItem, { planId: id })).toBe(0);
    expect(await t.stack.em().count(Price, { planId: id })).toBe(0);
  });

  it('409 item_key_taken persists nothing', async () => {
    const id = await newPlan();
    await post(`/plans/${id}/items`, { key: 'seats', name: 'Seats' });
    const res = await post(`/plans/${id}/charges`, { item: { key: 'seats', name: 'x' }, price: { money: brl(1), recurrence: monthly } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('item_key_taken');
    expect(await t.stack.em().count(Price, { planId: id })).toBe(0);
  });
});
