import { nextStartable, orderingKey } from '../../src/webhooks/delivery-order.rules';

const d = (id: string, entity: string | null) => ({ id, entity_type: entity ? 'transaction' : null, entity_id: entity });

describe('delivery order', () => {
  it('keys a delivery by its entity, or by itself when it is about none', () => {
    expect(orderingKey(d('whd_1', 'tran_a'))).toBe('transaction:tran_a');
    expect(orderingKey(d('whd_2', null))).toBe('whd_2');
    expect(orderingKey({ id: 'whd_3', entity_type: 'customer', entity_id: 'tran_a' })).not.toBe(orderingKey(d('whd_4', 'tran_a')));
  });

  it('starts the first delivery whose entity has nothing in flight', () => {
    const pending = [d('whd_1', 'tran_a'), d('whd_2', 'tran_b'), d('whd_3', 'tran_c')];
    expect(nextStartable(pending, new Set())).toBe(0);
    expect(nextStartable(pending, new Set(['transaction:tran_a']))).toBe(1);
    expect(nextStartable(pending, new Set(['transaction:tran_a', 'transaction:tran_b']))).toBe(2);
    expect(nextStartable(pending, new Set(['transaction:tran_a', 'transaction:tran_b', 'transaction:tran_c']))).toBe(-1);
  });

  it('never lets a later event of an entity overtake an earlier one still pending', () => {
    // tran_a's second event waits for its first, even when the first is not the one in flight.
    const pending = [d('whd_1', 'tran_b'), d('whd_2', 'tran_a'), d('whd_3', 'tran_a'), d('whd_4', 'tran_c')];
    expect(nextStartable(pending, new Set(['transaction:tran_b']))).toBe(1);
    expect(nextStartable(pending.slice(2), new Set(['transaction:tran_a']))).toBe(1);
  });

  it('orders events about no entity with nothing', () => {
    expect(nextStartable([d('whd_1', null), d('whd_2', null)], new Set(['whd_1']))).toBe(1);
  });
});
