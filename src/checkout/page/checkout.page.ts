import { createHash } from 'node:crypto';
import { CHECKOUT_LOCALES, CHECKOUT_TEXT, fill, localizedLabel, type CheckoutLocale, type CheckoutText } from './checkout.i18n';
import { escapeHtml } from '../../http/html';
import { formatMoney, installmentLabel, normalizeHexColor, panelFor, textColorOn, type InstallmentOption } from './checkout.rules';

/**
 * The buyer page (`/pay/:sessionId`): plain server-rendered HTML from the session's public view,
 * one stylesheet and one script served by Lastro (no CDN, no inline script). Every state the
 * page can reach (form, Pix waiting, boleto, paid, expired, canceled) is rendered here and
 * only shown or hidden by the script, so all markup lives in one place. Everything that
 * comes from a merchant or a buyer is escaped.
 */

type Label = string | Partial<Record<CheckoutLocale, string>>;

/** The part of the public session view the page reads (GET /checkout/public/sessions/:id). */
export interface CheckoutPageView {
  id: string;
  status: string;
  locale: string;
  items: Array<{ id?: string; name: string; description?: string | null; imageUrl?: string | null; quantity: number; unitAmount: number }>;
  amount: number;
  amountPaid: number;
  amountDue: number;
  expiresAt: string;
  branding: { primaryColor?: string | null; logoUrl?: string | null; faviconUrl?: string | null; merchantName?: string | null; mobileLayout?: string | null } | null;
  paymentMethods: {
    card?: { enabled: boolean; maxInstallments?: number; multipleCards?: boolean; installmentOptions?: InstallmentOption[] } | null;
    pix?: { enabled: boolean } | null;
    boleto?: { enabled: boolean } | null;
    combined?: { enabled: boolean; minAmountPerPayment?: number } | null;
  };
  requiredFields: string[];
  /** Subscription mode: the plan offered and the mandate while pending (null in payment mode). */
  subscription?: {
    lines: Array<{ description: string; kind: string; quantity: number; amount: number | null }>;
    amountPerCycle: number;
    amountDueNow: number;
    paymentMethods: { card: boolean; pixAutomatico: boolean };
    mandate: { status: string; qrCode: string | null; qrCodeUrl: string | null } | null;
  } | null;
  customFields: Array<{ key: string; label: Label; type: string; options?: Array<string | { value: string; label: Label }> | null; required?: boolean }>;
  customer?: { name?: string | null; email?: string | null; document?: string | null; phone?: string | null; address?: Record<string, string | null> | null } | null;
  payments: Array<{
    id: string;
    method: string;
    amount: number;
    status: string;
    failureCode?: string | null;
    pix?: { copyPaste: string; qrCodeUrl: string; expiresAt: string } | null;
    boleto?: { digitableLine: string; barcode?: string; url: string; dueDate: string } | null;
  }>;
  successUrl: string | null;
  cancelUrl: string | null;
  companyId: string;
  sdkUrl: string;
}

export interface CheckoutPageOptions {
  /** Core API base the SDK tokenizes against (no version segment). */
  apiUrl: string;
  /** This page's own path, for the language links. */
  selfPath: string;
  /**
   * The card's installment terms, so the script can show exact options for each card's share
   * when the buyer pays with two cards (the public view lists them for the whole amount only).
   */
  cardInstallments?: { maxInstallments: number; freeInstallments: number; interestRate: number; interestType: 'simple' | 'compound' } | null;
}


/** JSON inside a `<script type="application/json">`: nothing in it can close the element. */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

