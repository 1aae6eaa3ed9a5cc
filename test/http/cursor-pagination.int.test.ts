import { Lastro } from '../../src/sdk-node/index';
import { useTestStack } from '../helpers/stack';
import { pixBody } from '../payments/fixtures';
import { sellerBody } from '../recipients/fixtures';

/**
 * Cursor pagination (`startingAfter` / `endingBefore`, `hasMore`) beside page and limit, on the
 * real stack (PostgreSQL, Temporal, the embedded Pix PSP), and lastro-node's auto-pagination
 * over it: sales arriving while a merchant walks the list neither repeat nor hide one.
 */
const HOOK_URL = 'http://127.0.0.1:9999/hook';
const t = useTestStack({ env: { WEBHOOK_ALLOWLIST: '127.0.0.1:9999' }, companies: ['Acme', 'Other'], owners: ['Acme', 'Other'] });

const acme = () => t.company.Acme.headers;
const newSale = async (headers = acme()): Promise<string> => {
  const res = await t.stack.http.post('/v1/transactions').set(headers).send(pixBody(1_000));
  expect(res.status).toBe(201);
  return res.body.id;
};
const list = (query: string, headers = acme()) => t.stack.http.get(`/v1/transactions?${query}`).set(headers);
const ids = (res: { body: { data: Array<{ id: string }> } }) => res.body.data.map((x) => x.id);

let order: string[];
let createdAt: Record<string, string>;
beforeAll(async () => {
  for (let i = 0; i < 5; i++) await newSale();
  const all = await list('limit=100');
  order = ids(all);
  createdAt = Object.fromEntries(all.body.data.map((x: { id: string; createdAt: string }) => [x.id, x.createdAt]));
  expect(order).toHaveLength(5);
});

describe('transactions by cursor', () => {
  it('startingAfter walks the list, newest first; pagination counts what lies past the cursor', async () => {
    const first = await list('limit=2');
    expect(ids(first)).toEqual(order.slice(0, 2));
    expect(first.body.pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3, hasMore: true });

    const second = await list(`limit=2&startingAfter=${order[1]}`);
    expect(ids(second)).toEqual(order.slice(2, 4));
    expect(second.body.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2, hasMore: true });

    const last = await list(`limit=2&startingAfter=${order[3]}`);
    expect(ids(last)).toEqual([order[4]]);
    expect(last.body.pagination).toMatchObject({ total: 1, hasMore: false });
  });

  it('endingBefore gives the items just before the cursor, in the list\'s order', async () => {
    const before = await list(`limit=2&endingBefore=${order[4]}`);
    expect(ids(before)).toEqual(order.slice(2, 4));
    expect(before.body.pagination).toMatchObject({ total: 4, hasMore: true });
    const start = await list(`limit=2&endingBefore=${order[1]}`);
    expect(ids(start)).toEqual([order[0]]);
    expect(start.body.pagination).toMatchObject({ total: 1, hasMore: false });
  });

  it('keeps the filters: a cursor narrows the filtered list', async () => {
    const since = encodeURIComponent(createdAt[order[3]]);
    const filtered = await list(`limit=10&createdFrom=${since}&startingAfter=${order[1]}`);
    expect(ids(filtered)).toEqual(order.slice(2, 4));
    expect(filtered.body.pagination).toMatchObject({ total: 2, hasMore: false });
    expect((await list(`limit=10&referenceCode=none&startingAfter=${order[1]}`)).body.data).toEqual([]);
  });

  it('a sale arriving between two pages shifts an offset page, not a cursor page', async () => {
    const pageOne = await list('limit=2');
    const arrived = await newSale();
    const byOffset = await list('limit=2&page=2');
    const byCursor = await list(`limit=2&startingAfter=${ids(pageOne)[1]}`);
    // The offset page repeats the first page's last item; the cursor page starts right after it.
    expect(ids(byOffset)[0]).toBe(ids(pageOne)[1]);
    expect(ids(byCursor)).toEqual(order.slice(2, 4));
    expect(ids(await list(`limit=100&endingBefore=${order[0]}`))).toEqual([arrived]);
    order = [arrived, ...order];
  });

  it('refuses a cursor that names nothing of the caller\'s (404 naming it) and ambiguous requests (400)', async () => {
    const others = await newSale(t.company.Other.headers);
    for (const query of [`startingAfter=${others}`, 'startingAfter=txn_nothing', `endingBefore=${others}`]) {
      const res = await list(query);
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'not_found', details: [{ path: query.split('=')[0] }] });
    }
    const both = await list(`startingAfter=${order[0]}&endingBefore=${order[1]}`);
    expect(both.status).toBe(400);
    expect(both.body.error).toMatchObject({ code: 'validation_failed', details: [{ path: 'endingBefore' }] });
    const withPage = await list(`page=2&startingAfter=${order[0]}`);
    expect(withPage.status).toBe(400);
    expect(withPage.body.error).toMatchObject({ code: 'validation_failed', details: [{ path: 'page' }] });
    expect((await list('startingAfter=')).status).toBe(400);
  });
});

