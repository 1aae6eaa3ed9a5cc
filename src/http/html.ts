/** Text placed in HTML (element content or a quoted attribute) can never open markup. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The shell of Lastro's own small pages (KYC, boleto refund bank details): one card on the
 * shared stylesheet, never indexed. `header` is trusted markup placed after the brand.
 */
export function lastroPage(lang: string, title: string, body: string, header = ''): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${escapeHtml(title)} · Lastro</title>
  <link rel="stylesheet" href="/kyc/assets/kyc.css">
</head>
<body>
  <main class="card">
    <header><span class="brand">Lastro</span>${header}</header>
${body}
  </main>
</body>
</html>`;
}
