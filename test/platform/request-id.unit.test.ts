import { newRequestId } from '../../src/http/request-id';

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';
const timeOf = (id: string) => [...id.slice(4, 14)].reduce((ms, c) => ms * 32 + CROCKFORD.indexOf(c), 0);

describe('newRequestId', () => {
  it('is req_ and 26 lower-case Crockford base32 characters, a ULID: its first 10 are the time in ms', () => {
    const before = Date.now();
    const id = newRequestId();
    const after = Date.now();
    expect(id).toMatch(/^req_[0-9a-hjkmnp-tv-z]{26}$/);
    expect(timeOf(id)).toBeGreaterThanOrEqual(before);
    expect(timeOf(id)).toBeLessThanOrEqual(after);
  });

  it('never repeats, across many refills of its random pool', () => {
    const ids = Array.from({ length: 20_000 }, newRequestId);
    expect(new Set(ids).size).toBe(ids.length);
    // Every character of the alphabet shows up in the random part.
    expect(new Set(ids.flatMap((id) => [...id.slice(14)])).size).toBe(32);
  });
});
