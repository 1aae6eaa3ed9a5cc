import { gzipSync } from 'node:zlib';
import { checkoutAsset } from '../../src/checkout/page/checkout.assets';
import { CHECKOUT_LOCALES } from '../../src/checkout/page/checkout.i18n';
import { renderCheckoutPage, type CheckoutPageView } from '../../src/checkout/page/checkout.page';
import { resultRow, runBench, type BenchContext, type BenchResult, type ResultRow } from './harness';

/**
 * The buyer page's weight and server cost: what a phone downloads (HTML of a full session
 * page, the script and the stylesheet, raw and gzip) and how long the server takes to render
 * a session page (12 installment options, two cards, address, Pix and boleto), per locale:
 * one row each, pages per second on one core and each render's time. No floor: nothing else
 * on the machine does what the render does. No stack either: the CPU seconds are this
 * process's over the renders.
 *
 *   npm run bench -- checkout-page [renders=2000]
 */
export const run = (argv: string[]) => runBench('checkout-page', argv, (b) => measure(b, b.args.number(0, 2000)));

async function measure(b: BenchContext, renders: number): Promise<BenchResult> {
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

  const view: CheckoutPageView = {
    id: 'cs_01jbenchbenchbenchbenchbench',
    status: 'opened',
    locale: 'pt-BR',
    items: [
      { name: 'Curso de fotografia', description: 'Online, 12 aulas', imageUrl: 'https://img.example.com/curso.png', quantity: 1, unitAmount: 10000 },
      { name: 'Apostila', description: null, imageUrl: null, quantity: 2, unitAmount: 2500 },
    ],
    amount: 15000,
    amountPaid: 0,
    amountDue: 15000,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    branding: { primaryColor: '#0b6e4f', logoUrl: 'https://img.example.com/logo.png', faviconUrl: null, merchantName: 'Acme Cursos', mobileLayout: 'step-by-step' },
    paymentMethods: {
      card: {
        enabled: true,
        maxInstallments: 12,
        multipleCards: true,
        installmentOptions: Array.from({ length: 12 }, (_, i) => ({ installments: i + 1, installmentAmount: Math.ceil(15000 / (i + 1)), totalAmount: 15000 + i * 300, interestFree: i === 0 })),
      },
      pix: { enabled: true },
      boleto: { enabled: true },
      combined: { enabled: false },
    },
    requiredFields: ['email', 'document', 'phone', 'address'],
    customFields: [{ key: 'turma', label: { 'pt-BR': 'Turma', 'en-US': 'Class' }, type: 'select', options: ['Manhã', 'Noite'], required: true }],
    customer: null,
    payments: [],
    successUrl: null,
    cancelUrl: 'https://shop.example/cart',
    companyId: 'comp_01jbenchbenchbenchbenchbench',
    sdkUrl: 'http://localhost:3000/sdk/lastro.js',
  };
  const opts = { apiUrl: 'http://localhost:3000', selfPath: `/pay/${view.id}` };

  const html = renderCheckoutPage(view, 'pt-BR', opts).html;
  const js = (await checkoutAsset('checkout.js')).body;
  const css = (await checkoutAsset('checkout.css')).body;
  const bytes: Record<string, { raw: number; gzip: number }> = {};
  log('what a phone downloads for one session page (besides the SDK):');
  for (const [name, body] of [['HTML', html], ['checkout.js', js], ['checkout.css', css]] as const) {
    bytes[name] = { raw: Buffer.byteLength(body), gzip: gzipSync(body).length };
    log(`  ${name.padEnd(13)} ${kb(bytes[name].raw).padStart(9)} raw  ${kb(bytes[name].gzip).padStart(9)} gzip`);
  }

  b.setCpuParts([{ name: 'lastro', label: 'lastro (page render, this process)', pid: process.pid, tree: false }]);
  const results: ResultRow[] = [];
  log(`server render of the session page, ${renders} renders per locale:`);
  for (const locale of CHECKOUT_LOCALES) {
    renderCheckoutPage(view, locale, opts);
    const { value: times } = await b.measured(async () => {
      const ms: number[] = [];
      for (let i = 0; i < renders; i++) {
        const t = performance.now();
        renderCheckoutPage(view, locale, opts);
        ms.push(performance.now() - t);
      }
      return ms;
    });
    const us = (times.reduce((a, t) => a + t, 0) * 1000) / renders;
    const row = resultRow(`render ${locale}`, 1, { rate: 1e6 / us, latencies: times }, null, { microsecondsPerPage: Math.round(us) });
    results.push(row);
    log(`  ${locale}  ${us.toFixed(0)} µs/page  (${Math.round(1e6 / us)} pages/s on one core, p99 ${row.p99} ms)`);
  }
  return { args: { renders }, lines, results, statementsPerOp: null, extra: { bytes } };
}
