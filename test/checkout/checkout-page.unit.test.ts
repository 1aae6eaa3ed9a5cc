import { createHash } from 'node:crypto';
import { CHECKOUT_LOCALES as SCHEMA_LOCALES } from '../../src/checkout/checkout.schemas';
import { checkoutAsset } from '../../src/checkout/page/checkout.assets';
import { CHECKOUT_LOCALES, CHECKOUT_TEXT, fill, localizedLabel, pickCheckoutLocale } from '../../src/checkout/page/checkout.i18n';
import { checkoutCsp, renderCheckoutPage, renderCheckoutProblemPage, type CheckoutPageView } from '../../src/checkout/page/checkout.page';
import {
  cardBrand,
  cardNumberState,
  contrastRatio,
  cvvState,
  documentState,
  emailState,
  expiryState,
  formatMoney,
  installmentLabel,
  maskCardNumber,
  maskDocument,
  maskExpiry,
  maskPhone,
  maskZipCode,
  normalizeHexColor,
  panelFor,
  parseMoneyInput,
  phoneState,
  textColorOn,
  zipCodeState,
} from '../../src/checkout/page/checkout.rules';
import { withCheckDigits } from '../../src/shared/documents';

/** Intl separates the currency sign with a no-break space; tests read plain spaces. */
const plain = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');

describe('texts', () => {
  const placeholders = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it('has every key, non-empty, in each of the three locales, with the same placeholders', () => {
    const keys = Object.keys(CHECKOUT_TEXT['pt-BR']).sort();
    for (const locale of CHECKOUT_LOCALES) {
      const text = CHECKOUT_TEXT[locale] as Record<string, string>;
      expect(Object.keys(text).sort()).toEqual(keys);
      for (const key of keys) {
        expect({ locale, key, empty: text[key].trim() === '' }).toEqual({ locale, key, empty: false });
        expect({ locale, key, placeholders: placeholders(text[key]) }).toEqual({ locale, key, placeholders: placeholders(CHECKOUT_TEXT['pt-BR'][key as 'total']) });
      }
    }
  });

  it('covers exactly the locales a checkout link accepts', () => {
    expect([...CHECKOUT_LOCALES]).toEqual([...SCHEMA_LOCALES]);
  });

  it('is really translated: en-US and es-ES differ from pt-BR on the sentences', () => {
    for (const key of ['paidTitle', 'errDeclined', 'expiredBody', 'linkNotFoundBody'] as const) {
      expect(CHECKOUT_TEXT['en-US'][key]).not.toBe(CHECKOUT_TEXT['pt-BR'][key]);
      expect(CHECKOUT_TEXT['es-ES'][key]).not.toBe(CHECKOUT_TEXT['pt-BR'][key]);
    }
  });

  it('picks ?lang, then the session locale, then Accept-Language, then pt-BR', () => {
    expect(pickCheckoutLocale('es-ES', 'en-US', 'en')).toBe('es-ES');
    expect(pickCheckoutLocale('xx', 'en-US', 'es')).toBe('en-US');
    expect(pickCheckoutLocale(undefined, undefined, 'es-AR,es;q=0.9')).toBe('es-ES');
    expect(pickCheckoutLocale(undefined, undefined, 'en-GB')).toBe('en-US');
    expect(pickCheckoutLocale(undefined, undefined, 'de-DE')).toBe('pt-BR');
  });

  it('fills placeholders and localizes custom labels with a pt-BR fallback', () => {
    expect(fill('{a} and {b} and {c}', { a: 1, b: 'x' })).toBe('1 and x and {c}');
    expect(localizedLabel({ 'pt-BR': 'Tamanho', 'es-ES': 'Talla' }, 'es-ES')).toBe('Talla');
    expect(localizedLabel({ 'pt-BR': 'Tamanho' }, 'en-US')).toBe('Tamanho');
    expect(localizedLabel({ 'en-US': 'Size' }, 'es-ES')).toBe('Size');
    expect(localizedLabel('Cor', 'en-US')).toBe('Cor');
  });
});

