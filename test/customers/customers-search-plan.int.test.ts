import type { EntityManager } from '@mikro-orm/postgresql';
import { useTestStack } from '../helpers/stack';
import { customerListQuery } from '../../src/customers/customers.service';
import { listCustomersQuery } from '../../src/customers/customers.schemas';

/**
 * At 100,000 customers for one company, the partial case-insensitive filters (ILIKE '%term%')
 * are answered from the trigram indexes (`customers_<column>_trgm`: GIN or GiST, see the
 * CustomerSearch migration), never by reading the whole table. The plan is the one PostgreSQL picks for the exact SQL
 * the list endpoint runs (`customerListQuery`). Timings are printed, not asserted.
 */

const ROWS = 100_000;
const OTHER_ROWS = 5_000;

let em: EntityManager;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function flatten(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(flatten)];
}

async function explain(sql: string, analyze = false): Promise<{ nodes: PlanNode[]; executionMs?: number; text: string }> {
  const rows = await em.execute(`explain (${analyze ? 'analyze, buffers, ' : ''}format json) ${sql}`);
  const [plan] = rows[0]['QUERY PLAN'] as Array<{ Plan: PlanNode; 'Execution Time'?: number }>;
  const nodes = flatten(plan.Plan);
  const text = nodes.map((n) => `${n['Node Type']}${n['Index Name'] ? ` on ${n['Index Name']}` : n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}`).join(' > ');
  return { nodes, executionMs: plan['Execution Time'], text };
}

/** The list query and its count query, as the endpoint builds them. */
function listSql(filters: Record<string, string>): { select: string; count: string } {
  const query = listCustomersQuery.parse(filters);
  const select = customerListQuery(em, t.company.Acme.company.id, query).getFormattedQuery();
  const count = customerListQuery(em, t.company.Acme.company.id, query).count().limit(undefined).offset(undefined).orderBy([]).getFormattedQuery();
  return { select, count };
}

const t = useTestStack({
  companies: ['Acme', 'Other'],
  async setup(t) {
    em = t.stack.em();
    const started = Date.now();
    // One statement: 100,000 customers for acme (ids 1..100000) and a few thousand for another company.
    await em.execute(
      `insert into customers (id, created_at, updated_at, deleted_at, company_id, name, email, type, document, document_type, phone, address, metadata)
       select 'cust_' || lpad(g::text, 26, '0'),
              timestamptz '2025-01-01T00:00:00Z' + g * interval '1 minute',
              timestamptz '2025-01-01T00:00:00Z' + g * interval '1 minute',
              case when g % 50 = 0 then now() else null end,
              case when g <= ? then ? else ? end,
              (array['Ana','Bruno','Carla','Daniel','Eduarda','Felipe','Gabriela','Heitor','Isabela','João',
                     'Larissa','Mateus','Natália','Otávio','Paula','Rafael','Sofia','Tiago','Vitória','Yuri'])[1 + g % 20]
                || ' ' ||
              (array['Silva','Santos','Oliveira','Souza','Rodrigues','Ferreira','Alves','Pereira','Lima','Gomes',
                     'Costa','Ribeiro','Martins','Carvalho','Almeida','Lopes','Soares','Fernandes','Vieira','Barbosa'])[1 + (g / 20) % 20]
                || ' ' || g,
              'cliente' || g || '@' || (array['gmail.com','hotmail.com','empresa.com.br','uol.com.br','example.org'])[1 + g % 5],
              case when g % 10 = 0 then 'company' else 'individual' end,
              case when g % 10 = 0 then lpad(((g::bigint * 982451653) % 100000000000000)::text, 14, '0')
                   else lpad(((g::bigint * 7919 * 104729) % 100000000000)::text, 11, '0') end,
              case when g % 10 = 0 then 'cnpj' else 'cpf' end,
              '+55 11 9' || lpad(((g::bigint * 7907) % 100000000)::text, 8, '0'),
              null,
              '{}'::jsonb
       from generate_series(1, ?) g`,
      [ROWS, t.company.Acme.company.id, t.company.Other.company.id, ROWS + OTHER_ROWS],
    );
    // VACUUM as autovacuum would after a bulk load: it also merges the GIN pending lists
    // (fastupdate), so the timings below are those of a settled table. The plans are the same
    // with a plain ANALYZE.
    await em.execute('vacuum analyze customers');
    console.log(`inserted ${ROWS + OTHER_ROWS} customers and analyzed in ${Date.now() - started} ms`);
  },
  timeout: 600_000,
});

