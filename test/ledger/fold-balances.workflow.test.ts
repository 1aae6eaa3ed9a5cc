import { randomUUID } from 'node:crypto';
import { useTestStack } from '../helpers/stack';
import { creditAvailable } from '../../src/ledger/ledger.service';
import { creditSale } from './sale-postings';
import { foldBalancesWorkflow } from '../../workflows/maintenance/maintenance.workflow';
import { sellerBody } from '../recipients/fixtures';

/** The schedule's workflow (lastro-fold-balances): every account's changes folded, over several pages, balances unchanged. */

const t = useTestStack({ companies: ['Acme'] });

it('folds every account with changes into its row, and no balance moves', async () => {
  const em = t.stack.em();
  const company = t.company.Acme.company.id;
  // Pending and available of 3 recipients, and the platform's settlement and revenue (pages of
  // a few accounts are tested on foldChangedAccounts in balance-concurrency.int.test.ts).
  for (let i = 0; i < 3; i++) {
    const res = await t.stack.http.post('/recipients').set(t.company.Acme.headers).send(sellerBody());
    const recipientId = res.body.id as string;
    await em.transactional((tem) =>
      creditSale(tem, { key: `fold-sale:${recipientId}`, companyId: company, currency: 'BRL', sourceId: 'pay_f', releaseAt: '2027-01-01T00:00:00.000Z', parts: [{ recipientId, amount: 1000 + i, fee: 30 }] }),
    );
    await em.transactional((tem) => creditAvailable(tem, { key: `fold-fund:${recipientId}`, companyId: company, recipientId, currency: 'BRL', amount: 500, source: 'sandbox', sourceId: 'test' }));
  }
  const balances = () => em.execute(`select account_id, balance from ledger_balances order by account_id`);
  const before = await balances();
  const changed = (await em.execute<{ n: string }[]>(`select count(distinct account_id) as n from ledger_balance_changes`))[0].n;
  expect(Number(changed)).toBeGreaterThanOrEqual(3 * 2 + 2);

  const result = await t.stack.client.workflow.execute(foldBalancesWorkflow, { taskQueue: t.stack.config.temporal.taskQueue, workflowId: `test-fold-${randomUUID()}` });

  expect(result.folded).toBe(Number(changed));
  expect(await em.execute(`select 1 from ledger_balance_changes`)).toEqual([]);
  expect(await balances()).toEqual(before);
  expect(await em.execute(`select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id group by a.id having a.balance <> coalesce(sum(e.amount), 0)`)).toEqual([]);
});
