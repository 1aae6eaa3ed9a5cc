import { ulid } from 'ulid';
import { idFloorAt, newCapabilityId, newId } from '../../src/shared/ids';

/**
 * Ids that open something on their own (a buyer's checkout session, a payment's Pix or boleto
 * page, a card token) are capabilities: a neighbour's id must tell nothing about them.
 */
describe('newCapabilityId', () => {
  const burst = Array.from({ length: 5000 }, () => newCapabilityId('cs'));

  it('is <prefix>_ and 26 lower-case base32 characters (130 random bits), never repeating', () => {
    expect(new Set(burst).size).toBe(burst.length);
    for (const id of burst) expect(id).toMatch(/^cs_[a-z2-7]{26}$/);
  });

  it('is not time-ordered: ids minted in one burst do not share a prefix, unlike ULIDs', () => {
    const ulids = Array.from({ length: 1000 }, () => newId('cs'));
    const sharedLead = (ids: string[]) => new Set(ids.map((id) => id.slice(0, 3 + 8))).size;
    // ULIDs minted within milliseconds share their time part; capability ids spread over the whole space.
    expect(sharedLead(ulids)).toBeLessThan(10);
    expect(sharedLead(burst.slice(0, 1000))).toBe(1000);
  });

  it('is not sequential: no two ids of a burst differ by one in their last character as monotonic ULIDs do', () => {
    const sorted = [...burst].sort();
    const neighbours = sorted.filter((id, i) => i > 0 && id.slice(0, -1) === sorted[i - 1].slice(0, -1));
    expect(neighbours).toEqual([]);
  });

  it('uses every character position fully (each of the 32 symbols appears in each position over a burst)', () => {
    for (let pos = 3; pos < 3 + 26; pos++) {
      const symbols = new Set(burst.map((id) => id[pos]));
      // The last character carries 0 of 5 bits beyond the 130: every position still takes all 32 values.
      expect(symbols.size).toBe(32);
    }
  });
});

/** A bound for a range of ids by time (the webhook lanes' look-back): no id made at or after `ms` sorts below it, every id made before does. */
describe('idFloorAt', () => {
  it('sorts at or below every id made from its millisecond on, above every id made before it', () => {
    const ms = Date.now();
    const floor = idFloorAt('evt', ms);
    expect(floor).toMatch(/^evt_[0-9a-z]{10}$/);
    const atOrAfter = [ms, ms + 1, ms + 60_000].map((t) => `evt_${ulid(t).toLowerCase()}`);
    const before = [ms - 1, ms - 60_000].map((t) => `evt_${ulid(t).toLowerCase()}`);
    for (const id of atOrAfter) expect(id > floor).toBe(true);
    for (const id of before) expect(id < floor).toBe(true);
    expect(newId('evt') > idFloorAt('evt', Date.now() - 1)).toBe(true);
  });
});
