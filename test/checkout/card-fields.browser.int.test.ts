import type { Browser, Frame, Page } from 'playwright-core';
import { Company } from '../../src/companies/company.entity';
import { cardBody, newRecipient } from '../payments/fixtures';
import { launchChromium } from '../recipients/browser';
import { startTestStack, type SeededCompany, type TestStack } from '../helpers/stack';
import { localServer, type LocalServer } from '../sdk/servers';

/**
 * Hosted card fields in headless Chromium: a merchant's page on one origin (127.0.0.1) mounts
 * `Lastro.fields(…)` from the SDK served by Lastro on another (localhost). The buyer types the
 * card into Lastro's iframe; the merchant's page gets a token it pays with, and cannot read
 * the number, neither from the frame nor from any message it receives.
 */

const NUMBER = '4111111111111111';
const EXPIRY = `12${String((new Date().getUTCFullYear() + 3) % 100)}`;

let stack: TestStack;
let acme: SeededCompany;
let browser: Browser;
let lastro: string;
let shop: LocalServer;
let thirdParty: LocalServer;

/** The merchant's page: the SDK by script tag, a mount point, and a record of every message the page receives. */
const merchantPage = (extra = ''): string => `<!doctype html><html><head><meta charset="utf-8">
<script src="${lastro}/sdk/lastro.js"></script></head><body>
<h1>Shop checkout</h1><div id="card"></div>${extra}
<script>
  window.received = [];
  window.addEventListener('message', (e) => window.received.push({ origin: e.origin, data: JSON.stringify(e.data) }));
</script></body></html>`;

