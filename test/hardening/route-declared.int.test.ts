import { MAX_KYC_FILE_BYTES } from '../../src/recipients/kyc-files';
import { JPEG, sellerBody } from '../recipients/fixtures';
import { useTestStack } from '../helpers/stack';

/**
 * Route-declared body limits: recipient writes carry KYC files inline (base64, 5 MiB each
 * decoded), so with the default 1 MB BODY_LIMIT a large file is answered by the 5 MiB rule
 * naming the file, while every other route keeps the 1 MB limit.
 */

const t = useTestStack({ companies: ['Acme'] });

/** A JPEG of `bytes` bytes (the real signature, then padding), as base64. */
const jpegOf = (bytes: number): string => Buffer.concat([JPEG, Buffer.alloc(bytes - JPEG.length, 1)] as unknown as Uint8Array[]).toString('base64');

describe('recipient KYC files over the 1 MB default body limit', () => {
  it('accepts a 4 MiB selfie inline (the body is over 5 MB of JSON)', async () => {
    const res = await t.stack.http.post('/recipients').set(t.company.Acme.headers).send({ ...sellerBody(), files: { selfie: jpegOf(4 * 1024 * 1024) } });
    expect(res.status).toBe(201);
  });

  it('answers a file over 5 MiB with the 5 MiB rule naming the file, not a bare 413', async () => {
    const res = await t.stack.http.post('/recipients').set(t.company.Acme.headers).send({ ...sellerBody(), files: { selfie: jpegOf(MAX_KYC_FILE_BYTES + 1024) } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'files.selfie', message: 'File is larger than 5 MiB' })]);
  });

  it('applies the same rule on PUT /recipients/:id', async () => {
    const created = await t.stack.http.post('/recipients').set(t.company.Acme.headers).send(sellerBody());
    expect(created.status).toBe(201);
    const res = await t.stack.http
      .put(`/v1/recipients/${created.body.id}`)
      .set(t.company.Acme.headers)
      .send({ files: { identificationDocument: jpegOf(MAX_KYC_FILE_BYTES + 1024) } });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'files.identificationDocument', message: 'File is larger than 5 MiB' })]);
  });

  it('keeps the 1 MB limit on other routes', async () => {
    const res = await t.stack.http
      .post('/customers')
      .set(t.company.Acme.headers)
      .send({ name: 'Big', email: 'big@example.com', document: '52998224725', metadata: { note: 'x'.repeat(2 * 1024 * 1024) } });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });
});

describe('card tokenization: CORS applied before validation', () => {
  const origin = 'https://shop.example.com';

  it('documents the body in OpenAPI (the registry validates it)', async () => {
    const doc = (await t.stack.http.get('/openapi.json')).body;
    const body = doc.paths['/v1/tokens/cards'].post.requestBody;
    expect(body.required ?? true).toBeTruthy();
    expect(JSON.stringify(body.content['application/json'].schema)).toMatch(/card|CreateCardToken/);
  });

  it('lets the page read a 400 for a malformed JSON body and for an unknown field', async () => {
    const malformed = await t.stack.http.post('/v1/tokens/cards').set('Origin', origin).set('Content-Type', 'application/json').send('{"companyId":');
    expect(malformed.status).toBe(400);
    expect(malformed.headers['access-control-allow-origin']).toBe(origin);
    const unknown = await t.stack.http.post('/v1/tokens/cards').set('Origin', origin).send({ companyId: t.company.Acme.company.id, card: {}, extra: 1 });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body.error.details)).toContain("Unknown field 'extra'");
    expect(unknown.headers['access-control-allow-origin']).toBe(origin);
  });
});
