import { allows, jsonOf } from '../helpers/json-schema';
import { createSubscriptionBody } from '../../src/billing/subscriptions.schemas';

/** The OpenAPI document states the shape rules of POST /subscriptions, as the API checks them. */
const monthly = { interval: 1, unit: 'month' };
it.each([
  [{ planId: 'plan_1' }, true],
  [{ planId: 'plan_1', items: [{ planItemKey: 'seats', quantity: 3 }] }, true],
  [{ planId: 'plan_1', recurrence: monthly }, false],
  [{ planId: 'plan_1', items: [{ quantity: 3 }] }, false],
  [{ planId: 'plan_1', items: [{ planItemKey: 'seats', planItemId: 'pli_1' }] }, false],
  [{ planId: 'plan_1', items: [{ planItemKey: 'seats', unitAmount: 100 }] }, false],
  [{ items: [{ description: 'Suporte', unitAmount: 1000 }], recurrence: monthly, currency: 'BRL' }, true],
  [{ items: [{ description: 'Suporte', unitAmount: 1000 }], recurrence: monthly }, false],
  [{ items: [], recurrence: monthly, currency: 'BRL' }, false],
  [{ items: [{ description: 'Suporte' }], recurrence: monthly, currency: 'BRL' }, false],
  [{ planId: 'plan_1', invoiceGenerationMode: 'upfront' }, false],
  [{ planId: 'plan_1', invoiceGenerationMode: 'upfront', maxCycles: 12 }, true],
])('%j accepted: %s', (fields, ok) => {
  const body = { customerId: 'cust_1', ...fields };
  expect(createSubscriptionBody.safeParse(body).success).toBe(ok);
  expect(allows(jsonOf(createSubscriptionBody), body)).toBe(ok);
});
