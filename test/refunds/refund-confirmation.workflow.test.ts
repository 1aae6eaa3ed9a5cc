import { sendRefundDecision } from '../../src/refunds/refund-workflow.client';
import { refundStateQuery } from '../../workflows/refunds/refund.contract';
import { useTestStack } from '../helpers/stack';
import { recordHistory } from '../replay/history-files';
import { eventually, expectLedgerConsistent } from '../payments/fixtures';
import { newCpf } from '../recipients/fixtures';
import { eventTypesOf, paidPixOrBoleto, refundOf, refundReaches } from './fixtures';
import { runProviderSends } from '../processors/embedded-efi-process';

/**
 * docs/refunds.md "Refunds to the buyer only": with no buyer document recorded, the buyer's
 * account waits for the merchant's (or an operator's) confirmation. A file of its own: its days
 * of time skipping beside refund.workflow.test.ts's 31 days in one test server made that
 * server hang now and then.
 */

const DAY = 86_400_000;

const t = useTestStack({ companies: ['Acme Ltda', 'Globex'], owners: ['Acme Ltda'] });

const bankDetails = (document: string, account = '12345-6') => ({ bankCode: '341', agency: '0001', account, accountType: 'checking', holderName: 'Maria Compradora', holderDocument: document });

/** Waits until the workflow is parked on its reminder timer (so the next env.sleep moves it). */
const waitingForDetails = (refundId: string) =>
  eventually(async () => (await t.stack.client.workflow.getHandle(refundId).query(refundStateQuery).catch(() => null))?.nextReminderAt ?? null);

/** A paid boleto whose sale recorded no buyer document (no customer, no checkout form), refunded in full. */
async function anonymousBoletoRefund(amount: number) {
  const ids = await paidPixOrBoleto(t.stack, t.company['Acme Ltda'], 'boleto', amount);
  const res = await t.stack.http.post(`/v1/transactions/${ids.txnId}/payments/${ids.payId}/refund`).set(t.company['Acme Ltda'].headers).send({ reason: 'Devolução sem cadastro' });
  expect(res.body.status).toBe('awaiting_bank_details');
  return { ...ids, refund: res.body };
}

/** The transfers of a refund at the run's payout provider (ids `<refund id><details request>`). */
const tedsOf = (refundId: string) => runProviderSends(refundId);

describe('boleto refund of a sale with no buyer document: the merchant confirms the account', () => {
  it('the buyer’s account waits for the merchant (no transfer, also days later); the merchant’s confirmation starts the TED → refunded', async () => {
    const { refund } = await anonymousBoletoRefund(1_800);
    await waitingForDetails(refund.id);
    const holder = newCpf();
    const sent = await t.stack.http.post(new URL(refund.bankDetailsUrl).pathname).send(bankDetails(holder, '0012345-6'));
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ status: 'awaiting_confirmation' });

    const waiting = await refundOf(t.stack, t.company['Acme Ltda'], refund.id);
    expect(waiting.body).toMatchObject({
      status: 'awaiting_confirmation',
      bankDetailsUrl: null,
      bankAccount: { bankCode: '341', agency: '0001', last4: '3456', accountType: 'checking', holderName: 'Maria Compradora', holderDocument: holder, confirmedBy: null, confirmedAt: null },
    });
    // The page no longer takes details; it says the shop confirms first.
    expect((await t.stack.http.get(new URL(refund.bankDetailsUrl).pathname)).text).toContain('A loja vai confirmar a conta');
    // Days pass (time skipping): no transfer, no reminder, no deadline while the merchant decides.
    await eventually(async () => (await t.stack.client.workflow.getHandle(refund.id).query(refundStateQuery)).status === 'awaiting_confirmation');
    await t.stack.env.sleep(4 * DAY);
    const later = await refundOf(t.stack, t.company['Acme Ltda'], refund.id);
    expect(later.body).toMatchObject({ status: 'awaiting_confirmation', bankDetailsReminders: 0 });
    expect(await tedsOf(refund.id)).toEqual([]);

    // Another company's key cannot confirm it (404 like a missing refund).
    expect((await t.stack.http.post(`/v1/refunds/${refund.id}/confirm-bank-details`).set(t.company.Globex.headers).send()).status).toBe(404);
    const confirmed = await t.stack.http.post(`/v1/refunds/${refund.id}/confirm-bank-details`).set(t.company['Acme Ltda'].headers).send();
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'bank_details_received', bankAccount: { holderDocument: holder, confirmedBy: 'api' } });
    const done = await refundReaches(t.stack, t.company['Acme Ltda'], refund.id, 'refunded');
    expect(Date.parse(done.bankAccount.confirmedAt)).not.toBeNaN();
    expect(await tedsOf(refund.id)).toHaveLength(1);
    const again = await t.stack.http.post(`/v1/refunds/${refund.id}/confirm-bank-details`).set(t.company['Acme Ltda'].headers).send();
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('refund_not_awaiting_confirmation');
    expect(await eventTypesOf(t.stack, refund.id)).toEqual(['refund.created', 'refund.awaiting_bank_details', 'refund.awaiting_confirmation', 'refund.refunded']);
    await recordHistory('refunds', 'boleto-confirmed', t.stack.client.workflow.getHandle(refund.id));
    await expectLedgerConsistent(t.stack);
  });

  it('an operator’s approve signal confirms the account; a refuse instead ends the refund with nothing sent', async () => {
    const confirmedByOperator = await anonymousBoletoRefund(700);
    const refusedOne = await anonymousBoletoRefund(900);
    for (const { refund } of [confirmedByOperator, refusedOne]) {
      expect((await t.stack.http.post(new URL(refund.bankDetailsUrl).pathname).send(bankDetails(newCpf()))).body).toEqual({ status: 'awaiting_confirmation' });
      await eventually(async () => (await t.stack.client.workflow.getHandle(refund.id).query(refundStateQuery)).status === 'awaiting_confirmation');
    }
    await sendRefundDecision(t.stack.client, t.stack.config.temporal.taskQueue, { refundId: confirmedByOperator.refund.id, operator: 'ops-ana', outcome: 'approve' });
    const paid = await refundReaches(t.stack, t.company['Acme Ltda'], confirmedByOperator.refund.id, 'refunded');
    expect(paid.bankAccount.confirmedBy).toBe('ops-ana');

    const refused = await t.stack.http.post(`/v1/refunds/${refusedOne.refund.id}/refuse`).set(t.company['Acme Ltda'].headers).send({ reason: 'Conta de terceiro' });
    expect(refused.status).toBe(200);
    expect(refused.body.status).toBe('refused');
    expect(await t.stack.client.workflow.getHandle(refusedOne.refund.id).result()).toEqual({ status: 'refused' });
    expect(await tedsOf(refusedOne.refund.id)).toEqual([]);
    await expectLedgerConsistent(t.stack);
  });
});
