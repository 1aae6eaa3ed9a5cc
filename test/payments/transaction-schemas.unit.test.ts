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
