// Buyer checkout page script, bundled with the page's pure rules into /checkout/assets/checkout.js
// (checkout.assets.ts). No framework: it validates as the buyer types, tokenizes cards with the
// Lastro SDK (the card number goes only to the tokenization endpoint), confirms the session with
// the token, and follows the session until it is paid. All markup is rendered by the server;
// this script fills slots and shows or hides panels.
import { CHECKOUT_TEXT, fill } from './checkout.i18n';
import {
  cardBrand, cardNumberState, cvvState, documentState, emailState, expiryState, formatMoney, installmentLabel, maskCardNumber,
  maskDocument, maskExpiry, maskPhone, maskZipCode, panelFor, parseMoneyInput, phoneState, zipCodeState,
} from './checkout.rules';
import { cardInstallmentOptions } from '../checkout-session.rules';

const BRANDS = { visa: 'Visa', mastercard: 'Mastercard', amex: 'Amex', elo: 'Elo', hipercard: 'Hipercard', hiper: 'Hiper', diners: 'Diners', discover: 'Discover' };
const POLL_MS = { pix: 2500, boleto: 10000 };
const PANELS = { form: 'checkout-form', pix: 'state-pix', boleto: 'state-boleto', mandate: 'state-mandate', paid: 'state-paid', expired: 'state-expired', canceled: 'state-canceled' };
const digits = (s) => String(s || '').replace(/\D/g, '');

