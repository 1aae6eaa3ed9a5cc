import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createApiKey, createCompany } from '../../../src/companies/companies.service';
import { Company } from '../../../src/companies/company.entity';
import { isValidCnpj, isValidCpf } from '../../../src/shared/documents';
import { stopwatch } from '../harness';

/**
 * The customers the benchmark searches, written by PostgreSQL itself (`insert … select` over
 * `generate_series`, one statement per batch): several companies, the measured one owning half
 * of the rows; CPF (85%) and CNPJ (15%) documents with valid check digits, stored canonical;
 * Brazilian names whose surnames are skewed as real ones are (Silva, Santos, Oliveira first);
 * emails built from the name; a phone, an address on most; 2% soft-deleted. Ids are ULIDs of
 * the row's creation time, created times spread over three years.
 */

/** Share of the rows per company, in percent; the first is the measured one. */
const COMPANY_SHARES = [50, 20, 15, 10, 5];
const BATCH = 100_000;
const STATE_FILE = 'customers-bench.json';

export interface SeededCustomers {
  /** The measured company and a fresh API key of it. */
  companyId: string;
  apiKey: string;
  rows: number;
  /** Whether this run wrote the rows (false when a kept database already held them). */
  seeded: boolean;
}

interface State {
  rows: number;
  companyIds: string[];
}

/**
 * `rows` customers in the database, reusing those already there when `stateDir` holds a
 * previous run's state and the table has exactly `rows` rows; otherwise the table is emptied
 * and written again. The customers indexes are dropped while writing and built after (their
 * definitions read back from PostgreSQL, so the schema stays the migrations').
 */
export async function seedCustomers(rootEm: EntityManager, databaseUrl: string, rows: number, stateDir: string, log: (line: string) => void): Promise<SeededCustomers> {
  const stateFile = path.join(stateDir, STATE_FILE);
  const state = fs.existsSync(stateFile) ? (JSON.parse(fs.readFileSync(stateFile, 'utf8')) as State) : null;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const count = Number((await client.query<{ n: string }>('select count(*) as n from customers')).rows[0].n);
    const companies = state ? await rootEm.fork().find(Company, { id: { $in: state.companyIds } }) : [];
    if (state && state.rows === rows && count === rows && companies.length === state.companyIds.length) {
      log(`[bench] reusing the ${rows.toLocaleString('en-US')} customers kept in ${stateDir}`);
      return { ...(await freshKey(rootEm, state.companyIds[0])), rows, seeded: false };
    }
    const companyIds = companies.length === COMPANY_SHARES.length ? state!.companyIds : await createCompanies(rootEm);
    await write(client, rows, companyIds, log);
    fs.writeFileSync(stateFile, JSON.stringify({ rows, companyIds } satisfies State));
    return { ...(await freshKey(rootEm, companyIds[0])), rows, seeded: true };
  } finally {
    await client.end();
  }
}

async function createCompanies(rootEm: EntityManager): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < COMPANY_SHARES.length; i++) {
    const company = await createCompany(rootEm.fork(), { name: i === 0 ? 'Bench customers' : `Bench customers ${i + 1}`, mode: 'sandbox' });
    ids.push(company.id);
  }
  return ids;
}

/** A new API key of the measured company (only digests are stored, so a kept run cannot reuse the last one). */
async function freshKey(rootEm: EntityManager, companyId: string): Promise<{ companyId: string; apiKey: string }> {
  const em = rootEm.fork();
  const company = await em.findOneOrFail(Company, { id: companyId });
  const { apiKey } = await createApiKey(em, company);
  await em.flush();
  return { companyId, apiKey };
}

