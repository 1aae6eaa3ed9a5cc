import type { EntityManager } from '@mikro-orm/postgresql';
import { saveCardFromToken } from '../../src/cards/card-vault.service';
import { setFees } from '../../src/fees/fees.service';
import { createSavedCardTransactions } from '../../src/payments/saved-card-charges.service';
import { useTestStack } from '../helpers/stack';
import { cardToken } from './fixtures';

/**
 * The split check prices a charge's fee by the fee table of the charge's currency, the table
 * settlement prices it by: a USD charge against the USD table, not the company's BRL one.
 */
const t = useTestStack({ companies: ['Loja'], owners: ['Loja'] });

const fixedCardFee = (fixed: number) => ({ creditCard: { '1': { percentage: 0, fixed } } });

it('a USD charge is checked against the USD fee table; a BRL charge against the BRL one', async () => {
  const { company } = t.company.Loja;
  await setFees(t.stack.em(), company.id, 'BRL', fixedCardFee(5_000));
  await setFees(t.stack.em(), company.id, 'USD', fixedCardFee(2_000));
  const card = await saveCardFromToken(t.stack.em(), { companyId: company.id, tokenId: await cardToken(t.stack, t.company.Loja) });

  let n = 0;
  const charge = (currency: string, amount: number) => ({
    company,
    input: { cardId: card.cardId, referenceCode: `split-currency-${++n}`, customerId: null, items: [{ description: 'plano', quantity: 1, amount }], currency, metadata: {}, origin: 'subscription' as const },
  });
  const results = await t.stack.em().transactional((em) =>
    createSavedCardTransactions(em as EntityManager, [charge('USD', 1_000), charge('USD', 3_000), charge('BRL', 3_000), charge('BRL', 6_000)], 'http://localhost'),
  );
  const outcome = results.map((r) => ('error' in r ? [r.error.code, r.error.message] : ['created', r.payments[0].currency]));
  expect(outcome).toEqual([
    // USD 2 000 fixed: 1 000 does not cover it, 3 000 does (the BRL table's 5 000 would refuse it).
    ['amount_below_fee', 'payments[0].amount: The processing fee (2000) exceeds what the fee payers receive (1000)'],
    ['created', 'USD'],
    ['amount_below_fee', 'payments[0].amount: The processing fee (5000) exceeds what the fee payers receive (3000)'],
    ['created', 'BRL'],
  ]);
});
