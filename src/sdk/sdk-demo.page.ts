/**
 * The sandbox SDK page (`/sandbox/sdk`): a card form that tokenizes through the script-tag
 * bundle, so a merchant can try the SDK, and so the browser tests drive the real bundle
 * from a page. It also loads the ES module and keeps it on `window.LastroModule`.
 *
 * Query parameters (`companyId`, `apiUrl`, `timeout`) prefill the form; they are read by the
 * page's script, never interpolated into the HTML.
 */
export const SDK_DEMO_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lastro SDK sandbox</title>
<script src="/sdk/lastro.js"></script>
<script type="module">
  import { Card } from '/sdk/lastro.mjs';
  window.LastroModule = { Card };
</script>
<style>
  body { font: 15px/1.4 system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; }
  label { display: block; margin: .5rem 0; }
  input { display: block; width: 100%; padding: .4rem; box-sizing: border-box; }
  pre { background: #f4f4f4; padding: .75rem; white-space: pre-wrap; }
</style>
</head>
<body>
<h1>Lastro SDK sandbox</h1>
<p>Tokenizes a card with <code>new Lastro.Card({ companyId, apiUrl }).createCardToken(card)</code>.
Sandbox cards: 4111111111111111 and 5555555555554444 approve.</p>
<form id="card-form">
  <label>companyId <input name="companyId" required></label>
  <label>apiUrl <input name="apiUrl" required></label>
  <label>timeout (ms) <input name="timeout" inputmode="numeric" placeholder="15000"></label>
  <label>Card number <input name="number" autocomplete="cc-number" inputmode="numeric" value="4111111111111111"></label>
  <label>Holder <input name="holder" autocomplete="cc-name" value="Maria Silva"></label>
  <label>CPF / CNPJ <input name="document" value="52998224725"></label>
  <label>CVV <input name="cvv" autocomplete="cc-csc" inputmode="numeric" value="123"></label>
  <label>Expiration (MM/YYYY) <input name="expiration" autocomplete="cc-exp" value="12/2030"></label>
  <button type="submit">Tokenize</button>
</form>
<pre id="result"></pre>
<script>
  var form = document.getElementById('card-form');
  var params = new URLSearchParams(location.search);
  Array.prototype.forEach.call(form.elements, function (el) { if (el.name && params.has(el.name)) el.value = params.get(el.name); });
  if (!form.apiUrl.value) form.apiUrl.value = location.origin;
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    var out = document.getElementById('result');
    var f = form.elements;
    var card = new Lastro.Card({ companyId: f.companyId.value, apiUrl: f.apiUrl.value, timeout: Number(f.timeout.value) || undefined });
    out.textContent = '…';
    card.createCardToken({ number: f.number.value, holder: f.holder.value, document: f.document.value, cvv: f.cvv.value, expiration: f.expiration.value })
      .then(function (token) { out.textContent = JSON.stringify(token, null, 2); })
      .catch(function (err) {
        out.textContent = 'Error: ' + err.message + (err.status !== undefined ? '\\nstatus: ' + err.status + '\\nbody: ' + JSON.stringify(err.body, null, 2) : '') +
          (err.details ? '\\ndetails: ' + JSON.stringify(err.details, null, 2) : '');
      });
  });
</script>
</body>
</html>
`;
