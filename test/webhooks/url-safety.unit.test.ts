import { checkWebhookUrlSyntax, classifyAddress, classifyHostname, formatIPv4, parseIPv4, parseIPv6 } from '../../src/webhooks/url-safety.rules';

describe('parseIPv4 (inet_aton forms)', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['169.254.43518', '169.254.169.254'],
    ['0', '0.0.0.0'],
    ['10.0x0.0.1', '10.0.0.1'],
  ])('%s is %s', (text, expected) => {
    expect(formatIPv4(parseIPv4(text)!)).toBe(expected);
  });

  it.each(['256.0.0.1', '1.2.3.4.5', '1..2', 'example.com', '08.0.0.1', '4294967296', '', '1.2.3.'])('%s is not an IPv4 address', (text) => {
    expect(parseIPv4(text)).toBeNull();
  });
});

describe('parseIPv6', () => {
  it.each([
    ['::1', [0, 0, 0, 0, 0, 0, 0, 1]],
    ['[::1]', [0, 0, 0, 0, 0, 0, 0, 1]],
    ['::', [0, 0, 0, 0, 0, 0, 0, 0]],
    ['::ffff:127.0.0.1', [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]],
    ['::ffff:7f00:1', [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]],
    ['64:ff9b::10.0.0.1', [0x64, 0xff9b, 0, 0, 0, 0, 0x0a00, 1]],
    ['2606:4700::1111', [0x2606, 0x4700, 0, 0, 0, 0, 0, 0x1111]],
    ['1:2:3:4:5:6:7:8', [1, 2, 3, 4, 5, 6, 7, 8]],
  ])('%s', (text, hextets) => {
    expect(parseIPv6(text)).toEqual(hextets);
  });

  it.each(['1:2:3:4:5:6:7:8:9', ':::', '1::2::3', 'fe80::1%eth0', 'g::1', '::ffff:0177.0.0.1', '1:2'])('%s is not an IPv6 address', (text) => {
    expect(parseIPv6(text)).toBeNull();
  });
});

describe('classifyAddress', () => {
  it.each([
    '127.0.0.1', '127.255.255.254', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '0.0.0.0', '0.1.2.3',
    '100.64.0.1', '100.100.100.200', '169.254.169.254', '224.0.0.1', '255.255.255.255', '198.18.0.1', '192.0.2.1',
    '2130706433', '0x7f.1', '127.1', '0177.0.0.1',
    '::1', '::', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:8.8.8.8', '::127.0.0.1', '64:ff9b::7f00:1', '64:ff9b::808:808',
    'fc00::1', 'fd00:ec2::254', 'fe80::1', 'ff02::1', '2001:db8::1', '2001:0:4136:e378::1', '2002:7f00:1::1', '100::1',
  ])('refuses %s', (address) => {
    const r = classifyAddress(address);
    expect(r.ok).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '93.184.216.34', '2606:4700:4700::1111', '2002:808:808::1'])('accepts %s', (address) => {
    expect(classifyAddress(address)).toEqual({ ok: true });
  });

  it('explains the refusal', () => {
    expect(classifyAddress('169.254.169.254')).toEqual({ ok: false, reason: '169.254.169.254 is link-local / cloud metadata (169.254.0.0/16)' });
  });
});

describe('classifyHostname', () => {
  it.each(['localhost', 'LOCALHOST'.toLowerCase(), 'api.localhost', 'metadata.google.internal', 'metadata', 'printer.local', 'db.internal', 'localhost.'])('refuses %s', (host) => {
    expect(classifyHostname(host).ok).toBe(false);
  });
  it.each(['example.com', 'hooks.merchant.com.br', 'localhost-shop.com'])('accepts %s', (host) => {
    expect(classifyHostname(host)).toEqual({ ok: true });
  });
});

describe('checkWebhookUrlSyntax', () => {
  const allowlist = ['127.0.0.1:9999'];
  it.each([
    ['http://example.com/hook', 'https'],
    ['ftp://example.com/hook', 'scheme ftp'],
    ['file:///etc/passwd', 'scheme file'],
    ['javascript:alert(1)', 'scheme javascript'],
    ['not a url', 'not a valid'],
    ['https://user:pw@example.com/', 'credentials'],
    ['https://localhost/hook', 'local name'],
    ['https://127.0.0.1/hook', 'loopback'],
    ['https://2130706433/hook', 'loopback'],
    ['https://0x7f.1/hook', 'loopback'],
    ['https://127.1/hook', 'loopback'],
    ['https://0177.0.0.1/hook', 'loopback'],
    ['https://[::1]/hook', 'loopback'],
    ['https://[::ffff:127.0.0.1]/hook', 'IPv4-mapped'],
    ['https://[64:ff9b::a9fe:a9fe]/hook', 'NAT64'],
    ['https://[fd00::1]/hook', 'unique-local'],
    ['https://[fe80::1]/hook', 'link-local'],
    ['https://169.254.169.254/latest/meta-data', 'metadata'],
    ['https://metadata.google.internal/computeMetadata/v1', 'metadata'],
    ['https://10.0.0.1/', 'private'],
    ['https://0.0.0.0/', 'this network'],
    ['https://100.64.0.1/', 'carrier-grade'],
    ['http://127.0.0.1:9998/hook', 'https'],
    ['https://127.0.0.1:9998/hook', 'loopback'],
  ])('refuses %s', (url, reason) => {
    const r = checkWebhookUrlSyntax(url, allowlist);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain(reason);
  });

  it('accepts an exact allowlisted host:port over http, and nothing else on that host', () => {
    expect(checkWebhookUrlSyntax('http://127.0.0.1:9999/hook', allowlist)).toMatchObject({ ok: true, parsed: { allowlisted: true, hostPort: '127.0.0.1:9999' } });
    expect(checkWebhookUrlSyntax('https://example.com/hook', allowlist)).toMatchObject({ ok: true, parsed: { allowlisted: false, hostPort: 'example.com:443' } });
  });
});
