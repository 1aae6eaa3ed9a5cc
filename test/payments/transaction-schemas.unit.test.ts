import { createTransactionBody } from '../../src/payments/transactions.schemas';
import { allows, jsonOf } from '../helpers/json-schema';

const options = {
  creditCard: { token: 'tok_x', installments: 1 },
  pix: { expiresIn: 3600 },
  boleto: { instructions: 'Pagar até o vencimento' },
};
const combos = (['credit_card', 'pix', 'boleto'] as const).flatMap((paymentMethod) =>
  [[], ['creditCard'], ['pix'], ['boleto'], ['creditCard', 'pix'], ['pix', 'boleto']].map((keys) => ({ paymentMethod, keys: keys as (keyof typeof options)[] })),
);

describe('transaction payments in the OpenAPI document', () => {
  it.each(combos)('$paymentMethod with $keys: the document allows exactly what the API accepts', ({ paymentMethod, keys }) => {
    const payment = { paymentMethod, amount: 1000, ...Object.fromEntries(keys.map((k) => [k, options[k]])) };
    const body = { referenceCode: 'order-1', items: [{ description: 'Camiseta', quantity: 1, amount: 1000 }], payments: [payment] };
    expect(allows(jsonOf(createTransactionBody), body)).toBe(createTransactionBody.safeParse(body).success);
  });
});

describe('boleto terms in the OpenAPI document', () => {
  const fine = [{}, { percent: 2 }, { amount: 500 }, { percent: 2, amount: 500 }];
  const interest = [{}, { monthlyPercent: 1 }, { dailyAmount: 10 }, { monthlyPercent: 1, dailyAmount: 10 }];
  const discount = [{ until: '2030-01-10' }, { until: '2030-01-10', percent: 5 }, { until: '2030-01-10', amount: 100 }, { until: '2030-01-10', percent: 5, amount: 100 }];
  // Every term alone, in each of its forms (none, one, both), then beside payableDaysAfterDue absent, 0 and 10.
  const terms = [...fine.map((f) => ({ fine: f })), ...interest.map((i) => ({ interest: i })), ...discount.map((d) => ({ discount: d })), { fine: { amount: 500 }, interest: { dailyAmount: 10 } }];
  const cases = terms.flatMap((t) => [{}, { payableDaysAfterDue: 0 }, { payableDaysAfterDue: 10 }].map((days) => ({ ...t, ...days })));

  it.each(cases)('%j: the document allows exactly what the API accepts', (boleto) => {
    // The discount's end is on or before the due date: a rule between two values the document cannot state.
    const body = { referenceCode: 'order-1', items: [{ description: 'Camiseta', quantity: 1, amount: 1000 }], payments: [{ paymentMethod: 'boleto', amount: 1000, boleto: { dueDate: '2030-01-10', ...boleto } }] };
    expect(allows(jsonOf(createTransactionBody), body)).toBe(createTransactionBody.safeParse(body).success);
  });

  it('both forms of a fine are refused with one message, as before', () => {
    const body = { referenceCode: 'order-1', items: [{ description: 'Camiseta', quantity: 1, amount: 1000 }], payments: [{ paymentMethod: 'boleto', amount: 1000, boleto: { payableDaysAfterDue: 5, fine: { percent: 2, amount: 500 } } }] };
    const parsed = createTransactionBody.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['payments.0.boleto.fine', 'Give exactly one of percent and amount']]);
  });

  it.each([[999, true], [1000, false], [5000, false]])('a fixed discount of %d on a boleto of 1000: accepted %s (the issuer refuses one that takes the whole amount)', (amount, accepted) => {
    const body = { referenceCode: 'order-1', items: [{ description: 'Camiseta', quantity: 1, amount: 1000 }], payments: [{ paymentMethod: 'boleto', amount: 1000, boleto: { dueDate: '2030-01-10', discount: { until: '2030-01-05', amount } } }] };
    const parsed = createTransactionBody.safeParse(body);
    expect(parsed.success).toBe(accepted);
    if (!accepted) expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['payments.0.boleto.discount.amount', "A fixed discount is less than the payment's amount"]]);
  });
});
