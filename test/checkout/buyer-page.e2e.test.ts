import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { Event } from '../../src/events/event.entity';
import { CHECKOUT_LOCALES, CHECKOUT_TEXT, type CheckoutLocale } from '../../src/checkout/page/checkout.i18n';
import { startTestStack, type SeededCompany, type TestStack } from '../helpers/stack';
import { eventually, newRecipient } from '../payments/fixtures';
import { launchChromium } from '../recipients/browser';
import { localServer, type LocalServer } from '../sdk/servers';

/**
 * The buyer page in headless Chromium against the real stack, used as a buyer would: a link,
 * the session page it leads to, the card form (tokenized by the SDK in the page), Pix paid
 * through the sandbox while the page waits, boleto, a declined card, two cards, an archived
 * link, and phone-sized screenshots of both layouts in each locale (.artifacts/checkout/).
 */

jest.setTimeout(240_000);

const ARTIFACTS = path.resolve(__dirname, '..', '..', '.artifacts', 'checkout');
const PHONE = { width: 390, height: 844 };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// A 1×1 PNG for the merchant's https images (logo, item), served by the browser's router: the test has no internet.
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let stack: TestStack;
let acme: SeededCompany;
let browser: Browser;
let shop: LocalServer;

beforeAll(async () => {
  // The merchant's site: the success page the buyer returns to, and its webhook endpoint.
  shop = await localServer((req, res) => {
    if (req.method === 'POST') {
      req.resume();
      req.on('end', () => res.writeHead(200).end('ok'));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Shop</title><h1>Obrigado</h1>');
  });
  stack = await startTestStack({ WEBHOOK_ALLOWLIST: new URL(shop.url).host });
  // The app listens on a port chosen at start; the addresses it advertises (SDK, API, Pix QR,
  // boleto page) must be that real address for a browser to follow them.
  Object.assign(stack.config.urls, { publicBase: stack.baseUrl, checkoutPage: stack.baseUrl, checkout: stack.baseUrl });
  acme = await stack.seedCompany('Acme');
  // A paid transaction needs someone to receive it: the company's owner recipient.
  await newRecipient(stack, acme, { role: 'owner' });
  browser = await launchChromium();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
  await shop?.close();
});

const card = { enabled: true, multipleCards: true, installments: { maxInstallments: 6, freeInstallments: 1, interestRate: 2.99, interestType: 'compound' } };
const baseLink = {
  items: [{ name: 'Curso de fotografia', quantity: 1, unitAmount: 10000, description: 'Online, 12 aulas' }],
  paymentMethods: { card, pix: { enabled: true }, boleto: { enabled: true } },
  branding: { primaryColor: '#0b6e4f', merchantName: 'Acme Cursos', mobileLayout: 'single-page' },
};

async function newLink(body: Record<string, unknown> = {}): Promise<{ id: string; url: string }> {
  const res = await stack.http.post('/checkout/links').set(acme.headers).send({ ...baseLink, ...body });
  expect(res.status).toBe(201);
  return res.body;
}

interface Buyer {
  context: BrowserContext;
  page: Page;
  /** Every request the page made: URL, method and body. */
  requests: Array<{ url: string; method: string; body: string | null }>;
}

async function openBuyer(viewport = PHONE): Promise<Buyer> {
  const context = await browser.newContext({ viewport, locale: 'pt-BR' });
  await context.route('https://img.lastro.test/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }));
  const page = await context.newPage();
  // Two cores shared with other test runs: a card authorization can take a while.
  page.setDefaultTimeout(60_000);
  const requests: Buyer['requests'] = [];
  page.on('request', (r: Request) => requests.push({ url: r.url(), method: r.method(), body: r.postData() }));
  return { context, page, requests };
}

/** A visit to the link's public URL: 303 to a new session page. */
async function visit(buyer: Buyer, linkId: string, lang?: CheckoutLocale): Promise<string> {
  const res = await buyer.page.goto(`${stack.baseUrl}/c/${linkId}${lang ? `?lang=${lang}` : ''}`);
  expect(res?.status()).toBe(200);
  const sessionId = /\/pay\/(cs_[0-9a-z]+)/.exec(buyer.page.url())?.[1];
  expect(sessionId).toBeDefined();
  await buyer.page.waitForFunction(() => document.body.getAttribute('data-state') === 'form');
  return sessionId!;
}

async function fillBuyer(page: Page): Promise<void> {
  await page.fill('#f-name', 'Maria Silva');
  await page.fill('#f-email', 'maria@example.com');
  await page.locator('#f-document').pressSequentially('52998224725');
  await page.locator('#f-phone').pressSequentially('11912345678');
}

async function fillCard(page: Page, n: 0 | 1, number: string): Promise<void> {
  await page.locator(`#c${n}-number`).pressSequentially(number);
  await page.fill(`#c${n}-holder`, 'MARIA SILVA');
  await page.locator(`#c${n}-expiry`).pressSequentially('1230');
  await page.fill(`#c${n}-cvv`, '123');
}

const merchantView = async (sessionId: string) => (await stack.http.get(`/checkout/sessions/${sessionId}`).set(acme.headers)).body;
const shown = (page: Page, id: string) => page.waitForSelector(`#${id}:not([hidden])`);
const pt = CHECKOUT_TEXT['pt-BR'];

describe('the buyer page in Chromium', () => {
  it('pays by card in 3 installments with interest, tokenizing in the page, and returns to the successUrl with the session id', async () => {
    const hook = await stack.http.post('/webhooks').set(acme.headers).send({ name: 'shop', url: `${shop.url}/webhooks/lastro`, events: ['checkout.session.paid'] });
    expect(hook.status).toBe(201);
    const link = await newLink({ successUrl: `${shop.url}/thanks?session={CHECKOUT_SESSION_ID}` });
    const buyer = await openBuyer();
    const { page } = buyer;
    const sessionId = await visit(buyer, link.id);
    expect((await merchantView(sessionId)).status).toBe('opened');
    const before = (await stack.http.get(`/checkout/public/sessions/${sessionId}`)).body;
    const option = before.paymentMethods.card.installmentOptions.find((o: { installments: number }) => o.installments === 3);

    await fillBuyer(page);
    expect(await page.inputValue('#f-document')).toBe('529.982.247-25');
    expect(await page.inputValue('#f-phone')).toBe('(11) 91234-5678');
    await fillCard(page, 0, '4111111111111111');
    expect(await page.inputValue('#c0-number')).toBe('4111 1111 1111 1111');
    expect(await page.textContent('#c0-brand')).toBe('Visa');
    const label = await page.locator('#c0-installments option[value="3"]').textContent();
    expect(label?.replace(/\s/g, ' ')).toMatch(/^3x de R\$ \d+,\d{2} \(total R\$ \d+,\d{2}\)$/);
    await page.selectOption('#c0-installments', '3');
    await page.click('#pay');

    await page.waitForURL(`${shop.url}/thanks?session=${sessionId}`);
    const session = await merchantView(sessionId);
    expect(session.status).toBe('paid');
    expect(option.interestFree).toBe(false);
    expect(session.payments).toEqual([expect.objectContaining({ method: 'credit_card', status: 'paid', installments: 3, amount: option.totalAmount })]);
    expect(label?.replace(/\s/g, ' ')).toContain(`(total R$ ${(option.totalAmount / 100).toFixed(2).replace('.', ',')})`);

    // The card number went to the tokenization endpoint only; the session saw a token.
    const withNumber = buyer.requests.filter((r) => r.body?.includes('4111111111111111'));
    expect(withNumber.map((r) => new URL(r.url).pathname)).toEqual(['/v1/tokens/cards']);
    const confirms = buyer.requests.filter((r) => r.url.endsWith(`/checkout/public/sessions/${sessionId}/confirm`));
    expect(confirms).toHaveLength(1);
    expect(JSON.parse(confirms[0].body!).payments).toEqual([{ method: 'credit_card', cardToken: expect.stringMatching(/^tok_/), installments: 3 }]);

    const paid = await eventually(async () => (await stack.em().find(Event, { entityId: sessionId, type: 'checkout.session.paid' }))[0]);
    expect(paid.payload).toMatchObject({ event: 'checkout.session.paid', data: { id: sessionId, status: 'paid' } });
    await eventually(async () => shop.requests.some((r) => r.method === 'POST' && r.url === '/webhooks/lastro'));
    await buyer.context.close();
  });

  it('shows a Pix QR code and copy button, and turns to paid by itself once the Pix is paid in the sandbox', async () => {
    const link = await newLink();
    const buyer = await openBuyer();
    const { page } = buyer;
    const sessionId = await visit(buyer, link.id);
    await fillBuyer(page);
    await page.check('input[name="method"][value="pix"]');
    expect((await page.textContent('#pay'))?.replace(/\s/g, ' ')).toBe('Gerar Pix de R$ 100,00');
    await page.click('#pay');
    await shown(page, 'state-pix');
    const code = await page.inputValue('#pix-code');
    expect(code).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    await page.waitForFunction(() => (document.getElementById('pix-qr') as HTMLImageElement).naturalWidth > 0);
    expect(await page.isVisible('button[data-copy="pix-code"]')).toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, 'pix-waiting-pt-BR.png'), fullPage: true });

    const pay = (await stack.http.get(`/checkout/public/sessions/${sessionId}`)).body.payments.find((p: { method: string }) => p.method === 'pix');
    expect((await stack.http.post(`/sandbox/payments/${pay.id}/pay`).set(acme.headers)).status).toBe(202);
    // No successUrl on this link: the page itself says it is paid (it polls the public view).
    await shown(page, 'state-paid');
    expect(await page.textContent('#state-paid-title')).toBe(pt.paidTitle);
    expect(await page.isHidden('#state-pix')).toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, 'paid-pt-BR.png'), fullPage: true });
    await buyer.context.close();
  });

  it('shows a boleto with its linha digitável, a working copy button and the printable page', async () => {
    const link = await newLink();
    const buyer = await openBuyer();
    await buyer.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
    const { page } = buyer;
    await visit(buyer, link.id);
    await fillBuyer(page);
    await page.check('input[name="method"][value="boleto"]');
    await page.click('#pay');
    await shown(page, 'state-boleto');
    const line = await page.inputValue('#boleto-line');
    await page.screenshot({ path: path.join(ARTIFACTS, 'boleto-pt-BR.png'), fullPage: true });
    expect(line.replace(/\D/g, '')).toHaveLength(47);
    await page.click('button[data-copy="boleto-line"]');
    await page.waitForFunction((text) => document.getElementById('status')!.textContent === text, pt.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(line);
    const href = await page.getAttribute('#boleto-link', 'href');
    expect(href).toMatch(/\/boletos\/pay_/);
    const printable = await stack.http.get(new URL(href!).pathname);
    expect(printable.status).toBe(200);
    expect(printable.text).toContain(line);
    // The buyer, with the CPF typed on the page, is the boleto's payer; the page links its PDF.
    expect(printable.text).toContain('Maria Silva - CPF 529.982.247-25');
    const pdfHref = /href="([^"]+\/boleto\.pdf)"/.exec(printable.text)?.[1];
    const pdf = await stack.http.get(new URL(pdfHref!).pathname);
    expect({ status: pdf.status, type: pdf.headers['content-type'] }).toEqual({ status: 200, type: 'application/pdf' });
    await buyer.context.close();
  });

  it('says a declined card was declined, then pays with another card', async () => {
    const link = await newLink();
    const buyer = await openBuyer();
    const { page } = buyer;
    const sessionId = await visit(buyer, link.id);
    await fillBuyer(page);
    await fillCard(page, 0, '4000000000000002');
    await page.click('#pay');
    await page.waitForFunction((text) => document.getElementById('error')!.textContent === text, pt.errDeclined);
    expect(await page.getAttribute('#error', 'role')).toBe('alert');
    expect(await page.inputValue('#c0-number')).toBe('');
    expect(await page.isVisible('#checkout-form')).toBe(true);

    await page.locator('#c0-number').pressSequentially('5555555555554444');
    await page.fill('#c0-cvv', '321');
    expect(await page.textContent('#c0-brand')).toBe('Mastercard');
    await page.click('#pay');
    await shown(page, 'state-paid');
    const session = await merchantView(sessionId);
    expect(session.status).toBe('paid');
    expect(session.payments.map((p: { status: string; failureCode: string | null }) => [p.status, p.failureCode])).toEqual([
      ['failed', 'card_declined'],
      ['paid', null],
    ]);
    await buyer.context.close();
  });

  it('splits the total across two cards', async () => {
    const link = await newLink();
    const buyer = await openBuyer();
    const { page } = buyer;
    const sessionId = await visit(buyer, link.id);
    await fillBuyer(page);
    await page.check('#two-cards');
    await shown(page, 'card-1');
    await page.fill('#split-amount', '40,00');
    expect((await page.textContent('#split-rest'))?.replace(/\s/g, ' ')).toBe('Valor no segundo cartão: R$ 60,00');
    expect((await page.locator('#c1-installments option[value="1"]').textContent())?.replace(/\s/g, ' ')).toBe('1x de R$ 60,00 sem juros');
    await fillCard(page, 0, '4111111111111111');
    await fillCard(page, 1, '5555555555554444');
    await page.click('#pay');
    await shown(page, 'state-paid');
    const session = await merchantView(sessionId);
    expect(session.status).toBe('paid');
    expect(session.payments.map((p: { method: string; amount: number; status: string }) => [p.method, p.amount, p.status])).toEqual([
      ['credit_card', 4000, 'paid'],
      ['credit_card', 6000, 'paid'],
    ]);
    await buyer.context.close();
  });

  it('pays part by card and the rest by Pix when the checkout combines payments', async () => {
    const link = await newLink({ paymentMethods: { ...baseLink.paymentMethods, combined: { enabled: true, minAmountPerPayment: 1000, maxPaymentsCount: 2 } } });
    const buyer = await openBuyer();
    const { page } = buyer;
    const sessionId = await visit(buyer, link.id);
    await fillBuyer(page);
    await page.check('#combine');
    await shown(page, 'combine-fields');
    await page.fill('#combine-amount', '95,00');
    expect(await page.textContent('#combine-amount-err')).toBe('Cada parte deve ser de pelo menos R$\u00a010,00.');
    await page.fill('#combine-amount', '40,00');
    expect((await page.textContent('#combine-rest'))?.replace(/\s/g, ' ')).toBe('Restante: R$ 60,00');
    await page.selectOption('#combine-method', 'pix');
    await fillCard(page, 0, '4111111111111111');
    await page.click('#pay');
    await shown(page, 'state-pix');
    const view = (await stack.http.get(`/checkout/public/sessions/${sessionId}`)).body;
    expect(view.payments.map((p: { method: string; amount: number }) => [p.method, p.amount])).toEqual([
      ['credit_card', 4000],
      ['pix', 6000],
    ]);
    const pix = view.payments.find((p: { method: string }) => p.method === 'pix');
    expect((await stack.http.post(`/sandbox/payments/${pix.id}/pay`).set(acme.headers)).status).toBe(202);
    await shown(page, 'state-paid');
    expect((await merchantView(sessionId)).status).toBe('paid');
    await buyer.context.close();
  });

  it('can be used with the keyboard alone, with a visible focus', async () => {
    const link = await newLink();
    const buyer = await openBuyer();
    const { page } = buyer;
    await visit(buyer, link.id);
    await page.focus('#f-name');
    await page.keyboard.type('Maria Silva');
    for (const text of ['maria@example.com', '52998224725', '11912345678']) {
      await page.keyboard.press('Tab');
      await page.keyboard.type(text);
    }
    expect(await page.inputValue('#f-phone')).toBe('(11) 91234-5678');
    // Tab to the payment methods (the "continue" button is hidden in this layout), then arrows choose Pix.
    while ((await page.evaluate(() => document.activeElement?.getAttribute('name'))) !== 'method') await page.keyboard.press('Tab');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');
    await page.keyboard.press('ArrowRight');
    expect(await page.isChecked('input[name="method"][value="pix"]')).toBe(true);
    await page.keyboard.press('Enter');
    await shown(page, 'state-pix');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pix-title');
    await buyer.context.close();
  });

  it('checks the document as typed and keeps the buyer on the form until it is right', async () => {
    const link = await newLink();
    const buyer = await openBuyer();
    const { page } = buyer;
    await visit(buyer, link.id);
    await page.locator('#f-document').pressSequentially('52998224724');
    expect(await page.textContent('#f-document-err')).toBe(pt.errDocument);
    expect(await page.getAttribute('#f-document', 'aria-invalid')).toBe('true');
    await page.click('#pay');
    expect(await page.textContent('#error')).toBe(pt.errValidation);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-name');
    expect(buyer.requests.some((r) => r.url.includes('/confirm') || r.url.includes('/tokens/cards'))).toBe(false);
    await buyer.context.close();
  });

  it('answers an archived link with a 404 page in the buyer language', async () => {
    const link = await newLink();
    // A link checker's HEAD opens no session; a visit opens one.
    const sessionsOf = async () => (await stack.http.get(`/checkout/sessions?linkId=${link.id}`).set(acme.headers)).body.pagination.total;
    expect((await stack.http.head(`/c/${link.id}`)).status).toBe(200);
    expect(await sessionsOf()).toBe(0);
    expect((await stack.http.get(`/c/${link.id}`)).status).toBe(303);
    expect(await sessionsOf()).toBe(1);
    await stack.http.delete(`/checkout/links/${link.id}`).set(acme.headers).expect(200);
    const buyer = await openBuyer();
    const res = await buyer.page.goto(`${stack.baseUrl}/c/${link.id}`);
    expect(res?.status()).toBe(404);
    expect(await buyer.page.textContent('h1')).toBe(pt.linkNotFoundTitle);
    const en = await buyer.page.goto(`${stack.baseUrl}/c/${link.id}?lang=en-US`);
    expect(en?.status()).toBe(404);
    expect(await buyer.page.textContent('h1')).toBe(CHECKOUT_TEXT['en-US'].linkNotFoundTitle);
    await buyer.context.close();
  });

  it('shows a canceled charge and an unknown session as clear pages', async () => {
    const charge = await stack.http.post('/checkout/charges').set(acme.headers).send({ ...baseLink, locale: 'es-ES', cancelUrl: `${shop.url}/cart` });
    expect(charge.status).toBe(201);
    expect((await stack.http.post(`/checkout/charges/${charge.body.id}/cancel`).set(acme.headers)).status).toBe(200);
    const buyer = await openBuyer();
    const res = await buyer.page.goto(`${stack.baseUrl}/pay/${charge.body.id}`);
    expect(res?.status()).toBe(200);
    expect(await buyer.page.textContent('#state-canceled-title')).toBe(CHECKOUT_TEXT['es-ES'].canceledTitle);
    expect(await buyer.page.getAttribute('#state-canceled a', 'href')).toBe(`${shop.url}/cart`);
    expect(await buyer.page.$('#checkout-form')).toBeNull();
    const unknown = await buyer.page.goto(`${stack.baseUrl}/pay/cs_00000000000000000000000000`);
    expect(unknown?.status()).toBe(404);
    expect(await buyer.page.textContent('h1')).toBe(pt.sessionNotFoundTitle);
    await buyer.context.close();
  });

  describe.each(['single-page', 'step-by-step'] as const)('on a 390×844 phone, %s', (layout) => {
    it.each([...CHECKOUT_LOCALES])('renders in %s and is kept as a screenshot', async (locale) => {
      const link = await newLink({
        locale,
        items: [
          { name: 'Curso de fotografia', quantity: 1, unitAmount: 10000, imageUrl: 'https://img.lastro.test/curso.png' },
          { name: 'Apostila impressa', quantity: 2, unitAmount: 2500, imageUrl: 'https://img.lastro.test/apostila.png' },
        ],
        branding: { primaryColor: '#ffd400', merchantName: 'Acme Cursos', logoUrl: 'https://img.lastro.test/logo.png', mobileLayout: layout },
        requiredFields: ['address'],
        customFields: [{ key: 'turma', label: { 'pt-BR': 'Turma', 'en-US': 'Class', 'es-ES': 'Grupo' }, type: 'select', options: ['Manhã', 'Noite'], required: true }],
      });
      const buyer = await openBuyer();
      const { page } = buyer;
      await visit(buyer, link.id);
      const t = CHECKOUT_TEXT[locale];
      expect(await page.getAttribute('html', 'lang')).toBe(locale);
      expect(await page.textContent('#summary-title')).toBe(t.orderSummary);
      // Step by step shows one step at a time on a phone; single page shows the card form at once.
      expect(await page.isVisible('#c0-number')).toBe(layout === 'single-page');
      expect(await page.isVisible('#f-zip')).toBe(true);
      const file = path.join(ARTIFACTS, `${layout}-${locale}.png`);
      await page.screenshot({ path: file, fullPage: true });
      if (layout === 'step-by-step') {
        await fillBuyer(page);
        for (const [id, value] of [['#f-zip', '01310100'], ['#f-street', 'Av. Paulista'], ['#f-number', '1000'], ['#f-neighborhood', 'Bela Vista'], ['#f-city', 'São Paulo'], ['#f-state', 'sp']]) {
          await page.locator(id).pressSequentially(value);
        }
        expect(await page.inputValue('#f-zip')).toBe('01310-100');
        await page.selectOption('#f-custom-0', 'Noite');
        await page.click('button.next');
        await page.waitForSelector('#c0-number', { state: 'visible' });
        expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('method');
        await page.screenshot({ path: path.join(ARTIFACTS, `${layout}-${locale}-payment.png`), fullPage: true });
      }
      const png = fs.readFileSync(file);
      expect(png.length).toBeGreaterThan(1000);
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      await buyer.context.close();
    });
  });

  // Moves the Temporal test server's clock 6 minutes: no other session or Pix here expires that soon.
  it('tells the buyer the session expired when they try to pay after the expiry', async () => {
    const link = await newLink({ expirationMinutes: 5 });
    const buyer = await openBuyer();
    const { page } = buyer;
    const sessionId = await visit(buyer, link.id);
    await stack.env.sleep('6 minutes');
    await eventually(async () => (await merchantView(sessionId)).status === 'expired');
    await fillBuyer(page);
    await page.check('input[name="method"][value="pix"]');
    await page.click('#pay');
    await shown(page, 'state-expired');
    expect(await page.textContent('#state-expired-title')).toBe(pt.expiredTitle);
    expect(await page.isHidden('#checkout-form')).toBe(true);
    await page.reload();
    expect(await page.getAttribute('body', 'data-state')).toBe('expired');
    await buyer.context.close();
  });
});
