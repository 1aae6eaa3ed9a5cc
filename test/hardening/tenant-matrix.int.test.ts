import { randomBytes } from 'node:crypto';
import { allRoutes } from '../../src/routes';
import type { AnyRoute } from '../../src/http/route';
import { sendKycDecision } from '../../src/cli/commands/recipients';
import { startTestStack, type SeededCompany, type TestStack } from '../helpers/stack';
import { newReference } from '../payments/fixtures';
import { newCpf, PNG } from '../recipients/fixtures';
import { until } from '../withdrawals/fixtures';
import { fill, label, SEEDERS, type SeededIds } from './matrix-seeding';

/**
 * The two-company matrix of the tenancy model (docs/security.md): companies A and B link the
 * same registration (one CPF), each supplies its own contact, address and bank account, each
 * pays the shared seller through a split, withdraws, refunds, opens KYC and a checkout link.
 * Then, generated from the route registry over every route that reads something shared:
 * - nothing of A (its data, ids, amounts) appears in any answer B gets, public pages included;
 * - none of B's writes on the shared registration, its money or its public URLs changes
 *   anything A reads;
 * - B can spend exactly its own money, never A's.
 * Both orders: the registration created by A (the victim) first, or by B first.
 */

/** The domains whose records are shared or hold money: every GET route under them is in the matrix. */
const SHARED_PREFIXES = ['/recipients', '/wallets', '/withdrawals', '/refunds', '/transactions', '/checkout'];

type Ids = Pick<SeededIds, 'recipient' | 'withdrawal' | 'transaction' | 'payment' | 'refund' | 'checkoutLink' | 'checkoutSession'>;

interface Side {
  tag: string;
  company: SeededCompany;
  /** What only this company supplied or owns: none of it may reach the other company. */
  markers: string[];
  ids: Ids;
  saleAmount: number;
  withdrawn: number;
  kycToken: string;
  slug: string;
}

const EMPTY_IDS: Record<keyof Ids, true> = { recipient: true, withdrawal: true, transaction: true, payment: true, refund: true, checkoutLink: true, checkoutSession: true };
const readRoutes = allRoutes().filter(
  (r) => r.method === 'get' && r.auth !== 'public' && SHARED_PREFIXES.some((p) => r.path.startsWith(p)) && paramKeys(r).every((k) => k in EMPTY_IDS),
);

function paramKeys(r: AnyRoute): string[] {
  return [...r.path.matchAll(/([^/]+)\/:(\w+)/g)].map(([, segment, name]) => SEEDERS[`${segment}/:${name}`] ?? `${segment}/:${name}`);
}

const get = (stack: TestStack, side: Side, path: string) => stack.http.get(path).set(side.company.headers);

/** The body of a 2xx answer (or of one of `status`); anything else fails with the answer. */
async function ok(res: Promise<{ status: number; body: any }> | { status: number; body: any }, what: string, status?: number[]): Promise<any> {
  const r = await res;
  if (status ? !status.includes(r.status) : r.status < 200 || r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Everything `side` reads over the shared domains, keyed by route: what B's writes must not move. */
async function snapshot(stack: TestStack, side: Side): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const r of readRoutes) {
    const path = fill(r.path, (k) => side.ids[k as keyof Ids]);
    const res = await get(stack, side, path);
    // An error's requestId names the request, not the state: a 404 (an unset payout schedule) differs by it alone.
    const { requestId: _requestId, ...error } = (res.body?.error ?? {}) as Record<string, unknown>;
    out[label(r)] = { status: res.status, body: res.body?.error ? { ...res.body, error } : res.body };
  }
  return out;
}

function expectNoneOf(body: unknown, other: Side, where: string): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const leaked = other.markers.filter((m) => text.includes(m));
  if (leaked.length) throw new Error(`${where} shows ${other.tag}'s ${leaked.join(', ')}`);
}

