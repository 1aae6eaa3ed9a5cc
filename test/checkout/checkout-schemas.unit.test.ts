import { allows, propOf as prop } from '../helpers/json-schema';
import { createLinkBody, listLinksQuery } from '../../src/checkout/checkout-links.schemas';
import { createChargeBody, listSessionsQuery } from '../../src/checkout/checkout-sessions.schemas';

/** The OpenAPI document is generated from these schemas: what it allows, the API accepts. */
const item = { name: 'Caneca', quantity: 1, unitAmount: 1000 };

describe.each([
  ['POST /checkout/links', createLinkBody],
  ['POST /checkout/charges', createChargeBody],
])('%s body: OpenAPI states the rules zod enforces', (_route, body) => {
  it.each(['BRL', 'brl', 'Brl', 'USD', 'BRLX', '', 'BR'])('currency %j: the JSON Schema and the API agree', (currency) => {
    const accepted = body.safeParse({ items: [item], paymentMethods: { pix: {} }, currency }).success;
    expect(allows(prop(body, 'currency'), currency)).toBe(accepted);
    expect(accepted).toBe(currency.toUpperCase() === 'BRL');
  });

  it.each([
    [{}, false],
    [{ card: { enabled: false } }, false],
    [{ pix: { enabled: false }, boleto: { enabled: false } }, false],
    [{ pix: {} }, true],
    [{ card: { enabled: false }, boleto: { enabled: true } }, true],
    [{ combined: { enabled: true } }, false],
  ])('paymentMethods %j: at least one of card, pix, boleto enabled, in both', (paymentMethods, ok) => {
    expect(body.safeParse({ items: [item], paymentMethods }).success).toBe(ok);
    expect(allows(prop(body, 'paymentMethods'), paymentMethods)).toBe(ok);
  });
});

describe.each([
  ['GET /checkout/links', listLinksQuery, ['active', 'archived', 'active,archived', 'active, archived'], ['', '__main__', 'active,paused', ',', 'active,,archived']],
  ['GET /checkout/charges', listSessionsQuery, ['paid', 'created, canceled', 'partially_paid,expired'], ['', 'open', 'paid,', 'PAID']],
])('%s ?status=: a CSV of statuses in OpenAPI and in the API', (_route, query, good, bad) => {
  it.each([...good.map((v) => [v, true] as const), ...bad.map((v) => [v, false] as const)])('%j accepted: %s', (status, ok) => {
    expect(query.safeParse({ status }).success).toBe(ok);
    expect(allows(prop(query, 'status'), status)).toBe(ok);
  });
});

it.each([
  [{ key: 'size', label: 'Tamanho', type: 'select', options: ['P', 'M'] }, true],
  [{ key: 'note', label: { 'pt-BR': 'Nota' }, type: 'text' }, true],
  [{ key: 'size', label: 'Tamanho', type: 'select' }, false],
  [{ key: 'note', label: 'Nota', type: 'checkbox', options: ['x'] }, false],
])('customFields [%j] accepted: %s (options with select only)', (field, ok) => {
  const body = { items: [item], paymentMethods: { pix: {} }, customFields: [field] };
  expect(createLinkBody.safeParse(body).success).toBe(ok);
  expect(allows(prop(createLinkBody, 'customFields'), body.customFields)).toBe(ok);
});

describe('customFields[].options: values unique once trimmed', () => {
  const withOptions = (options: unknown[]) => ({ items: [item], paymentMethods: { pix: {} }, customFields: [{ key: 'size', label: 'Tamanho', type: 'select', options }] });

  it('the document states uniqueItems, which covers repeated string options', () => {
    expect(prop(createLinkBody, 'customFields')).toMatchObject({ items: { properties: { options: { uniqueItems: true } } } });
  });

  it.each([
    [['P', 'M'], true],
    [['P', 'P'], false],
    [['P', ' P'], false],
    [['P', { value: 'P', label: 'Pequeno' }], false],
    [[{ value: 'P', label: 'Pequeno' }, { value: 'P', label: 'Small' }], false],
  ])('%j accepted: %s', (options, ok) => {
    expect(createLinkBody.safeParse(withOptions(options)).success).toBe(ok);
    expect(createChargeBody.safeParse(withOptions(options)).success).toBe(ok);
  });
});

it('a prefilled customer document names the cpf-cnpj format (check digits, checkout-session.rules.ts)', () => {
  expect(JSON.stringify(prop(createChargeBody, 'customer'))).toContain('"format":"cpf-cnpj"');
});
