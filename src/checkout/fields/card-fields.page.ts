import { escapeHtml } from '../../http/html';
import { CHECKOUT_TEXT, type CheckoutLocale } from '../page/checkout.i18n';
import { jsonForScript } from '../page/checkout.page';

/**
 * The hosted card fields' page: three inputs (number, expiry, CVV) labelled in the buyer's
 * locale, the script and stylesheet from this origin, and the page's data (the company's
 * public id and the one parent origin it talks to) in a JSON block, so no inline script runs.
 */
export function renderCardFieldsPage(opts: { locale: CheckoutLocale; companyId: string; parentOrigin: string }): string {
  const t = CHECKOUT_TEXT[opts.locale];
  const field = (id: string, label: string, autocomplete: string, placeholder: string, maxLength: number): string =>
    `<label for="${id}">${escapeHtml(label)}<input id="${id}" name="${id}" inputmode="numeric" autocomplete="${autocomplete}" placeholder="${placeholder}" maxlength="${maxLength}" spellcheck="false"></label>`;
  return `<!doctype html>
<html lang="${opts.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.cardNumber)}</title>
<link rel="stylesheet" href="/checkout/fields/card-fields.css">
<script type="application/json" id="lastro-fields-data">${jsonForScript({ companyId: opts.companyId, parentOrigin: opts.parentOrigin })}</script>
<script src="/checkout/fields/card-fields.js" defer></script>
</head>
<body>
${field('number', t.cardNumber, 'cc-number', '0000 0000 0000 0000', 23)}
<div class="row">${field('expiry', t.cardExpiry, 'cc-exp', opts.locale === 'en-US' ? 'MM/YY' : 'MM/AA', 5)}${field('cvv', t.cardCvv, 'cc-csc', '123', 4)}</div>
</body>
</html>`;
}

/**
 * Only this origin's script and stylesheet, calls to this origin, and framing by the declared
 * parent alone: a page that names another origin cannot show the fields, so it cannot get them
 * to answer a parent that is not the merchant's page.
 */
export function cardFieldsHeaders(parentOrigin: string): Record<string, string> {
  const csp = ["default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "img-src 'self'", "form-action 'none'", "base-uri 'none'", `frame-ancestors ${parentOrigin}`].join('; ');
  return { 'Content-Security-Policy': csp, 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
}