describe.each([
  ['A creates the registration first', 'A'],
  ['B creates the registration first', 'B'],
])('two companies, one registration: %s', (_title, first) => {
  let stack: TestStack;
  let A: Side;
  let B: Side;
  const cpf = newCpf();

  /** One company links the shared CPF with its own data, gets it approved, sells, withdraws, refunds. */
  async function join(tag: string, company: SeededCompany, saleAmount: number, withdrawn: number): Promise<Side> {
    const unique = `${tag}${randomBytes(3).toString('hex')}`;
    const contact = {
      name: `Seller ${unique}`,
      email: `${unique.toLowerCase()}@example.com`,
      phone: `+55119${String(parseInt(randomBytes(3).toString('hex'), 16)).padStart(8, '0').slice(0, 8)}`,
    };
    const street = `Rua ${unique}`;
    const bankAccount = String(70_000_000 + parseInt(randomBytes(3).toString('hex'), 16));
    const created = await ok(
      stack.http
        .post('/recipients')
        .set(company.headers)
        .send({
          ...contact,
          document: cpf,
          type: 'individual',
          address: { address: street, number: '10', neighborhood: 'Centro', city: 'São Paulo', state: 'SP', postalCode: '01001-000' },
          bankAccount: { bankHolderName: contact.name, bankHolderDocument: cpf, bankCode: '341', bankAgency: '0001', bankAccount, bankAccountDigit: '6' },
        }),
      `${tag} links the CPF`,
    );
    const recipient: string = created.id;
    const kycToken = await kycLink(company, recipient);
    await sendKycDecision(stack.client, stack.config.temporal.taskQueue, { recipientId: recipient, companyId: company.company.id, operator: 'kyc-ops', outcome: 'approved' });
    await until(async () => (await stack.http.get(`/recipients/${recipient}`).set(company.headers)).body.status === 'active', `${tag}'s link active`);

    const sale = await ok(
      stack.http
        .post('/transactions')
        .set(company.headers)
        .send({
          referenceCode: newReference(),
          items: [{ description: 'Camiseta', quantity: 1, amount: saleAmount }],
          payments: [{ paymentMethod: 'pix', amount: saleAmount, pix: { expiresIn: 600 } }],
          splits: [{ recipientId: recipient, percentage: 100 }],
        }),
      `${tag}'s Pix sale`,
    );
    const payment: string = sale.payments[0].id;
    await ok(stack.http.post(`/sandbox/payments/${payment}/pay`).set(company.headers), `${tag} pays`);
    await until(async () => (await stack.http.get(`/wallets/owner/${recipient}/balance`).set(company.headers)).body.balances?.[0]?.withdrawableBalance >= saleAmount, `${tag}'s sale released`);
    const withdrawal = await ok(stack.http.post('/withdrawals').set(company.headers).send({ recipientId: recipient, amount: withdrawn }), `${tag} withdraws`);
    const refund = await ok(stack.http.post(`/transactions/${sale.id}/payments/${payment}/refund`).set(company.headers).send({ amount: 100, reason: 'Buyer gave up' }), `${tag} refunds`);
    const slug = `shop-${unique.toLowerCase()}`;
    const link = await ok(
      stack.http
        .post('/checkout/links')
        .set(company.headers)
        .send({ name: `Link ${unique}`, slug, items: [{ name: `Item ${unique}`, quantity: 1, unitAmount: 5000 }], paymentMethods: { pix: { enabled: true } } }),
      `${tag}'s checkout link`,
    );
    const visit = await stack.http.get(`/c/${link.id}`);
    const checkoutSession = String(visit.headers.location ?? '').split('/pay/')[1];
    if (!checkoutSession) throw new Error(`${tag}'s link visit: ${visit.status}`);

    const ids: Ids = { recipient, withdrawal: withdrawal.id, transaction: sale.id, payment, refund: refund.id, checkoutLink: link.id, checkoutSession };
    const markers = [contact.name, contact.email, contact.phone, street, bankAccount, slug, `Item ${unique}`, sale.id, payment, withdrawal.id, refund.id, link.id, checkoutSession, kycToken];
    return { tag, company, markers, ids, saleAmount, withdrawn, kycToken, slug };
  }

  async function kycLink(company: SeededCompany, recipient: string): Promise<string> {
    const kycUrl: string = (await ok(stack.http.post(`/recipients/${recipient}/kyc-link`).set(company.headers), 'a KYC link')).kycUrl;
    return kycUrl.split('/kyc/')[1];
  }

  beforeAll(async () => {
    stack = await startTestStack();
    const [a, b] = [await stack.seedCompany('Company A'), await stack.seedCompany('Company B')];
    if (first === 'A') {
      A = await join('Alpha', a, 50_000, 1_000);
      B = await join('Bravo', b, 30_000, 2_000);
    } else {
      B = await join('Bravo', b, 30_000, 2_000);
      A = await join('Alpha', a, 50_000, 1_000);
    }
  }, 300_000);
  afterAll(() => stack?.close());

  it('both companies see the same registration id, each with only what it supplied', async () => {
    expect(A.ids.recipient).toBe(B.ids.recipient);
    for (const [me, other] of [[A, B], [B, A]] as const) {
      const view = await ok(get(stack, me, `/recipients/${me.ids.recipient}`), `${me.tag} reads the recipient`);
      expect(view.name).toBe(me.markers[0]);
      expect(view.email).toBe(me.markers[1]);
      expect(view.phone).toBe(me.markers[2]);
      expect(view.defaultBankAccount.bankAccount).toBe(me.markers[4]);
      expectNoneOf(view, other, `${me.tag}'s GET /recipients/:id`);
    }
  });

  it.each(readRoutes.map((r) => [label(r), r] as const))('%s shows neither company anything of the other', async (_l, route) => {
    for (const [me, other] of [[A, B], [B, A]] as const) {
      const res = await get(stack, me, fill(route.path, (k) => me.ids[k as keyof Ids]));
      expect(res.status).toBeLessThan(500);
      expectNoneOf(res.body, other, `${me.tag}'s ${label(route)}`);
    }
  });

  it('public pages of one company (checkout link, session, KYC page) show nothing of the other', async () => {
    for (const [me, other] of [[A, B], [B, A]] as const) {
      // The KYC page of an approved link answers that it is done; what it may show is checked on B's new review below.
      const pages = [`/c/${me.ids.checkoutLink}`, `/pay/${me.ids.checkoutSession}`, `/checkout/public/sessions/${me.ids.checkoutSession}`, `/kyc/${me.kycToken}`];
      for (const page of pages) {
        const res = await stack.http.get(page).redirects(1);
        expect(res.status).toBeLessThan(page.startsWith('/kyc/') ? 500 : 400);
        expectNoneOf(res.text, other, `${me.tag}'s ${page}`);
      }
    }
  });

  it('balances, statements and summaries are each company\'s own money to the cent', async () => {
    for (const me of [A, B]) {
      const balance = await ok(get(stack, me, `/wallets/owner/${me.ids.recipient}/balance`), `${me.tag}'s balance`);
      const brl = balance.balances.find((b: { currency: string }) => b.currency === 'BRL');
      // The sale, less the withdrawal in flight (blocked) and the refund drawn from it.
      expect(brl.availableBalance + brl.pendingBalance).toBeLessThanOrEqual(me.saleAmount);
      expect(brl.withdrawableBalance).toBeLessThanOrEqual(me.saleAmount - me.withdrawn);
      const statement = await ok(get(stack, me, `/wallets/owner/${me.ids.recipient}/transactions?limit=100`), `${me.tag}'s statement`);
      const sales = statement.data.filter((e: { type: string }) => e.type === 'sale');
      expect(sales.map((e: { amount: number }) => e.amount)).toEqual([me.saleAmount]);
    }
  });

  it('B can spend its own money but never A\'s, and nothing B does to the shared registration, its money or its URLs moves what A reads', async () => {
    // A's own background work (its refund's workflow) settles first, so only B can move it.
    let before = await snapshot(stack, A);
    await until(async () => {
      const again = await snapshot(stack, A);
      const settled = JSON.stringify(again) === JSON.stringify(before);
      before = again;
      return settled;
    }, "A's reads settled");
    const bBalance = (await ok(get(stack, B, `/wallets/owner/${B.ids.recipient}/balance`), "B's balance")).balances[0].withdrawableBalance as number;

    // Spending: more than B holds is refused although the registration holds A's money too.
    const over = await stack.http.post('/withdrawals').set(B.company.headers).send({ recipientId: B.ids.recipient, amount: bBalance + 1 });
    expect(over.status).toBe(409);
    const mine = await ok(stack.http.post('/withdrawals').set(B.company.headers).send({ recipientId: B.ids.recipient, amount: 500 }), 'B withdraws its own');
    await ok(stack.http.post(`/withdrawals/${mine.id}/cancel`).set(B.company.headers).send({}), 'B cancels');

    // The shared registration: reuse, edits, a new bank account, KYC files, a new review.
    await ok(
      stack.http.post('/recipients').set(B.company.headers).send({ name: 'B Renamed', email: `b-${randomBytes(3).toString('hex')}@example.com`, document: cpf, type: 'individual', phone: '+5511900000001' }),
      'B posts the CPF again',
    );
    await ok(
      stack.http
        .put(`/recipients/${B.ids.recipient}`)
        .set(B.company.headers)
        .send({ name: 'B Edited', phone: '+5511900000002', address: { address: 'Rua Trocada' }, bankAccount: { bankHolderName: 'Outro', bankHolderDocument: cpf, bankCode: '001', bankAgency: '9', bankAccount: '999999' } }),
      'B edits the recipient',
    );
    // B's edit of identity fields sent B's link (only) back to review: B's new KYC page shows B's data alone.
    const reviewToken = await kycLink(B.company, B.ids.recipient);
    const page = await stack.http.get(`/kyc/${reviewToken}`);
    expect(page.status).toBe(200);
    expectNoneOf(page.text, A, "B's KYC page");
    for (const kind of ['identificationDocument', 'selfie']) {
      await ok(stack.http.put(`/kyc/${reviewToken}/files/${kind}`).set('content-type', 'image/png').send(PNG), `B uploads ${kind}`);
    }
    await ok(stack.http.post(`/kyc/${reviewToken}/submit`).send({ confirm: true }), 'B submits KYC');
    await sendKycDecision(stack.client, stack.config.temporal.taskQueue, { recipientId: B.ids.recipient, companyId: B.company.company.id, operator: 'kyc-ops', outcome: 'refused', reason: 'B only' }).catch(() => undefined);

    // Public URLs: A's slug is not B's to take; B archiving its own link changes nothing of A's.
    const taken = await stack.http
      .post('/checkout/links')
      .set(B.company.headers)
      .send({ name: 'Copy', slug: A.slug, items: [{ name: 'Copy', quantity: 1, unitAmount: 100 }], paymentMethods: { pix: { enabled: true } } });
    expect(taken.status).toBe(409);
    await ok(stack.http.delete(`/checkout/links/${B.ids.checkoutLink}`).set(B.company.headers), 'B archives its link');
    await ok(stack.http.delete(`/recipients/${B.ids.recipient}`).set(B.company.headers), 'B unlinks the recipient');

    const after = await snapshot(stack, A);
    for (const key of Object.keys(before)) expect({ route: key, ...(after[key] as object) }).toEqual({ route: key, ...(before[key] as object) });
    expect((await ok(get(stack, A, `/recipients/${A.ids.recipient}`), "A's recipient")).status).toBe('active');
    // A's link URL (by id, and by slug where slugs resolve) still opens A's checkout.
    for (const path of [`/c/${A.ids.checkoutLink}`, `/c/${A.slug}`]) {
      const visit = await stack.http.get(path);
      if (path.endsWith(A.slug) && visit.status === 404) continue;
      expect(visit.status).toBe(303);
      const session = String(visit.headers.location).split('/pay/')[1];
      expect((await ok(get(stack, A, `/checkout/sessions/${session}`), "A's new session")).linkId).toBe(A.ids.checkoutLink);
    }
  });
});
