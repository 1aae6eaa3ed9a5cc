import type { Invoice, Subscription } from '../billing/subscription.entity';
import { shell, type RenderedPage } from '../checkout/page/checkout.page';
import type { CheckoutLocale } from '../checkout/page/checkout.i18n';
import { fill } from '../checkout/page/checkout.i18n';
import { escapeHtml } from '../http/html';
import { mandatePeriodOf } from '../billing/mandates.rules';
import type { PortalFeatures } from './portal-session.entity';
import { PORTAL_TEXT, type PortalText } from './portal.i18n';
import type { PortalContent } from './portal.service';

/**
 * The customer portal page (`/portal/:token`): server-rendered in the checkout's look (its
 * stylesheet, header and footer, its CSP: no inline script), listing the customer's
 * subscriptions and invoices. An open invoice shows its payment link and its bolepix (boleto
 * lines, PDF, Pix QR and copia e cola) or a button that makes it; a subscription a button to
 * cancel at period end when the session allows. The buttons post JSON with the page's CSRF
 * token (portal.client.js); everything from the merchant or the customer is escaped.
 * Card forms (pay an invoice, change a subscription's card) tokenize in the browser with the
 * checkout's SDK (the number goes to the tokenization API, only the token to the portal); a
 * subscription shows its Pix Automático mandate (the QR to scan while pending) or a button that
 * starts one.
 */
export interface PortalPageOptions {
  selfPath: string;
  /** The API's public base: the SDK's address and the tokenization API's. */
  apiUrl: string;
  csrfToken: string;
  features: PortalFeatures;
  returnUrl: string | null;
}

const money = (cents: number, currency: string, locale: CheckoutLocale) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
const day = (d: Date | string | null, locale: CheckoutLocale) => (d ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'America/Sao_Paulo' }).format(typeof d === 'string' ? new Date(`${d}T12:00:00-03:00`) : d) : '');

function subscriptionHtml(s: Subscription, content: PortalContent, locale: CheckoutLocale, opts: PortalPageOptions): string {
  const t = PORTAL_TEXT[locale];
  const live = !['canceled', 'ended'].includes(s.status);
  const period = s.currentPeriodStart && s.currentPeriodEnd ? `<p>${escapeHtml(fill(t.period, { start: day(s.currentPeriodStart, locale), end: day(s.currentPeriodEnd, locale) }))}</p>` : '';
  const when = s.currentPeriodEnd ? fill(t.cancelsAt, { date: day(s.currentPeriodEnd, locale) }) : t.cancelsAtPeriodEnd;
  const cancels = s.cancelAtPeriodEnd && live ? `<p class="notice" data-testid="cancels-at">${escapeHtml(when)}</p>` : '';
  const cancel =
    opts.features.cancelSubscription && live && !s.cancelAtPeriodEnd
      ? `<button type="button" class="secondary" data-action="${escapeHtml(`${opts.selfPath}/subscriptions/${s.id}/cancel`)}" data-confirm="${escapeHtml(t.cancelConfirm)}" data-testid="cancel-${escapeHtml(s.id)}">${escapeHtml(t.cancelAtPeriodEnd)}</button>`
      : '';
  const card = content.cards.get(s.id);
  const current = card ? `<p data-testid="current-card">${escapeHtml(fill(t.currentCard, { brand: card.brand, last4: card.last4 }))}</p>` : '';
  // Below the row, not in it: the row is a flex line, and a QR or a form there would squeeze its text away.
  const extras = live
    ? `\n      <li class="pay" data-subscription-actions="${escapeHtml(s.id)}">${current}${cardForm(t, `${opts.selfPath}/subscriptions/${s.id}/card`, `change-card-${s.id}`, t.changeCard, t.saveCard)}${mandateHtml(s, content, t, opts)}</li>`
    : '';
  return `      <li class="item" data-subscription="${escapeHtml(s.id)}">
        <span class="item-text"><strong>${escapeHtml(s.id)}</strong><small data-testid="status">${escapeHtml(t.status[s.status] ?? s.status)}</small>${period}${cancels}</span>${cancel}
      </li>${extras}`;
}

/**
 * A card form, folded until asked for: the fields the SDK tokenizes (no name attribute: the
 * browser never submits them anywhere), the action the token goes to, the refusal messages.
 */
