import { allows, jsonOf } from '../helpers/json-schema';
import { createCustomerBody, updateCustomerBody } from '../../src/customers/customers.schemas';

/**
 * The OpenAPI document states the document rule: its shape follows documentType, and check
 * digits are the `cpf` / `cnpj` formats (scripts/fuzz-hooks.py generates valid ones).
 */
const base = { name: 'Ana Souza', email: 'ana@example.com', type: 'individual', phone: '+5511999990000' };
const formatOf = (schema: object, documentType: string) =>
  ((jsonOf(schema as never).anyOf as { properties: { documentType: { const: string }; document: { format?: string; pattern?: string } } }[]).find((b) => b.properties?.documentType.const === documentType)!.properties.document);

it('POST: the document format follows documentType (cpf when absent)', () => {
  expect(formatOf(createCustomerBody, 'cpf')).toEqual({ format: 'cpf' });
  expect(formatOf(createCustomerBody, 'cnpj')).toEqual({ format: 'cnpj' });
  expect(formatOf(createCustomerBody, 'passport')).toEqual({ pattern: '^[A-Za-z0-9]{6,20}$' });
  expect(createCustomerBody.safeParse({ ...base, document: '529.982.247-25' }).success).toBe(true);
  expect(createCustomerBody.safeParse({ ...base, document: '529.982.247-25', documentType: 'cnpj' }).success).toBe(false);
  expect(createCustomerBody.safeParse({ ...base, document: 'AB123456', documentType: 'passport' }).success).toBe(true);
  expect(allows(jsonOf(createCustomerBody), { ...base, document: 'AB12?', documentType: 'passport' })).toBe(false);
});

it.each([
  [{ name: 'Ana' }, true],
  [{ document: '529.982.247-25', documentType: 'cpf' }, true],
  [{ document: '11.222.333/0001-81', documentType: 'cnpj' }, true],
  // One without the other is checked by the service against the stored customer (customers.int.test.ts).
  [{ documentType: 'cnpj' }, true],
  [{ document: '529.982.247-25' }, true],
  // Both sent: the document's shape follows the type, in the document as in the API (check
  // digits are the cpf/cnpj formats, which this evaluator does not run).
  [{ document: 'AB12?', documentType: 'passport' }, false],
  [{ document: 'AB123456', documentType: 'passport' }, true],
])('PUT %j passes the schema: %s', (body, ok) => {
  expect(updateCustomerBody.safeParse(body).success).toBe(ok);
  expect(allows(jsonOf(updateCustomerBody), body)).toBe(ok);
});

it('PUT with both: a CPF sent as a cnpj is refused by the schema, and the document names the cnpj format for it', () => {
  expect(updateCustomerBody.safeParse({ document: '529.982.247-25', documentType: 'cnpj' }).success).toBe(false);
  expect(formatOf(updateCustomerBody, 'cnpj')).toEqual({ format: 'cnpj' });
});
