import { parse } from 'csv-parse/sync';
import type { EntityManager } from '@mikro-orm/postgresql';
import { useTestStack } from '../helpers/stack';
import { postMany, type PostingInput } from '../../src/ledger/ledger.service';
import { statementPages, STATEMENT_STREAM_PAGE } from '../../src/ledger/wallets.service';
import { STATEMENT_CSV_COLUMNS } from '../../src/ledger/statement-csv.rules';
import { sellerBody } from '../recipients/fixtures';

const t = useTestStack({ companies: ['Acme', 'Other'] });

async function newRecipient(company = t.company.Acme): Promise<string> {
  const res = await t.stack.http.post('/recipients').set(company.headers).send(sellerBody());
  expect(res.status).toBe(201);
  return res.body.id;
}

/** Descriptions a CSV writer must quote (RFC 4180) or carry as they are (accents). */
const TRICKY = ['Venda, parcela 1', 'Cliente "VIP"', 'linha 1\nlinha 2', 'Açaí – São Paulo', '  espaços  ', 'simple'];

let seq = 0;
/** `n` movements on the recipient's available bucket (credits, every fifth a debit), in batches of `batch` per transaction. */
async function book(companyId: string, recipientId: string, n: number, batch = 100): Promise<void> {
  for (let start = 0; start < n; start += batch) {
    const inputs: PostingInput[] = [];
    for (let i = start; i < Math.min(n, start + batch); i++) {
      const k = ++seq;
      // Credits first in a batch, so a debit never overdraws; amounts up to millions to show the thousands separator.
      const amount = i % 5 === 4 ? -(k % 900) - 1 : 123_456 * (k % 13) + k;
      inputs.push({
        key: `export-test:${recipientId}:${k}`,
        kind: 'adjustment',
        companyId,
        source: i % 2 ? 'adjustment' : 'sandbox',
        sourceId: `src_${k}`,
        description: k % 7 === 0 ? null : TRICKY[k % TRICKY.length],
        lines: [
          { account: { platform: 'settlement', currency: 'BRL' }, amount: -amount, type: 'adjustment', inStatement: false },
          { account: { recipientId, bucket: 'available', currency: 'BRL' }, amount, type: 'adjustment', inStatement: true },
        ],
      });
    }
    await t.stack.em().transactional((em) => postMany(em as EntityManager, inputs));
  }
}

interface Entry {
  id: string;
  walletId: string;
  postingId: string;
  currency: string;
  type: string;
  amount: number;
  source: string;
  sourceId: string | null;
  releaseStatus: string;
  releaseAt: string | null;
  description: string | null;
  createdAt: string;
}

/** The JSON statement, every page of it. */
async function jsonStatement(recipientId: string, filters = ''): Promise<Entry[]> {
  const out: Entry[] = [];
  for (let page = 1; ; page++) {
    const res = await t.stack.http.get(`/v1/wallets/owner/${recipientId}/transactions?limit=100&page=${page}${filters}`).set(t.company.Acme.headers);
    expect(res.status).toBe(200);
    out.push(...res.body.data);
    if (!res.body.pagination.hasMore) return out;
  }
}

/** What a spreadsheet would read of a JSON entry: every field as text, null as empty. */
const asCells = (e: Entry, amountFormatted: string) => {
  const cells: Record<string, string> = {};
  for (const col of STATEMENT_CSV_COLUMNS) cells[col] = col === 'amountFormatted' ? amountFormatted : String(e[col as keyof Entry] ?? '');
  return cells;
};

const brl = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100).toLocaleString('de-DE')},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

