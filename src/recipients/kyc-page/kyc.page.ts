import fs from 'node:fs';
import path from 'node:path';
import type { KycFileKind, RecipientProfile } from '../recipient.entity';
import type { LinkedRecipient } from '../recipients.service';
import { KYC_TEXT, type KycLocale, type KycText } from './kyc.i18n';
import { escapeHtml, lastroPage } from '../../http/html';

/**
 * The seller-facing KYC page: plain server-rendered HTML, one stylesheet and one small script
 * served by Lastro itself (no CDN, no inline script, so a strict CSP holds). It works on a
 * phone: one column, large touch targets, the camera offered for the selfie.
 */

export const KYC_CSS = fs.readFileSync(path.join(__dirname, 'kyc.css'), 'utf8');
export const KYC_JS = fs.readFileSync(path.join(__dirname, 'kyc.client.js'), 'utf8');

/** Headers for every KYC page: the token is in the URL, so no referrer and no caching. */
export const KYC_PAGE_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};


function layout(locale: KycLocale, title: string, body: string, switchHref: string): string {
  const t = KYC_TEXT[locale];
  const switchLink = `<a class="lang" href="${escapeHtml(switchHref)}" hreflang="${locale === 'pt-BR' ? 'en-US' : 'pt-BR'}">${t.switchTo}</a>`;
  return lastroPage(locale, title, body, switchLink);
}

const other = (locale: KycLocale): KycLocale => (locale === 'pt-BR' ? 'en-US' : 'pt-BR');

/** A clear dead-end page: expired, already used, or unknown link. */
export function renderKycProblemPage(locale: KycLocale, problem: 'expired' | 'used' | 'unknown', selfPath: string): string {
  const t = KYC_TEXT[locale];
  const [title, body] = problem === 'expired' ? [t.expiredTitle, t.expiredBody] : problem === 'used' ? [t.usedTitle, t.usedBody] : [t.unknownTitle, t.unknownBody];
  return layout(locale, title, `    <h1>${escapeHtml(title)}</h1>\n    <p class="notice" data-kyc-state="${problem}">${escapeHtml(body)}</p>`, `${selfPath}?lang=${other(locale)}`);
}

/** Shows a document with its middle hidden: enough for the seller to recognise it. */
function maskDocument(d: string): string {
  return d.length <= 5 ? d : `${d.slice(0, 3)}${'•'.repeat(d.length - 5)}${d.slice(-2)}`;
}

function formatAddress(a: RecipientProfile['address']): string | null {
  if (!a) return null;
  const parts = [[a.address, a.number].filter(Boolean).join(', '), a.complement, a.neighborhood, [a.city, a.state].filter(Boolean).join(' - '), a.postalCode];
  const text = parts.filter((p) => p && p.trim()).join(' · ');
  return text || null;
}

function row(label: string, value: string | null, t: KycText): string {
  return `      <div class="row"><dt>${escapeHtml(label)}</dt><dd>${value ? escapeHtml(value) : `<span class="muted">${t.notInformed}</span>`}</dd></div>`;
}

export interface KycFormInput {
  locale: KycLocale;
  token: string;
  linked: LinkedRecipient;
  received: KycFileKind[];
  required: KycFileKind[];
}

/** The review-and-upload page for a valid link. */
export function renderKycFormPage({ locale, token, linked, received, required }: KycFormInput): string {
  const t = KYC_TEXT[locale];
  // What this company supplied (its link, its bank account), never another company's.
  const { recipient, link: r } = linked;
  const b = linked.bankAccount;
  const base = `/kyc/${token}`;
  const bank = b ? `${b.bankName ?? b.bankCode} · ag. ${b.bankAgency} · conta •••${b.bankAccount.slice(-3)}${b.bankAccountDigit ? `-${b.bankAccountDigit}` : ''}` : null;
  const files = required
    .map((kind) => {
      const have = received.includes(kind);
      const capture = kind === 'selfie' ? ' capture="user"' : '';
      const accept = kind === 'selfie' ? 'image/jpeg,image/png,image/webp' : 'image/jpeg,image/png,image/webp,application/pdf';
      return `      <label class="file" for="file-${kind}">
        <span>${escapeHtml(t[kind])}</span>
        <input type="file" id="file-${kind}" name="${kind}" accept="${accept}"${capture} data-received="${have}">
        <small>${have ? escapeHtml(t.alreadyReceived) : escapeHtml(t.fileHint)}</small>
      </label>`;
    })
    .join('\n');
  const messages = (['sending', 'done', 'tooLarge', 'missing', 'mustConfirm', 'failed'] as const)
    .map((k) => `data-msg-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${escapeHtml(t[k])}"`)
    .join(' ');
  const body = `    <h1>${escapeHtml(t.title)}</h1>
    <p>${escapeHtml(t.intro)}</p>
    <section>
      <h2>${escapeHtml(t.yourData)}</h2>
      <dl>
${row(t.name, r.name, t)}
${row(t.email, r.email, t)}
${row(t.document, maskDocument(recipient.document), t)}
${row(t.phone, r.phone, t)}
${row(t.address, formatAddress(r.profile.address), t)}
${row(t.bankAccount, bank, t)}
      </dl>
    </section>
    <form id="kyc-form" action="${base}/submit" method="post" data-base="${base}" ${messages} novalidate>
      <h2>${escapeHtml(t.documents)}</h2>
${files}
      <label class="confirm"><input type="checkbox" id="confirm" name="confirm"> ${escapeHtml(t.confirm)}</label>
      <p id="kyc-status" role="status" aria-live="polite"></p>
      <button type="submit" id="kyc-submit">${escapeHtml(t.submit)}</button>
    </form>
    <noscript><p class="notice">${escapeHtml(t.noScript)}</p></noscript>
    <script src="/kyc/assets/kyc.js" defer></script>`;
  return layout(locale, t.title, body, `${base}?lang=${other(locale)}`);
}
