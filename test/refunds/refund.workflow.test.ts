import { createHash } from 'node:crypto';
import { createRefund } from '../../src/refunds/refunds.service';
import { refundStateQuery } from '../../workflows/refunds/refund.contract';
import { daysFromNow, runReleaseRuns } from '../helpers/release-runs';
import { useTestStack } from '../helpers/stack';
import { recordHistory } from '../replay/history-files';
import { balanceOf, eventually, expectLedgerConsistent } from '../payments/fixtures';
import { eventTypesOf, newCustomer, paidCard, paidPixOrBoleto, refundOf, refundReaches } from './fixtures';
import { runProviderSends } from '../processors/embedded-efi-process';

const DAY = 86_400_000;

const t = useTestStack({ companies: ['Acme Ltda', 'Globex'], owners: ['Acme Ltda'] });

const bankDetails = (document: string, account = '12345-6') => ({ bankCode: '341', agency: '0001', account, accountType: 'checking', holderName: 'Maria Compradora', holderDocument: document });

/** A paid boleto of a known customer, refunded in full (automatic approval on: straight to awaiting_bank_details). */
async function boletoRefund(amount: number) {
  const customer = await newCustomer(t.stack, t.company['Acme Ltda']);
  const ids = await paidPixOrBoleto(t.stack, t.company['Acme Ltda'], 'boleto', amount, { customerId: customer.id });
  const res = await t.stack.http.post(`/v1/transactions/${ids.txnId}/payments/${ids.payId}/refund`).set(t.company['Acme Ltda'].headers).send({ reason: 'Devolução do pedido' });
  expect(res.status).toBe(201);
  expect(res.body.status).toBe('awaiting_bank_details');
  expect(res.body.bankDetailsUrl).toMatch(/\/refunds\/bank-details\/[A-Za-z0-9_-]{20,}$/);
  return { ...ids, customer, refund: res.body };
}

/** Waits until the workflow is parked on its reminder timer (so the next env.sleep moves it). */
const waitingForDetails = (refundId: string) =>
  eventually(async () => (await t.stack.client.workflow.getHandle(refundId).query(refundStateQuery).catch(() => null))?.nextReminderAt ?? null);

describe('the bank-details token at rest', () => {
  it('is stored only as its SHA-256 digest; the merchant still reads the same link again, and the page opens with it', async () => {
    const { refund } = await boletoRefund(1_500);
    const token = new URL(refund.bankDetailsUrl).pathname.split('/').pop()!;
    const [row] = await t.stack.em().execute(`select * from refunds where id = ?`, [refund.id]);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.bank_details_token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect((await t.stack.http.get(`/v1/refunds/${refund.id}`).set(t.company['Acme Ltda'].headers)).body.bankDetailsUrl).toBe(refund.bankDetailsUrl);
    expect((await t.stack.http.get(new URL(refund.bankDetailsUrl).pathname)).status).toBe(200);
  });
});

