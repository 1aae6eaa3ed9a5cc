/**
 * Card payments through each company's own acquirer store (no deployment default in this file),
 * at the run's embedded acquirer: 409 processor_not_configured without a store; a payment pinned
 * to the connection it was authorized on, so its refund reaches that store, with that store's key,
 * after the company moves to another store or disconnects; the card notification route (secret in the path, every notification read
 * back from the acquirer, a chargeback opened once through the transaction workflow).
 */
import { resolveVaultKey } from '../../src/cards/card-vault.key';
import { openEmbeddedStore, type EmbeddedCieloInfo } from '../../src/dev/embedded-cielo';
import { cardCallbackPath } from '../../src/processors/cards/card-callbacks';
import { connectCard } from '../../src/processors/connections/card-connections.service';
import { disconnect } from '../../src/processors/connections/processor-connections.service';
import { useTestStack, type SeededCompany } from '../helpers/stack';
import { cardBody, cardToken, eventually, expectLedgerConsistent } from './fixtures';

const t = useTestStack({ env: { CARD_ACQUIRER_BASE_URL: '' }, companies: ['Bare', 'Loja'], owners: ['Bare', 'Loja'] });

const runAcquirer = () => JSON.parse(process.env.LASTRO_TEST_CARD_ACQUIRER!) as EmbeddedCieloInfo;

async function connect(company: SeededCompany, store: EmbeddedCieloInfo): Promise<string> {
  const em = t.stack.em();
  const { connection } = await connectCard(em, resolveVaultKey(t.stack.config), company.company.id, { adapter: 'cielo', ...store });
  return connection.id;
}

interface Sale {
  PaymentId: string;
  MerchantId: string;
  VoidedAmount: number;
  Status: number;
}
async function sales(store: EmbeddedCieloInfo, paymentId?: string): Promise<Sale[]> {
  const q = paymentId ? `merchantOrderId=${paymentId.replace('_', '')}&` : '';
  const res = await fetch(`${store.baseUrl}/embedded/sales?${q}merchantId=${store.merchantId}`);
  return ((await res.json()) as { sales: Sale[] }).sales;
}

const pay = (company: SeededCompany, token: string, amount: number) => t.stack.http.post('/v1/transactions').set(company.headers).send(cardBody(token, amount));

it('409 processor_not_configured for a card of a company with no store and no deployment default; nothing is written', async () => {
  const body = cardBody(await cardToken(t.stack, t.company.Bare), 1_000);
  const res = await t.stack.http.post('/v1/transactions').set(t.company.Bare.headers).send(body);
  expect(res.status).toBe(409);
  expect(res.body.error.code).toBe('processor_not_configured');
  expect(res.body.error.message).toContain('lastro processors connect card');
  const [{ n }] = await t.stack.em().execute<{ n: string }[]>(`select count(*)::text as n from transactions where reference_code = ?`, [body.referenceCode]);
  expect(n).toBe('0');
});

