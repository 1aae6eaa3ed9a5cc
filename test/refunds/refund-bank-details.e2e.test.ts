import type { Browser } from 'playwright-core';
import { useTestStack } from '../helpers/stack';
import { expectLedgerConsistent } from '../payments/fixtures';
import { launchChromium } from '../recipients/browser';
import { newCpf } from '../recipients/fixtures';
import { newCustomer, paidPixOrBoleto, refundOf, refundReaches, setAutoApprove } from './fixtures';

let browser: Browser;

// After hooks run in the order declared: the browser closes before the stack.
afterAll(() => browser?.close());
const t = useTestStack({
  companies: ['Loja Boleto'],
  owners: ['Loja Boleto'],
  async setup(t) {
    await setAutoApprove(t.stack, t.company['Loja Boleto'], false);
    browser = await launchChromium();
  },
});

describe('boleto refund in a browser', () => {
  it('approve → bank-details page → wrong holder document refused with a clear message → the buyer’s document → refunded', async () => {
    const customer = await newCustomer(t.stack, t.company['Loja Boleto']);
    const ids = await paidPixOrBoleto(t.stack, t.company['Loja Boleto'], 'boleto', 12_990, { customerId: customer.id });
    const created = await t.stack.http.post(`/v1/transactions/${ids.txnId}/payments/${ids.payId}/refund`).set(t.company['Loja Boleto'].headers).send({ reason: 'Produto não entregue' });
    expect(created.body).toMatchObject({ status: 'pending', paymentMethod: 'boleto', bankDetailsUrl: null });
    const approved = await t.stack.http.post(`/v1/refunds/${created.body.id}/approve`).set(t.company['Loja Boleto'].headers).send();
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('awaiting_bank_details');
    const url = new URL(approved.body.bankDetailsUrl as string);
    expect(url.pathname).toMatch(/^\/refunds\/bank-details\/[A-Za-z0-9_-]+$/);

    const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const response = await page.goto(`${t.stack.baseUrl}${url.pathname}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR');
    expect(await page.locator('h1').textContent()).toBe('Reembolso do seu boleto');
    expect(await page.locator('main').textContent()).toMatch(/R\$\s129,90/); // pt-BR currency uses a no-break space

    const fill = async (document: string) => {
      await page.fill('#bankCode', '341');
      await page.fill('#agency', '0001');
      await page.fill('#account', '12345-6');
      await page.selectOption('#accountType', 'savings');
      await page.fill('#holderName', 'Maria Compradora');
      await page.fill('#holderDocument', document);
      await page.click('#refund-submit');
    };

    // Someone else's CPF: refused on the page, nothing changes.
    await fill(newCpf());
    await page.waitForFunction(() => document.getElementById('refund-status')?.className === 'error');
    expect(await page.locator('#refund-status').textContent()).toContain('precisa ser o mesmo do comprador');
    expect((await refundOf(t.stack, t.company['Loja Boleto'], created.body.id)).body.status).toBe('awaiting_bank_details');

    // The buyer's own CPF, typed with punctuation.
    await fill(customer.document.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4'));
    await page.waitForSelector('#refund-form[data-refund-state="received"]');
    expect(await page.locator('#refund-status').textContent()).toContain('Dados recebidos');
    expect(errors).toEqual([]);

    const done = await refundReaches(t.stack, t.company['Loja Boleto'], created.body.id, 'refunded');
    expect(done.refundedAt).not.toBeNull();
    expect((await t.stack.http.get(`/v1/transactions/${ids.txnId}`).set(t.company['Loja Boleto'].headers)).body.status).toBe('refunded');
    const [row] = await t.stack.em().execute<{ bank_details: Record<string, string> }[]>('select bank_details from refunds where id = ?', [created.body.id]);
    expect(row.bank_details).toMatchObject({ bankCode: '341', agency: '0001', account: '123456', accountType: 'savings', holderDocument: customer.document });

    // Coming back to the link shows the outcome, not the form.
    await page.goto(`${t.stack.baseUrl}${url.pathname}`);
    expect(await page.locator('h1').textContent()).toBe('Reembolso concluído');
    expect(await page.locator('#refund-form').count()).toBe(0);
    await context.close();
    await expectLedgerConsistent(t.stack);
  });
});
