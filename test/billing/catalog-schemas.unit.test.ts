import { allows, jsonOf } from '../helpers/json-schema';
import { createPriceBody, listPlansQuery, priceBodyWithoutItem, recurrenceSchema } from '../../src/billing/catalog.schemas';

/** The OpenAPI document is generated from these schemas: what it allows, the API accepts. */
const monthly = { interval: 1, unit: 'month' };
const money = { amount: 1000, currency: 'BRL' };

describe.each([
  ['POST /plans/:id/prices', createPriceBody],
  ['POST /plans/:id/charges (price)', priceBodyWithoutItem],
])('%s: each billing scheme with its own field, in JSON Schema and in the API', (_route, schema) => {
  it.each([
    [{}, true],
    [{ billingScheme: 'per_unit' }, true],
    [{ billingScheme: 'package', packageSize: 10 }, true],
    [{ billingScheme: 'metered', meterId: 'api_calls' }, true],
    [{ billingScheme: 'tiered', tiers: [{ upTo: null, unitAmount: 5 }] }, true],
    [{ billingScheme: 'fixed', packageSize: null, meterId: null, tiers: null }, true],
    [{ tiers: [{ unitAmount: 4, upTo: null }] }, false],
    [{ meterId: '0', packageSize: 135 }, false],
    [{ billingScheme: 'package' }, false],
    [{ billingScheme: 'metered', meterId: 'm', packageSize: 2 }, false],
    [{ billingScheme: 'tiered', packageSize: 2 }, false],
  ])('%j accepted: %s', (fields, ok) => {
    const body = { money, recurrence: monthly, ...fields };
    expect(schema.safeParse(body).success).toBe(ok);
    expect(allows(jsonOf(schema), body)).toBe(ok);
  });
});

it.each([
  [{ ...monthly }, true],
  [{ ...monthly, anchor: 'day_of_month', anchorDay: 10 }, true],
  [{ ...monthly, anchor: 'end_of_month', anchorDay: null }, true],
  [{ ...monthly, anchorDay: 1 }, false],
  [{ ...monthly, anchor: 'end_of_month', anchorDay: 5 }, false],
  [{ ...monthly, anchor: 'day_of_month' }, false],
  [{ ...monthly, anchor: 'day_of_month', anchorDay: null }, false],
])('recurrence %j accepted: %s (anchorDay with day_of_month only)', (recurrence, ok) => {
  expect(createPriceBody.safeParse({ money, recurrence }).success).toBe(ok);
  expect(allows(jsonOf(recurrenceSchema), recurrence)).toBe(ok);
});

it.each([
  ['active', true],
  ['draft, active', true],
  ['archived,inactive', true],
  ['gone', false],
  ['', false],
  ['active,', false],
])('GET /plans?status=%j accepted: %s', (status, ok) => {
  expect(listPlansQuery.safeParse({ status }).success).toBe(ok);
  expect(allows(jsonOf(listPlansQuery), { status })).toBe(ok);
});

it('planItemId and planItemKey together are refused by both', () => {
  const body = { money, recurrence: monthly, planItemId: 'pli_1', planItemKey: 'seats' };
  expect(createPriceBody.safeParse(body).success).toBe(false);
  expect(allows(jsonOf(createPriceBody), body)).toBe(false);
});
