import { randomUUID } from 'node:crypto';
import { vaultKey } from '../../src/cards/card-vault.key';
import { connectPayout } from '../../src/processors/connections/payout-connections.service';
import { disconnect } from '../../src/processors/connections/processor-connections.service';
import { useTestStack } from '../helpers/stack';
import { eventually, expectLedgerConsistent } from '../payments/fixtures';
import { runProviderSends, startEmbeddedEfi } from '../processors/embedded-efi-process';
import { decidePayout, runPayoutReconciliation, withLostPayoutCallbacks } from '../withdrawals/fixtures';
import { eventTypesOf, newCustomer, paidPixOrBoleto, refundOf, refundReaches } from './fixtures';

/**
 * A boleto refund whose transfer the receiving bank sends back after it completed, through the
 * run's embedded payout provider and its "return this payout" control: the refund is open again
 * (`invalid_bank_details`, a new link, refund.awaiting_bank_details), its completion posting is
 * reversed (the shares reserved for it again), the payment and the transaction show it, and the
 * buyer's new details complete it once more. With the provider's callback, and with the callback
 * lost (the payout reconciliation finds it), and after the company moved its payouts to another
 * account (the transfer's own connection still speaks for it).
 */
const t = useTestStack({ companies: ['Acme Ltda'], owners: ['Acme Ltda'] });
const acme = () => t.company['Acme Ltda'];
const owner = () => t.owner['Acme Ltda'];

const bankDetails = (document: string, account = '12345-6') => ({ bankCode: '341', agency: '0001', account, accountType: 'checking', holderName: 'Maria Compradora', holderDocument: document });

async function wallet(): Promise<{ availableBalance: number; blockedBalance: number; withdrawableBalance: number }> {
  const b = (await t.stack.http.get(`/wallets/owner/${owner()}/balance`).set(acme().headers)).body.balances.find((x: { currency: string }) => x.currency === 'BRL');
  return { availableBalance: b.availableBalance, blockedBalance: b.blockedBalance, withdrawableBalance: b.withdrawableBalance };
}

const postings = async (refundId: string) =>
  (await t.stack.em().execute<Array<{ key: string; kind: string }>>(`select key, kind from ledger_postings where source = 'refund' and source_id = ? and kind in ('refund', 'reversal') order by created_at, id`, [refundId])).map((p) => [p.kind, p.key.replace(/[0-9a-z]{26}/g, '…')]);

/** A paid boleto of a known customer (its sale released), refunded in full and completed to the buyer's account. */
async function completedBoletoRefund(amount: number) {
  const customer = await newCustomer(t.stack, acme());
  const ids = await paidPixOrBoleto(t.stack, acme(), 'boleto', amount, { customerId: customer.id });
  const res = await t.stack.http.post(`/v1/transactions/${ids.txnId}/payments/${ids.payId}/refund`).set(acme().headers).send({ reason: 'Devolução do pedido' });
  expect(res.status).toBe(201);
  const firstLink = new URL(res.body.bankDetailsUrl).pathname;
  expect((await t.stack.http.post(firstLink).send(bankDetails(customer.document))).status).toBe(200);
  const done = await refundReaches(t.stack, acme(), res.body.id, 'refunded');
  return { ...ids, customer, firstLink, refund: done };
}

const reconcile = () => runPayoutReconciliation(t.stack);
const lostCallbacks = <T>(fn: () => Promise<T>) => withLostPayoutCallbacks(t.stack, fn);

