import { useTestStack } from '../helpers/stack';
import { cardBody, cardToken, eventually, newReference, pixBody, setCompanyFees } from './fixtures';
import { countStatements } from '../billing/statement-count';

/**
 * SQL statements per creation, as the transactions benchmark counts them (pg_stat_statements on
 * this file's database: BEGIN and COMMIT included, and what runs at COMMIT, the deferred
 * constraint checks), from the request until every event it recorded is dispatched: an approved
 * card sale (created, authorized, decided, settled, its events dispatched) at most 16, a Pix or
 * boleto creation at most 10 (issue #42). A count is behaviour, not a timing: the same requests
 * run the same statements whatever the machine's load. `CARD_SQL=1` prints them.
 */
const N = 6;
/** The bounds: 16 for a card, 10 for a Pix or a boleto. */
const MAX = { card: 16, pix: 10, boleto: 10 };
/**
 * Round trips to PostgreSQL from the request's process per approved card sale (each a wait on
 * the database and two process switches, what bounds a sale on a busy machine): the card
 * connection and the owner with its fee tables (2, side by side), the creation (BEGIN with the
 * card's claim; the insert with the COMMIT), the decision (BEGIN and the lock with the
 * dispatch's webhooks read; the postings and the events' mark with the COMMIT).
 */
const MAX_CARD_ROUND_TRIPS = 4;

// The test's own polls are tagged and left out of the count (so are the webhook lanes' sweeps, which run on a timer whatever the load).
const POLL_TAG = '/* card-statements poll */';
const BACKGROUND = ['webhooks_with_requested_deliveries', 'pg_stat_statements', 'card-statements poll'];

const t = useTestStack({
  companies: ['Acme'],
  owners: ['Acme'],
  async setup(t) {
    await setCompanyFees(t.stack, t.company.Acme, { creditCard: { 1: { percentage: 2, fixed: 0 } }, pix: { percentage: 1, fixed: 0 }, boleto: { percentage: 0, fixed: 350 } });
    await t.stack.em().execute('create extension if not exists pg_stat_statements');
  },
});

const create = (body: object) => t.stack.http.post('/v1/transactions').set(t.company.Acme.headers).send(body);
const boletoBody = (amount: number) => ({
  referenceCode: newReference(),
  items: [{ description: 'Bench', quantity: 1, amount }],
  payments: [{ paymentMethod: 'boleto', amount, boleto: { payer: { name: 'Maria Silva', document: '52998224725' } } }],
});

/** Resolves once every event is dispatched. */
const allDispatched = () =>
  eventually(async () => {
    const [row] = await t.stack.em().execute<{ n: number }[]>(`${POLL_TAG} select count(*)::int as n from events where dispatched_at is null`);
    return row.n === 0;
  });

/** Resolves once the database runs nothing more for what was asked (the workflows a creation started have done their first work). */
async function quiet(): Promise<void> {
  const total = async () =>
    (await t.stack.em().execute<{ n: number }[]>(`${POLL_TAG} select coalesce(sum(calls), 0)::int as n from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database()) and query not like '%card-statements poll%'`))[0].n;
  let last = await total();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await total();
    if (now === last) return;
    last = now;
  }
}

/** Statements this database ran while `run` went, until every event was dispatched, with the shapes that ran most. */
async function statementsOf(run: () => Promise<unknown>): Promise<{ count: number; top: string[] }> {
  const em = t.stack.em();
  await em.execute(`select pg_stat_statements_reset(0, (select oid from pg_database where datname = current_database()), 0)`);
  await run();
  await allDispatched();
  await quiet();
  const rows = await em.execute<{ calls: number; query: string }[]>(
    `${POLL_TAG} select calls::int, left(regexp_replace(query, '\\s+', ' ', 'g'), 140) as query from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database()) order by calls desc`,
  );
  const counted = rows.filter((r) => !BACKGROUND.some((b) => r.query.includes(b)));
  return { count: counted.reduce((a, r) => a + r.calls, 0), top: counted.map((r) => `${String(r.calls).padStart(4)}  ${r.query}`) };
}

/** The statements by shape, when asked or over the bound (the failure then says where they went). */
const report = (name: string, s: { count: number; top: string[] }) => {
  if (process.env.CARD_SQL || s.count / N > MAX[name as keyof typeof MAX]) process.stdout.write(`${name}: ${(s.count / N).toFixed(2)} statements each\n${s.top.join('\n')}\n`);
};

beforeAll(async () => {
  // Warm-up: the company's ledger accounts (a first sale creates them) and the processes' caches.
  expect((await create(cardBody(await cardToken(t.stack, t.company.Acme), 1_000))).body.status).toBe('paid');
  expect((await create(pixBody(1_000))).status).toBe(201);
  expect((await create(boletoBody(1_000))).status).toBe(201);
  await allDispatched();
});

it(`an approved card sale costs at most ${MAX.card} statements , its decision and its events' dispatch included`, async () => {
  const tokens: string[] = [];
  for (let i = 0; i < N; i++) tokens.push(await cardToken(t.stack, t.company.Acme));
  // Each sale's round trips apart: the first of a process may create ledger accounts, and a cache refill may land in any one.
  const trips: string[][] = [];
  const s = await statementsOf(async () => {
    for (const token of tokens) {
      const counter = countStatements();
      try {
        expect((await create(cardBody(token, 1_000))).body).toMatchObject({ status: 'paid' });
      } finally {
        trips.push(counter.stop().texts.filter((text) => !BACKGROUND.some((b) => text.includes(b))));
      }
    }
  });
  report('card', s);
  expect(s.count / N).toBeLessThanOrEqual(MAX.card);
  const median = trips.map((t) => t.length).sort((a, b) => a - b)[Math.floor(N / 2)];
  if (process.env.CARD_SQL || median > MAX_CARD_ROUND_TRIPS) process.stdout.write(`card round trips: ${trips.map((t) => t.length).join(', ')}\n${trips.flat().map((text) => text.slice(0, 140)).join('\n')}\n`);
  expect(median).toBeLessThanOrEqual(MAX_CARD_ROUND_TRIPS);
});

it.each([
  ['pix', () => pixBody(1_000)],
  ['boleto', () => boletoBody(1_000)],
] as const)(`a %s creation stays within its bound , its events' dispatch included`, async (method, body) => {
  const s = await statementsOf(async () => {
    for (let i = 0; i < N; i++) expect((await create(body())).body).toMatchObject({ status: 'waiting_payment' });
  });
  report(method, s);
  expect(s.count / N).toBeLessThanOrEqual(MAX[method]);
});