describe('document (CPF/CNPJ) as typed', () => {
  const cnpj = withCheckDigits('112223330001');

  it('masks a CPF, then a CNPJ once past 11 characters', () => {
    expect(maskDocument('529982')).toBe('529.982');
    expect(maskDocument('52998224725')).toBe('529.982.247-25');
    expect(maskDocument(cnpj)).toBe(`${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`);
    expect(maskDocument('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(maskDocument('529.982.247-25999999')).toHaveLength(18);
  });

  it('is incomplete while short, then valid or invalid by the check digits', () => {
    expect(documentState('529.982.247')).toBe('incomplete');
    expect(documentState('529.982.247-25')).toBe('valid');
    expect(documentState('52998224724')).toBe('invalid');
    expect(documentState('111.111.111-11')).toBe('invalid');
    expect(documentState('1122233300')).toBe('incomplete');
    expect(documentState(cnpj)).toBe('valid');
    expect(documentState(`${cnpj.slice(0, 13)}${(Number(cnpj[13]) + 1) % 10}`)).toBe('invalid');
    expect(documentState('12.ABC.345/01DE-35')).toBe('valid');
    expect(documentState('529#982')).toBe('invalid');
  });
});

describe('address, phone and email', () => {
  it('formats a CEP as 00000-000 and accepts it with or without the dash', () => {
    expect(maskZipCode('01310100')).toBe('01310-100');
    expect(maskZipCode('01310-1009')).toBe('01310-100');
    expect(zipCodeState('01310-100')).toBe('valid');
    expect(zipCodeState('01310100')).toBe('valid');
    expect(zipCodeState('01310-1')).toBe('incomplete');
    expect(zipCodeState('0131O-100')).toBe('invalid');
  });

  it('formats phones with the area code and knows a mobile starts with 9', () => {
    expect(maskPhone('11912345678')).toBe('(11) 91234-5678');
    expect(maskPhone('1131234567')).toBe('(11) 3123-4567');
    expect(phoneState('(11) 91234-5678')).toBe('valid');
    expect(phoneState('(11) 3123-4567')).toBe('valid');
    expect(phoneState('(11) 81234-5678')).toBe('invalid');
    expect(phoneState('(01) 3123-4567')).toBe('invalid');
    expect(phoneState('(11) 3123')).toBe('incomplete');
  });

  it('checks an email address', () => {
    expect(emailState('maria@example.com.br')).toBe('valid');
    expect(emailState('maria@example')).toBe('invalid');
    expect(emailState('maria @example.com')).toBe('invalid');
    expect(emailState('')).toBe('incomplete');
  });
});

describe('card fields', () => {
  it('groups the number as printed and names the brand', () => {
    expect(maskCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(maskCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(cardBrand('4111 1111')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('5067 0000')).toBe('elo');
    expect(cardBrand('')).toBeNull();
  });

  it('checks the number with Luhn once it is long enough', () => {
    expect(cardNumberState('4111 1111 1111 1111')).toBe('valid');
    expect(cardNumberState('4111 1111 1111 1112')).toBe('invalid');
    expect(cardNumberState('4111 1111')).toBe('incomplete');
  });

  it('checks expiry against today and the CVV length against the brand', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(maskExpiry('1230')).toBe('12/30');
    expect(expiryState('12/30', now)).toBe('valid');
    expect(expiryState('11/26', now)).toBe('valid');
    expect(expiryState('10/26', now)).toBe('invalid');
    expect(expiryState('13/30', now)).toBe('invalid');
    expect(expiryState('12/', now)).toBe('incomplete');
    expect(cvvState('123', '4111111111111111')).toBe('valid');
    expect(cvvState('123', '378282246310005')).toBe('incomplete');
    expect(cvvState('1234', '378282246310005')).toBe('valid');
    expect(cvvState('1234', '4111111111111111')).toBe('invalid');
  });
});

describe('money and installments', () => {
  it('formats BRL in each locale', () => {
    expect(plain(formatMoney(10536, 'pt-BR'))).toBe('R$ 105,36');
    expect(plain(formatMoney(10536, 'en-US'))).toBe('R$105.36');
    expect(plain(formatMoney(123456, 'es-ES'))).toBe('1234,56 R$');
  });

  it('reads an amount typed in the buyer locale as cents, refusing ambiguous input', () => {
    expect(parseMoneyInput('50', 'pt-BR')).toBe(5000);
    expect(parseMoneyInput('50,5', 'pt-BR')).toBe(5050);
    expect(parseMoneyInput('R$ 1.234,56', 'pt-BR')).toBe(123456);
    expect(parseMoneyInput('1,234.56', 'en-US')).toBe(123456);
    expect(parseMoneyInput('50.00', 'pt-BR')).toBeNull();
    expect(parseMoneyInput('5,001', 'pt-BR')).toBeNull();
    expect(parseMoneyInput('abc', 'es-ES')).toBeNull();
  });

  it('shows each option with its installment value and total, or "sem juros"', () => {
    const withInterest = { installments: 3, installmentAmount: 3512, totalAmount: 10536, interestFree: false };
    const free = { installments: 3, installmentAmount: 3333, totalAmount: 10000, interestFree: true };
    expect(plain(installmentLabel(withInterest, 'pt-BR'))).toBe('3x de R$ 35,12 (total R$ 105,36)');
    expect(plain(installmentLabel(free, 'pt-BR'))).toBe('3x de R$ 33,33 sem juros');
    expect(plain(installmentLabel(withInterest, 'en-US'))).toBe('3x of R$35.12 (total R$105.36)');
    expect(plain(installmentLabel(free, 'es-ES'))).toBe('3 cuotas de 33,33 R$ sin interés');
    expect(plain(installmentLabel({ installments: 1, installmentAmount: 10000, totalAmount: 10000, interestFree: true }, 'es-ES'))).toBe('1 cuota de 100,00 R$ sin interés');
    expect(plain(installmentLabel({ installments: 1, installmentAmount: 10299, totalAmount: 10299, interestFree: false }, 'pt-BR'))).toBe('1x de R$ 102,99 (total R$ 102,99)');
  });
});

describe('brand colour', () => {
  it('normalizes hex colours', () => {
    expect(normalizeHexColor('#ABC')).toBe('#aabbcc');
    expect(normalizeHexColor('#1A2b3C')).toBe('#1a2b3c');
    expect(normalizeHexColor('red')).toBeNull();
  });

  it('puts white on dark colours and black on light ones, always readable (WCAG AA 4.5:1)', () => {
    expect(textColorOn('#1f1f7a')).toBe('#ffffff');
    expect(textColorOn('#ffd400')).toBe('#000000');
    for (let r = 0; r < 256; r += 51) {
      for (let g = 0; g < 256; g += 51) {
        for (let b = 0; b < 256; b += 51) {
          const hex = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
          expect({ hex, readable: contrastRatio(hex, textColorOn(hex)) >= 4.5 }).toEqual({ hex, readable: true });
        }
      }
    }
  });
});

const baseView = (over: Partial<CheckoutPageView> = {}): CheckoutPageView => ({
  id: 'cs_01jdemo0000000000000000000',
  status: 'opened',
  locale: 'pt-BR',
  items: [
    { name: 'Camiseta <b>azul</b>', description: 'Algodão', imageUrl: 'https://img.example.com/shirt.png', quantity: 2, unitAmount: 5000 },
    { name: 'Frete', description: null, imageUrl: null, quantity: 1, unitAmount: 1000 },
  ],
  amount: 11000,
  amountPaid: 0,
  amountDue: 11000,
  expiresAt: '2026-11-23T10:00:00.000Z',
  branding: { primaryColor: '#FFD400', logoUrl: 'https://cdn.shop.example/logo.png', faviconUrl: 'https://cdn.shop.example/favicon.ico', merchantName: 'Loja "da" Ana', mobileLayout: 'single-page' },
  paymentMethods: {
    card: {
      enabled: true,
      maxInstallments: 3,
      multipleCards: true,
      installmentOptions: [
        { installments: 1, installmentAmount: 11000, totalAmount: 11000, interestFree: true },
        { installments: 3, installmentAmount: 3864, totalAmount: 11592, interestFree: false },
      ],
    },
    pix: { enabled: true },
    boleto: { enabled: false },
    combined: { enabled: false },
  },
  requiredFields: ['email', 'document', 'phone'],
  customFields: [
    { key: 'size', label: { 'pt-BR': 'Tamanho', 'en-US': 'Size', 'es-ES': 'Talla' }, type: 'select', options: ['P', { value: 'G', label: { 'pt-BR': 'Grande', 'en-US': 'Large' } }], required: true },
    { key: 'gift', label: 'Embrulhar para presente', type: 'checkbox', required: false },
  ],
  customer: null,
  payments: [],
  successUrl: null,
  cancelUrl: 'https://shop.example/cart',
  companyId: 'comp_01jdemo0000000000000000000',
  sdkUrl: 'http://localhost:3000/sdk/lastro.js',
  ...over,
});
const opts = { apiUrl: 'http://localhost:3000', selfPath: '/pay/cs_01jdemo0000000000000000000' };

describe('the session page', () => {
  it('escapes what merchants and buyers wrote, also inside the script data', () => {
    const view = baseView({ items: [{ name: '</script><script>alert(1)</script>', description: null, imageUrl: null, quantity: 1, unitAmount: 100 }], amount: 100, amountDue: 100 });
    const { html } = renderCheckoutPage(view, 'pt-BR', opts);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    const data = /<script type="application\/json" id="checkout-data">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(data![1]).view.items[0].name).toBe('</script><script>alert(1)</script>');
    const { html: branded } = renderCheckoutPage(baseView(), 'pt-BR', opts);
    expect(branded).toContain('Loja &quot;da&quot; Ana');
    expect(branded).toContain('Camiseta &lt;b&gt;azul&lt;/b&gt;');
  });

  it('applies the brand: colour with a readable text colour, logo, favicon, name; the one inline style is allowed by its hash', () => {
    const { html, csp } = renderCheckoutPage(baseView(), 'pt-BR', opts);
    const style = /<style>([^<]*)<\/style>/.exec(html)![1];
    expect(style).toBe(':root{--brand:#ffd400;--on-brand:#000000}');
    expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(html).toContain('<link rel="icon" href="https://cdn.shop.example/favicon.ico">');
    expect(html).toMatch(/<img class="logo" src="https:\/\/cdn.shop.example\/logo.png" alt="Loja &quot;da&quot; Ana">/);
    expect(html).toContain('<body class="layout-single-page" data-state="form">');
    expect(renderCheckoutPage(baseView({ branding: { ...baseView().branding!, mobileLayout: 'step-by-step' } }), 'pt-BR', opts).html).toContain('class="layout-step-by-step"');
  });

  it('has a CSP of self plus the https image hosts, no unsafe-inline', () => {
    const { csp } = renderCheckoutPage(baseView(), 'pt-BR', opts);
    expect(csp).toMatch(/img-src 'self' data: https:\/\/cdn\.shop\.example https:\/\/img\.example\.com/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe');
    expect(checkoutCsp({ imageUrls: ['http://plain.example/x.png', 'javascript:alert(1)'] })).toContain("img-src 'self' data:;");
  });

  it('lists items with their totals, and labels every input', () => {
    const { html } = renderCheckoutPage(baseView(), 'pt-BR', opts);
    expect(plain(html)).toContain('<span id="amount-total">R$ 110,00</span>');
    expect(plain(html)).toContain('R$ 100,00');
    const ids = [...html.matchAll(/<(?:input|select|textarea) [^>]*id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(10);
    for (const id of ids) expect({ id, labelled: html.includes(`for="${id}"`) }).toEqual({ id, labelled: true });
  });

  it('shows the installment options with value and total, and two-card fields when allowed', () => {
    const { html } = renderCheckoutPage(baseView(), 'pt-BR', opts);
    expect(plain(html)).toContain('<option value="3">3x de R$ 38,64 (total R$ 115,92)</option>');
    expect(plain(html)).toContain('<option value="1">1x de R$ 110,00 sem juros</option>');
    expect(html).toContain('id="two-cards"');
    expect(html).toContain('id="card-1"');
    const single = baseView();
    single.paymentMethods.card!.multipleCards = false;
    expect(renderCheckoutPage(single, 'pt-BR', opts).html).not.toContain('id="two-cards"');
  });

  it('asks for the address only when requiredFields lists it, and localizes custom fields', () => {
    expect(renderCheckoutPage(baseView(), 'pt-BR', opts).html).not.toContain('customer.address.zipCode');
    const { html } = renderCheckoutPage(baseView({ requiredFields: ['address'] }), 'es-ES', opts);
    expect(html).toContain('data-path="customer.address.zipCode"');
    expect(html).toContain('placeholder="00000-000"');
    expect(html).toContain('>Talla</label>');
    expect(html).toContain('<option value="G">Grande</option>');
    expect(html).toContain('<html lang="es-ES">');
  });

  it('renders paid, expired and canceled sessions as their end states without the form', () => {
    const paid = renderCheckoutPage(baseView({ status: 'paid', successUrl: 'https://shop.example/ok?session=cs_1' }), 'en-US', opts).html;
    expect(paid).toContain('data-state="paid"');
    expect(paid).not.toContain('id="checkout-form"');
    expect(paid).toMatch(/<section class="panel end" id="state-paid" aria-labelledby="state-paid-title">/);
    expect(paid).toContain('Payment confirmed');
    const expired = renderCheckoutPage(baseView({ status: 'expired' }), 'pt-BR', opts).html;
    expect(expired).toMatch(/<section class="panel end" id="state-expired" aria-labelledby="state-expired-title">/);
    expect(expired).toContain('href="https://shop.example/cart"');
    expect(renderCheckoutPage(baseView({ status: 'canceled' }), 'es-ES', opts).html).toMatch(/id="state-canceled" aria-labelledby="state-canceled-title">\s*<h2[^>]*>Este pago fue cancelado/);
  });

  it('shows a waiting Pix with its QR image and code', () => {
    const pix = { copyPaste: '00020101021226...6304ABCD', qrCodeUrl: 'http://localhost:3000/pix/pay_1/qrcode.png', expiresAt: '2026-11-22T13:00:00.000Z' };
    const view = baseView({ status: 'paying', payments: [{ id: 'pay_1', method: 'pix', amount: 11000, status: 'waiting_payment', failureCode: null, pix, boleto: null }] });
    expect(panelFor(view)).toBe('pix');
    const { html } = renderCheckoutPage(view, 'pt-BR', opts);
    expect(html).toContain('data-state="pix"');
    expect(html).toContain('src="http://localhost:3000/pix/pay_1/qrcode.png"');
    expect(html).toContain('>00020101021226...6304ABCD</textarea>');
    expect(html).toMatch(/<form id="checkout-form" class="panel" novalidate hidden>/);
  });

  it('answers an unknown link with a localized dead end', () => {
    const { html, csp } = renderCheckoutProblemPage('en-US', 'link_not_found', '/c/chk_x');
    expect(html).toContain('Payment link unavailable');
    expect(html).toContain('data-problem="link_not_found"');
    expect(csp).toContain("script-src 'self';");
    expect(renderCheckoutProblemPage('pt-BR', 'link_not_found', '/c/chk_x').html).toContain('Link de pagamento indisponível');
  });
});

describe('the page script', () => {
  it('bundles for the browser with the same rules (no Node built-ins), small enough for a phone', async () => {
    const js = await checkoutAsset('checkout.js');
    expect(js.body.length).toBeLessThan(60_000);
    expect(js.body).toContain('Cartão recusado');
    const css = await checkoutAsset('checkout.css');
    expect(css.body).toContain('--brand');
  });
});

describe('the session page in subscription mode', () => {
  const subscription = {
    lines: [
      { description: 'Clube mensal', kind: 'recurring', quantity: 1, amount: 3990 },
      { description: 'Chamadas', kind: 'recurring', quantity: 1, amount: null },
    ],
    amountPerCycle: 3990,
    amountDueNow: 3990,
    paymentMethods: { card: true, pixAutomatico: true },
    mandate: null,
  };
  const subView = (over: Partial<CheckoutPageView> = {}) =>
    baseView({ items: [], amount: 3990, amountDue: 3990, paymentMethods: { card: { enabled: true, maxInstallments: 1, installmentOptions: [] } }, subscription, ...over });

  it.each([
    ['pt-BR', 'Por ciclo', 'conforme o uso', 'Assinar: R$ 39,90 agora'],
    ['en-US', 'Per cycle', 'as used', 'Subscribe: R$39.90 now'],
    ['es-ES', 'Por ciclo', 'según el uso', 'Suscribirse: '],
  ] as const)('%s: the plan per cycle, what is billed now, card and Pix Automático', (locale, perCycle, metered, button) => {
    const { html } = renderCheckoutPage(subView(), locale, opts);
    expect(html).toContain('data-testid="subscription-lines"');
    expect(html).toContain(perCycle);
    expect(html).toContain(metered);
    expect(html.replace(/\u00a0/g, ' ')).toContain(button);
    expect(html).toContain('value="pix_automatico"');
    expect(html).toContain('data-method="pix_automatico"');
  });

  it('shows the pending mandate to authorize, then the paid page', () => {
    const qrCodeUrl = 'https://api.lastro.example/checkout/public/sessions/cs_1/mandate-qrcode.png';
    const pending = renderCheckoutPage(subView({ status: 'paying', subscription: { ...subscription, mandate: { status: 'pending', qrCode: '00020101021226<x>', qrCodeUrl } } }), 'pt-BR', opts).html;
    expect(panelFor({ status: 'paying', payments: [], subscription: { mandate: { status: 'pending' } } })).toBe('mandate');
    expect(pending).toMatch(/<section class="panel" id="state-mandate" aria-labelledby="mandate-title">/);
    expect(pending).toContain('00020101021226&lt;x&gt;</textarea>');
    // Its QR image, allowed by the page's Content-Security-Policy.
    expect(pending).toContain(`<img id="mandate-qr" class="qr" alt="QR code da autorização do Pix Automático" width="240" height="240" src="${qrCodeUrl}">`);
    expect(renderCheckoutPage(subView({ status: 'paying', subscription: { ...subscription, mandate: { status: 'pending', qrCode: '0002', qrCodeUrl } } }), 'pt-BR', opts).csp).toMatch(/img-src [^;]*https:\/\/api\.lastro\.example/);
    expect(panelFor({ status: 'paid', payments: [], subscription: { mandate: { status: 'active' } } })).toBe('paid');
    expect(panelFor({ status: 'paying', payments: [], subscription: { mandate: null } })).toBe('form');
  });
});