describe('every list that takes a cursor', () => {
  it('looks the cursor up among its own items: a missing one, or another resource\'s id, is 404 naming it', async () => {
    const sale = (await t.stack.http.get(`/v1/transactions/${order[0]}`).set(acme())).body;
    const lists = ['/v1/customers', '/v1/plans', '/v1/recipients', '/v1/webhooks', '/v1/withdrawals', '/v1/webhooks/deliveries', '/v1/subscriptions', '/v1/invoices', '/v1/checkout/sessions', '/v1/checkout/charges', '/v1/checkout/links', `/v1/refunds/transaction/${sale.id}`, `/v1/refunds/payment/${sale.payments[0].id}`];
    for (const path of lists) {
      for (const param of ['startingAfter', 'endingBefore']) {
        const res = await t.stack.http.get(`${path}?${param}=nothing_here`).set(acme());
        expect({ path, status: res.status, details: res.body.error?.details }).toEqual({ path, status: 404, details: [{ path: param, message: expect.stringMatching(/not found/) }] });
      }
    }
    // A transaction is no cursor of the withdrawals list: the cursor names an item of that list.
    expect((await t.stack.http.get(`/v1/withdrawals?startingAfter=${sale.id}`).set(acme())).status).toBe(404);
  });
});

/** Every id of a list, walked one way by cursor (`limit` a page), and each page's `hasMore`. */
async function walk(path: string, query: string, param: 'startingAfter' | 'endingBefore', from?: string): Promise<{ ids: string[]; hasMore: boolean[] }> {
  const seen: string[] = [];
  const hasMore: boolean[] = [];
  let cursor = from;
  for (let pages = 0; pages < 20; pages++) {
    const res = await t.stack.http.get(`${path}?${query}${cursor ? `&${param}=${cursor}` : ''}`).set(acme());
    expect(res.status).toBe(200);
    const page = ids(res);
    hasMore.push(res.body.pagination.hasMore);
    seen.push(...(param === 'startingAfter' ? page : [...page].reverse()));
    if (!res.body.pagination.hasMore) return { ids: param === 'startingAfter' ? seen : seen.reverse(), hasMore };
    cursor = param === 'startingAfter' ? page[page.length - 1] : page[0];
  }
  throw new Error(`${path}: more than 20 pages`);
}

/** The whole list by offset, then walked by cursor both ways two items a page: the same items in the same order. */
async function expectCursorWalks(path: string, query: string, expected: string[]): Promise<void> {
  const all = await t.stack.http.get(`${path}?${query}&limit=100`).set(acme());
  expect(ids(all)).toEqual(expected);
  const forward = await walk(path, `${query}&limit=2`, 'startingAfter');
  expect(forward.ids).toEqual(expected);
  expect(forward.hasMore).toEqual([true, true, false]);
  // Back from the last item: everything before it.
  const back = await walk(path, `${query}&limit=2`, 'endingBefore', expected[expected.length - 1]);
  expect(back.ids).toEqual(expected.slice(0, -1));
}

