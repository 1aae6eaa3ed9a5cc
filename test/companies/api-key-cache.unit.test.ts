import { ApiKeyCache, type ApiKeyAuth } from '../../src/companies/api-key-cache';
import { DEFAULT_COMPANY_SETTINGS } from '../../src/companies/company.entity';

function auth(companyId: string, keyId = `key_${companyId}`): ApiKeyAuth {
  const at = new Date(0);
  return { keyId, company: { id: companyId, tenantId: `ten_${companyId}`, name: companyId, mode: 'sandbox', settings: DEFAULT_COMPANY_SETTINGS, createdAt: at, updatedAt: at, deletedAt: null } };
}

function cache(maxEntries?: number) {
  let now = 1_000;
  const c = new ApiKeyCache(() => now, maxEntries);
  return { c, advance: (ms: number) => (now += ms) };
}

describe('ApiKeyCache', () => {
  it('keeps an answer for the TTL counted from when its lookup started', () => {
    const { c, advance } = cache();
    const ticket = c.ticket();
    advance(30); // the lookup's statement took 30 ms
    c.set('h', auth('a'), ticket, 100);
    advance(69);
    expect(c.get('h')?.company.id).toBe('a');
    advance(1);
    expect(c.get('h')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('keeps nothing with a TTL of 0', () => {
    const { c } = cache();
    c.set('h', auth('a'), c.ticket(), 0);
    expect(c.get('h')).toBeUndefined();
  });

  it('forgets a key, and drops the answer of a lookup that was running when it did', () => {
    const { c } = cache();
    c.set('h', auth('a'), c.ticket(), 100);
    const running = c.ticket();
    c.forgetKey('h');
    expect(c.get('h')).toBeUndefined();
    c.set('h', auth('a'), running, 100);
    expect(c.get('h')).toBeUndefined();
    c.set('h', auth('a'), c.ticket(), 100);
    expect(c.get('h')?.keyId).toBe('key_a');
  });

  it("forgets every key of a company and only those, and voids the lookups running", () => {
    const { c } = cache();
    c.set('a1', auth('a', 'key_1'), c.ticket(), 100);
    c.set('a2', auth('a', 'key_2'), c.ticket(), 100);
    c.set('b1', auth('b'), c.ticket(), 100);
    const running = c.ticket();
    c.forgetCompany('a');
    expect([c.get('a1'), c.get('a2'), c.get('b1')?.company.id]).toEqual([undefined, undefined, 'b']);
    c.set('b2', auth('b', 'key_3'), running, 100);
    expect(c.get('b2')).toBeUndefined();
  });

  it('stays within its size: expired answers go first, then the oldest', () => {
    const { c, advance } = cache(3);
    c.set('old', auth('a', 'k1'), c.ticket(), 10);
    c.set('second', auth('a', 'k2'), c.ticket(), 1_000);
    c.set('third', auth('a', 'k3'), c.ticket(), 1_000);
    advance(20);
    c.set('fourth', auth('a', 'k4'), c.ticket(), 1_000);
    expect(['old', 'second', 'third', 'fourth'].map((h) => c.get(h)?.keyId)).toEqual([undefined, 'k2', 'k3', 'k4']);
    c.set('fifth', auth('a', 'k5'), c.ticket(), 1_000);
    expect(c.size).toBe(3);
    expect(['second', 'third', 'fourth', 'fifth'].map((h) => c.get(h)?.keyId)).toEqual([undefined, 'k3', 'k4', 'k5']);
  });
});
