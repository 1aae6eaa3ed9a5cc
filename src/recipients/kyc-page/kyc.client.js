// KYC page script (served at /kyc/assets/kyc.js, no build step, no dependencies).
// Uploads each chosen file as raw bytes (PUT /kyc/<token>/files/<kind>), then submits.
(function () {
  'use strict';
  var MAX_BYTES = 5 * 1024 * 1024;
  var form = document.getElementById('kyc-form');
  if (!form) return;
  var status = document.getElementById('kyc-status');
  var button = document.getElementById('kyc-submit');
  var base = form.getAttribute('data-base');
  var msg = function (k) { return form.getAttribute('data-msg-' + k) || ''; };
  var show = function (text, kind) { status.textContent = text; status.className = kind || ''; };

  function errorText(res) {
    return res.json().then(function (b) { return (b && b.error && b.error.message) || msg('failed'); }, function () { return msg('failed'); });
  }

  form.addEventListener('submit', function (ev) {
    ev.preventDefault();
    var inputs = Array.prototype.slice.call(form.querySelectorAll('input[type=file]'));
    for (var i = 0; i < inputs.length; i++) {
      var input = inputs[i];
      var file = input.files && input.files[0];
      var label = input.parentNode.querySelector('span').textContent;
      if (!file && input.getAttribute('data-received') !== 'true') return show(msg('missing') + ' ' + label, 'error');
      if (file && file.size > MAX_BYTES) return show(msg('too-large') + ' ' + label, 'error');
    }
    if (!document.getElementById('confirm').checked) return show(msg('must-confirm'), 'error');

    button.disabled = true;
    show(msg('sending'));
    var chain = Promise.resolve();
    inputs.forEach(function (input) {
      var file = input.files && input.files[0];
      if (!file) return;
      chain = chain.then(function () {
        return fetch(base + '/files/' + input.name, {
          method: 'PUT',
          headers: { 'Content-Type': file.type || 'application/octet-stream' },
          body: file,
        }).then(function (res) { if (!res.ok) return errorText(res).then(function (t) { throw new Error(t); }); });
      });
    });
    chain
      .then(function () {
        return fetch(base + '/submit', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ confirm: true }) });
      })
      .then(function (res) {
        if (!res.ok) return errorText(res).then(function (t) { throw new Error(t); });
        form.querySelectorAll('input, label.file').forEach(function (el) { el.disabled = true; });
        button.hidden = true;
        show(msg('done'), 'ok');
        form.setAttribute('data-kyc-state', 'submitted');
      })
      .catch(function (err) {
        button.disabled = false;
        show(err && err.message ? err.message : msg('failed'), 'error');
      });
  });
})();