function main() {
  const dataEl = document.getElementById('checkout-data');
  if (!dataEl) return;
  const data = JSON.parse(dataEl.textContent);
  const locale = data.locale;
  const t = CHECKOUT_TEXT[locale];
  let view = data.view;
  const $ = (id) => document.getElementById(id);
  const form = $('checkout-form');
  const statusEl = $('status');
  const errorEl = $('error');
  let busy = false;
  let pollTimer = null;
  /** Payment ids the page knew before its last confirm: any other failed card is news to report. */
  let seenBeforeConfirm = null;

  const say = (text) => { statusEl.textContent = text || ''; };
  const showError = (text) => { errorEl.textContent = text || ''; errorEl.hidden = !text; };

  // ---- panels -------------------------------------------------------------------------
  function show(panel) {
    for (const [name, id] of Object.entries(PANELS)) {
      const el = $(id);
      if (el) el.hidden = name !== panel;
    }
    document.body.setAttribute('data-state', panel);
    const heading = $(`${PANELS[panel]}-title`) || document.querySelector(`#${PANELS[panel]} h2`);
    if (panel !== 'form' && heading) { heading.setAttribute('tabindex', '-1'); heading.focus(); }
  }

  function formatWhen(iso, withTime) {
    const opts = withTime ? { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' } : { dateStyle: 'short', timeZone: 'UTC' };
    return new Intl.DateTimeFormat(locale, opts).format(new Date(iso));
  }

  function waiting(v, method) {
    return v.payments.find((p) => p.method === method && p.status === 'waiting_payment');
  }

  /** Applies a fresh public view: amounts, then the panel it calls for. */
  function applyView(next, seenPaymentIds) {
    view = next;
    stopPolling();
    $('amount-total').textContent = formatMoney(view.amount, locale);
    $('amount-paid').textContent = formatMoney(view.amountPaid, locale);
    $('amount-due').textContent = formatMoney(view.amountDue, locale);
    $('line-paid').hidden = $('line-due').hidden = !(view.amountPaid > 0);
    const panel = panelFor(view);
    if (panel === 'paid') return paid();
    if (panel === 'pix') {
      const pix = waiting(view, 'pix').pix;
      $('pix-qr').src = pix.qrCodeUrl;
      $('pix-code').value = pix.copyPaste;
      $('pix-expires').textContent = fill($('pix-expires').getAttribute('data-template'), { time: formatWhen(pix.expiresAt, true) });
    }
    if (panel === 'boleto') {
      const boleto = waiting(view, 'boleto').boleto;
      $('boleto-line').value = boleto.digitableLine;
      $('boleto-link').href = boleto.url;
      $('boleto-due').textContent = fill($('boleto-due').getAttribute('data-template'), { date: formatWhen(boleto.dueDate, false) });
    }
    if (panel === 'mandate') {
      $('mandate-code').value = view.subscription.mandate.qrCode || '';
      if (view.subscription.mandate.qrCodeUrl) $('mandate-qr').src = view.subscription.mandate.qrCodeUrl;
    }
    if (panel === 'form' && form) refreshForm(seenPaymentIds);
    if (document.body.getAttribute('data-state') !== panel) show(panel);
    if (panel === 'pix' || panel === 'boleto' || panel === 'mandate') poll(POLL_MS[panel === 'boleto' ? 'boleto' : 'pix']);
    // A card answer that took too long: the session says `paying` and the outcome comes later.
    if (panel === 'form' && (view.status === 'paying' || view.status === 'partially_paid') && !waiting(view, 'pix') && !waiting(view, 'boleto')) {
      say(t.waitingPayment);
      poll(POLL_MS.pix);
    }
  }

  function paid() {
    stopPolling();
    showError('');
    show('paid');
    // The success URL already carries the session id (resolved by the API).
    if (view.successUrl) setTimeout(() => window.location.assign(view.successUrl), 1200);
  }

  // ---- polling ------------------------------------------------------------------------
  const stillWaiting = () => panelFor(view) === 'pix' || panelFor(view) === 'boleto' || view.status === 'paying' || view.status === 'partially_paid';
  function stopPolling() { if (pollTimer) clearTimeout(pollTimer); pollTimer = null; }
  function poll(every) {
    stopPolling();
    pollTimer = setTimeout(async () => {
      try {
        const res = await fetch(data.endpoints.session, { headers: { Accept: 'application/json' }, cache: 'no-store' });
        if (res.ok) {
          const next = await res.json();
          if (next.status !== view.status || next.amountPaid !== view.amountPaid || panelFor(next) !== panelFor(view)) {
            say('');
            return applyView(next, seenBeforeConfirm);
          }
        }
      } catch (_) { /* offline for a moment: keep polling */ }
      if (stillWaiting()) poll(every);
    }, every);
  }

  // ---- copy buttons ------------------------------------------------------------------
  document.addEventListener('click', (ev) => {
    const button = ev.target.closest && ev.target.closest('button[data-copy]');
    if (!button) return;
    const source = $(button.getAttribute('data-copy'));
    const done = (ok) => say(button.getAttribute(ok ? 'data-copied' : 'data-failed'));
    const fallback = () => {
      source.focus();
      source.select();
      let ok = false;
      try { ok = document.execCommand('copy'); } catch (_) { ok = false; }
      done(ok);
    };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(source.value).then(() => done(true), fallback);
    else fallback();
  });

  if (!form) return applyView(view);

  // ---- fields ------------------------------------------------------------------------
  const cardOf = (el) => el.closest('.card-block');
  /** Fields checked by their own rule (amount splits), not by checkField. */
  const OWN_CHECK = ['two-cards', 'split-amount', 'combine', 'combine-amount', 'combine-method'];
  const CHECKS = {
    email: { state: emailState, error: 'errEmail' },
    document: { mask: maskDocument, state: documentState, error: 'errDocument' },
    phone: { mask: maskPhone, state: phoneState, error: 'errPhone' },
    zipCode: { mask: maskZipCode, state: zipCodeState, error: 'errZipCode' },
    state: { mask: (v) => v.toUpperCase().replace(/[^A-Z]/g, '').slice(0, 2), state: (v) => (/^[A-Z]{2}$/.test(v) ? 'valid' : v.length < 2 ? 'incomplete' : 'invalid'), error: 'errState' },
    cardNumber: { mask: maskCardNumber, state: cardNumberState, error: 'errCardNumber' },
    expiry: { mask: maskExpiry, state: (v) => expiryState(v, new Date()), error: 'errCardExpiry' },
    cvv: { mask: (v) => digits(v).slice(0, 4), state: (v, el) => cvvState(v, cardOf(el).querySelector('[data-card-field="number"]').value), error: 'errCardCvv' },
  };

  function setFieldError(el, message) {
    el.setAttribute('aria-invalid', message ? 'true' : 'false');
    const err = $(`${el.id}-err`);
    if (err) err.textContent = message || '';
  }

  /** `final`: the buyer is leaving the field or submitting, so incomplete counts as wrong. */
  function checkField(el, final) {
    const check = CHECKS[el.getAttribute('data-check')];
    const value = el.type === 'checkbox' ? (el.checked ? 'on' : '') : el.value.trim();
    el.removeAttribute('data-state');
    if (value === '') {
      const missing = final && el.required;
      setFieldError(el, missing ? t.errRequired : '');
      return !missing;
    }
    if (!check) { setFieldError(el, ''); return true; }
    const state = check.state(value, el);
    if (state === 'valid') { el.setAttribute('data-state', 'valid'); setFieldError(el, ''); return true; }
    const wrong = state === 'invalid' || final;
    setFieldError(el, wrong ? t[check.error] : '');
    return !wrong;
  }

  form.addEventListener('input', (ev) => {
    const el = ev.target;
    const check = CHECKS[el.getAttribute('data-check')];
    if (check && check.mask) {
      const masked = check.mask(el.value);
      if (masked !== el.value) el.value = masked;
    }
    if (el.getAttribute('data-card-field') === 'number') {
      const brand = cardBrand(el.value);
      cardOf(el).querySelector('.brand').textContent = brand ? BRANDS[brand] || brand : '';
    }
    if (el.getAttribute('data-check') || el.getAttribute('aria-invalid') === 'true') checkField(el, false);
    if (el.id === 'split-amount') updateSplit(false);
    if (el.id === 'combine-amount') updateCombine(false);
  });
  form.addEventListener('focusout', (ev) => {
    const el = ev.target;
    if (el.matches && el.matches('input:not([type=radio]), select') && !el.closest('[hidden]') && !OWN_CHECK.includes(el.id)) checkField(el, true);
  });

  // ---- steps (step-by-step layout on a phone) -----------------------------------------
  const stepsActive = () => getComputedStyle(form.querySelector('.next')).display !== 'none';
  function goStep(n) {
    if (n === 2 && !validate(form.querySelector('.step[data-step="1"]'))) return;
    form.setAttribute('data-step', String(n));
    const label = $('step-label');
    label.textContent = fill(label.getAttribute('data-template'), { step: n, count: 2 });
    const first = form.querySelector(`.step[data-step="${n}"] input:not([type=hidden]), .step[data-step="${n}"] select`);
    if (first) first.focus();
  }
  form.setAttribute('data-step', '1');
  form.querySelectorAll('[data-go]').forEach((b) => b.addEventListener('click', () => goStep(Number(b.getAttribute('data-go')))));

  // ---- payment method, two cards, installments ----------------------------------------
  const method = () => (form.querySelector('input[name="method"]:checked') || {}).value;
  const twoCards = $('two-cards');
  const payButton = $('pay');
  const due = () => view.amountDue;

  function updatePayLabel() {
    const template = view.subscription ? t.subscribeAmount : { card: t.payAmount, pix: t.generatePix, boleto: t.generateBoleto }[method()] || t.payAmount;
    payButton.textContent = fill(template, { amount: formatMoney(due(), locale) });
  }
  form.querySelectorAll('input[name="method"]').forEach((r) => r.addEventListener('change', () => {
    form.querySelectorAll('.method-panel').forEach((p) => { p.hidden = p.getAttribute('data-method') !== method(); });
    showError('');
    updatePayLabel();
  }));

  /** Installment options for one card's share: the API's own list for the whole amount due, else the same rule on the share. */
  function fillInstallments(select, amount) {
    const card = view.paymentMethods.card || {};
    const options = amount === undefined || amount === due() || !data.cardInstallments
      ? card.installmentOptions || []
      : cardInstallmentOptions(amount, { installments: data.cardInstallments });
    const current = select.value;
    select.textContent = '';
    for (const o of options) {
      const option = document.createElement('option');
      option.value = String(o.installments);
      option.textContent = installmentLabel(o, locale);
      select.appendChild(option);
    }
    if (current && select.querySelector(`option[value="${current}"]`)) select.value = current;
  }

  function splitAmounts() {
    const first = parseMoneyInput($('split-amount').value, locale);
    if (first === null || first <= 0 || first >= due()) return null;
    return [first, due() - first];
  }
  function updateSplit(final) {
    const input = $('split-amount');
    const rest = $('split-rest');
    const shares = splitAmounts();
    rest.textContent = shares ? fill(rest.getAttribute('data-template'), { amount: formatMoney(shares[1], locale) }) : '';
    const wrong = !shares && (final || input.value.trim() !== '');
    setFieldError(input, wrong ? t.errSplitAmount : '');
    fillInstallments($('c0-installments'), shares ? shares[0] : undefined);
    fillInstallments($('c1-installments'), shares ? shares[1] : undefined);
    return !!shares;
  }
  function setTwoCards(on) {
    if (on && combine && combine.checked) setCombine(false);
    twoCards.checked = on;
    $('split-field').hidden = !on;
    $('card-1').hidden = !on;
    form.querySelectorAll('.card-title').forEach((h) => { h.hidden = !on; });
    if (on && $('split-amount').value === '') $('split-amount').value = typedAmount(due() / 2);
    if (on) updateSplit(false);
    else fillInstallments($('c0-installments'));
  }
  if (twoCards) twoCards.addEventListener('change', () => setTwoCards(twoCards.checked));

  // Combined: part on the card, the rest by Pix or boleto.
  const combine = $('combine');
  const typedAmount = (cents) => (Math.floor(cents) / 100).toFixed(2).replace('.', locale === 'en-US' ? '.' : ',');
  function combineAmounts() {
    const min = Number($('combine-amount').getAttribute('data-min')) || 1;
    const onCard = parseMoneyInput($('combine-amount').value, locale);
    if (onCard === null || onCard < min || due() - onCard < min) return null;
    return [onCard, due() - onCard];
  }
  function updateCombine(final) {
    const input = $('combine-amount');
    const shares = combineAmounts();
    const rest = $('combine-rest');
    rest.textContent = shares ? fill(rest.getAttribute('data-template'), { amount: formatMoney(shares[1], locale) }) : '';
    const wrong = !shares && (final || input.value.trim() !== '');
    const min = Number(input.getAttribute('data-min')) || 1;
    setFieldError(input, wrong ? fill($('combine-amount-err').getAttribute('data-template'), { min: formatMoney(min, locale) }) : '');
    fillInstallments($('c0-installments'), shares ? shares[0] : undefined);
    return !!shares;
  }
  function setCombine(on) {
    if (on && twoCards && twoCards.checked) setTwoCards(false);
    combine.checked = on;
    $('combine-fields').hidden = !on;
    if (on && $('combine-amount').value === '') $('combine-amount').value = typedAmount(due() / 2);
    if (on) updateCombine(false);
    else fillInstallments($('c0-installments'));
  }
  if (combine) combine.addEventListener('change', () => setCombine(combine.checked));

  // ---- validation and submit ----------------------------------------------------------
  function activeFields(scope) {
    return Array.prototype.filter.call(scope.querySelectorAll('input:not([type=radio]), select'), (el) => !el.closest('[hidden]') && !OWN_CHECK.includes(el.id));
  }
  function validate(scope) {
    let firstBad = null;
    for (const el of activeFields(scope)) if (!checkField(el, true) && !firstBad) firstBad = el;
    const split = $('split-amount');
    if (split && scope.contains(split) && twoCards.checked && !updateSplit(true)) firstBad = firstBad || split;
    const onCard = $('combine-amount');
    if (onCard && scope.contains(onCard) && combine.checked && method() === 'card' && !updateCombine(true)) firstBad = firstBad || onCard;
    if (firstBad) { showError(t.errValidation); firstBad.focus(); return false; }
    showError('');
    return true;
  }

  const valueOf = (path) => { const el = form.querySelector(`[data-path="${path}"]`); return el ? el.value.trim() : undefined; };
  function customerBody() {
    const customer = { name: valueOf('customer.name'), email: valueOf('customer.email'), document: digitsOrCnpj(valueOf('customer.document')), phone: digits(valueOf('customer.phone')) };
    if (view.requiredFields.includes('address')) {
      const a = (k) => valueOf(`customer.address.${k}`) || null;
      customer.address = { street: a('street'), number: a('number'), complement: a('complement'), neighborhood: a('neighborhood'), city: a('city'), state: a('state'), zipCode: a('zipCode'), country: 'BR' };
    }
    return customer;
  }
  const digitsOrCnpj = (d) => String(d || '').replace(/[./\-\s]/g, '').toUpperCase();
  function customFieldsBody() {
    const out = {};
    form.querySelectorAll('[data-custom]').forEach((el) => {
      const key = el.getAttribute('data-custom');
      if (el.type === 'checkbox') out[key] = el.checked;
      else if (el.value.trim() !== '') out[key] = el.value.trim();
    });
    return out;
  }

  async function tokenize(block, holderDocument) {
    const f = (name) => block.querySelector(`[data-card-field="${name}"]`);
    const card = new window.Lastro.Card({ companyId: view.companyId, apiUrl: data.apiUrl });
    const { tokenId } = await card.createCardToken({
      number: digits(f('number').value), holder: f('holder').value.trim(), document: holderDocument, cvv: f('cvv').value.trim(), expiration: f('expiry').value.trim(),
    });
    return { tokenId, installments: Number(f('installments').value || 1) };
  }

  function newKey() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
    return Array.from(window.crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  }

  const DECLINES = { card_declined: 'errDeclined', insufficient_funds: 'errInsufficientFunds', processor_error: 'errProcessor' };

  /** After a confirm that left the form up: say why a new card was refused, and charge what is still due. */
  function refreshForm(seenPaymentIds) {
    if (seenPaymentIds) {
      const refused = view.payments.filter((p) => !seenPaymentIds.has(p.id) && p.method === 'credit_card' && (p.status === 'refused' || p.status === 'failed'));
      if (refused.length > 0) {
        refused.forEach((p) => seenPaymentIds.add(p.id));
        showError(t[DECLINES[refused[0].failureCode] || 'errDeclined']);
        form.querySelectorAll('[data-card-field="number"], [data-card-field="cvv"]').forEach((el) => { el.value = ''; el.removeAttribute('data-state'); });
        form.querySelectorAll('.brand').forEach((el) => { el.textContent = ''; });
        const again = form.querySelector('.card-block:not([hidden]) [data-card-field="number"]');
        if (again) again.focus();
      }
    }
    if (view.amountPaid > 0 && twoCards) { setTwoCards(false); twoCards.closest('.field').hidden = true; }
    if (view.amountPaid > 0 && combine) { setCombine(false); combine.closest('.field').hidden = true; }
    fillInstallments($('c0-installments'));
    updatePayLabel();
  }

  async function confirm() {
    const customer = customerBody();
    const body = { customer, payments: [] };
    const custom = customFieldsBody();
    if (Object.keys(custom).length > 0) body.customFields = custom;
    const m = method();
    if (view.subscription) {
      // Subscription mode: one way to pay every invoice, not payments.
      delete body.payments;
      body.paymentMethod = m === 'card' ? { method: 'credit_card', cardToken: (await tokenize($('card-0'), customer.document)).tokenId } : { method: 'pix_automatico' };
    } else if (m === 'card' && combine && combine.checked) {
      const [onCard] = combineAmounts();
      const token = await tokenize($('card-0'), customer.document);
      body.payments.push({ method: 'credit_card', cardToken: token.tokenId, installments: token.installments, amount: onCard });
      body.payments.push({ method: $('combine-method').value });
    } else if (m === 'card') {
      const shares = twoCards && twoCards.checked ? splitAmounts() : null;
      const blocks = shares ? [$('card-0'), $('card-1')] : [$('card-0')];
      for (let i = 0; i < blocks.length; i++) {
        const token = await tokenize(blocks[i], customer.document);
        body.payments.push(Object.assign({ method: 'credit_card', cardToken: token.tokenId, installments: token.installments }, shares ? { amount: shares[i] } : {}));
      }
    } else {
      body.payments.push({ method: m });
    }
    const seen = new Set(view.payments.map((p) => p.id));
    seenBeforeConfirm = seen;
    const res = await fetch(data.endpoints.confirm, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': newKey() },
      body: JSON.stringify(body),
    });
    const answer = await res.json().catch(() => null);
    if (res.ok) return applyView(answer, seen);
    const code = answer && answer.error && answer.error.code;
    if (code === 'session_expired') { view.status = 'expired'; return show('expired'); }
    if (code === 'session_not_payable') {
      const again = await fetch(data.endpoints.session, { cache: 'no-store' }).then((r) => (r.ok ? r.json() : null)).catch(() => null);
      if (again && panelFor(again) !== 'form') return applyView(again);
      return showError(t.errNotPayable);
    }
    if (code === 'payment_in_progress') {
      say(t.waitingPayment);
      return poll(POLL_MS.pix);
    }
    if (res.status === 400) {
      let first = null;
      for (const d of (answer && answer.error && answer.error.details) || []) {
        const el = form.querySelector(`[data-path="${String(d.path).replace(/"/g, '')}"]`);
        if (!el) continue;
        setFieldError(el, t[(CHECKS[el.getAttribute('data-check')] || {}).error] || t.errRequired);
        first = first || el;
      }
      if (first && stepsActive() && first.closest('.step[data-step="1"]')) goStep(1);
      if (first) first.focus();
      return showError(t.errValidation);
    }
    if (res.status === 429) return showError(t.errRateLimited);
    return showError(t.errGeneric);
  }

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    if (busy) return;
    if (stepsActive() && form.getAttribute('data-step') !== '2') return goStep(2);
    if (!validate(form)) return;
    busy = true;
    payButton.disabled = true;
    say(t.processing);
    try {
      await confirm();
    } catch (err) {
      // The SDK's errors: 'Failed to generate any tokens' (the card was refused), 'Timeout', or a network error.
      showError(err && err.message === 'Failed to generate any tokens' ? t.errTokenization : t.errNetwork);
    } finally {
      busy = false;
      payButton.disabled = false;
      say('');
    }
  });

  const untilExpiry = Date.parse(view.expiresAt) - Date.now();
  if (untilExpiry > 0 && untilExpiry < 2 ** 31 - 5000) {
    setTimeout(() => {
      fetch(data.endpoints.session, { cache: 'no-store' }).then((r) => (r.ok ? r.json() : null)).then((next) => { if (next && next.status === 'expired') applyView(next); }, () => undefined);
    }, untilExpiry + 3000);
  }
  applyView(view);
}

main();
