import { KYC_LINK_TTL_MS } from '../../src/recipients/kyc.service';
import type { Browser } from 'playwright-core';
import { useTestStack } from '../helpers/stack';
import { Receiver } from '../webhooks/receiver';
import { Event } from '../../src/events/event.entity';
import { KycLink } from '../../src/recipients/recipient.entity';
import { sha256Hex } from '../../src/recipients/kyc-files';
import { assertRecipientActive } from '../../src/recipients/recipients.service';
import { newId } from '../../src/shared/ids';
import { onboardingStateQuery, recipientOnboardingWorkflowId } from '../../workflows/recipients/recipient-onboarding.contract';
import { launchChromium } from './browser';
import { lastro as runLastro } from './cli';
import { bankAccountFor, fullAddress, JPEG, PDF, PNG, sellerBody } from './fixtures';

const KYC_URL = 'https://kyc.lastro.test';

let receiver: Receiver;
let browser: Browser;

beforeAll(async () => {
  receiver = await new Receiver().start();
});
// After hooks run in the order declared: the browser closes first, then the stack, then the receiver.
afterAll(() => browser?.close());
const t = useTestStack({
  env: () => ({ KYC_URL, WEBHOOK_ALLOWLIST: `127.0.0.1:${receiver.port}` }),
  companies: ['Marketplace'],
  async setup() {
    browser = await launchChromium();
  },
});
afterAll(() => receiver?.close());

const createRecipient = async (overrides: Record<string, unknown> = {}) => {
  const res = await t.stack.http.post('/recipients').set(t.company.Marketplace.headers).send(sellerBody(overrides));
  expect(res.status).toBe(201);
  return res.body as { id: string; status: string; document: string };
};