/** Values that exist in the generated data: the name, email and document of customer 73421. */
async function sample(): Promise<{ name: string; email: string; document: string }> {
  const [row] = await em.execute<Array<{ name: string; email: string; document: string }>>(
    `select name, email, document from customers where id = 'cust_' || lpad('73421', 26, '0')`,
  );
  return row;
}

describe('customer search at 100,000 customers', () => {
  it('has the data it claims', async () => {
    const [{ acmeCount, otherCount }] = await em.execute(
      `select count(*) filter (where company_id = ?)::int as "acmeCount", count(*) filter (where company_id = ?)::int as "otherCount" from customers`,
      [t.company.Acme.company.id, t.company.Other.company.id],
    );
    expect(acmeCount).toBe(ROWS);
    expect(otherCount).toBe(OTHER_ROWS);
  });

  it.each([
    ['name', (s: { name: string }) => s.name.toUpperCase(), ['customers_name_trgm']],
    ['email', (s: { email: string }) => s.email.slice(0, 12), ['customers_email_trgm']],
    ['document', (s: { document: string }) => s.document.slice(2, 9), ['customers_document_trgm']],
    ['phone', () => '9 5553 21', ['customers_phone_trgm']],
    ['q', (s: { email: string }) => s.email.slice(0, 12).toUpperCase(), ['customers_name_trgm', 'customers_email_trgm', 'customers_document_trgm']],
  ])('filter %s is answered from the trigram index', async (field, termOf, indexes) => {
    const term = termOf(await sample());
    const { select, count } = listSql({ [field]: term });
    expect(select.toLowerCase()).toContain('ilike');

    for (const [label, sql] of [
      ['list', select],
      ['count', count],
    ] as const) {
      const plan = await explain(sql);
      const seqScans = plan.nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'customers');
      expect({ label, field, seqScans: seqScans.length, plan: plan.text }).toEqual({ label, field, seqScans: 0, plan: plan.text });
      const bitmapIndexes = plan.nodes.filter((n) => n['Node Type'] === 'Bitmap Index Scan').map((n) => n['Index Name']);
      expect({ label, field, plan: plan.text, indexes: [...new Set(bitmapIndexes)].sort() }).toEqual({ label, field, plan: plan.text, indexes: [...indexes].sort() });
      const analyzed = await explain(sql, true);
      console.log(`${label} ${field}=${JSON.stringify(term)}: ${analyzed.executionMs?.toFixed(2)} ms  [${analyzed.text}]`);
    }

    // And the endpoint answers with the customer the term was taken from.
    const res = await t.stack.http.get('/customers').query({ [field]: term, limit: 100 }).set(t.company.Acme.headers);
    expect(res.status).toBe(200);
    if (field !== 'phone') expect(res.body.data.map((c: { id: string }) => c.id)).toContain(`cust_${'73421'.padStart(26, '0')}`);
    for (const c of res.body.data) expect(c.companyId).toBe(t.company.Acme.company.id);
  });

  it('records the unfiltered first page and its count (no assertion on time)', async () => {
    const { select, count } = listSql({});
    for (const [label, sql] of [
      ['list', select],
      ['count', count],
    ] as const) {
      const analyzed = await explain(sql, true);
      console.log(`${label} without filters: ${analyzed.executionMs?.toFixed(2)} ms  [${analyzed.text}]`);
    }
    const res = await t.stack.http.get('/customers').set(t.company.Acme.headers);
    expect(res.body.pagination).toEqual({ page: 1, limit: 20, total: ROWS - ROWS / 50, totalPages: Math.ceil((ROWS - ROWS / 50) / 20), hasMore: true });
  });
});