describe('boleto refund: bounced transfer', () => {
  it('a bounced TED → invalid_bank_details with a new link (the old one dead); new details → refunded', async () => {
    const { refund, customer, txnId } = await boletoRefund(2_500);
    const oldPath = new URL(refund.bankDetailsUrl).pathname;
    const sent = await t.stack.http.post(oldPath).send(bankDetails(customer.document, '99999'));
    expect(sent.status).toBe(200);
    const invalid = await refundReaches(t.stack, t.company['Acme Ltda'], refund.id, 'invalid_bank_details');
    expect(invalid.bankDetailsUrl).not.toBe(refund.bankDetailsUrl);
    expect((await t.stack.http.get(oldPath)).status).toBe(404);
    expect((await t.stack.http.post(oldPath).send(bankDetails(customer.document))).status).toBe(404);
    const newPath = new URL(invalid.bankDetailsUrl).pathname;
    const page = await t.stack.http.get(newPath);
    expect(page.status).toBe(200);
    expect(page.text).toContain('devolvida pelo banco');

    expect((await t.stack.http.post(newPath).send(bankDetails(customer.document))).status).toBe(200);
    const done = await refundReaches(t.stack, t.company['Acme Ltda'], refund.id, 'refunded');
    expect(done.refundedAt).not.toBeNull();
    // Two Pix at the payout provider, one per details request: the bounced one (account 99999…) and the paid one.
    const sends = await runProviderSends(refund.id);
    expect(sends.map((s) => [s.centavos, s.status]).sort()).toEqual([[2_500, 'NAO_REALIZADO'], [2_500, 'REALIZADO']]);
    expect(new Set(sends.map((s) => s.idEnvio)).size).toBe(2);
    expect((await t.stack.http.get(`/v1/transactions/${txnId}`).set(t.company['Acme Ltda'].headers)).body.status).toBe('refunded');
    expect(await eventTypesOf(t.stack, refund.id)).toEqual(['refund.created', 'refund.awaiting_bank_details', 'refund.awaiting_bank_details', 'refund.refunded']);
    await recordHistory('refunds', 'boleto-bounced', t.stack.client.workflow.getHandle(refund.id));
    await expectLedgerConsistent(t.stack);
  });

  it('a refuse while waiting for bank details ends the refund refused', async () => {
    const { refund } = await boletoRefund(1_000);
    await waitingForDetails(refund.id);
    const res = await t.stack.http.post(`/v1/refunds/${refund.id}/refuse`).set(t.company['Acme Ltda'].headers).send({ reason: 'Cliente desistiu da devolução' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('refused');
    const result = await t.stack.client.workflow.getHandle(refund.id).result();
    expect(result).toEqual({ status: 'refused' });
  });
});

describe('outbox backstop', () => {
  it('a committed refund whose workflow was never started (API died after commit) is started by the refund.created subscriber', async () => {
    const ids = await paidCard(t.stack, t.company['Acme Ltda'], 1_500);
    const em = t.stack.em();
    const { refund, events } = await em.transactional((tem) =>
      createRefund(tem, t.company['Acme Ltda'].company, { transactionId: ids.txnId, paymentId: ids.payId }, { reason: 'sem workflow' }, { by: 'api', type: 'api' }),
    );
    await expect(t.stack.client.workflow.getHandle(refund.id).describe()).rejects.toThrow();
    for (const e of events) await t.stack.deps.dispatcher.dispatch(e.id);
    await refundReaches(t.stack, t.company['Acme Ltda'], refund.id, 'refunded');
    await recordHistory('refunds', 'card', t.stack.client.workflow.getHandle(refund.id));
  });
});

// Last but replay: it moves the test server's clock 31 days, past every other sale's due dates.
describe('boleto refund: reminders and deadline (time skipping)', () => {
  it('reminds every 3 days while bank details are missing, and fails at the 30-day deadline with the money left with the merchant', async () => {
    // A card sale partly refunded now: the refund releases its D+30 installment early (pending first).
    const card = await paidCard(t.stack, t.company['Acme Ltda'], 3_000);
    const cardRefund = await t.stack.http.post(`/v1/transactions/${card.txnId}/payments/${card.payId}/refund`).set(t.company['Acme Ltda'].headers).send({ amount: 1_000, reason: 'parcial' });
    await refundReaches(t.stack, t.company['Acme Ltda'], cardRefund.body.id, 'refunded');
    const before = await balanceOf(t.stack, t.owner['Acme Ltda']);
    const { refund } = await boletoRefund(4_000);
    expect(Date.parse(refund.bankDetailsDeadline) - Date.parse(refund.createdAt)).toBeGreaterThan(30 * DAY - 60_000);
    await waitingForDetails(refund.id);

    await t.stack.env.sleep(3 * DAY + 60_000);
    expect((await eventually(async () => ((await refundOf(t.stack, t.company['Acme Ltda'], refund.id)).body.bankDetailsReminders >= 1 ? (await refundOf(t.stack, t.company['Acme Ltda'], refund.id)).body : null))).status).toBe('awaiting_bank_details');
    await t.stack.env.sleep(3 * DAY);
    await eventually(async () => (await refundOf(t.stack, t.company['Acme Ltda'], refund.id)).body.bankDetailsReminders >= 2);
    expect((await refundOf(t.stack, t.company['Acme Ltda'], refund.id)).body.status).toBe('awaiting_bank_details');

    await t.stack.env.sleep(25 * DAY);
    const failed = await refundReaches(t.stack, t.company['Acme Ltda'], refund.id, 'failed');
    expect(failed.failureReason).toBe('bank_details_deadline_passed');
    expect(failed.bankDetailsUrl).toBeNull();
    const types = await eventTypesOf(t.stack, refund.id);
    expect(types[0]).toBe('refund.created');
    expect(types.at(-1)).toBe('refund.failed');
    // One awaiting_bank_details at approval, then one per reminder (every 3 days until day 30).
    expect(types.filter((t) => t === 'refund.awaiting_bank_details').length).toBe(1 + failed.bankDetailsReminders);
    expect(failed.bankDetailsReminders).toBeGreaterThanOrEqual(9);
    // The boleto money stays with the merchant: the reservation is released.
    const after = await t.stack.http.get(`/v1/wallets/owner/${t.owner['Acme Ltda']}/balance`).set(t.company['Acme Ltda'].headers);
    expect(after.body.balances[0].blockedBalance).toBe(0);
    expect((await balanceOf(t.stack, t.owner['Acme Ltda'])).available + (await balanceOf(t.stack, t.owner['Acme Ltda'])).pending).toBe(before.available + before.pending + 4_000);
    expect((await t.stack.http.get(`/v1/transactions/${(await refundOf(t.stack, t.company['Acme Ltda'], refund.id)).body.transactionId}`).set(t.company['Acme Ltda'].headers)).body.status).toBe('paid');
    // D+30 came for the card sale: its release run finds the early release done (no second release, nothing stuck).
    await runReleaseRuns(t.stack, daysFromNow(31));
    const releases = await t.stack.em().execute(`select id from ledger_postings where key like ?`, [`release:${card.payId}:%`]);
    expect(releases).toHaveLength(1);
    const receivables = await t.stack.em().execute<{ status: string }[]>(`select status from receivables where payment_id = ?`, [card.payId]);
    expect(receivables.map((r) => r.status)).toEqual(receivables.map(() => 'released'));
    // The link no longer takes details: the page says the deadline passed.
    const page = await t.stack.http.get(new URL(refund.bankDetailsUrl).pathname);
    expect(page.text).toContain('Prazo encerrado');
    expect((await t.stack.http.post(new URL(refund.bankDetailsUrl).pathname).send(bankDetails('52998224725'))).status).toBe(409);
  });
});

describe('replay', () => {
});
