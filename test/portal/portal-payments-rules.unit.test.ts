import { isPortalCardReference, portalCardOutcome, portalCardReference } from '../../src/portal/portal-payments.rules';

describe('portalCardReference', () => {
  it('is the same for the same click and different for another, and names its invoice', () => {
    const ref = portalCardReference('inv_1', 'a'.repeat(36));
    expect(ref).toMatch(/^inv_1-portal-[0-9a-f]{24}$/);
    expect(portalCardReference('inv_1', 'a'.repeat(36))).toBe(ref);
    expect(portalCardReference('inv_1', 'b'.repeat(36))).not.toBe(ref);
    expect(isPortalCardReference('inv_1', ref)).toBe(true);
    expect(isPortalCardReference('inv_2', ref)).toBe(false);
    expect(isPortalCardReference('inv_1', 'inv_1-bolepix')).toBe(false);
    expect(isPortalCardReference('inv_1', 'inv_1-1')).toBe(false);
    expect(isPortalCardReference('inv_1', undefined)).toBe(false);
  });
});

describe('portalCardOutcome', () => {
  it.each([
    ['paid', null, 'paid', null],
    ['refunded', null, 'paid', null],
    ['pending', null, 'pending', null],
    ['refused', 'card_declined', 'refused', 'declined'],
    ['refused', 'insufficient_funds', 'refused', 'insufficient_funds'],
    ['failed', 'processor_error', 'refused', 'processor'],
    ['refused', null, 'refused', 'declined'],
  ])('%s (%s) is %s (%s)', (status, reason, shown, why) => {
    expect(portalCardOutcome(status, reason)).toEqual({ status: shown, reason: why });
  });
});
