import { allows, jsonOf } from '../helpers/json-schema';
import { createCardTokenBody } from '../../src/cards/card-tokens.schemas';

/** The OpenAPI document states the tokenization rules JSON Schema can carry, as the API checks them. */
const card = (number: string, cvv: string) => ({ number, cvv, holder: 'Ana Souza', document: '529.982.247-25', expiration: '12/2099' });
const body = (c: object) => ({ companyId: 'comp_01m81j6j8yqxnzfveej6zvv0ky', card: c });

it.each([
  ['4111111111111111', '123', true],
  ['4111111111111111', '1234', false],
  ['378282246310005', '1234', true],
  ['378282246310005', '123', false],
])('number %s with CVV %s accepted: %s (4 digits for American Express, 3 otherwise)', (number, cvv, ok) => {
  expect(createCardTokenBody.safeParse(body(card(number, cvv))).success).toBe(ok);
  expect(allows(jsonOf(createCardTokenBody), body(card(number, cvv)))).toBe(ok);
});

it('check-digit and date rules are named formats (scripts/fuzz-hooks.py generates them)', () => {
  const props = ((jsonOf(createCardTokenBody).$defs as Record<string, { properties: { card: { properties: Record<string, { format?: string }> } } }>).CreateCardToken).properties.card.properties;
  expect(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, v.format]))).toEqual({ number: 'card-number', holder: 'card-holder', document: 'cpf-cnpj', cvv: undefined, expiration: 'card-expiration' });
});
