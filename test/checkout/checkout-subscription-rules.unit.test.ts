import { canRetrySubscription, subscriptionAmounts, subscriptionLines, subscriptionSessionStatus, type SubscriptionProgressView } from '../../src/checkout/checkout-subscription.rules';
import type { ChangedItem } from '../../src/billing/plan-changes.rules';

const item = (over: Partial<ChangedItem>): ChangedItem => ({
  planItemId: 'pi_1',
  priceId: 'price_1',
  kind: 'recurring',
  description: 'Base',
  quantity: 1,
  quantityIncluded: 0,
  billingScheme: 'per_unit',
  amount: 3990,
  tiers: null,
  packageSize: null,
  meterId: null,
  ...over,
});

describe('the offer of a subscription session', () => {
  const items = [item({ quantity: 2 }), item({ kind: 'activation', description: 'Setup', amount: 5000 }), item({ billingScheme: 'metered', amount: 10, meterId: 'mtr_1', description: 'API calls' })];

  it('shows each component, metered usage without an amount', () => {
    expect(subscriptionLines(items)).toEqual([
      { description: 'Base', kind: 'recurring', quantity: 2, amount: 7980 },
      { description: 'Setup', kind: 'activation', quantity: 1, amount: 5000 },
      { description: 'API calls', kind: 'recurring', quantity: 1, amount: null },
    ]);
  });

  it('bills one cycle plus activation now, nothing during a trial', () => {
    expect(subscriptionAmounts(items, 0)).toEqual({ amountPerCycle: 7980, amountDueNow: 12980 });
    expect(subscriptionAmounts(items, 14)).toEqual({ amountPerCycle: 7980, amountDueNow: 0 });
  });
});

describe('the status of a subscription session', () => {
  const card = (over: Partial<SubscriptionProgressView>): SubscriptionProgressView => ({ method: 'credit_card', subscriptionStatus: 'active', firstInvoiceStatus: null, mandateStatus: null, ...over });
  const pix = (over: Partial<SubscriptionProgressView>): SubscriptionProgressView => ({ method: 'pix_automatico', subscriptionStatus: 'incomplete', firstInvoiceStatus: null, mandateStatus: 'pending', ...over });

  it.each([
    ['before a confirmation', 'opened', null, 'opened'],
    ['card, first invoice not yet charged', 'paying', card({}), 'paying'],
    ['card, first invoice open', 'paying', card({ firstInvoiceStatus: 'open' }), 'paying'],
    ['card, first invoice paid', 'paying', card({ firstInvoiceStatus: 'paid' }), 'paid'],
    ['card, first invoice failed', 'paying', card({ firstInvoiceStatus: 'past_due' }), 'failed'],
    ['card, trial', 'paying', card({ subscriptionStatus: 'trialing' }), 'paid'],
    ['mandate pending', 'paying', pix({}), 'paying'],
    ['mandate active', 'paying', pix({ mandateStatus: 'active' }), 'paid'],
    ['subscription activated by the mandate', 'paying', pix({ subscriptionStatus: 'active', mandateStatus: 'active' }), 'paid'],
    ['mandate rejected', 'paying', pix({ mandateStatus: 'rejected' }), 'failed'],
    ['mandate expired', 'paying', pix({ mandateStatus: 'expired' }), 'failed'],
    ['subscription canceled meanwhile', 'paying', pix({ subscriptionStatus: 'canceled' }), 'failed'],
    ['already paid stays paid', 'paid', card({ firstInvoiceStatus: 'past_due' }), 'paid'],
    ['expired stays expired', 'expired', pix({ mandateStatus: 'active' }), 'expired'],
  ] as const)('%s', (_name, current, progress, expected) => {
    expect(subscriptionSessionStatus(current, progress)).toBe(expected);
  });

  it('takes a new mandate after a refused one, never a second card', () => {
    expect(canRetrySubscription('failed', 'pix_automatico', 'pix_automatico')).toBe(true);
    expect(canRetrySubscription('failed', 'credit_card', 'credit_card')).toBe(false);
    expect(canRetrySubscription('failed', 'pix_automatico', 'credit_card')).toBe(false);
    expect(canRetrySubscription('paying', 'pix_automatico', 'pix_automatico')).toBe(false);
  });
});
