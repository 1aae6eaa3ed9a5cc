// Bank-details page script (served at /refunds/bank-details/assets/refund-bank-details.js, no build step).
// Sends the form as JSON and shows the server's answer: the problems found, or the confirmation.
(function () {
  'use strict';
  var form = document.getElementById('refund-form');
  if (!form) return;
  var status = document.getElementById('refund-status');
  var button = document.getElementById('refund-submit');
  var show = function (text, kind) { status.textContent = text; status.className = kind || ''; };
  var names = ['bankCode', 'agency', 'account', 'accountType', 'holderName', 'holderDocument'];

  form.addEventListener('submit', function (ev) {
    ev.preventDefault();
    var body = {};
    names.forEach(function (n) { body[n] = form.elements[n].value; });
    button.disabled = true;
    show('Enviando…');
    fetch(form.getAttribute('data-base'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (res) {
        return res.json().then(function (b) { return { ok: res.ok, body: b }; }, function () { return { ok: false, body: null }; });
      })
      .then(function (r) {
        if (r.ok) {
          form.querySelectorAll('input, select').forEach(function (el) { el.disabled = true; });
          button.hidden = true;
          form.setAttribute('data-refund-state', 'received');
          var waits = r.body && r.body.status === 'awaiting_confirmation';
          return show(waits ? 'Dados recebidos! A loja vai confirmar a conta antes da transferência (TED).' : 'Dados recebidos! A transferência (TED) para a sua conta será feita em breve.', 'ok');
        }
        button.disabled = false;
        var e = r.body && r.body.error;
        var details = e && e.details ? e.details.map(function (d) { return d.message; }) : [];
        show(details.length ? details.join(' ') : (e && e.message) || 'Não foi possível enviar. Tente novamente.', 'error');
      })
      .catch(function () {
        button.disabled = false;
        show('Não foi possível enviar. Tente novamente.', 'error');
      });
  });
})();
