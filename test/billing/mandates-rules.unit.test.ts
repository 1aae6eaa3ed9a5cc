import { firstPaymentReference, isFirstPaymentReference } from '../../src/billing/mandates.rules';

describe('Pix Automático journey 3: the first payment reference', () => {
  it('names the invoice and the attempt, and only that shape is recognised', () => {
    expect(firstPaymentReference('inv_01abc', 1)).toBe('inv_01abc-pixauto-1');
    expect(isFirstPaymentReference('inv_01abc', 'inv_01abc-pixauto-1')).toBe(true);
    expect(isFirstPaymentReference('inv_01abc', 'inv_01abc-pixauto-12')).toBe(true);
    for (const ref of ['inv_01abc-pixauto-0', 'inv_01abc-pixauto-', 'inv_01abc-pixauto-1x', 'inv_01abd-pixauto-1', 'inv_01abc-1', undefined]) expect(isFirstPaymentReference('inv_01abc', ref)).toBe(false);
  });
});
