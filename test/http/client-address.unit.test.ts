import { clientAddressKey } from '../../src/http/client-address';

/** The key every per-address limit counts under (docs/security.md, "Limits that limit the right people"). */
describe('clientAddressKey', () => {
  it('is an IPv4 address itself', () => {
    expect(clientAddressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('203.0.113.10')).toBe('203.0.113.10');
  });

  it('is the IPv4 address of an IPv4-mapped IPv6 address, dotted or in hex', () => {
    expect(clientAddressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('::FFFF:127.0.0.1')).toBe('127.0.0.1');
    expect(clientAddressKey('::ffff:cb00:7109')).toBe('203.0.113.9');
    expect(clientAddressKey('0:0:0:0:0:ffff:cb00:7109')).toBe('203.0.113.9');
  });

  it('is the /64 of an IPv6 address: every address a subscriber can pick is one key', () => {
    const key = '2001:db8:0:7::/64';
    for (const address of ['2001:db8:0:7::1', '2001:db8:0:7:ffff:ffff:ffff:ffff', '2001:0db8:0000:0007:a1b2:c3d4:e5f6:0001', '2001:DB8:0:7:0:0:0:2', '2001:db8:0:7:1:2:3:4']) {
      expect(clientAddressKey(address)).toBe(key);
    }
    expect(clientAddressKey('2001:db8:0:8::1')).toBe('2001:db8:0:8::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('2001:db8:0:7::203.0.113.9')).toBe(key);
  });

  it('ignores the zone of a link-local address', () => {
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('leaves anything that is not an address as it is', () => {
    expect(clientAddressKey('')).toBe('');
    expect(clientAddressKey('unknown')).toBe('unknown');
    expect(clientAddressKey('2001:db8::g')).toBe('2001:db8::g');
  });
});
