import { allows, jsonOf } from '../helpers/json-schema';
import { createRecipientBody, updateRecipientBody } from '../../src/recipients/recipients.schemas';

/** The OpenAPI document states the cross-field rules of a recipient body, as the API checks them. */
it.each([
  [{ name: 'Loja' }, true],
  [{ splitType: 'percentage' }, true],
  [{ splitValue: 150 }, true],
  [{ splitType: 'percentage', splitValue: 100 }, true],
  [{ splitType: null, splitValue: null }, true],
  [{ splitType: 'percentage', splitValue: 1.5e308 }, false],
  [{ splitType: 'flat', splitValue: 1.5 }, false],
  [{ splitType: null, splitValue: 10 }, false],
  [{ pixKeyType: 'email', pixKey: 'loja@example.com' }, true],
  [{ pixKeyType: 'phone', pixKey: '+5511999990000' }, true],
  [{ pixKeyType: 'random', pixKey: '123e4567-e89b-12d3-a456-426614174000' }, true],
  [{ pixKeyType: 'phone' }, false],
  [{ pixKey: '+5511999990000' }, false],
  [{ pixKeyType: 'phone', pixKey: '11999990000' }, false],
  [{ pixKeyType: 'random', pixKey: 'not-a-uuid' }, false],
])('PUT %j accepted: %s', (body, ok) => {
  expect(updateRecipientBody.safeParse(body).success).toBe(ok);
  expect(allows(jsonOf(updateRecipientBody), body)).toBe(ok);
});

it('documents carry the cpf-cnpj format (check digits)', () => {
  const json = JSON.stringify(jsonOf(updateRecipientBody));
  expect(json.match(/"format":"cpf-cnpj"/g)?.length).toBeGreaterThanOrEqual(2);
});

/** POST sends a split as a pair: there is no stored half for one alone to meet. */
it.each([
  [{}, true],
  [{ splitType: 'percentage', splitValue: 10 }, true],
  [{ splitType: null, splitValue: null }, true],
  [{ splitValue: 10 }, false],
  [{ splitType: 'flat' }, false],
  [{ splitType: null }, false],
])('POST with %j accepted: %s', (split, ok) => {
  const body = { name: 'Loja Um', email: 'loja@example.com', document: '52998224725', type: 'individual', ...split };
  expect(createRecipientBody.safeParse(body).success).toBe(ok);
  expect(allows(jsonOf(createRecipientBody), body)).toBe(ok);
});