/** The KYC link, and the same page on the test server (the advertised host is KYC_URL). */
async function kycLink(recipientId: string): Promise<{ kycUrl: string; local: string; token: string }> {
  const before = Date.now();
  const res = await t.stack.http.post(`/recipients/${recipientId}/kyc-link`).set(t.company.Marketplace.headers);
  const after = Date.now();
  expect(res.status).toBe(201);
  const { kycUrl, expiresAt } = res.body;
  expect(kycUrl).toMatch(new RegExp(`^${KYC_URL}/kyc/[A-Za-z0-9_-]{43}$`));
  expect(expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  // Valid for KYC_LINK_TTL_MS from the moment it was made, whenever that was within the request.
  expect(new Date(expiresAt).getTime() - KYC_LINK_TTL_MS).toBeGreaterThanOrEqual(before);
  expect(new Date(expiresAt).getTime() - KYC_LINK_TTL_MS).toBeLessThanOrEqual(after);
  const path = new URL(kycUrl).pathname;
  return { kycUrl, local: `${t.stack.baseUrl}${path}`, token: path.split('/').pop()! };
}

const lastro = (...args: string[]) => runLastro(t.stack, ...args);

async function statusOf(recipientId: string): Promise<string> {
  return (await t.stack.http.get(`/recipients/${recipientId}`).set(t.company.Marketplace.headers)).body.status;
}

async function eventually<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() - started > timeoutMs) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('KYC end to end', () => {
  it('link → page in headless Chromium → submit → operator kycApproved → active, recipient.approved delivered to a webhook', async () => {
    const hook = await t.stack.http.post('/webhooks').set(t.company.Marketplace.headers).send({ name: 'kyc', url: receiver.url('/kyc'), events: ['recipient.approved'] });
    expect(hook.status).toBe(201);
    const recipient = await createRecipient({ name: 'Ana Vendedora', address: fullAddress, bankAccount: bankAccountFor('52998224725') });
    expect(recipient.status).toBe('pending');
    const { local } = await kycLink(recipient.id);

    const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const response = await page.goto(local);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(await page.locator('h1').textContent()).toBe('Verificação de identidade');
    expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR');
    expect(await page.locator('dl').textContent()).toContain('Ana Vendedora');
    // Mobile friendly: nothing wider than the phone's viewport.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Without documents, the page explains instead of submitting.
    await page.click('#kyc-submit');
    expect(await page.locator('#kyc-status').textContent()).toContain('Envie o documento');

    await page.setInputFiles('#file-identificationDocument', { name: 'rg.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.setInputFiles('#file-selfie', { name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await page.check('#confirm');
    await page.click('#kyc-submit');
    await page.waitForSelector('#kyc-form[data-kyc-state="submitted"]');
    expect(await page.locator('#kyc-status').textContent()).toContain('Documentos enviados');
    expect(errors).toEqual([]);

    const workflowId = recipientOnboardingWorkflowId({ recipientId: recipient.id, companyId: t.company.Marketplace.company.id });
    expect(workflowId).toBe(`${recipient.id}:${t.company.Marketplace.company.id}`);
    const handle = t.stack.env.client.workflow.getHandle(workflowId);
    const state = await eventually(() => handle.query(onboardingStateQuery), (s) => s.submissions === 1);
    expect(state).toMatchObject({ stage: 'in_review', submissions: 1 });

    // The operator decides from the CLI (the same signal as the Temporal UI).
    const cli = await lastro('recipients', 'kyc-approve', recipient.id, '--operator', 'ops@lastro');
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout)).toEqual({
      recipientId: recipient.id,
      companyId: t.company.Marketplace.company.id,
      workflowId,
      signal: 'kycApproved',
      operator: 'ops@lastro',
    });
    expect(await handle.result()).toEqual({ outcome: 'approved', operator: 'ops@lastro' });
    expect(await statusOf(recipient.id)).toBe('active');
    await expect(assertRecipientActive(t.stack.em(), t.company.Marketplace.company.id, recipient.id)).resolves.toBeDefined();

    const approved = await t.stack.em().find(Event, { entityId: recipient.id, type: 'recipient.approved' });
    expect(approved).toHaveLength(1);
    expect(approved[0].payload).toMatchObject({ data: { id: recipient.id, status: 'active' } });
    const delivered = await eventually(async () => receiver.received('/kyc'), (r) => r.length > 0);
    expect(delivered).toHaveLength(1);
    expect(JSON.parse(delivered[0].body)).toMatchObject({ event: 'recipient.approved', companyId: t.company.Marketplace.company.id, data: { id: recipient.id, status: 'active' } });
    expect(delivered[0].headers['webhook-id']).toBe(approved[0].id);

    // The link was single-use: opening it again shows a clear page, not the form or a stack trace.
    const again = await page.goto(local);
    expect(again?.status()).toBe(410);
    expect(await page.locator('h1').textContent()).toBe('Link já utilizado');
    expect(await page.content()).not.toMatch(/Error|at \w+ \(/);
    await context.close();

    // An active recipient needs no new link.
    const relink = await t.stack.http.post(`/recipients/${recipient.id}/kyc-link`).set(t.company.Marketplace.headers);
    expect(relink.status).toBe(409);
    expect(relink.body.error.code).toBe('recipient_already_active');
  });

  it('a company recipient submits over HTTP (social contract required) and the operator refuses: refused + recipient.refused', async () => {
    const recipient = await createRecipient({ type: 'company', document: '12ABC34501DE35' });
    expect(recipient.status).toBe('new');
    const { token } = await kycLink(recipient.id);
    const put = (kind: string, type: string, body: Buffer) => t.stack.http.put(`/kyc/${token}/files/${kind}`).set('Content-Type', type).send(body);
    expect((await put('identificationDocument', 'image/png', PNG)).status).toBe(200);
    expect((await put('selfie', 'image/jpeg', JPEG)).status).toBe(200);
    const missing = await t.stack.http.post(`/kyc/${token}/submit`).send({ confirm: true });
    expect(missing.status).toBe(409);
    expect(missing.body.error).toMatchObject({ code: 'kyc_files_missing', message: expect.stringContaining('socialContract') });
    expect((await put('socialContract', 'application/pdf', PDF)).status).toBe(200);
    const ok = await t.stack.http.post(`/kyc/${token}/submit`).send({ confirm: true });
    expect(ok.status).toBe(200);
    expect(await eventually(() => statusOf(recipient.id), (s) => s === 'pending')).toBe('pending');
    const reused = await t.stack.http.post(`/kyc/${token}/submit`).send({ confirm: true });
    expect(reused.status).toBe(410);
    expect(reused.body.error.code).toBe('kyc_link_used');

    const noReason = await lastro('recipients', 'kyc-refuse', recipient.id, '--operator', 'ops@lastro');
    expect(noReason.code).not.toBe(0);
    expect(noReason.stderr).toContain('--reason');
    expect((await lastro('recipients', 'kyc-refuse', recipient.id, '--operator', 'ops@lastro', '--reason', 'Documento ilegível')).code).toBe(0);
    expect(await t.stack.env.client.workflow.getHandle(recipientOnboardingWorkflowId({ recipientId: recipient.id, companyId: t.company.Marketplace.company.id })).result()).toMatchObject({ outcome: 'refused', reason: 'Documento ilegível' });
    expect(await statusOf(recipient.id)).toBe('refused');
    const types = (await t.stack.em().find(Event, { entityId: recipient.id }, { orderBy: { createdAt: 'asc' } })).map((e) => e.type);
    expect(types).toEqual(['recipient.created', 'recipient.updated', 'recipient.refused']);
    await expect(assertRecipientActive(t.stack.em(), t.company.Marketplace.company.id, recipient.id)).rejects.toMatchObject({ code: 'recipient_not_active' });
  });

  it('the CLI refuses an unknown recipient with a clear message', async () => {
    const out = await lastro('recipients', 'kyc-approve', 'rec_unknown');
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('No recipient rec_unknown');
  });

  it('checks uploads: type by content, size, unknown kinds', async () => {
    const recipient = await createRecipient();
    const { token } = await kycLink(recipient.id);
    const text = await t.stack.http.put(`/kyc/${token}/files/selfie`).set('Content-Type', 'image/png').send(Buffer.from('not an image at all'));
    expect(text.status).toBe(400);
    expect(text.body.error).toMatchObject({ code: 'validation_failed', details: [{ path: 'selfie' }] });
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    JPEG.copy(big);
    const tooBig = await t.stack.http.put(`/kyc/${token}/files/selfie`).set('Content-Type', 'image/jpeg').send(big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.code).toBe('payload_too_large');
    expect((await t.stack.http.put(`/kyc/${token}/files/passport`).set('Content-Type', 'image/png').send(PNG)).status).toBe(400);
    expect((await t.stack.http.post(`/kyc/${token}/submit`).send({})).status).toBe(400);
    // The page is public: a token holder cannot fill the database with uploads.
    for (let i = 0; i < 30; i++) expect((await t.stack.http.put(`/kyc/${token}/files/selfie`).set('Content-Type', 'image/png').send(PNG)).status).toBe(200);
    const flood = await t.stack.http.put(`/kyc/${token}/files/selfie`).set('Content-Type', 'image/png').send(PNG);
    expect(flood.status).toBe(429);
    expect(flood.body.error.code).toBe('rate_limited');
  });

  it('shows clear pages for expired and unknown links, in pt-BR and en-US', async () => {
    const recipient = await createRecipient();
    const token = 'expired-token-0123456789abcdefghijklmnop';
    const em = t.stack.em();
    em.persist(em.create(KycLink, { id: newId('kyc'), recipientId: recipient.id, companyId: t.company.Marketplace.company.id, tokenHash: sha256Hex(token), expiresAt: new Date(Date.now() - 1000) }));
    await em.flush();

    const expired = await t.stack.http.get(`/kyc/${token}`);
    expect(expired.status).toBe(410);
    expect(expired.headers['content-type']).toContain('text/html');
    expect(expired.text).toContain('Link expirado');
    const english = await t.stack.http.get(`/kyc/${token}?lang=en-US`);
    expect(english.text).toContain('Link expired');
    expect(english.text).toContain('<html lang="en-US">');
    const byHeader = await t.stack.http.get(`/kyc/${token}`).set('Accept-Language', 'en-GB,en;q=0.9');
    expect(byHeader.text).toContain('Link expired');
    expect((await t.stack.http.put(`/kyc/${token}/files/selfie`).set('Content-Type', 'image/png').send(PNG)).status).toBe(410);

    const unknown = await t.stack.http.get('/kyc/no-such-token-at-all-0123456789');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('Link inválido');
    expect((await t.stack.http.get('/kyc/assets/kyc.js')).status).toBe(200);
  });

  it('the English page renders in the browser', async () => {
    const recipient = await createRecipient({ type: 'company', document: '11222333000181' });
    const { local } = await kycLink(recipient.id);
    const page = await browser.newPage({ locale: 'en-US' });
    await page.goto(local);
    expect(await page.locator('h1').textContent()).toBe('Identity verification');
    expect(await page.locator('#file-socialContract').count()).toBe(1);
    await page.close();
  });
});
