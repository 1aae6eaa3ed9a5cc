import type { Browser } from 'playwright-core';
import { PORTAL_TEXT } from '../../src/portal/portal.i18n';
import { startTestStack, type SeededCompany, type TestStack } from '../helpers/stack';
import { eventually, newRecipient } from '../payments/fixtures';
import { launchChromium } from '../recipients/browser';

/**
 * The customer portal in headless Chromium (Debian's chromium, as the checkout page's tests), in
 * pt-BR, en and es: the page shows the customer's invoice with its bolepix under the page's CSP
 * (its script runs: no CSP violation), and the cancel button, confirmed in the browser's dialog,
 * schedules the cancellation through the page's CSRF-checked action and the reloaded page says so.
 * The card forms tokenize with the SDK under the same CSP: a declined card says so in the page's
 * language, a good one pays the invoice; a new card becomes the subscription's; Pix Automático
 * authorized from the page shows the mandate's QR.
 */
jest.setTimeout(240_000);

let stack: TestStack;
let company: SeededCompany;
let browser: Browser;

beforeAll(async () => {
  stack = await startTestStack();
  // The browser follows the addresses the app advertises: they must be its real address.
  Object.assign(stack.config.urls, { publicBase: stack.baseUrl, checkoutPage: stack.baseUrl, checkout: stack.baseUrl });
  company = await stack.seedCompany('Clube');
  await newRecipient(stack, company, { role: 'owner' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

const api = (path: string, body: object) => stack.http.post(path).set(company.headers).send(body);

it.each([
  ['pt-BR', 'pt-BR'],
  ['en', 'en-US'],
  ['es', 'es-ES'],
] as const)('in %s the customer sees its invoice with its bolepix, pays it by card, changes the card, authorizes Pix Automático and cancels at period end', async (locale, pageLocale) => {
  const customer = await api('/customers', { name: 'Ana Souza', email: `ana-${locale}@example.com`, document: '529.982.247-25', phone: '+55 11 91234-5678', type: 'individual' });
  expect(customer.status).toBe(201);
  const sub = await api('/subscriptions', { customerId: customer.body.id, items: [{ description: 'Clube', unitAmount: 3900 }], recurrence: { interval: 1, unit: 'month' }, currency: 'BRL', collectionMethod: 'send_invoice' });
  const invoice = await eventually(async () => {
    const [inv] = (await stack.http.get(`/invoices?subscriptionId=${sub.body.id}`).set(company.headers)).body.data ?? [];
    return inv?.bolepix ? inv : null;
  });
  // A second subscription whose first invoice stays open: the page offers to pay it now with the mandate (journey 3).
  const second = await api('/subscriptions', { customerId: customer.body.id, items: [{ description: 'Extra', unitAmount: 1900 }], recurrence: { interval: 1, unit: 'month' }, currency: 'BRL', collectionMethod: 'send_invoice' });
  expect(second.status).toBe(201);
  await eventually(async () => ((await stack.http.get(`/invoices?subscriptionId=${second.body.id}`).set(company.headers)).body.data ?? [])[0] ?? null);
  const session = await api('/v1/portal/sessions', { customerId: customer.body.id, locale, features: { cancelSubscription: true } });
  expect(session.status).toBe(201);

  const context = await browser.newContext({ locale: pageLocale });
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  page.on('dialog', (d) => void d.accept());
  await page.goto(session.body.url);
  const text = PORTAL_TEXT[pageLocale];
  expect(await page.getAttribute('html', 'lang')).toBe(pageLocale);
  await expect(page.locator('#subs-title').textContent()).resolves.toBe(text.subscriptions);
  const row = page.locator(`[data-invoice="${invoice.id}"]`);
  await expect(row.locator('[data-testid="digitable-line"]').textContent()).resolves.toBe(invoice.boleto.formattedLine);
  await expect(row.locator('[data-testid="pix-copy-paste"]').textContent()).resolves.toBe(invoice.pixQrCode.copyPaste);
  // The Pix QR image loads (same origin, allowed by the CSP).
  expect(await row.locator('img.qr').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  const fillCard = async (form: string, number: string) => {
    const details = page.locator(`[data-testid="${form}"]`);
    if (!(await details.evaluate((d: HTMLDetailsElement) => d.open))) await details.locator('summary').click();
    const field = (name: string) => page.locator(`[data-testid="${form}"] [data-card-field="${name}"]`);
    await field('number').fill(number);
    await field('holder').fill('ANA SOUZA');
    await field('document').fill('529.982.247-25');
    await field('expiry').fill(`12/${(new Date().getUTCFullYear() + 3) % 100}`);
    await field('cvv').fill('123');
    await page.locator(`[data-testid="${form}"] button[type="submit"]`).click();
  };
  // A declined card: the reason in the page's language, the invoice still open.
  await fillCard(`card-pay-${invoice.id}`, '4000000000000002');
  await expect(page.locator(`[data-testid="card-pay-${invoice.id}"] [data-card-error]`, { hasText: text.errDeclined }).textContent()).resolves.toBe(text.errDeclined);
  // Another card pays it: the reloaded page shows the invoice paid.
  await fillCard(`card-pay-${invoice.id}`, '4111111111111111');
  await row.locator('[data-testid="status"]', { hasText: text.status.paid }).waitFor();
  expect((await stack.http.get(`/invoices/${invoice.id}`).set(company.headers)).body.status).toBe('paid');

  // A new card for the subscription.
  await fillCard(`change-card-${sub.body.id}`, '5555666677778884');
  await page.locator('[data-testid="current-card"]', { hasText: '8884' }).waitFor();
  expect((await stack.http.get(`/subscriptions/${sub.body.id}`).set(company.headers)).body.defaultPaymentMethodRef).toMatch(/^crd_/);

  // Pix Automático: the mandate's QR shows (a data: image the CSP allows).
  await page.locator(`[data-testid="authorize-pix-automatico-${sub.body.id}"]`).click();
  await page.locator(`[data-testid="mandate-${sub.body.id}"] [data-testid="mandate-qr"]`).waitFor();
  expect(await page.locator('[data-testid="mandate-qr"]').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.locator('[data-testid="mandate-status"]').textContent()).resolves.toBe(text.mandateStatus.pending);

  // Pay now and authorize (journey 3) on the subscription with an open invoice: its composite QR shows, with what it does.
  const journey3 = page.locator(`[data-testid="mandate-${second.body.id}"]`);
  await expect(page.locator(`[data-testid="authorize-pix-automatico-${second.body.id}"]`).textContent()).resolves.toBe(text.authorizeOnlyPixAutomatico);
  await page.locator(`[data-testid="pay-and-authorize-pix-automatico-${second.body.id}"]`).click();
  await journey3.locator('[data-testid="mandate-qr"]').waitFor();
  expect(await journey3.locator('[data-testid="mandate-qr"]').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await journey3.locator('p', { hasText: text.mandateScanWithPayment }).waitFor();
  expect((await stack.http.get(`/subscriptions/${second.body.id}/pix-automatico`).set(company.headers)).body).toMatchObject({ journey: 'qr_with_payment', status: 'pending' });

  await page.locator(`[data-testid="cancel-${sub.body.id}"]`).click();
  await page.locator('[data-testid="cancels-at"]').waitFor();
  // The invoice paid, the period has its end: the page names that day.
  await expect(page.locator('[data-testid="cancels-at"]').textContent()).resolves.toContain(text.cancelsAt.split('{date}')[0]);
  expect(violations).toEqual([]);
  const after = await stack.http.get(`/subscriptions/${sub.body.id}`).set(company.headers);
  expect(after.body).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
  await context.close();
});
