import { Lastro } from '../../src/sdk-node/index';
import { useTestStack } from '../helpers/stack';
import { pixBody } from '../payments/fixtures';

/**
 * Cursor pagination (`startingAfter` / `endingBefore`, `hasMore`) beside page and limit, on the
 * real stack (PostgreSQL, Temporal, the embedded Pix PSP), and lastro-node's auto-pagination
 * over it: sales arriving while a merchant walks the list neither repeat nor hide one.
 */
const t = useTestStack({ companies: ['Acme', 'Other'], owners: ['Acme', 'Other'] });

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
    const lists = ['/v1/withdrawals', '/v1/webhooks/deliveries', '/v1/subscriptions', '/v1/invoices', '/v1/checkout/sessions', '/v1/checkout/charges', '/v1/checkout/links', `/v1/refunds/transaction/${sale.id}`, `/v1/refunds/payment/${sale.payments[0].id}`];
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

  it('awaited, gives the first page with hasMore', async () => {
    const { lastro } = client();
    const page = await lastro.transactions.list({ limit: 1 });
    expect(page.data.map((x) => x.id)).toEqual([order[0]]);
    expect(page.pagination.hasMore).toBe(true);
  });
});
