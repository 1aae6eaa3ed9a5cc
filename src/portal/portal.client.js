// The customer portal's buttons and card forms: each action posts JSON with the page's CSRF
// token (header and body) to its same-origin URL, then reloads the page to show the result. No
// inline script: the page's CSP allows only this file and the SDK. A card form tokenizes the card
// with the SDK (the number goes to the tokenization API, never to the portal) and posts the
// token; paying an invoice carries an attempt key kept until the card is refused, so a repeated
// submit names the same charge.
(function () {
  'use strict';
  var metaOf = function (name) {
    var m = document.querySelector('meta[name="' + name + '"]');
    return m ? m.getAttribute('content') : '';
  };
  var csrf = metaOf('csrf-token');
  var error = document.getElementById('portal-error');

  function post(url, body) {
    body.csrfToken = csrf;
    return fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
      body: JSON.stringify(body),
    });
  }

  function act(button) {
    var question = button.getAttribute('data-confirm');
    if (question && !window.confirm(question)) return;
    button.disabled = true;
    if (error) error.hidden = true;
    var authorization = button.getAttribute('data-authorization');
    post(button.getAttribute('data-action'), authorization ? { authorization: authorization } : {})
      .then(function (res) {
        if (!res.ok) throw new Error(String(res.status));
        window.location.reload();
      })
      .catch(function () {
        button.disabled = false;
        if (error) error.hidden = false;
      });
  }

  function newKey() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
    return Array.from(window.crypto.getRandomValues(new Uint8Array(16)), function (b) { return b.toString(16).padStart(2, '0'); }).join('');
  }

  function payByCard(form) {
    var button = form.querySelector('button[type="submit"]');
    var said = form.querySelector('[data-card-error]');
    var field = function (name) { return form.querySelector('[data-card-field="' + name + '"]'); };
    var value = function (name) { return field(name).value.trim(); };
    var fail = function (key) {
      said.textContent = form.getAttribute('data-err-' + key) || form.getAttribute('data-err-invalid');
      button.disabled = false;
    };
    if (form.hasAttribute('data-once') && !form.getAttribute('data-attempt')) form.setAttribute('data-attempt', newKey());
    button.disabled = true;
    said.textContent = '';
    var card;
    try {
      card = new window.Lastro.Card({ companyId: metaOf('lastro-company'), apiUrl: metaOf('lastro-api') });
    } catch (e) {
      return fail('processor');
    }
    card
      .createCardToken({ number: value('number').replace(/\D/g, ''), holder: value('holder'), document: value('document'), cvv: value('cvv'), expiration: value('expiry') })
      .catch(function () { throw { invalid: true }; })
      .then(function (token) {
        var body = { cardToken: token.tokenId };
        if (form.hasAttribute('data-once')) body.attemptKey = form.getAttribute('data-attempt');
        return post(form.getAttribute('data-card-action'), body);
      })
      .then(function (res) {
        return res.json().catch(function () { return null; }).then(function (answer) {
          if (!res.ok) throw { invalid: res.status === 400 };
          // A saved card (the subscription answered) or a paid invoice: the page shows it.
          if (!form.hasAttribute('data-once') || !answer || answer.status === 'paid') return window.location.reload();
          if (answer.status === 'pending') {
            said.textContent = form.getAttribute('data-pending');
            return window.setTimeout(function () { window.location.reload(); }, 3000);
          }
          // Refused: a new card is a new attempt.
          form.removeAttribute('data-attempt');
          field('number').value = '';
          field('cvv').value = '';
          fail(answer.reason || 'declined');
        });
      })
      .catch(function (e) {
        fail(e && e.invalid ? 'invalid' : 'processor');
      });
  }

  document.addEventListener('submit', function (e) {
    var form = e.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-card-action')) return;
    e.preventDefault();
    payByCard(form);
  });

  document.addEventListener('click', function (e) {
    var target = e.target instanceof Element ? e.target.closest('button') : null;
    if (!target) return;
    if (target.hasAttribute('data-action')) act(target);
    else if (target.hasAttribute('data-copy') && navigator.clipboard) {
      navigator.clipboard.writeText(target.getAttribute('data-copy')).then(function () {
        target.textContent = target.getAttribute('data-copied');
      });
    }
  });
})();