async function csv(recipientId: string, query = '', company = t.company.Acme) {
  return t.stack.http
    .get(`/v1/wallets/owner/${recipientId}/statement.csv${query}`)
    .set(company.headers)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

describe('statement export (CSV)', () => {
  let seller: string;
  const N = STATEMENT_STREAM_PAGE * 2 + 37;

  beforeAll(async () => {
    seller = await newRecipient();
    await book(t.company.Acme.company.id, seller, N);
  });

  it('is the JSON statement, entry for entry, as a spreadsheet parses it: BOM, header, RFC 4180 quoting, cents and pt-BR amounts', async () => {
    const res = await csv(seller);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-${seller}.csv"`);
    // Streamed: sent in chunks as the pages are read, never measured as a whole first.
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.headers['content-length']).toBeUndefined();
    const bytes = res.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.slice(1).split('\r\n')[0]).toBe(STATEMENT_CSV_COLUMNS.join(','));
    expect(text).toContain('"Venda, parcela 1"');
    expect(text).toContain('"Cliente ""VIP"""');
    expect(text).toContain('"linha 1\nlinha 2"');

    const rows = parse(text, { bom: true, columns: true, relax_column_count: false }) as Array<Record<string, string>>;
    const json = await jsonStatement(seller);
    expect(json).toHaveLength(N);
    expect(rows).toEqual(json.map((e) => asCells(e, brl(e.amount))));
    expect(rows.some((r) => r.description === 'linha 1\nlinha 2')).toBe(true);
    expect(rows.some((r) => r.description === '  espaços  ')).toBe(true);
    expect(rows.some((r) => /^\d{1,3}(\.\d{3})+,\d{2}$/.test(r.amountFormatted))).toBe(true);
    expect(rows.some((r) => r.amountFormatted.startsWith('-'))).toBe(true);
  });

  it('takes every filter of the JSON statement and answers what the JSON statement answers', async () => {
    const all = await jsonStatement(seller);
    const middle = all[Math.floor(all.length / 2)].createdAt;
    for (const filters of [`&source=adjustment`, `&type=adjustment&currency=brl`, `&releaseStatus=released&endDate=${encodeURIComponent(middle)}`, `&startDate=${encodeURIComponent(middle)}`, `&type=sale`]) {
      const res = await csv(seller, `?${filters.slice(1)}`);
      expect(res.status).toBe(200);
      const rows = parse((res.body as Buffer).toString('utf8'), { bom: true, columns: true }) as Array<Record<string, string>>;
      expect(rows.map((r) => r.id)).toEqual((await jsonStatement(seller, filters)).map((e) => e.id));
    }
  });

  it('reads the statement one bounded page at a time, in the JSON order, none repeated or skipped', async () => {
    const pages: number[] = [];
    const ids: string[] = [];
    for await (const page of statementPages(t.stack.em(), t.company.Acme.company.id, seller, {}, 100)) {
      pages.push(page.length);
      ids.push(...page.map((e) => e.id));
    }
    expect(pages).toEqual([...Array(Math.floor(N / 100)).fill(100), N % 100]);
    expect(ids).toEqual((await jsonStatement(seller)).map((e) => e.id));
  });

  it('an empty statement is the header alone; bad filters are 400; another company’s recipient is 404', async () => {
    const empty = await newRecipient();
    const res = await csv(empty);
    expect(res.status).toBe(200);
    expect((res.body as Buffer).toString('utf8')).toBe(`\uFEFF${STATEMENT_CSV_COLUMNS.join(',')}\r\n`);

    const bad = await t.stack.http.get(`/v1/wallets/owner/${seller}/statement.csv?startDate=2026-01-01`).set(t.company.Acme.headers);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    const unknown = await t.stack.http.get(`/v1/wallets/owner/${seller}/statement.csv?page=2`).set(t.company.Acme.headers);
    expect(unknown.status).toBe(400);

    const other = await t.stack.http.get(`/v1/wallets/owner/${seller}/statement.csv`).set(t.company.Other.headers);
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('not_found');
    const none = await t.stack.http.get('/v1/wallets/owner/rec_nobody/statement.csv').set(t.company.Acme.headers);
    expect(none.status).toBe(404);
  });
});