describe("a company's own store", () => {
  let first: EmbeddedCieloInfo;
  let second: EmbeddedCieloInfo;
  let connectionId: string;
  let paid: { txnId: string; payId: string };

  beforeAll(async () => {
    first = await openEmbeddedStore(runAcquirer());
    second = await openEmbeddedStore(runAcquirer());
    connectionId = await connect(t.company.Loja, first);
    // The store's notifications reach this stack on the connection's own path.
    await fetch(`${first.baseUrl}/embedded/notification-url`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ merchantId: first.merchantId, url: `${t.stack.baseUrl}${cardCallbackPath({ id: connectionId, merchantKey: first.merchantKey })}` }),
    });
  });

  it('authorizes at its store, the payment pinned to the connection; a move to another store takes effect for the next card; the refund reaches the store the payment was authorized on', async () => {
    const res = await pay(t.company.Loja, await cardToken(t.stack, t.company.Loja), 5_000);
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('paid');
    paid = { txnId: res.body.id, payId: res.body.payments[0].id };
    const [row] = await t.stack.em().execute<{ processor_connection_id: string; gateway_reference: string }[]>(`select processor_connection_id, gateway_reference from payments where id = ?`, [paid.payId]);
    const [sale] = await sales(first, paid.payId);
    expect(row).toEqual({ processor_connection_id: connectionId, gateway_reference: sale.PaymentId });

    // Moved to another store: a connection of its own; the next card goes there.
    const secondId = await connect(t.company.Loja, second);
    expect(secondId).not.toBe(connectionId);
    const next = await pay(t.company.Loja, await cardToken(t.stack, t.company.Loja), 2_000);
    expect(next.body.status).toBe('paid');
    expect(await sales(second, next.body.payments[0].id)).toHaveLength(1);
    expect(await sales(first, next.body.payments[0].id)).toHaveLength(0);
    const [nextRow] = await t.stack.em().execute<{ processor_connection_id: string }[]>(`select processor_connection_id from payments where id = ?`, [next.body.payments[0].id]);
    expect(nextRow.processor_connection_id).toBe(secondId);

    // The first payment's refund reaches the first store with its own key (the embedded acquirer
    // refuses another store's key, and knows no sale of the first store at the second).
    const refund = await t.stack.http.post(`/v1/transactions/${paid.txnId}/payments/${paid.payId}/refund`).set(t.company.Loja.headers).send({ amount: 1_500, reason: 'returned' });
    expect(refund.status).toBe(201);
    await eventually(async () => (await t.stack.http.get(`/refunds/${refund.body.id}`).set(t.company.Loja.headers)).body.status === 'refunded');
    expect((await sales(first, paid.payId))[0].VoidedAmount).toBe(1_500);
    expect(await sales(second, paid.payId)).toHaveLength(0);
    await expectLedgerConsistent(t.stack);
  });

  it('the notification route: 401 for a wrong secret or an unknown connection; a change other than a chargeback, or a sale with no chargeback, opens nothing', async () => {
    const path = cardCallbackPath({ id: connectionId, merchantKey: first.merchantKey });
    const [sale] = await sales(first, paid.payId);
    const wrong = await t.stack.http.post(`${path.slice(0, path.lastIndexOf('/'))}/not-the-secret`).send({ PaymentId: sale.PaymentId, ChangeType: 7 });
    expect(wrong.status).toBe(401);
    const unknown = await t.stack.http.post(cardCallbackPath({ id: 'pcn_unknown', merchantKey: first.merchantKey })).send({ PaymentId: sale.PaymentId, ChangeType: 7 });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe(wrong.body.error.code);
    expect((await t.stack.http.post(path).send({ PaymentId: sale.PaymentId, ChangeType: 1 })).body).toEqual({ opened: 0 });
    // A forged chargeback notice: the acquirer shows no chargeback on the sale.
    expect((await t.stack.http.post(path).send({ PaymentId: sale.PaymentId, ChangeType: 7 })).body).toEqual({ opened: 0 });
    expect((await t.stack.http.post(path).send({ ChangeType: 7 })).status).toBe(400);
    const txn = await t.stack.http.get(`/v1/transactions/${paid.txnId}`).set(t.company.Loja.headers);
    expect(txn.body.payments[0].chargedBackAmount).toBe(0);
  });

  it("the acquirer's chargeback notification opens the dispute once, for what is still chargeable; the same notice again opens nothing", async () => {
    const path = cardCallbackPath({ id: connectionId, merchantKey: first.merchantKey });
    const [sale] = await sales(first, paid.payId);
    const made = await fetch(`${first.baseUrl}/embedded/sales/${sale.PaymentId}/chargeback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ Amount: 2_000, ReasonCode: '4837' }) });
    expect(made.status).toBe(201);
    const txn = await eventually(async () => {
      const res = await t.stack.http.get(`/v1/transactions/${paid.txnId}`).set(t.company.Loja.headers);
      return res.body.payments[0].chargedBackAmount === 2_000 && res.body;
    });
    expect(txn.payments[0]).toMatchObject({ status: 'chargeback', statusReason: '4837' });
    // Cielo sends it again (a retry, a duplicate): the chargeback id is the case's, opened once.
    expect((await t.stack.http.post(path).send({ PaymentId: sale.PaymentId, ChangeType: 7 })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    const again = await t.stack.http.get(`/v1/transactions/${paid.txnId}`).set(t.company.Loja.headers);
    expect(again.body.payments[0].chargedBackAmount).toBe(2_000);
    const [{ n }] = await t.stack.em().execute<{ n: string }[]>(`select count(*)::text as n from events where entity_id = ? and type = 'payment.chargeback'`, [paid.payId]);
    expect(n).toBe('1');
    await expectLedgerConsistent(t.stack);
  });

  it('503 when the acquirer cannot confirm a notification (it notifies again)', async () => {
    const path = cardCallbackPath({ id: connectionId, merchantKey: first.merchantKey });
    const [sale] = await sales(first, paid.payId);
    // More 503s than the route's attempts, cleared after: a query still running from an earlier test (a busy machine) may take some.
    await fetch(`${first.baseUrl}/embedded/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: '^GET /1/sales/', status: 503, times: 50 }) });
    try {
      const res = await t.stack.http.post(path).send({ PaymentId: sale.PaymentId, ChangeType: 7 });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('processor_unavailable');
    } finally {
      await fetch(`${first.baseUrl}/embedded/faults`, { method: 'DELETE' });
    }
  });

  it("after a disconnect: a new card is 409 processor_not_configured; the earlier payments' refunds and notifications still use their store", async () => {
    const before = await pay(t.company.Loja, await cardToken(t.stack, t.company.Loja), 3_000);
    expect(before.body.status).toBe('paid');
    expect(await disconnect(t.stack.em(), t.company.Loja.company.id, 'card')).toBe(true);

    const refused = await pay(t.company.Loja, await cardToken(t.stack, t.company.Loja), 1_000);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('processor_not_configured');

    // The refund of a payment made under the disconnected connection: at its store, with its key.
    const payId = before.body.payments[0].id;
    const refund = await t.stack.http.post(`/v1/transactions/${before.body.id}/payments/${payId}/refund`).set(t.company.Loja.headers).send({ amount: 500, reason: 'returned' });
    expect(refund.status).toBe(201);
    await eventually(async () => (await t.stack.http.get(`/refunds/${refund.body.id}`).set(t.company.Loja.headers)).body.status === 'refunded');
    expect((await sales(second, payId))[0].VoidedAmount).toBe(500);
    // The retired connection's notification URL still authenticates (its sale is read back from its store).
    const [sale] = await sales(first, paid.payId);
    const notice = await t.stack.http.post(cardCallbackPath({ id: connectionId, merchantKey: first.merchantKey })).send({ PaymentId: sale.PaymentId, ChangeType: 1 });
    expect(notice.status).toBe(200);
    await expectLedgerConsistent(t.stack);
  });
});

