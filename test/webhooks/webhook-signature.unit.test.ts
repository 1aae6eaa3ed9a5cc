import { createHmac } from 'node:crypto';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { checkSuppliedSecret, generateWebhookSecret, signatureHeaders, signPayload } from '../../src/webhooks/webhook-signature';

const id = 'evt_01jd0000000000000000000000';
const body = JSON.stringify({ id, event: 'customer.created', data: { id: 'cust_1' } });

describe('webhook signatures', () => {
  it('generates whsec_ secrets of 32 random bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
  });

  it('signs a generated secret so that a Standard Webhooks library verifies it', () => {
    const secret = generateWebhookSecret();
    const ts = Math.floor(Date.now() / 1000);
    const headers = signatureHeaders([secret], id, ts, body);
    expect(new StandardWebhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('uses a merchant-supplied secret as its UTF-8 bytes', () => {
    const secret = 'my-shared-secret-ção';
    const ts = 1767225600;
    const expected = createHmac('sha256', secret).update(`${id}.${ts}.${body}`).digest('base64');
    expect(signPayload(secret, id, ts, body)).toBe(`v1,${expected}`);
  });

  it("signs with each secret's own key, however many secrets were signed with in between", () => {
    const expected = (secret: string) => `v1,${createHmac('sha256', secret).update(`${id}.1767225600.${body}`).digest('base64')}`;
    const first = 'first-secret-123';
    expect(signPayload(first, id, 1767225600, body)).toBe(expected(first));
    for (let n = 0; n < 1_100; n++) expect(signPayload(`secret-number-${n}`, id, 1767225600, body)).toBe(expected(`secret-number-${n}`));
    expect(signPayload(first, id, 1767225600, body)).toBe(expected(first));
  });

  it('sends one signature per secret during a rotation, space-separated', () => {
    const [a, b] = [generateWebhookSecret(), 'old-secret-123'];
    const headers = signatureHeaders([a, b], id, 1767225600, body);
    expect(headers['webhook-signature'].split(' ')).toEqual([signPayload(a, id, 1767225600, body), signPayload(b, id, 1767225600, body)]);
    expect(headers).toMatchObject({ 'webhook-id': id, 'webhook-timestamp': '1767225600' });
  });

  it('accepts a supplied whsec_ secret only when it really is base64 of 24-64 bytes', () => {
    expect(checkSuppliedSecret('plain-secret')).toBeNull();
    expect(checkSuppliedSecret(generateWebhookSecret())).toBeNull();
    expect(checkSuppliedSecret('whsec_short')).toMatch(/base64/);
    expect(checkSuppliedSecret('whsec_!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!')).toMatch(/base64/);
  });
});