describe('customers, plans, recipients and webhooks by cursor', () => {
  const em = () => t.stack.em();

  it('customers: in every sort, ties on the sort key broken by id; a deleted customer still marks its place', async () => {
    const names = ['Bia', 'Ana', 'Caio', 'Ana', 'Duda'];
    const made: string[] = [];
    for (const [i, name] of names.entries()) {
      const res = await t.stack.http.post('/v1/customers').set(acme()).send({ name, email: `c${i}@example.com`, type: 'individual', document: '529.982.247-25', phone: '+55 11 91111-1111' });
      expect(res.status).toBe(201);
      made.push(res.body.id);
    }
    // One creation instant for all: the creation sort rests on the id alone.
    await em().execute(`update customers set created_at = '2026-03-01T12:00:00.123456Z' where id in (${made.map(() => '?').join(',')})`, made);
    const byId = [...made].sort();
    await expectCursorWalks('/v1/customers', 'sortBy=createdAt&sortDir=desc', [...byId].reverse());
    await expectCursorWalks('/v1/customers', 'sortBy=createdAt&sortDir=asc', byId);
    const byName = [...made].sort((a, b) => names[made.indexOf(a)].localeCompare(names[made.indexOf(b)]) || (a < b ? -1 : 1));
    await expectCursorWalks('/v1/customers', 'sortBy=name&sortDir=asc', byName);
    // Filters keep applying past the cursor.
    const anas = byName.filter((id) => names[made.indexOf(id)] === 'Ana');
    expect(ids(await t.stack.http.get(`/v1/customers?sortBy=name&sortDir=asc&name=ana&startingAfter=${anas[0]}`).set(acme()))).toEqual([anas[1]]);

    expect((await t.stack.http.delete(`/v1/customers/${byName[1]}`).set(acme())).status).toBe(200);
    const next = await t.stack.http.get(`/v1/customers?sortBy=name&sortDir=asc&limit=2&startingAfter=${byName[1]}`).set(acme());
    expect(ids(next)).toEqual(byName.slice(2, 4));
    expect(next.body.pagination).toMatchObject({ page: 1, limit: 2, total: 3, hasMore: true });
  });

  it('plans: by name or by creation', async () => {
    const made: string[] = [];
    for (const [i, name] of ['Pro', 'Basic', 'Max', 'Lite', 'Team'].entries()) {
      const res = await t.stack.http.post('/v1/plans').set(acme()).send({ code: `cursor-${i}`, name });
      expect(res.status).toBe(201);
      made.push(res.body.id);
    }
    const plans = (await t.stack.http.get('/v1/plans?limit=100&q=cursor-').set(acme())).body.data as Array<{ id: string; name: string }>;
    expect(plans.map((p) => p.id)).toEqual([...made].reverse());
    await expectCursorWalks('/v1/plans', 'q=cursor-', [...made].reverse());
    await expectCursorWalks('/v1/plans', 'q=cursor-&sortBy=name&sortDir=asc', [...plans].sort((a, b) => a.name.localeCompare(b.name)).map((p) => p.id));
  });

  it('recipients: newest link first; another company\'s recipient is no cursor here', async () => {
    const earlier = ids(await t.stack.http.get('/v1/recipients?limit=100').set(acme()));
    const made: string[] = [];
    for (let i = 0; i < 6 - earlier.length; i++) {
      const res = await t.stack.http.post('/v1/recipients').set(acme()).send(sellerBody());
      expect(res.status).toBe(201);
      made.push(res.body.id);
    }
    await expectCursorWalks('/v1/recipients', 'page=1', [...made.reverse(), ...earlier]);
    const theirs = await t.stack.http.post('/v1/recipients').set(t.company.Other.headers).send(sellerBody());
    expect(theirs.status).toBe(201);
    const res = await t.stack.http.get(`/v1/recipients?startingAfter=${theirs.body.id}`).set(acme());
    expect(res.status).toBe(404);
    expect(res.body.error.details).toEqual([{ path: 'startingAfter', message: 'Recipient not found' }]);
  });

  it('webhooks: newest first, with the filters', async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.stack.http.post('/v1/webhooks').set(acme()).send({ name: `Hook ${i}`, url: HOOK_URL, events: ['transaction.paid'] });
      expect(res.status).toBe(201);
      made.push(res.body.id);
    }
    await expectCursorWalks('/v1/webhooks', 'event=transaction.paid', [...made].reverse());
    const inactive = made[2];
    expect((await t.stack.http.patch(`/v1/webhooks/${inactive}/status`).set(acme()).send({ isActive: false })).status).toBe(200);
    // The inactive one is still a cursor: its place in the list is known.
    expect(ids(await t.stack.http.get(`/v1/webhooks?isActive=true&limit=100&startingAfter=${inactive}`).set(acme()))).toEqual([made[1], made[0]]);
  });

  it('wallet statements: newest entry first; an entry of another wallet, or no entry, is no cursor here', async () => {
    const owner = t.owner.Acme;
    for (const amount of [100, 200, 300, 400, 500]) {
      expect((await t.stack.http.post('/sandbox/ledger/credit').set(acme()).send({ recipientId: owner, amount })).status).toBe(201);
    }
    const path = `/v1/wallets/owner/${owner}/transactions`;
    const all = await t.stack.http.get(`${path}?type=adjustment&limit=100`).set(acme());
    expect(all.body.data.map((e: { amount: number }) => e.amount)).toEqual([500, 400, 300, 200, 100]);
    await expectCursorWalks(path, 'type=adjustment', ids(all));
    // Another company's owner wallet has entries of its own: none is a cursor of Acme's statement.
    expect((await t.stack.http.post('/sandbox/ledger/credit').set(t.company.Other.headers).send({ recipientId: t.owner.Other, amount: 100 })).status).toBe(201);
    const theirs = ids(await t.stack.http.get(`/v1/wallets/owner/${t.owner.Other}/transactions`).set(t.company.Other.headers))[0];
    for (const cursor of [theirs, 'nothing_here', '99999999999']) {
      const res = await t.stack.http.get(`${path}?startingAfter=${cursor}`).set(acme());
      expect({ cursor, status: res.status, details: res.body.error?.details }).toEqual({ cursor, status: 404, details: [{ path: 'startingAfter', message: expect.stringMatching(/not found/) }] });
    }
  });
});