async function write(client: pg.Client, rows: number, companyIds: string[], log: (line: string) => void): Promise<void> {
  const elapsed = stopwatch();
  await client.query('truncate customers');
  const indexes = (await client.query<{ name: string; definition: string }>(`select indexname as name, indexdef as definition from pg_indexes where tablename = 'customers' and indexname <> 'customers_pkey' order by indexname`)).rows;
  for (const index of indexes) await client.query(`drop index "${index.name}"`);
  let cumulative = 0;
  const thresholds = COMPANY_SHARES.map((share) => (cumulative += share));
  const span = { from: Date.parse('2023-06-01T00:00:00Z'), to: Date.parse('2026-06-01T00:00:00Z') };
  for (let lo = 1; lo <= rows; lo += BATCH) {
    const hi = Math.min(rows, lo + BATCH - 1);
    await client.query(INSERT, [lo, hi, rows, span.from, span.to - span.from, thresholds, companyIds]);
    log(`[bench] seeded ${hi.toLocaleString('en-US')} / ${rows.toLocaleString('en-US')} customers (${elapsed().toFixed(1)} s)`);
  }
  await client.query(`set maintenance_work_mem = '256MB'`);
  for (const index of indexes) {
    await client.query(index.definition);
    log(`[bench] built ${index.name} (${elapsed().toFixed(1)} s)`);
  }
  await client.query('vacuum analyze customers');
  const sample = (await client.query<{ document: string; document_type: string }>(`select document, document_type from customers tablesample system (1) limit 2000`)).rows;
  const invalid = sample.filter((c) => !(c.document_type === 'cpf' ? isValidCpf(c.document) : isValidCnpj(c.document)));
  if (invalid.length) throw new Error(`seeded documents with wrong check digits, e.g. ${JSON.stringify(invalid[0])}`);
  log(`[bench] ${rows.toLocaleString('en-US')} customers written, indexed and analyzed in ${elapsed().toFixed(1)} s`);
}

const FIRST_NAMES = ['Ana', 'Maria', 'Juliana', 'Mariana', 'Fernanda', 'Patrícia', 'Aline', 'Camila', 'Amanda', 'Bruna', 'Letícia', 'Beatriz', 'Larissa', 'Gabriela', 'Vanessa', 'Adriana', 'Luciana', 'Cristina', 'Sandra', 'Carla', 'Renata', 'Débora', 'Raquel', 'Simone', 'Tatiane', 'João', 'José', 'Carlos', 'Paulo', 'Pedro', 'Lucas', 'Luiz', 'Marcos', 'Gabriel', 'Rafael', 'Daniel', 'Marcelo', 'Bruno', 'Eduardo', 'Felipe', 'Rodrigo', 'Gustavo', 'André', 'Fernando', 'Fábio', 'Leonardo', 'Thiago', 'Diego', 'Vinícius', 'Antônio'];
const SURNAMES = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas', 'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Araújo', 'Pinto', 'Correia', 'Cavalcanti', 'Monteiro'];

// The row's expressions are written out in full (no SQL function calls) and each step is a
// materialized CTE (an inlined one would repeat its expressions at every reference).

/** A number in [0, 1) from row g and a salt. */
const u = (salt: number) => `((hashint8extended(g, ${salt}) & 2147483647) / 2147483648.0)`;
const pick = (items: string[], at: string) => `(array[${items.map((i) => `'${i}'`).join(',')}])[1 + floor(${at} * ${items.length})::int]`;
/** Receita Federal's check digit of the characters of `column` (see src/shared/documents.ts). */
const checkDigit = (column: string, weights: number[]) => {
  const sum = `(${weights.map((w, i) => `(ascii(substr(${column}, ${i + 1}, 1)) - 48) * ${w}`).join(' + ')})`;
  // 0 when the remainder is 0 or 1, else 11 − remainder, with the sum written once.
  return `((11 - ${sum} % 11) % 11 % 10)::text`;
};
/** `len` Crockford base32 characters of the bigint `column`, as a ULID writes them (lower case). */
const base32 = (column: string, len: number) => Array.from({ length: len }, (_, i) => `substr('0123456789abcdefghjkmnpqrstvwxyz', ((${column} >> ${5 * (len - 1 - i)}) & 31)::int + 1, 1)`).join(' || ');
const asciiLower = (column: string) => `translate(lower(${column}), 'áàâãéêíóôõúüç', 'aaaaeeiooouuc')`;

/**
 * Rows $1..$2 of $3: created at $4 + ($2 / $3) of $5 ms; the company by the shares (thresholds
 * $6, ids $7). Surnames are picked with u² so the first of the list are the most common, as in
 * Brazil. CPF bases 9 digits and CNPJ bases 8 digits + branch 0001, each a bijection of g.
 */
