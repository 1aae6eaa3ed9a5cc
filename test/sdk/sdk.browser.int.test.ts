import type { Browser, Page } from 'playwright-core';
import { Company } from '../../src/companies/company.entity';
import { cardBody, newRecipient } from '../payments/fixtures';
import { launchChromium } from '../recipients/browser';
import { startTestStack, type SeededCompany, type TestStack } from '../helpers/stack';
import { validCard } from '../cards/fixtures';
import { localServer } from './servers';

/**
 * The SDK in headless Chromium, loaded by script tag from the sandbox page Lastro serves.
 * The page is opened on 127.0.0.1 and the SDK talks to `localhost`: another origin, so
 * every call goes through the real CORS preflight, as on a merchant's site.
 */

let stack: TestStack;
let acme: SeededCompany;
let browser: Browser;
let page: Page;
let crossOriginApi: string;

beforeAll(async () => {
  stack = await startTestStack();
  acme = await stack.seedCompany('Acme');
  // A paid transaction needs someone to receive it: the company's owner recipient.
  await newRecipient(stack, acme, { role: 'owner' });
  crossOriginApi = stack.baseUrl.replace('127.0.0.1', 'localhost');
  browser = await launchChromium();
  page = await browser.newPage();
  const res = await page.goto(`${stack.baseUrl}/sandbox/sdk`);
  expect(res?.status()).toBe(200);
  await page.waitForFunction(() => 'Lastro' in window && 'LastroModule' in window);
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

interface Outcome {
  tokenId?: string;
  message?: string;
  status?: number;
  isError?: boolean;
}

/** Tokenizes in the page with the script-tag SDK (or the ES module) and reports the outcome. */
function tokenizeInPage(options: { companyId: string; apiUrl: string; timeout?: number }, card: Record<string, unknown>, via: 'script' | 'module' = 'script'): Promise<Outcome> {
  return page.evaluate(
    async ({ options, card, via }) => {
      const Card = via === 'script' ? (window as any).Lastro.Card : (window as any).LastroModule.Card;
      try {
        return await new Card(options).createCardToken(card);
      } catch (err: any) {
        return { message: err.message, status: err.status, isError: err instanceof Error };
      }
    },
    { options, card, via },
  );
}

describe('the SDK in Chromium', () => {
  it('tokenizes with the public companyId across origins; the merchant\'s server then pays with the token, once', async () => {
    const outcome = await tokenizeInPage({ companyId: acme.company.id, apiUrl: crossOriginApi }, validCard());
    expect(outcome).toEqual({ tokenId: expect.stringMatching(/^tok_/) });
    const paid = await stack.http.post('/v1/transactions').set(acme.headers).send(cardBody(outcome.tokenId!, 5_000));
    expect({ status: paid.status, state: paid.body.status }).toEqual({ status: 201, state: 'paid' });
    const again = await stack.http.post('/v1/transactions').set(acme.headers).send(cardBody(outcome.tokenId!, 5_000));
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('card_token_invalid');
  });

  it('is refused from a page the company does not allow, and works once the page is allowed', async () => {
    const shop = await stack.seedCompany('Shop');
    const em = stack.em();
    const company = await em.findOneOrFail(Company, { id: shop.company.id });
    company.settings = { ...company.settings, allowedOrigins: ['https://shop.example'] };
    await em.flush();
    // No CORS headers for this page: the browser hides the answer, so no response "arrived".
    const refused = await tokenizeInPage({ companyId: shop.company.id, apiUrl: crossOriginApi }, validCard());
    expect(refused).toMatchObject({ status: 0, isError: true });
    expect(refused.message).not.toBe('Failed to generate any tokens');

    company.settings = { ...company.settings, allowedOrigins: ['https://shop.example', stack.baseUrl] };
    await em.flush();
    expect((await tokenizeInPage({ companyId: shop.company.id, apiUrl: crossOriginApi }, validCard())).tokenId).toMatch(/^tok_/);
  });

  it('works the same from the ES module', async () => {
    const outcome = await tokenizeInPage({ companyId: acme.company.id, apiUrl: crossOriginApi }, validCard({ number: '5555555555554444' }), 'module');
    expect(outcome.tokenId).toMatch(/^tok_/);
  });

  it('rejects a bad card with exactly "Failed to generate any tokens"', async () => {
    for (const card of [validCard({ number: '4111111111111112' }), validCard({ expiration: '01/2020' }), validCard({ cvv: '1' })]) {
      expect(await tokenizeInPage({ companyId: acme.company.id, apiUrl: crossOriginApi }, card)).toEqual({
        message: 'Failed to generate any tokens',
        isError: true,
      });
    }
  });

  it('rejects a wrong companyId with exactly "Failed to generate any tokens"', async () => {
    for (const companyId of ['comp_00000000000000000000000000', 'acme']) {
      expect(await tokenizeInPage({ companyId, apiUrl: crossOriginApi }, validCard())).toEqual({ message: 'Failed to generate any tokens', isError: true });
    }
  });

  it('gives up with exactly "Timeout" when the API never answers', async () => {
    const silent = await localServer();
    try {
      const started = Date.now();
      const outcome = await tokenizeInPage({ companyId: acme.company.id, apiUrl: silent.url, timeout: 300 }, validCard());
      expect(outcome).toEqual({ message: 'Timeout', isError: true });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(silent.requests.length).toBeGreaterThan(0);
    } finally {
      await silent.close();
    }
  });

  it('tokenizes through the sandbox page form', async () => {
    const form = await browser.newPage();
    try {
      await form.goto(`${stack.baseUrl}/sandbox/sdk?companyId=${acme.company.id}&apiUrl=${encodeURIComponent(crossOriginApi)}`);
      await form.fill('input[name=expiration]', validCard().expiration as string);
      await form.click('button[type=submit]');
      await form.waitForFunction(() => /tokenId|Error/.test(document.getElementById('result')?.textContent ?? ''));
      expect(await form.textContent('#result')).toMatch(/"tokenId": "tok_/);
    } finally {
      await form.close();
    }
  });
});
