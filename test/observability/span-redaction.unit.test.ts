import { allRoutes } from '../../src/routes';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { redactPath, redactUrl } from '../../src/observability/redaction/urls';
import { RedactingSpanExporter } from '../../src/observability/tracing/redaction';

/**
 * Every span leaves through RedactingSpanExporter: what the pg and http instrumentations and
 * Temporal's interceptors record is exported without values, tokens or query values.
 */
const TOKEN = 'kyc_9f8e7d6c5b4a39281706';

describe('the one rule for paths and URLs (the access log and the spans)', () => {
  it.each([
    [`/kyc/${TOKEN}`, '/kyc/[redacted]'],
    [`/kyc/${TOKEN}/files/selfie`, '/kyc/[redacted]/files/selfie'],
    ['/kyc/assets/kyc.js', '/kyc/assets/kyc.js'],
    ['/refunds/bank-details/rbd_secret', '/refunds/bank-details/[redacted]'],
    ['/pay/cs_123', '/pay/[redacted]'],
    ['/checkout/public/sessions/cs_123/confirm', '/checkout/public/sessions/[redacted]/confirm'],
    ['/pix/pay_1/qrcode.png', '/pix/[redacted]/qrcode.png'],
    ['/boletos/pay_1', '/boletos/[redacted]'],
    ['/processors/pix/callbacks/default/s3cr3t/pix', '/processors/pix/callbacks/default/[redacted]/pix'],
    ['/processors/cards/callbacks/pcn_1/s3cr3t', '/processors/cards/callbacks/pcn_1/[redacted]'],
    ['/processors/boletos/callbacks/default/s3cr3t', '/processors/boletos/callbacks/default/[redacted]'],
    ['/processors/payouts/callbacks/default/s3cr3t/pix', '/processors/payouts/callbacks/default/[redacted]/pix'],
    ['/v1/customers/cus_1', '/v1/customers/cus_1'],
  ])('%s → %s', (path, expected) => {
    expect(redactPath(path)).toBe(expected);
    expect(redactUrl(`http://api.lastro.test:3000${path}`)).toBe(`http://api.lastro.test:3000${expected}`);
  });

  it("every route with a :secret in its path has it redacted (a new rail's callback route cannot leak its secret)", () => {
    const withSecret = allRoutes().filter((r) => r.path.includes(':secret'));
    expect(withSecret.length).toBeGreaterThan(0);
    for (const route of withSecret) {
      const path = route.path.replace(':secret', 'S3CR3T').replace(/:[A-Za-z]+/g, 'x');
      expect(redactPath(path)).not.toContain('S3CR3T');
    }
  });

  it('replaces every query value and drops the fragment', () => {
    expect(redactUrl(`/kyc/${TOKEN}?token=${TOKEN}&lang=pt#x`)).toBe('/kyc/[redacted]?token=[redacted]&lang=[redacted]');
    expect(redactUrl('https://h/v1/customers?document=52998224725&email=a%40b.com&flag')).toBe('https://h/v1/customers?document=[redacted]&email=[redacted]&[redacted]');
  });
});

describe('a span on its way out', () => {
  const exported = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(new RedactingSpanExporter(exported))] });
  const tracer = provider.getTracer('test');
  afterEach(() => exported.reset());

  it('keeps a statement\'s placeholders only, and drops recorded parameter values', () => {
    const span = tracer.startSpan('pg.query:INSERT lastro', {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system': 'postgresql',
        'db.statement': `insert into "webhooks" ("secret", "url") values ('whsec_c4n4ry', 'https://x.test/h?t=1')`,
        'db.query.text': `select 1 where a = 'whsec_c4n4ry'`,
        'db.postgresql.values': ['whsec_c4n4ry'],
        'db.query.parameter.0': 'whsec_c4n4ry',
      },
    });
    span.setStatus({ code: SpanStatusCode.ERROR, message: 'invalid input syntax for type uuid: "whsec_c4n4ry"' });
    span.end();
    const [out] = exported.getFinishedSpans();
    expect(out.attributes['db.statement']).toBe('insert into "webhooks" ("secret", "url") values (?, ?)');
    expect(out.attributes['db.query.text']).toBe('select ? where a = ?');
    expect(JSON.stringify({ attributes: out.attributes, status: out.status })).not.toContain('c4n4ry');
    expect(out.status.message).toBe('invalid input syntax for type uuid: "?"');
  });

  it('redacts the credential segment and query values of every URL-bearing attribute and of the name', () => {
    const span = tracer.startSpan(`GET /kyc/${TOKEN}`, {
      kind: SpanKind.SERVER,
      attributes: {
        'http.url': `http://127.0.0.1:3000/kyc/${TOKEN}?t=${TOKEN}`,
        'http.target': `/kyc/${TOKEN}?t=${TOKEN}`,
        'url.full': `http://127.0.0.1:3000/refunds/bank-details/${TOKEN}`,
        'url.path': `/pay/${TOKEN}`,
        'url.query': `token=${TOKEN}`,
        'http.route': '/kyc/:token',
        'http.method': 'GET',
        'net.peer.ip': '2001:db8::1234',
        'http.client_ip': '203.0.113.77',
        'client.address': '203.0.113.77',
        'http.user_agent': 'Mozilla/5.0 (Maria)',
      },
    });
    span.end();
    const [out] = exported.getFinishedSpans();
    expect(JSON.stringify(out.attributes) + out.name).not.toContain(TOKEN);
    // The caller's address and user agent are personal data: they do not leave either.
    expect(JSON.stringify(out.attributes)).not.toMatch(/2001:db8|203\.0\.113|Maria/);
    expect(out.attributes['http.route']).toBe('/kyc/:token');
    expect(out.name).toBe('GET /kyc/[redacted]');
    expect(out.attributes).toMatchObject({
      'http.url': 'http://127.0.0.1:3000/kyc/[redacted]?t=[redacted]',
      'http.target': '/kyc/[redacted]?t=[redacted]',
      'url.full': 'http://127.0.0.1:3000/refunds/bank-details/[redacted]',
      'url.path': '/pay/[redacted]',
      'url.query': 'token=[redacted]',
      'http.route': '/kyc/:token',
      'http.method': 'GET',
    });
    // The exported span is still the span: its context and timing are the original's.
    expect(out.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(out.duration).toEqual(expect.any(Array));
  });

  it('takes the values out of a database exception recorded on a span', () => {
    const span = tracer.startSpan('RunActivity:x');
    const err = Object.assign(new Error(`insert into "customers" ("document") values ('52998224725') - duplicate key value violates unique constraint "customers_pkey"\n - detail: Key (document)=(52998224725) already exists.`), { name: 'UniqueConstraintViolationException' });
    span.recordException(err);
    span.end();
    const [out] = exported.getFinishedSpans();
    expect(JSON.stringify(out.events)).not.toContain('52998224725');
    expect(out.events[0].attributes?.['exception.message']).toBe('insert into "customers" ("document") values (?) - duplicate key value violates unique constraint "customers_pkey"');
  });
});