const origin = (url: string | null | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

const DEFAULT_BRAND = '#1f5fd1';

/** The brand colour and its readable text colour, as the one inline style the CSP allows by hash. */
function themeStyle(primaryColor: string | null | undefined): string {
  const brand = normalizeHexColor(primaryColor ?? '') ?? DEFAULT_BRAND;
  return `:root{--brand:${brand};--on-brand:${textColorOn(brand)}}`;
}

const sha256 = (s: string): string => createHash('sha256').update(s, 'utf8').digest('base64');

/**
 * Only Lastro itself, plus the merchant's image hosts (logo, favicon, item images: https only,
 * by the link rules) and the SDK/API origin when it is not this one. The theme style is
 * allowed by its hash, so no other inline style or script can run.
 */
export function checkoutCsp(opts: { style?: string; imageUrls?: Array<string | null | undefined>; extraOrigins?: Array<string | null | undefined> }): string {
  const hosts = (urls: Array<string | null | undefined> = []): string =>
    [...new Set(urls.map(origin).filter((o): o is string => o !== null && o.startsWith('https://')))].map((o) => ` ${o}`).join('');
  const extra = [...new Set((opts.extraOrigins ?? []).map(origin).filter((o): o is string => o !== null))].map((o) => ` ${o}`).join('');
  const style = opts.style ? ` 'sha256-${sha256(opts.style)}'` : '';
  return [
    "default-src 'none'",
    `script-src 'self'${extra}`,
    `style-src 'self'${style}`,
    `img-src 'self' data:${hosts(opts.imageUrls)}${extra}`,
    `connect-src 'self'${extra}`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The session id is the buyer's credential: no referrer to image hosts, no caching. */
export function checkoutPageHeaders(csp: string): Record<string, string> {
  return { 'Content-Security-Policy': csp, 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
}

export interface RenderedPage {
  html: string;
  csp: string;
}

export interface Shell {
  locale: CheckoutLocale;
  title: string;
  branding: CheckoutPageView['branding'];
  selfPath: string;
  layout: 'single-page' | 'step-by-step';
  state: string;
  main: string;
  head?: string;
  data?: unknown;
  extraOrigins?: Array<string | null | undefined>;
  imageUrls?: Array<string | null | undefined>;
}

export function shell(s: Shell): RenderedPage {
  const t = CHECKOUT_TEXT[s.locale];
  const style = themeStyle(s.branding?.primaryColor);
  const merchant = s.branding?.merchantName ?? '';
  const favicon = s.branding?.faviconUrl ? `\n  <link rel="icon" href="${escapeHtml(s.branding.faviconUrl)}">` : '';
  const logo = s.branding?.logoUrl ? `<img class="logo" src="${escapeHtml(s.branding.logoUrl)}" alt="${escapeHtml(merchant || t.pageTitle)}">` : '';
  const languages = CHECKOUT_LOCALES.map((l) =>
    l === s.locale ? `<span aria-current="true">${CHECKOUT_TEXT[l].languageName}</span>` : `<a href="${escapeHtml(`${s.selfPath}?lang=${l}`)}" hreflang="${l}" lang="${l}">${CHECKOUT_TEXT[l].languageName}</a>`,
  ).join(' · ');
  const data = s.data === undefined ? '' : `\n  <script type="application/json" id="checkout-data">${jsonForScript(s.data)}</script>`;
  const html = `<!doctype html>
<html lang="${s.locale}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${escapeHtml(merchant ? `${s.title} · ${merchant}` : s.title)}</title>${favicon}
  <link rel="stylesheet" href="/checkout/assets/checkout.css">
  <style>${style}</style>${s.head ?? ''}
</head>
<body class="layout-${s.layout}" data-state="${escapeHtml(s.state)}">
  <header class="merchant">${logo}<span class="merchant-name">${escapeHtml(merchant)}</span><span class="secure">${escapeHtml(t.secure)}</span></header>
  <main id="main">
${s.main}
  </main>
  <footer><p>${escapeHtml(t.poweredBy)}</p><nav class="languages" aria-label="Language">${languages}</nav></footer>${data}
</body>
</html>`;
  const imageUrls = [s.branding?.logoUrl, s.branding?.faviconUrl, ...(s.imageUrls ?? [])];
  return { html, csp: checkoutCsp({ style, imageUrls, extraOrigins: s.extraOrigins }) };
}

/** A dead end with a clear message: unknown or archived link, unknown session. */
export function renderCheckoutProblemPage(locale: CheckoutLocale, problem: 'link_not_found' | 'session_not_found', selfPath: string): RenderedPage {
  const t = CHECKOUT_TEXT[locale];
  const [title, body] = problem === 'link_not_found' ? [t.linkNotFoundTitle, t.linkNotFoundBody] : [t.sessionNotFoundTitle, t.sessionNotFoundBody];
  const main = `    <section class="panel notice" data-problem="${problem}">
      <h1>${escapeHtml(title)}</h1>
      <p>${escapeHtml(body)}</p>
    </section>`;
  return shell({ locale, title, branding: null, selfPath, layout: 'single-page', state: problem, main });
}

/** Subscription mode: each component at its price per cycle (or once), the price per cycle and what is billed now. */
function subscriptionSummary(sub: NonNullable<CheckoutPageView['subscription']>, locale: CheckoutLocale, t: CheckoutText): string {
  const lines = sub.lines
    .map((l) => `        <li class="item"><span class="no-image" aria-hidden="true"></span><div class="item-text"><span class="item-name">${escapeHtml(l.description)}</span><small>${escapeHtml(t.quantity)} ${l.quantity}</small></div><span class="item-amount">${escapeHtml(l.amount === null ? t.metered : formatMoney(l.amount, locale))}</span></li>`)
    .join('\n');
  return `    <section class="panel summary" aria-labelledby="summary-title">
      <h1 id="summary-title">${escapeHtml(t.orderSummary)}</h1>
      <ul class="items" data-testid="subscription-lines">
${lines}
      </ul>
      <p class="line"><span>${escapeHtml(t.perCycle)}</span><span id="amount-per-cycle">${escapeHtml(formatMoney(sub.amountPerCycle, locale))}</span></p>
      <p class="line total"><span>${escapeHtml(t.dueNow)}</span><span id="amount-total">${escapeHtml(formatMoney(sub.amountDueNow, locale))}</span></p>
      <p class="line" id="line-paid" hidden><span id="amount-paid"></span></p><p class="line" id="line-due" hidden><span id="amount-due"></span></p>
    </section>`;
}

function summary(view: CheckoutPageView, locale: CheckoutLocale, t: CheckoutText): string {
  if (view.subscription) return subscriptionSummary(view.subscription, locale, t);
  const items = view.items
    .map((i) => {
      const img = i.imageUrl ? `<img src="${escapeHtml(i.imageUrl)}" alt="" width="56" height="56" loading="lazy">` : '<span class="no-image" aria-hidden="true"></span>';
      const desc = i.description ? `<small>${escapeHtml(i.description)}</small>` : '';
      return `        <li class="item">${img}<div class="item-text"><span class="item-name">${escapeHtml(i.name)}</span>${desc}<small>${escapeHtml(t.quantity)} ${i.quantity}</small></div><span class="item-amount">${escapeHtml(formatMoney(i.quantity * i.unitAmount, locale))}</span></li>`;
    })
    .join('\n');
  // Always rendered (hidden while nothing is paid) so the script can show them after a partial payment.
  const hidden = view.amountPaid > 0 ? '' : ' hidden';
  const partial = `
      <p class="line" id="line-paid"${hidden}><span>${escapeHtml(t.amountPaid)}</span><span id="amount-paid">${escapeHtml(formatMoney(view.amountPaid, locale))}</span></p>
      <p class="line due" id="line-due"${hidden}><span>${escapeHtml(t.amountDue)}</span><span id="amount-due">${escapeHtml(formatMoney(view.amountDue, locale))}</span></p>`;
  return `    <section class="panel summary" aria-labelledby="summary-title">
      <h1 id="summary-title">${escapeHtml(t.orderSummary)}</h1>
      <ul class="items">
${items}
      </ul>
      <p class="line total"><span>${escapeHtml(t.total)}</span><span id="amount-total">${escapeHtml(formatMoney(view.amount, locale))}</span></p>${partial}
    </section>`;
}

interface FieldSpec {
  id: string;
  path: string;
  label: string;
  type?: string;
  autocomplete?: string;
  inputmode?: string;
  value?: string | null;
  required?: boolean;
  check?: string;
  maxlength?: number;
  placeholder?: string;
}

function field(f: FieldSpec): string {
  const attrs = [
    `id="${f.id}"`,
    `name="${escapeHtml(f.path)}"`,
    `type="${f.type ?? 'text'}"`,
    `data-path="${escapeHtml(f.path)}"`,
    `aria-describedby="${f.id}-err"`,
    f.autocomplete ? `autocomplete="${f.autocomplete}"` : '',
    f.inputmode ? `inputmode="${f.inputmode}"` : '',
    f.check ? `data-check="${f.check}"` : '',
    f.maxlength ? `maxlength="${f.maxlength}"` : '',
    f.placeholder ? `placeholder="${escapeHtml(f.placeholder)}"` : '',
    f.required === false ? '' : 'required aria-required="true"',
    f.value ? `value="${escapeHtml(f.value)}"` : '',
  ].filter(Boolean);
  return `        <div class="field"><label for="${f.id}">${escapeHtml(f.label)}</label><input ${attrs.join(' ')}><p class="field-error" id="${f.id}-err" aria-live="polite"></p></div>`;
}

function customerFields(view: CheckoutPageView, t: CheckoutText): string {
  const c = view.customer ?? {};
  const rows = [
    field({ id: 'f-name', path: 'customer.name', label: t.name, autocomplete: 'name', value: c.name, maxlength: 255 }),
    field({ id: 'f-email', path: 'customer.email', label: t.email, type: 'email', autocomplete: 'email', check: 'email', value: c.email, maxlength: 254 }),
    field({ id: 'f-document', path: 'customer.document', label: t.document, inputmode: 'text', check: 'document', value: c.document, maxlength: 18, placeholder: '000.000.000-00' }),
    field({ id: 'f-phone', path: 'customer.phone', label: t.phone, type: 'tel', autocomplete: 'tel-national', inputmode: 'tel', check: 'phone', value: c.phone, maxlength: 15, placeholder: '(11) 91234-5678' }),
  ];
  return `      <fieldset class="group">
        <legend>${escapeHtml(t.yourDetails)}</legend>
${rows.join('\n')}
      </fieldset>`;
}

function addressFields(view: CheckoutPageView, t: CheckoutText): string {
  if (!view.requiredFields.includes('address')) return '';
  const a = view.customer?.address ?? {};
  const rows = [
    field({ id: 'f-zip', path: 'customer.address.zipCode', label: t.zipCode, inputmode: 'numeric', autocomplete: 'postal-code', check: 'zipCode', value: a.zipCode, maxlength: 9, placeholder: '00000-000' }),
    field({ id: 'f-street', path: 'customer.address.street', label: t.street, autocomplete: 'address-line1', value: a.street, maxlength: 255 }),
    field({ id: 'f-number', path: 'customer.address.number', label: t.number, value: a.number, maxlength: 20 }),
    field({ id: 'f-complement', path: 'customer.address.complement', label: t.complement, autocomplete: 'address-line2', value: a.complement, required: false, maxlength: 255 }),
    field({ id: 'f-neighborhood', path: 'customer.address.neighborhood', label: t.neighborhood, value: a.neighborhood, maxlength: 255 }),
    field({ id: 'f-city', path: 'customer.address.city', label: t.city, autocomplete: 'address-level2', value: a.city, maxlength: 255 }),
    field({ id: 'f-state', path: 'customer.address.state', label: t.state, autocomplete: 'address-level1', check: 'state', value: a.state, maxlength: 2, placeholder: 'SP' }),
  ];
  return `      <fieldset class="group">
        <legend>${escapeHtml(t.address)}</legend>
${rows.join('\n')}
      </fieldset>`;
}

function customFieldsBlock(view: CheckoutPageView, locale: CheckoutLocale, t: CheckoutText): string {
  if (view.customFields.length === 0) return '';
  const rows = view.customFields.map((f, i) => {
    const id = `f-custom-${i}`;
    const pathName = `customFields.${f.key}`;
    const label = localizedLabel(f.label, locale);
    const req = f.required ? ' required aria-required="true"' : '';
    const common = `id="${id}" name="${escapeHtml(pathName)}" data-path="${escapeHtml(pathName)}" data-custom="${escapeHtml(f.key)}" aria-describedby="${id}-err"${req}`;
    const err = `<p class="field-error" id="${id}-err" aria-live="polite"></p>`;
    if (f.type === 'checkbox') return `        <div class="field check"><input type="checkbox" ${common}><label for="${id}">${escapeHtml(label)}</label>${err}</div>`;
    if (f.type === 'select') {
      const options = (f.options ?? [])
        .map((o) => (typeof o === 'string' ? { value: o, label: o } : { value: o.value, label: localizedLabel(o.label, locale) }))
        .map((o) => `<option value="${escapeHtml(o.value)}">${escapeHtml(o.label)}</option>`)
        .join('');
      return `        <div class="field"><label for="${id}">${escapeHtml(label)}</label><select ${common}><option value="">${escapeHtml(t.selectPlaceholder)}</option>${options}</select>${err}</div>`;
    }
    return `        <div class="field"><label for="${id}">${escapeHtml(label)}</label><input type="text" maxlength="500" ${common}>${err}</div>`;
  });
  return `      <fieldset class="group">
        <legend>${escapeHtml(t.additionalInfo)}</legend>
${rows.join('\n')}
      </fieldset>`;
}

/** The `<option>`s of an installment selector. */
export function installmentOptionsHtml(options: InstallmentOption[], locale: CheckoutLocale): string {
  return options.map((o) => `<option value="${o.installments}">${escapeHtml(installmentLabel(o, locale))}</option>`).join('');
}

function cardBlock(n: 0 | 1, view: CheckoutPageView, locale: CheckoutLocale, t: CheckoutText): string {
  const p = `c${n}`;
  const title = view.paymentMethods.card?.multipleCards ? `<h3 class="card-title" ${n === 0 ? 'hidden' : ''}>${escapeHtml(n === 0 ? t.firstCard : t.secondCard)}</h3>` : '';
  const options = installmentOptionsHtml(view.paymentMethods.card?.installmentOptions ?? [], locale);
  return `          <div class="card-block" id="card-${n}" data-card="${n}"${n === 1 ? ' hidden' : ''}>
            ${title}
            <div class="field"><label for="${p}-number">${escapeHtml(t.cardNumber)}</label><div class="with-brand"><input id="${p}-number" type="text" inputmode="numeric" autocomplete="cc-number" data-card-field="number" data-check="cardNumber" aria-describedby="${p}-number-err ${p}-brand" maxlength="23" required aria-required="true"><span class="brand" id="${p}-brand" aria-live="polite" data-label="${escapeHtml(t.cardBrand)}"></span></div><p class="field-error" id="${p}-number-err" aria-live="polite"></p></div>
            <div class="field"><label for="${p}-holder">${escapeHtml(t.cardHolder)}</label><input id="${p}-holder" type="text" autocomplete="cc-name" data-card-field="holder" aria-describedby="${p}-holder-err" maxlength="100" required aria-required="true"><p class="field-error" id="${p}-holder-err" aria-live="polite"></p></div>
            <div class="row">
              <div class="field"><label for="${p}-expiry">${escapeHtml(t.cardExpiry)}</label><input id="${p}-expiry" type="text" inputmode="numeric" autocomplete="cc-exp" data-card-field="expiry" data-check="expiry" aria-describedby="${p}-expiry-err" maxlength="5" placeholder="MM/AA" required aria-required="true"><p class="field-error" id="${p}-expiry-err" aria-live="polite"></p></div>
              <div class="field"><label for="${p}-cvv">${escapeHtml(t.cardCvv)}</label><input id="${p}-cvv" type="text" inputmode="numeric" autocomplete="cc-csc" data-card-field="cvv" data-check="cvv" aria-describedby="${p}-cvv-err" maxlength="4" required aria-required="true"><p class="field-error" id="${p}-cvv-err" aria-live="polite"></p></div>
            </div>
            <div class="field"><label for="${p}-installments">${escapeHtml(t.installments)}</label><select id="${p}-installments" data-card-field="installments">${options}</select></div>
          </div>`;
}

function paymentBlock(view: CheckoutPageView, locale: CheckoutLocale, t: CheckoutText): string {
  const pm = view.paymentMethods;
  const methods = (
    [
      ['card', pm.card?.enabled, t.card],
      ['pix', pm.pix?.enabled, t.pix],
      ['boleto', pm.boleto?.enabled, t.boleto],
      ['pix_automatico', view.subscription?.paymentMethods.pixAutomatico, t.pixAutomatico],
    ] as const
  ).filter(([, on]) => on);
  const first = methods[0]?.[0];
  const radios = methods
    .map(([m, , label]) => `          <label class="method"><input type="radio" name="method" value="${m}"${m === first ? ' checked' : ''}> <span>${escapeHtml(label)}</span></label>`)
    .join('\n');
  const due = formatMoney(view.amountDue, locale);
  const twoCards = pm.card?.multipleCards
    ? `
          <div class="field check"><input type="checkbox" id="two-cards"><label for="two-cards">${escapeHtml(t.twoCards)}</label></div>
          <div class="field" id="split-field" hidden><label for="split-amount">${escapeHtml(t.firstCardAmount)}</label><input id="split-amount" type="text" inputmode="decimal" aria-describedby="split-amount-err split-rest"><p class="hint" id="split-rest" aria-live="polite" data-template="${escapeHtml(t.secondCardAmount)}"></p><p class="field-error" id="split-amount-err" aria-live="polite"></p></div>`
    : '';
  // Combined: part by card, the rest by Pix or boleto (one other payment; the API allows more).
  const others = (
    [
      ['pix', pm.pix?.enabled, t.pix],
      ['boleto', pm.boleto?.enabled, t.boleto],
    ] as const
  ).filter(([, on]) => on);
  const min = pm.combined?.minAmountPerPayment ?? 1;
  const combine =
    pm.combined?.enabled && others.length > 0
      ? `
          <div class="field check"><input type="checkbox" id="combine"><label for="combine">${escapeHtml(t.combine)}</label></div>
          <div id="combine-fields" hidden>
            <div class="field"><label for="combine-method">${escapeHtml(t.combineMethod)}</label><select id="combine-method">${others.map(([m, , label]) => `<option value="${m}">${escapeHtml(label)}</option>`).join('')}</select></div>
            <div class="field"><label for="combine-amount">${escapeHtml(t.cardAmount)}</label><input id="combine-amount" type="text" inputmode="decimal" data-min="${min}" aria-describedby="combine-amount-err combine-rest"><p class="hint" id="combine-rest" aria-live="polite" data-template="${escapeHtml(t.combineRest)}"></p><p class="field-error" id="combine-amount-err" aria-live="polite" data-template="${escapeHtml(t.errCombineAmount)}"></p></div>
          </div>`
      : '';
  const card = pm.card?.enabled
    ? `
        <div class="method-panel" data-method="card"${first === 'card' ? '' : ' hidden'}>${twoCards}${combine}
${cardBlock(0, view, locale, t)}
${pm.card.multipleCards ? cardBlock(1, view, locale, t) : ''}
        </div>`
    : '';
  const pix = pm.pix?.enabled ? `\n        <div class="method-panel" data-method="pix"${first === 'pix' ? '' : ' hidden'}><p>${escapeHtml(t.pixInstructions)}</p></div>` : '';
  const boleto = pm.boleto?.enabled ? `\n        <div class="method-panel" data-method="boleto"${first === 'boleto' ? '' : ' hidden'}><p>${escapeHtml(t.boletoInstructions)}</p></div>` : '';
  const mandate = view.subscription?.paymentMethods.pixAutomatico
    ? `\n        <div class="method-panel" data-method="pix_automatico"${first === 'pix_automatico' ? '' : ' hidden'}><p>${escapeHtml(t.mandateInstructions)}</p></div>`
    : '';
  const labels = `data-label-card="${escapeHtml(fill(t.payAmount, { amount: due }))}" data-label-pix="${escapeHtml(fill(t.generatePix, { amount: due }))}" data-label-boleto="${escapeHtml(fill(t.generateBoleto, { amount: due }))}"`;
  const firstLabel = view.subscription ? t.subscribeAmount : first === 'pix' ? t.generatePix : first === 'boleto' ? t.generateBoleto : t.payAmount;
  return `      <fieldset class="group">
        <legend>${escapeHtml(t.paymentMethod)}</legend>
        <div class="methods" role="radiogroup">
${radios}
        </div>${card}${pix}${boleto}${mandate}
      </fieldset>
      <div class="actions"><button type="button" class="secondary back" data-go="1">${escapeHtml(t.back)}</button><button type="submit" id="pay" ${labels}>${escapeHtml(fill(firstLabel, { amount: due }))}</button></div>`;
}

function checkoutForm(view: CheckoutPageView, locale: CheckoutLocale, t: CheckoutText, hidden: boolean): string {
  return `    <form id="checkout-form" class="panel" novalidate${hidden ? ' hidden' : ''}>
      <p class="steps" id="step-label" data-template="${escapeHtml(t.stepOf)}">${escapeHtml(fill(t.stepOf, { step: 1, count: 2 }))}</p>
      <div class="step" data-step="1">
${customerFields(view, t)}
${addressFields(view, t)}
${customFieldsBlock(view, locale, t)}
        <div class="actions"><button type="button" class="next" data-go="2">${escapeHtml(t.next)}</button></div>
      </div>
      <div class="step" data-step="2">
${paymentBlock(view, locale, t)}
      </div>
    </form>`;
}

/** Pix and boleto results; their slots are filled from the payment (here, or by the script after a confirm). */
function pendingPanels(view: CheckoutPageView, t: CheckoutText, locale: CheckoutLocale, show: 'pix' | 'boleto' | null): string {
  const waiting = (m: string) => view.payments.find((p) => p.method === m && (p.status === 'waiting_payment' || p.status === 'pending'));
  const pix = waiting('pix')?.pix;
  const boleto = waiting('boleto')?.boleto;
  const when = (iso: string | undefined, withTime: boolean) =>
    iso ? new Intl.DateTimeFormat(locale, withTime ? { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' } : { dateStyle: 'short', timeZone: 'UTC' }).format(new Date(iso)) : '';
  return `    <section class="panel" id="state-pix" aria-labelledby="pix-title"${show === 'pix' ? '' : ' hidden'}>
      <h2 id="pix-title">${escapeHtml(t.pixTitle)}</h2>
      <p>${escapeHtml(t.pixInstructions)}</p>
      <img id="pix-qr" class="qr" alt="${escapeHtml(t.pixQrAlt)}" width="240" height="240"${pix ? ` src="${escapeHtml(pix.qrCodeUrl)}"` : ''}>
      <label for="pix-code">${escapeHtml(t.pixCode)}</label>
      <textarea id="pix-code" class="code" rows="4" readonly>${escapeHtml(pix?.copyPaste ?? '')}</textarea>
      <button type="button" class="copy" data-copy="pix-code" data-copied="${escapeHtml(t.copied)}" data-failed="${escapeHtml(t.copyFailed)}">${escapeHtml(t.copy)}</button>
      <p class="muted" id="pix-expires" data-template="${escapeHtml(t.pixExpiresAt)}">${pix ? escapeHtml(fill(t.pixExpiresAt, { time: when(pix.expiresAt, true) })) : ''}</p>
      <p class="waiting" role="status" aria-live="polite"><span class="spinner" aria-hidden="true"></span>${escapeHtml(t.waitingPayment)}</p>
    </section>
    <section class="panel" id="state-boleto" aria-labelledby="boleto-title"${show === 'boleto' ? '' : ' hidden'}>
      <h2 id="boleto-title">${escapeHtml(t.boletoTitle)}</h2>
      <p>${escapeHtml(t.boletoInstructions)}</p>
      <label for="boleto-line">${escapeHtml(t.digitableLine)}</label>
      <textarea id="boleto-line" class="code" rows="2" readonly>${escapeHtml(boleto?.digitableLine ?? '')}</textarea>
      <button type="button" class="copy" data-copy="boleto-line" data-copied="${escapeHtml(t.copied)}" data-failed="${escapeHtml(t.copyFailed)}">${escapeHtml(t.copy)}</button>
      <p class="muted" id="boleto-due" data-template="${escapeHtml(t.dueDate)}">${boleto ? escapeHtml(fill(t.dueDate, { date: when(boleto.dueDate, false) })) : ''}</p>
      <p><a id="boleto-link" class="button-link" target="_blank" rel="noopener"${boleto ? ` href="${escapeHtml(boleto.url)}"` : ''}>${escapeHtml(t.openBoleto)}</a></p>
    </section>`;
}

/** Subscription mode: the Pix Automático mandate to authorize (its copia e cola), filled here or by the script after a confirm. */
function mandatePanel(view: CheckoutPageView, t: CheckoutText, show: boolean): string {
  if (!view.subscription?.paymentMethods.pixAutomatico) return '';
  return `    <section class="panel" id="state-mandate" aria-labelledby="mandate-title"${show ? '' : ' hidden'}>
      <h2 id="mandate-title">${escapeHtml(t.mandateTitle)}</h2>
      <p>${escapeHtml(t.mandateInstructions)}</p>
      <img id="mandate-qr" class="qr" alt="${escapeHtml(t.mandateQrAlt)}" width="240" height="240"${view.subscription.mandate?.qrCodeUrl ? ` src="${escapeHtml(view.subscription.mandate.qrCodeUrl)}"` : ''}>
      <label for="mandate-code">${escapeHtml(t.mandateCode)}</label>
      <textarea id="mandate-code" class="code" rows="4" readonly data-testid="mandate-copy-paste">${escapeHtml(view.subscription.mandate?.qrCode ?? '')}</textarea>
      <button type="button" class="copy" data-copy="mandate-code" data-copied="${escapeHtml(t.copied)}" data-failed="${escapeHtml(t.copyFailed)}">${escapeHtml(t.copy)}</button>
      <p class="waiting" role="status" aria-live="polite"><span class="spinner" aria-hidden="true"></span>${escapeHtml(t.waitingPayment)}</p>
    </section>`;
}

function endPanel(id: string, title: string, body: string, show: boolean, extra = ''): string {
  return `    <section class="panel end" id="${id}" aria-labelledby="${id}-title"${show ? '' : ' hidden'}>
      <h2 id="${id}-title" tabindex="-1">${escapeHtml(title)}</h2>
      <p>${escapeHtml(body)}</p>${extra}
    </section>`;
}

/** The session page for any status. */
export function renderCheckoutPage(view: CheckoutPageView, locale: CheckoutLocale, opts: CheckoutPageOptions): RenderedPage {
  const t = CHECKOUT_TEXT[locale];
  const panel = panelFor(view);
  const layout = view.branding?.mobileLayout === 'step-by-step' ? 'step-by-step' : 'single-page';
  const back = view.cancelUrl ? `\n      <p><a class="button-link secondary" href="${escapeHtml(view.cancelUrl)}">${escapeHtml(t.backToStore)}</a></p>` : '';
  const paidExtra = `\n      <p class="muted" id="redirecting"${view.successUrl ? '' : ' hidden'}>${escapeHtml(t.redirecting)}</p>${view.successUrl ? `\n      <p><a class="button-link" id="success-link" href="${escapeHtml(view.successUrl)}">${escapeHtml(t.backToStore)}</a></p>` : ''}`;
  const payable = panel === 'form' || panel === 'pix' || panel === 'boleto' || panel === 'mandate';
  const main = `${summary(view, locale, t)}
    <div id="status" class="status" role="status" aria-live="polite"></div>
    <div id="error" class="error" role="alert" aria-live="assertive"${view.status === 'failed' ? '' : ' hidden'}>${view.status === 'failed' ? escapeHtml(t.failedTitle) : ''}</div>
${payable ? checkoutForm(view, locale, t, panel !== 'form') : ''}
${payable ? pendingPanels(view, t, locale, panel === 'pix' || panel === 'boleto' ? panel : null) : ''}
${payable ? mandatePanel(view, t, panel === 'mandate') : ''}
${endPanel('state-paid', t.paidTitle, t.paidBody, panel === 'paid', paidExtra)}
${endPanel('state-expired', t.expiredTitle, t.expiredBody, panel === 'expired', back)}
${endPanel('state-canceled', t.canceledTitle, t.canceledBody, panel === 'canceled', back)}
    <noscript><p class="panel notice">${escapeHtml(t.noScript)}</p></noscript>`;
  const card = payable && view.paymentMethods.card?.enabled;
  const head = `${card ? `\n  <script src="${escapeHtml(view.sdkUrl)}" defer></script>` : ''}\n  <script src="/checkout/assets/checkout.js" defer></script>`;
  const data = {
    view,
    locale,
    apiUrl: opts.apiUrl,
    cardInstallments: opts.cardInstallments ?? null,
    endpoints: { session: `/checkout/public/sessions/${view.id}`, confirm: `/checkout/public/sessions/${view.id}/confirm` },
  };
  const pixUrls = [...view.payments.map((p) => p.pix?.qrCodeUrl), view.subscription?.mandate?.qrCodeUrl];
  return shell({
    locale,
    title: t.pageTitle,
    branding: view.branding,
    selfPath: opts.selfPath,
    layout,
    state: panel,
    main,
    head,
    data,
    imageUrls: view.items.map((i) => i.imageUrl),
    extraOrigins: [view.sdkUrl, opts.apiUrl, ...pixUrls],
  });
}