function cardForm(t: PortalText, action: string, testId: string, title: string, submit: string, once = false): string {
  const field = (name: string, label: string, attrs: string) =>
    `<div class="field"><label for="${escapeHtml(`${testId}-${name}`)}">${escapeHtml(label)}</label><input id="${escapeHtml(`${testId}-${name}`)}" data-card-field="${name}" ${attrs}></div>`;
  return `<details class="card-form" data-testid="${escapeHtml(testId)}">
          <summary>${escapeHtml(title)}</summary>
          <form data-card-action="${escapeHtml(action)}"${once ? ' data-once' : ''} data-err-declined="${escapeHtml(t.errDeclined)}" data-err-insufficient_funds="${escapeHtml(t.errInsufficientFunds)}" data-err-processor="${escapeHtml(t.errProcessor)}" data-err-invalid="${escapeHtml(t.cardInvalid)}" data-pending="${escapeHtml(t.cardPending)}" novalidate>
            ${field('number', t.cardNumber, 'inputmode="numeric" autocomplete="cc-number" maxlength="23" required')}
            ${field('holder', t.cardHolder, 'autocomplete="cc-name" maxlength="100" required')}
            ${field('document', t.cardDocument, 'inputmode="numeric" maxlength="18" required')}
            ${field('expiry', t.cardExpiry, 'inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="MM/AA" required')}
            ${field('cvv', t.cardCvv, 'inputmode="numeric" autocomplete="cc-csc" maxlength="4" required')}
            <p class="field-error" role="alert" data-card-error></p>
            <button type="submit">${escapeHtml(submit)}</button>
          </form>
        </details>`;
}

/**
 * The subscription's Pix Automático: its mandate's state (and QR while pending), or what starts
 * one: with an invoice to pay, the choice of paying it now with the authorization (journey 3) or
 * authorizing only (journey 2); without one, the authorization alone.
 */
function mandateHtml(s: Subscription, content: PortalContent, t: PortalText, opts: PortalPageOptions): string {
  const current = content.mandates.get(s.id);
  const offered = s.currency === 'BRL' && mandatePeriodOf(s.recurrence) !== null;
  const live = current && (current.mandate.status === 'pending' || current.mandate.status === 'active');
  const openInvoice = content.invoices.some((i) => i.subscriptionId === s.id && (i.status === 'open' || i.status === 'past_due') && i.total > 0);
  const action = escapeHtml(`${opts.selfPath}/subscriptions/${s.id}/pix-automatico`);
  const button = (authorization: 'qr' | 'qr_with_payment', testId: string, label: string, primary: boolean) =>
    `<button type="button"${primary ? '' : ' class="secondary"'} data-action="${action}" data-authorization="${authorization}" data-testid="${escapeHtml(`${testId}-${s.id}`)}">${escapeHtml(label)}</button>`;
  const start = !offered || live ? '' : openInvoice
    ? `<p>${escapeHtml(t.pixAutomaticoChoice)}</p>${button('qr_with_payment', 'pay-and-authorize-pix-automatico', t.payAndAuthorizePixAutomatico, true)} ${button('qr', 'authorize-pix-automatico', t.authorizeOnlyPixAutomatico, false)}`
    : button('qr', 'authorize-pix-automatico', t.authorizePixAutomatico, false);
  if (!current && !start) return '';
  const m = current?.mandate;
  const state = m ? `<p data-testid="mandate-status" data-status="${escapeHtml(m.status)}">${escapeHtml(t.mandateStatus[m.status] ?? m.status)}</p>` : '';
  const qr =
    m?.status === 'pending' && m.qrCode
      ? `<p>${escapeHtml(m.journey === 'qr_with_payment' ? t.mandateScanWithPayment : t.mandateScan)}</p>${current?.qrImage ? `\n          <img class="qr" src="${escapeHtml(current!.qrImage!)}" alt="${escapeHtml(t.mandateQrAlt)}" width="200" height="200" data-testid="mandate-qr">` : ''}
          <p><code data-testid="mandate-copy-paste">${escapeHtml(m.qrCode)}</code> <button type="button" class="secondary" data-copy="${escapeHtml(m.qrCode)}" data-copied="${escapeHtml(t.copied)}">${escapeHtml(t.copy)}</button></p>`
      : '';
  return `<div class="mandate" data-testid="mandate-${escapeHtml(s.id)}">
          <h3>${escapeHtml(t.pixAutomatico)}</h3>${state}${qr}${start}
        </div>`;
}

function bolepixHtml(i: Invoice, locale: CheckoutLocale): string {
  const t = PORTAL_TEXT[locale];
  const b = i.bolepix!;
  const fees = b.fine || b.interest ? `<p><small>${escapeHtml(fill(t.fees, { fine: b.fine?.percent ?? 0, interest: b.interest?.monthlyPercent ?? 0 }))}</small></p>` : '';
  const discount = b.discount ? `<p><small>${escapeHtml(fill(t.discount, { date: day(b.discount.until, locale) }))}</small></p>` : '';
  const pix = b.pixQrCode
    ? `<h4>${escapeHtml(t.pixCopyPaste)}</h4>
          <img class="qr" src="${escapeHtml(b.pixQrCode.imageUrl)}" alt="${escapeHtml(t.pixQrAlt)}" width="200" height="200">
          <p><code data-testid="pix-copy-paste">${escapeHtml(b.pixQrCode.copyPaste)}</code> <button type="button" class="secondary" data-copy="${escapeHtml(b.pixQrCode.copyPaste)}" data-copied="${escapeHtml(t.copied)}">${escapeHtml(t.copy)}</button></p>`
    : '';
  return `<div class="bolepix" data-testid="bolepix">
          <h3>${escapeHtml(t.bolepix)}</h3>
          <p>${escapeHtml(t.digitableLine)}: <code data-testid="digitable-line">${escapeHtml(b.boleto.formattedLine)}</code></p>
          <p><a href="${escapeHtml(b.boleto.pdfUrl)}" target="_blank" rel="noopener">${escapeHtml(t.pdf)}</a></p>${fees}${discount}
          ${pix}
        </div>`;
}