describe('flat envelopes (checkout links)', () => {
  it('take the cursor too, with hasMore beside page, limit and total', async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.stack.http.post('/checkout/links').set(acme()).send({ items: [{ name: `Item ${i}`, quantity: 1, unitAmount: 5000 }], paymentMethods: { pix: { enabled: true } } });
      expect(res.status).toBe(201);
      made.push(res.body.id);
    }
    const all = (await t.stack.http.get('/checkout/links?limit=100').set(acme())).body;
    expect(all).toMatchObject({ page: 1, limit: 100, total: 3, hasMore: false });
    const linkOrder = all.data.map((l: { id: string }) => l.id);
    const next = await t.stack.http.get(`/checkout/links?limit=1&startingAfter=${linkOrder[0]}`).set(acme());
    expect(next.body).toMatchObject({ data: [{ id: linkOrder[1] }], page: 1, limit: 1, total: 2, hasMore: true });
    expect(new Set(linkOrder)).toEqual(new Set(made));
  });
});

describe('lastro-node auto-pagination', () => {
  /** A client of Acme whose requests' query strings are recorded. */
  function client(): { lastro: Lastro; asked: URLSearchParams[] } {
    const asked: URLSearchParams[] = [];
    const lastro = new Lastro({
      apiKey: t.company.Acme.apiKey,
      baseUrl: t.stack.baseUrl,
      fetch: (req) => (asked.push(new URL(req.url).searchParams), fetch(req)),
    });
    return { lastro, asked };
  }

  it('for await walks every transaction once, by cursor, while sales arrive', async () => {
    const { lastro, asked } = client();
    const seen: string[] = [];
    let arrived: string | undefined;
    const createdFrom = createdAt[order[order.length - 1]];
    for await (const txn of lastro.transactions.list({ limit: 2, createdFrom })) {
      seen.push(txn.id);
      if (seen.length === 1) arrived = await newSale();
    }
    expect(seen).toEqual(order);
    expect(seen).not.toContain(arrived);
    // Six sales, two a page: each next page starts after the last item seen.
    expect(asked.map((q) => q.get('startingAfter'))).toEqual([null, order[1], order[3]]);
    expect(asked.every((q) => q.get('createdFrom') === createdFrom && q.get('limit') === '2')).toBe(true);
    expect(asked.slice(1).some((q) => q.has('page'))).toBe(false);
    order = [arrived!, ...order];
  });

  it('started with endingBefore, walks back towards the newest', async () => {
    const { lastro } = client();
    const pages: string[][] = [];
    for await (const page of lastro.transactions.list({ limit: 2, endingBefore: order[order.length - 1] }).pages()) pages.push(page.data.map((x) => x.id));
    expect(pages.flat().sort()).toEqual(order.slice(0, -1).sort());
    expect(pages[0]).toEqual(order.slice(-3, -1));
  });

  it('follows the cursor on customers, plans, recipients and webhooks too', async () => {
    const { lastro, asked } = client();
    const walks = {
      customers: lastro.customers.list({ limit: 2 }),
      plans: lastro.paginate('/v1/plans', { params: { query: { limit: 2 } } }),
      recipients: lastro.recipients.list({ limit: 2 }),
      webhooks: lastro.webhookEndpoints.list({ limit: 2 }),
    };
    for (const [name, walk] of Object.entries(walks)) {
      asked.length = 0;
      const seen: string[] = [];
      for await (const item of walk as AsyncIterable<{ id: string }>) seen.push(item.id);
      const all = ids(await t.stack.http.get(`/v1/${name}?limit=100`).set(acme()));
      expect({ name, seen }).toEqual({ name, seen: all });
      expect(asked.slice(1).map((q) => q.get('startingAfter'))).toEqual(all.filter((_, i) => i % 2 === 1 && i < all.length - 1));
    }
  });

  it('awaited, gives the first page with hasMore', async () => {
    const { lastro } = client();
    const page = await lastro.transactions.list({ limit: 1 });
    expect(page.data.map((x) => x.id)).toEqual([order[0]]);
    expect(page.pagination.hasMore).toBe(true);
  });
});