it('returned after it completed (the provider calls back): invalid_bank_details with a new link, the money reserved again; new details refund it once more', async () => {
  const { refund, customer, txnId, firstLink } = await completedBoletoRefund(2_500);
  const refunded = await wallet();
  expect(refunded.blockedBalance).toBe(0);
  expect((await t.stack.http.get(`/v1/transactions/${txnId}`).set(acme().headers)).body.status).toBe('refunded');

  expect(await decidePayout(`${refund.id}:1`, 'returned')).toBe(200);
  const reopened = await refundReaches(t.stack, acme(), refund.id, 'invalid_bank_details');
  expect(reopened).toMatchObject({ refundedAt: null, failureReason: null, amount: 2_500 });
  expect(new URL(reopened.bankDetailsUrl).pathname).not.toBe(firstLink);
  expect((await t.stack.http.get(firstLink)).status).toBe(404);
  expect((await t.stack.http.get(new URL(reopened.bankDetailsUrl).pathname)).status).toBe(200);
  expect(await eventTypesOf(t.stack, refund.id)).toEqual(['refund.created', 'refund.awaiting_bank_details', 'refund.refunded', 'refund.awaiting_bank_details']);
  // The money came back: what the refund took from the seller is reserved for it again, not spendable.
  const back = await wallet();
  expect(back.blockedBalance).toBeGreaterThan(0);
  expect(back.withdrawableBalance).toBe(refunded.withdrawableBalance);
  expect(back.availableBalance).toBe(refunded.availableBalance + back.blockedBalance);
  const txn = (await t.stack.http.get(`/v1/transactions/${txnId}`).set(acme().headers)).body;
  expect([txn.status, txn.payments[0].status]).toEqual(['paid', 'paid']);
  expect(await postings(refund.id)).toEqual([['refund', 'refund:ref_…'], ['reversal', expect.stringMatching(/^reversal:/)]]);
  await expectLedgerConsistent(t.stack);

  // The same callback again changes nothing.
  expect(await decidePayout(`${refund.id}:1`, 'returned')).toBe(409);
  const secret = t.stack.config.processors.payout!.callbackSecret;
  const [first] = await runProviderSends(refund.id);
  expect((await t.stack.http.post(`/processors/payouts/callbacks/default/${secret}/pix`).send({ pix: [{ gnExtras: { idEnvio: first.idEnvio } }] })).body).toEqual({ received: 1, returned: 1 });
  expect(await postings(refund.id)).toHaveLength(2);

  // The buyer's new account: a second transfer, under a new id, completes the refund again.
  expect((await t.stack.http.post(new URL(reopened.bankDetailsUrl).pathname).send(bankDetails(customer.document, '54321-0'))).status).toBe(200);
  const again = await refundReaches(t.stack, acme(), refund.id, 'refunded');
  expect(again.refundedAt).not.toBeNull();
  const sends = await runProviderSends(refund.id);
  expect(sends.map((s) => [s.centavos, s.status]).sort()).toEqual([[2_500, 'REALIZADO'], [2_500, 'REALIZADO']]);
  expect(new Set(sends.map((s) => s.idEnvio)).size).toBe(2);
  expect(await wallet()).toEqual(refunded);
  expect((await t.stack.http.get(`/v1/transactions/${txnId}`).set(acme().headers)).body.status).toBe('refunded');
  expect(await postings(refund.id)).toEqual([['refund', 'refund:ref_…'], ['reversal', expect.stringMatching(/^reversal:/)], ['refund', 'refund:ref_…:2']]);
  expect((await eventTypesOf(t.stack, refund.id)).slice(-2)).toEqual(['refund.awaiting_bank_details', 'refund.refunded']);
  await expectLedgerConsistent(t.stack);
});

it('returned with its callback lost: the payout reconciliation finds it and applies it once, sending nothing', async () => {
  const { refund } = await completedBoletoRefund(1_800);
  const sendsBefore = (await runProviderSends(refund.id)).length;
  await lostCallbacks(async () => {
    expect(await decidePayout(`${refund.id}:1`, 'returned')).toBe(200);
    expect((await refundOf(t.stack, acme(), refund.id)).body.status).toBe('refunded');
    const first = await reconcile();
    expect(first.refunds).toMatchObject({ returned: 1, errors: 0 });
    expect((await refundOf(t.stack, acme(), refund.id)).body.status).toBe('invalid_bank_details');
    // The next run finds it done (the refund is no longer watched as refunded).
    expect((await reconcile()).refunds).toMatchObject({ returned: 0, recorded: 0 });
  });
  expect(await runProviderSends(refund.id)).toHaveLength(sendsBefore);
  expect(await postings(refund.id)).toHaveLength(2);
  await eventually(async () => (await t.stack.client.workflow.getHandle(refund.id).describe()).status.name === 'RUNNING');
  await expectLedgerConsistent(t.stack);
});

it('returned after the company moved its payouts to another account: the account it was sent through still speaks for it, by callback and by reconciliation; the next transfer goes through the new one', async () => {
  const { refund, customer } = await completedBoletoRefund(1_200);
  // Sent through the deployment default; the company now connects an account of its own, at another provider process (which knows nothing of the first transfer).
  const other = await startEmbeddedEfi(['--settle-delay-ms', '10']);
  const a = other.info;
  const moved = await connectPayout(t.stack.em(), vaultKey(), acme().company.id, { adapter: 'efi', baseUrl: a.baseUrl, tokenUrl: a.tokenUrl, clientId: a.clientId, clientSecret: a.clientSecret, chave: randomUUID() });
  try {
    await lostCallbacks(async () => {
      expect(await decidePayout(`${refund.id}:1`, 'returned')).toBe(200);
      expect((await reconcile()).refunds).toMatchObject({ returned: 1, errors: 0 });
    });
    const reopened = await refundReaches(t.stack, acme(), refund.id, 'invalid_bank_details');
    const pinned = async () => (await t.stack.em().execute<Array<{ c: string | null }>>(`select transfer_connection_id as c from refunds where id = ?`, [refund.id]))[0].c;
    expect(await pinned()).toBe('default');
    expect((await t.stack.http.post(new URL(reopened.bankDetailsUrl).pathname).send(bankDetails(customer.document, '54321-0'))).status).toBe(200);
    // The transfer for the new details goes through the company's connection as it is when it is sent.
    await refundReaches(t.stack, acme(), refund.id, 'refunded');
    expect(await pinned()).toBe(moved.connection.id);
    await expectLedgerConsistent(t.stack);
  } finally {
    await disconnect(t.stack.em(), acme().company.id, 'payout');
    await other.stop();
  }
});