function invoiceHtml(i: Invoice, locale: CheckoutLocale, opts: PortalPageOptions): string {
  const t = PORTAL_TEXT[locale];
  const payable = i.status === 'open' || i.status === 'past_due';
  let pay = '';
  if (payable && i.total > 0) {
    const link = i.paymentUrl ? `<p><a class="button" href="${escapeHtml(i.paymentUrl)}" data-testid="pay-link">${escapeHtml(t.payLink)}</a></p>` : '';
    const bolepix = i.bolepix
      ? bolepixHtml(i, locale)
      : i.currency === 'BRL'
        ? `<button type="button" data-action="${escapeHtml(`${opts.selfPath}/invoices/${i.id}/bolepix`)}" data-testid="make-bolepix">${escapeHtml(t.makeBolepix)}</button>`
        : '';
    const card = i.currency === 'BRL' ? cardForm(t, `${opts.selfPath}/invoices/${i.id}/card`, `card-pay-${i.id}`, t.payByCard, fill(t.payAmount, { amount: money(i.total, i.currency, locale) }), true) : '';
    pay = `\n        <div class="pay">${card}${link}${bolepix}</div>`;
  }
  return `      <li class="item invoice" data-invoice="${escapeHtml(i.id)}">
        <span class="item-text"><strong>${escapeHtml(money(i.total, i.currency, locale))}</strong><small>${escapeHtml(fill(t.due, { date: day(i.dueAt, locale) }))} · <span data-testid="status">${escapeHtml(t.status[i.status] ?? i.status)}</span></small></span>${pay}
      </li>`;
}

export function renderPortalPage(content: PortalContent, locale: CheckoutLocale, opts: PortalPageOptions): RenderedPage {
  const t = PORTAL_TEXT[locale];
  const subs = content.subscriptions.length ? content.subscriptions.map((s) => subscriptionHtml(s, content, locale, opts)).join('\n') : `      <li>${escapeHtml(t.noSubscriptions)}</li>`;
  const invoices = content.invoices.length ? content.invoices.map((i) => invoiceHtml(i, locale, opts)).join('\n') : `      <li>${escapeHtml(t.noInvoices)}</li>`;
  const back = opts.returnUrl ? `\n    <p><a href="${escapeHtml(opts.returnUrl)}" data-testid="return">${escapeHtml(t.back)}</a></p>` : '';
  const main = `    <section class="panel" aria-labelledby="subs-title">
      <h1 id="subs-title">${escapeHtml(t.subscriptions)}</h1>
      <ul class="items" data-testid="subscriptions">
${subs}
      </ul>
    </section>
    <section class="panel" aria-labelledby="invoices-title">
      <h2 id="invoices-title">${escapeHtml(t.invoices)}</h2>
      <ul class="items" data-testid="invoices">
${invoices}
      </ul>
    </section>
    <p class="field-error" role="alert" id="portal-error" hidden>${escapeHtml(t.actionFailed)}</p>${back}`;
  const sdkUrl = `${opts.apiUrl}/sdk/lastro.js`;
  const head = `\n  <meta name="csrf-token" content="${escapeHtml(opts.csrfToken)}">\n  <meta name="lastro-company" content="${escapeHtml(content.companyId)}">\n  <meta name="lastro-api" content="${escapeHtml(opts.apiUrl)}">\n  <script src="${escapeHtml(sdkUrl)}" defer></script>\n  <script src="/portal/assets/portal.js" defer></script>`;
  return shell({ locale, title: t.title, branding: { merchantName: content.merchantName }, selfPath: opts.selfPath, layout: 'single-page', state: 'portal', main, head, extraOrigins: [sdkUrl, opts.apiUrl] });
}

/** An unknown or expired link: a dead end saying so, in the visitor's language. */
export function renderPortalExpiredPage(locale: CheckoutLocale, selfPath: string): RenderedPage {
  const t = PORTAL_TEXT[locale];
  const main = `    <section class="panel notice" data-problem="portal_session_not_found">
      <h1>${escapeHtml(t.expiredTitle)}</h1>
      <p>${escapeHtml(t.expiredBody)}</p>
    </section>`;
  return shell({ locale, title: t.expiredTitle, branding: null, selfPath, layout: 'single-page', state: 'expired', main });
}