const INSERT = `
with r as materialized (
  select g,
         to_timestamp(($4::float8 + $5::float8 * g / $3) / 1000) as created_at,
         ${u(1)} * 100 as company_u,
         ${u(2)} < 0.15 as is_company,
         ${pick(FIRST_NAMES, u(3))} as first,
         ${pick(SURNAMES, `${u(4)} ^ 2`)} as surname1,
         ${pick(SURNAMES, `${u(5)} ^ 2`)} as surname2,
         ${u(6)} as u6,
         ${u(7)} as u7,
         (($4::float8 + $5::float8 * g / $3))::bigint as ms,
         hashint8extended(g, 8) & 1099511627775 as rand1,
         hashint8extended(g, 9) & 1099511627775 as rand2
    from generate_series($1::bigint, $2::bigint) g
), based as materialized (
  select r.*,
         case when is_company then lpad(((g * 43046721 + 7654321) % 100000000)::text, 8, '0') || '0001'
              else lpad(((g * 387420489 + 123456789) % 1000000000)::text, 9, '0') end as base
    from r
), first_digit as materialized (
  select based.*, base || case when is_company then ${checkDigit('base', [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])} else ${checkDigit('base', [10, 9, 8, 7, 6, 5, 4, 3, 2])} end as base1
    from based
)
insert into customers (id, created_at, updated_at, deleted_at, company_id, name, email, type, document, document_type, phone, address, metadata)
select 'cust_' || ${base32('ms', 10)} || ${base32('rand1', 8)} || ${base32('rand2', 8)},
       created_at,
       created_at,
       case when g % 50 = 7 then created_at + interval '30 days' end,
       ($7::text[])[case ${COMPANY_SHARES.map((_, i) => `when company_u < ($6::int[])[${i + 1}] then ${i + 1}`).join(' ')} end],
       case when is_company
            then surname1 || ' ' || ${pick(['Comércio', 'Serviços', 'Tecnologia', 'Distribuidora', 'Construções', 'Alimentos', 'Transportes', 'Consultoria'], 'u6')}
                 || ' ' || ${pick(['Ltda', 'ME', 'EIRELI', 'S.A.'], 'u7')}
            else first || ' ' || surname1 || case when u6 < 0.8 then ' ' || surname2 else '' end end,
       case when is_company
            then ${pick(['financeiro', 'contato', 'compras', 'adm'], 'u7')} || g || '@' || ${asciiLower('surname1')} || '.com.br'
            else ${asciiLower('first')} || '.' || ${asciiLower('surname1')} || g
                 || '@' || ${pick(['gmail.com', 'gmail.com', 'gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.br', 'uol.com.br', 'bol.com.br'], 'u7')} end,
       case when is_company then 'company' else 'individual' end,
       base1 || case when is_company then ${checkDigit('base1', [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])} else ${checkDigit('base1', [11, 10, 9, 8, 7, 6, 5, 4, 3, 2])} end,
       case when is_company then 'cnpj' else 'cpf' end,
       '+55 ' || ${pick(['11', '21', '31', '41', '51', '61', '71', '81', '85', '19', '27', '48'], 'u6')} || ' 9' || lpad(((hashint8extended(g, 10) & 2147483647) % 100000000)::text, 8, '0'),
       case when u7 < 0.7 then jsonb_build_object(
         'street', ${pick(['Rua das Flores', 'Avenida Paulista', 'Rua XV de Novembro', 'Avenida Brasil', 'Rua São João', 'Rua Sete de Setembro'], 'u6')},
         'number', (1 + g % 2000)::text, 'complement', case when u6 < 0.3 then 'Apto ' || (1 + g % 300) end,
         'neighborhood', ${pick(['Centro', 'Jardim América', 'Boa Vista', 'Vila Nova', 'Santa Cecília'], 'u7')},
         'city', ${pick(['São Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Curitiba', 'Porto Alegre', 'Brasília', 'Salvador', 'Recife'], 'u6')},
         'state', ${pick(['SP', 'RJ', 'MG', 'PR', 'RS', 'DF', 'BA', 'PE'], 'u6')},
         'zipCode', lpad((g * 7919 % 100000000)::text, 8, '0'), 'country', 'BR') end,
       case when u6 < 0.2 then jsonb_build_object('crmId', 'crm-' || g) else '{}'::jsonb end
  from first_digit`;