let pageHtml = '';
beforeAll(async () => {
  stack = await startTestStack();
  acme = await stack.seedCompany('Acme');
  await newRecipient(stack, acme, { role: 'owner' });
  lastro = stack.baseUrl.replace('127.0.0.1', 'localhost');
  shop = await localServer((req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(pageHtml));
  // Another origin's frame on the merchant's page: it tries to drive the fields.
  thirdParty = await localServer((req, res) =>
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(`<!doctype html><script>
      const fields = parent.frames[0];
      fields.postMessage({ tag: 'lastro-card-fields', type: 'style', style: { base: { color: 'rgb(255, 0, 0)' } } }, '*');
      fields.postMessage({ tag: 'lastro-card-fields', type: 'clear' }, '*');
      fields.postMessage({ tag: 'lastro-card-fields', type: 'tokenize', requestId: 'stolen', holder: 'x', document: '52998224725' }, '*');
      window.addEventListener('message', (e) => parent.postMessage({ thirdPartyGot: JSON.stringify(e.data) }, '*'));
      parent.postMessage({ thirdPartyPosted: true }, '*');
    </script>`),
  );
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await thirdParty?.close();
  await stack?.close();
});

/** Opens the merchant's page and mounts the fields with `options`; resolves once they are ready. */
async function openShop(options: Record<string, unknown> = {}, company = acme, extra = ''): Promise<{ page: Page; frame: Frame }> {
  pageHtml = merchantPage(extra);
  const page = await browser.newPage();
  await page.goto(shop.url);
  await page.evaluate(
    ({ companyId, apiUrl, options }) =>
      new Promise<void>((resolve) => {
        const fields = (window as any).Lastro.fields({ companyId, apiUrl, ...options });
        (window as any).fields = fields;
        (window as any).changes = [];
        fields.on('change', (c: unknown) => (window as any).changes.push(c));
        fields.on('ready', () => resolve());
        fields.mount('#card');
      }),
    { companyId: company.company.id, apiUrl: lastro, options },
  );
  const frame = page.frames().find((f) => f.url().startsWith(`${lastro}/checkout/fields/card`))!;
  expect(frame).toBeDefined();
  return { page, frame };
}

async function typeCard(frame: Frame, card = { number: NUMBER, expiry: EXPIRY, cvv: '123' }): Promise<void> {
  await frame.locator('#number').pressSequentially(card.number);
  await frame.locator('#expiry').pressSequentially(card.expiry);
  await frame.locator('#cvv').pressSequentially(card.cvv);
}

const createToken = (page: Page) =>
  page.evaluate(async () => {
    try {
      return await (window as any).fields.createToken({ holder: 'Maria Silva', document: '529.982.247-25' });
    } catch (err: any) {
      return { message: err.message, details: err.details, status: err.status };
    }
  });

describe('hosted card fields', () => {
  it('tokenize inside Lastro\'s iframe; the merchant\'s page gets a token its server pays with, once', async () => {
    const { page, frame } = await openShop();
    await typeCard(frame);
    expect(await frame.locator('#number').inputValue()).toBe('4111 1111 1111 1111');
    const token = await createToken(page);
    expect(token).toEqual({ tokenId: expect.stringMatching(/^tok_/) });
    const paid = await stack.http.post('/v1/transactions').set(acme.headers).send(cardBody(token.tokenId, 5_000));
    expect({ status: paid.status, state: paid.body.status }).toEqual({ status: 201, state: 'paid' });
    expect(paid.body.payments[0].creditCard).toMatchObject({ first6: '411111', last4: '1111', holder: 'Maria Silva' });
    const again = await stack.http.post('/v1/transactions').set(acme.headers).send(cardBody(token.tokenId, 5_000));
    expect(again.body.error?.code).toBe('card_token_invalid');
    const changes = await page.evaluate(() => (window as any).changes);
    expect(changes[changes.length - 1]).toEqual({ complete: true, empty: false, brand: 'visa', errors: {} });
    await page.close();
  });

  it('the merchant\'s page cannot read the number: not from the frame, its own DOM, or any message it received', async () => {
    const { page, frame } = await openShop();
    await typeCard(frame);
    await createToken(page);
    const seen = await page.evaluate(() => {
      const iframe = document.querySelector('iframe')!;
      let windowDocument: string;
      try {
        windowDocument = String((iframe.contentWindow as any).document);
      } catch (err: any) {
        windowDocument = err.name;
      }
      return { contentDocument: iframe.contentDocument === null, windowDocument, html: document.documentElement.outerHTML, received: (window as any).received };
    });
    expect(seen.contentDocument).toBe(true);
    expect(seen.windowDocument).toBe('SecurityError');
    expect(seen.html).not.toContain('4111');
    expect(seen.received.length).toBeGreaterThan(3);
    for (const m of seen.received) {
      expect(m.origin).toBe(lastro);
      expect(m.data).not.toMatch(/4111|1111|\b123\b/);
    }
    await page.close();
  });

  it('ignore another origin\'s frame on the page: it can neither restyle, clear nor tokenize', async () => {
    const extra = `<iframe id="other" src="${thirdParty.url}"></iframe>`;
    const { page, frame } = await openShop({ style: { base: { color: 'rgb(0, 0, 128)' } } }, acme, '');
    await typeCard(frame);
    await page.evaluate((extra) => document.body.insertAdjacentHTML('beforeend', extra), extra);
    await page.waitForFunction(() => (window as any).received.some((m: { data: string }) => m.data.includes('thirdPartyPosted')));
    // A round trip of the parent's after the third party's messages: the fields had them first.
    expect(await createToken(page)).toEqual({ tokenId: expect.stringMatching(/^tok_/) });
    expect(await frame.locator('#number').inputValue()).toBe('4111 1111 1111 1111');
    expect(await frame.locator('#number').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(0, 0, 128)');
    const received = await page.evaluate(() => (window as any).received as Array<{ data: string }>);
    expect(received.filter((m) => m.data.includes('thirdPartyGot'))).toEqual([]);
    await page.close();
  });

  it('speak the buyer\'s language and take the merchant\'s style; incomplete fields name what is missing', async () => {
    const { page, frame } = await openShop({ locale: 'es', style: { base: { color: 'rgb(10, 20, 30)', fontSize: '18px', backgroundColor: 'url(https://evil.example/x.png)' }, invalid: { color: 'rgb(200, 0, 0)' } } });
    expect(await frame.locator('label[for=number]').innerText()).toMatch(/tarjeta/i);
    expect(await frame.locator('html').getAttribute('lang')).toBe('es-ES');
    const number = frame.locator('#number');
    expect(await number.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).fontSize, el.style.backgroundColor])).toEqual(['rgb(10, 20, 30)', '18px', '']);
    await number.pressSequentially('4111111111111112');
    expect(await number.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(200, 0, 0)');
    expect(await createToken(page)).toEqual({ message: 'Failed to generate any tokens', details: [{ path: 'card.number', message: 'invalid' }, { path: 'card.expiry', message: 'incomplete' }, { path: 'card.cvv', message: 'incomplete' }] });
    await page.close();
  });

  it('are framed only by the origin they were opened for, and only when the company allows it', async () => {
    const shopOrigin = new URL(shop.url).origin;
    const url = (origin: string, companyId = acme.company.id) => `/checkout/fields/card?companyId=${companyId}&origin=${encodeURIComponent(origin)}`;
    const page = await stack.http.get(url(shopOrigin));
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain(`frame-ancestors ${shopOrigin}`);
    expect((await stack.http.get(url(`${shopOrigin}/path`))).status).toBe(400);
    expect((await stack.http.get(url(shopOrigin, 'comp_00000000000000000000000000'))).status).toBe(404);

    // A company that lists its origins: another page gets 403; the listed one tokenizes through Lastro's own origin.
    const listed = await stack.seedCompany('Listed');
    const em = stack.em();
    const company = await em.findOneOrFail(Company, { id: listed.company.id });
    company.settings = { ...company.settings, allowedOrigins: [shopOrigin] };
    await em.flush();
    expect((await stack.http.get(url('https://other.example', listed.company.id))).status).toBe(403);
    const { page: browserPage, frame } = await openShop({}, listed);
    await typeCard(frame);
    expect(await createToken(browserPage)).toEqual({ tokenId: expect.stringMatching(/^tok_/) });
    await browserPage.close();
  });

  it('opened for another origin than the page\'s, show nothing there', async () => {
    pageHtml = merchantPage();
    const page = await browser.newPage();
    await page.goto(shop.url);
    const blocked = `${lastro}/checkout/fields/card?companyId=${acme.company.id}&origin=${encodeURIComponent('https://shop.example')}`;
    const refused = page.waitForEvent('console', (m) => /frame-ancestors/.test(m.text()));
    await page.evaluate((src) => document.body.insertAdjacentHTML('beforeend', `<iframe src="${src}"></iframe>`), blocked);
    await refused;
    const frame = page.frames().find((f) => f !== page.mainFrame())!;
    expect(await frame.locator('#number').count()).toBe(0);
    await page.close();
  });
});
