import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { generateWebhookSecret, signatureHeaders } from '../../src/webhooks/webhook-signature';

/**
 * The verification snippet merchants copy from docs/webhooks.md, run as written against
 * Lastro's signer, so the page cannot drift from what is sent.
 */
type Verify = (rawBody: string, headers: Record<string, string | undefined>, secret: string, nowMs?: number) => boolean;

function loadSnippet(): Verify {
  const doc = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'webhooks.md'), 'utf8');
  const code = doc.split('docs-snippet.unit.test.ts. -->\n```ts\n')[1].split('\n```')[0];
  const js = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const module = { exports: {} as { verifyLastroWebhook: Verify } };
  new Function('require', 'module', 'exports', js)(require, module, module.exports);
  return module.exports.verifyLastroWebhook;
}

const verify = loadSnippet();
const body = JSON.stringify({ id: 'evt_1', event: 'customer.created', data: { id: 'cust_1' } });
const now = Date.now();
const ts0 = Math.floor(now / 1000);

describe('the docs verification snippet', () => {
  it.each([
    ['a generated whsec_ secret', generateWebhookSecret()],
    ['a merchant-supplied secret', 'merchant-secret-ção'],
  ])('verifies %s', (_label, secret) => {
    const headers = signatureHeaders([secret], 'evt_1', ts0, body);
    expect(verify(body, headers, secret, now)).toBe(true);
    expect(verify(body.replace('cust_1', 'cust_2'), headers, secret, now)).toBe(false);
    expect(verify(body, headers, 'another-secret', now)).toBe(false);
    expect(verify(body, headers, secret, now + 10 * 60 * 1000)).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['unset', undefined as unknown as string],
    ['a whsec_ with nothing base64 in it', 'whsec_!!!!'],
  ])('refuses to verify with a secret that is %s, even a signature made for the empty key it would give', (_label, secret) => {
    const headers = signatureHeaders(['whsec_'], 'evt_1', ts0, body);
    expect(() => verify(body, headers, secret, now)).toThrow('The Lastro webhook secret is missing or malformed');
  });

  it('accepts either signature during a rotation', () => {
    const headers = signatureHeaders(['new-secret-1', 'old-secret-1'], 'evt_1', ts0, body);
    expect(verify(body, headers, 'old-secret-1', now)).toBe(true);
    expect(verify(body, headers, 'new-secret-1', now)).toBe(true);
  });
});
