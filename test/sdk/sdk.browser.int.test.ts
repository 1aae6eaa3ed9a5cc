import type { Browser, Page } from 'playwright-core';
import { Company } from '../../src/companies/company.entity';
import { cardBody, newRecipient } from '../payments/fixtures';
import { launchChromium } from '../recipients/browser';
import { startTestStack, type SeededCompany, type TestStack } from '../helpers/stack';
import { validCard } from '../cards/fixtures';
import { heldServer } from '../helpers/held-server';

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

  // A page of its own with a paused fake clock (Playwright's): the page's time moves only when
  // the test moves it, so the API holds the request before the timeout can fire, however slow
  // the machine, and the test can tell 299 ms (still waiting) from 300 ms ("Timeout").
  it('gives up with exactly "Timeout" after `timeout` ms of the page\'s clock when the API never answers', async () => {
    const silent = await heldServer();
    const clocked = await browser.newPage();
    try {
      const start = Date.parse('2030-01-01T00:00:00Z');
      await clocked.clock.install({ time: start });
      await clocked.goto(`${stack.baseUrl}/sandbox/sdk`);
      await clocked.waitForFunction(() => 'Lastro' in window);
      await clocked.clock.pauseAt(start + 3_600_000);
      await clocked.evaluate(
        ({ options, card }) => {
          const w = window as any;
          w.outcome = undefined;
          new w.Lastro.Card(options).createCardToken(card).then(
            (token: unknown) => (w.outcome = token),
            (err: any) => (w.outcome = { message: err.message, isError: err instanceof Error }),
          );
        },
        { options: { companyId: acme.company.id, apiUrl: silent.url, timeout: 300 }, card: validCard() },
      );
      await silent.first; // the request is at the API (another origin: its CORS preflight), held
      const outcome = async () => clocked.evaluate(() => new Promise((resolve) => {
        // A macrotask outside the fake clock: the promise reactions of a fired timer have run.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve((window as any).outcome ?? 'waiting');
        channel.port2.postMessage(null);
      }));
      await clocked.clock.runFor(299);
      expect(await outcome()).toBe('waiting');
      await clocked.clock.runFor(1);
      expect(await outcome()).toEqual({ message: 'Timeout', isError: true });
    } finally {
      await clocked.close();
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
