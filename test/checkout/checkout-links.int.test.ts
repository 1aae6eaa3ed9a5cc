import { useTestStack, type SeededCompany } from '../helpers/stack';
import { Event } from '../../src/events/event.entity';
import { newRecipient } from '../payments/fixtures';

const item = { name: 'Camiseta', quantity: 1, unitAmount: 5000 };
const minimal = { items: [item], paymentMethods: { pix: { enabled: true } } };

const t = useTestStack({ env: { CHECKOUT_PAGE_URL: 'https://pay.lastro.test/' }, companies: ['Acme', 'Other'] });

const create = (body: object, headers: Record<string, string> = t.company.Acme.headers) => t.stack.http.post('/checkout/links').set(headers).send(body);
const put = (id: string, body: object, headers: Record<string, string> = t.company.Acme.headers) => t.stack.http.put(`/checkout/links/${id}`).set(headers).send(body);
const get = (id: string, headers: Record<string, string> = t.company.Acme.headers) => t.stack.http.get(`/checkout/links/${id}`).set(headers);
const archive = (id: string, headers: Record<string, string> = t.company.Acme.headers) => t.stack.http.delete(`/checkout/links/${id}`).set(headers);
const list = (query: string, headers: Record<string, string> = t.company.Acme.headers) => t.stack.http.get(`/checkout/links${query}`).set(headers);
const eventsOf = async (id: string) => (await t.stack.em().find(Event, { entityId: id }, { orderBy: { createdAt: 'asc', id: 'asc' } }));

async function created(body: object = minimal, headers: Record<string, string> = t.company.Acme.headers): Promise<any> {
  const res = await create(body, headers);
  expect(res.status).toBe(201);
  return res.body;
}

function expectError(res: { status: number; body: any }, status: number, code: string, path?: string): void {
  expect({ status: res.status, code: res.body.error?.code }).toEqual({ status, code });
  if (path) expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
}

describe('POST /checkout/links', () => {
  it('creates a link with every default, version 0, its public url and a checkout.link.created event', async () => {
    const res = await create(minimal);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^chk_[0-9a-z]{26}$/),
      tenantId: t.company.Acme.company.tenantId,
      companyId: t.company.Acme.company.id,
      name: null,
      description: null,
      slug: null,
      status: 'active',
      mode: 'payment',
      currency: 'BRL',
      locale: 'pt-BR',
      items: [{ id: expect.stringMatching(/^ci_[0-9a-z]{26}$/), name: 'Camiseta', description: null, imageUrl: null, quantity: 1, unitAmount: 5000, metadata: {} }],
      paymentMethods: { pix: { enabled: true, expiresIn: 3600 } },
      splits: [],
      branding: null,
      requiredFields: [],
      customFields: [],
      successUrl: null,
      cancelUrl: null,
      metadata: {},
      expirationMinutes: 1440,
      version: 0,
      url: `https://pay.lastro.test/c/${res.body.id}`,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      deletedAt: null,
    });
    const events = await eventsOf(res.body.id);
    expect(events.map((e) => e.type)).toEqual(['checkout.link.created']);
    expect(events[0].payload).toMatchObject({ event: 'checkout.link.created', companyId: t.company.Acme.company.id, data: { id: res.body.id, version: 0 } });
  });

  it('fills the payment method defaults (card installments, boleto due days, combined)', async () => {
    const body = await created({ items: [item], paymentMethods: { card: { installments: { maxInstallments: 6 } }, boleto: {}, combined: { enabled: true } } });
    expect(body.paymentMethods).toEqual({
      card: { enabled: true, multipleCards: false, installments: { maxInstallments: 6, freeInstallments: 0, interestRate: 0, interestType: 'compound' } },
      boleto: { enabled: true, dueDateDays: 3 },
      combined: { enabled: true, minAmountPerPayment: 1, maxPaymentsCount: 4 },
    });
    const noInstallments = await created({ items: [item], paymentMethods: { card: { enabled: true } } });
    expect(noInstallments.paymentMethods.card.installments).toEqual({ maxInstallments: 1, freeInstallments: 0, interestRate: 0, interestType: 'compound' });
  });

  it('keeps every field given, with metadata in the created event', async () => {
    const full = {
      name: 'Curso de violão',
      description: 'Doze aulas',
      slug: 'curso-violao',
      mode: 'payment',
      currency: 'brl',
      locale: 'es-ES',
      items: [{ ...item, description: 'Algodão', imageUrl: 'https://cdn.example.com/a.png', quantity: 2, metadata: { sku: 'TS-1' } }],
      paymentMethods: {
        card: { enabled: true, multipleCards: true, installments: { maxInstallments: 12, freeInstallments: 3, interestRate: 1.99, interestType: 'simple' } },
        pix: { enabled: true, expiresIn: 600 },
        boleto: { enabled: false, dueDateDays: 5 },
        combined: { enabled: true, minAmountPerPayment: 500, maxPaymentsCount: 3 },
      },
      branding: { primaryColor: '#1A2B3C', logoUrl: 'https://cdn.example.com/logo.png', merchantName: 'Loja', mobileLayout: 'step-by-step', faviconUrl: 'https://cdn.example.com/f.ico' },
      requiredFields: ['email', 'address', 'email'],
      customFields: [
        { key: 'Tamanho', label: { 'pt-BR': 'Tamanho', 'en-US': 'Size' }, type: 'select', options: ['P', { value: 'M', label: { 'pt-BR': 'Médio' } }], required: true },
        { key: 'gift_note', label: 'Mensagem', type: 'text' },
        { key: 'terms', label: 'Aceito', type: 'checkbox' },
      ],
      successUrl: 'https://shop.example.com/ok?session={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://shop.example.com/cancel',
      metadata: { order: '42' },
      expirationMinutes: 60,
    };
    const body = await created(full);
    expect(body).toMatchObject({ ...full, currency: 'BRL', requiredFields: ['email', 'address'], items: [{ ...full.items[0], id: expect.any(String) }] });
    expect(body.customFields[1]).toEqual({ key: 'gift_note', label: 'Mensagem', type: 'text', required: false });
    const [event] = await eventsOf(body.id);
    expect(event.payload).toMatchObject({ data: { metadata: { order: '42' }, slug: 'curso-violao' } });
  });

  it.each([
    ['no items field', { paymentMethods: minimal.paymentMethods }, 'validation_failed', 'items'],
    ['no paymentMethods', { items: [item] }, 'validation_failed', 'paymentMethods'],
    ['an empty items array', { ...minimal, items: [] }, 'no_items', 'items'],
    ['items totalling 0', { ...minimal, items: [{ ...item, unitAmount: 0 }] }, 'amount_too_low', 'items'],
    ['a zero unitAmount beside a priced item', { ...minimal, items: [item, { ...item, unitAmount: 0 }] }, 'validation_failed', 'items.1.unitAmount'],
    ['a decimal unitAmount', { ...minimal, items: [{ ...item, unitAmount: 10.5 }] }, 'validation_failed', 'items.0.unitAmount'],
    ['a string unitAmount', { ...minimal, items: [{ ...item, unitAmount: '1050' }] }, 'validation_failed', 'items.0.unitAmount'],
    ['a decimal quantity', { ...minimal, items: [{ ...item, quantity: 1.5 }] }, 'validation_failed', 'items.0.quantity'],
    ['an empty item name', { ...minimal, items: [{ ...item, name: '' }] }, 'validation_failed', 'items.0.name'],
    ['an item name of 256', { ...minimal, items: [{ ...item, name: 'x'.repeat(256) }] }, 'validation_failed', 'items.0.name'],
    ['an item description of 2001', { ...minimal, items: [{ ...item, description: 'x'.repeat(2001) }] }, 'validation_failed', 'items.0.description'],
    ['an http imageUrl', { ...minimal, items: [{ ...item, imageUrl: 'http://cdn.example.com/a.png' }] }, 'validation_failed', 'items.0.imageUrl'],
    ['a private imageUrl', { ...minimal, items: [{ ...item, imageUrl: 'https://192.168.0.10/a.png' }] }, 'validation_failed', 'items.0.imageUrl'],
    ['a localhost imageUrl', { ...minimal, items: [{ ...item, imageUrl: 'https://localhost/a.png' }] }, 'validation_failed', 'items.0.imageUrl'],
    ['an imageUrl over 2000', { ...minimal, items: [{ ...item, imageUrl: `https://cdn.example.com/${'a'.repeat(1977)}` }] }, 'validation_failed', 'items.0.imageUrl'],
    ['non-string item metadata', { ...minimal, items: [{ ...item, metadata: { n: 1 } }] }, 'validation_failed', 'items.0.metadata.n'],
    ['non-string metadata', { ...minimal, metadata: { n: 1 } }, 'validation_failed', 'metadata.n'],
    ['an unknown field', { ...minimal, status: 'archived' }, 'validation_failed', 'status'],
    ['mode subscription', { ...minimal, mode: 'subscription' }, 'validation_failed', 'mode'],
    ['currency USD', { ...minimal, currency: 'USD' }, 'validation_failed', 'currency'],
    ['locale fr-FR', { ...minimal, locale: 'fr-FR' }, 'validation_failed', 'locale'],
    ['a name of 256', { ...minimal, name: 'x'.repeat(256) }, 'validation_failed', 'name'],
    ['a description of 2001', { ...minimal, description: 'x'.repeat(2001) }, 'validation_failed', 'description'],
    ['expirationMinutes 4', { ...minimal, expirationMinutes: 4 }, 'validation_failed', 'expirationMinutes'],
    ['expirationMinutes 43201', { ...minimal, expirationMinutes: 43201 }, 'validation_failed', 'expirationMinutes'],
    ['a decimal expirationMinutes', { ...minimal, expirationMinutes: 10.5 }, 'validation_failed', 'expirationMinutes'],
    ['a slug of 2', { ...minimal, slug: 'ab' }, 'validation_failed', 'slug'],
    ['a slug of 101', { ...minimal, slug: 'a'.repeat(101) }, 'validation_failed', 'slug'],
    ['an upper-case slug', { ...minimal, slug: 'Promo' }, 'validation_failed', 'slug'],
    ['a slug with _', { ...minimal, slug: 'pro_mo' }, 'validation_failed', 'slug'],
    ['a successUrl over 2000', { ...minimal, successUrl: `https://s.example.com/${'a'.repeat(1980)}` }, 'validation_failed', 'successUrl'],
    ['a relative cancelUrl', { ...minimal, cancelUrl: '/cancel' }, 'validation_failed', 'cancelUrl'],
  ])('rejects %s', async (_label, body, code, path) => {
    expectError(await create(body), 400, code, path);
  });

  it.each([
    ['name of 255', { name: 'x'.repeat(255) }],
    ['description of 2000', { description: 'x'.repeat(2000) }],
    ['expirationMinutes 5', { expirationMinutes: 5 }],
    ['expirationMinutes 43200', { expirationMinutes: 43200 }],
    ['slug of 3', { slug: 'abc' }],
    ['slug of 100', { slug: 'a'.repeat(100) }],
    ['successUrl of 2000', { successUrl: `https://s.example.com/${'a'.repeat(1978)}` }],
    ['an item name of 255 and description of 2000', { items: [{ ...item, name: 'x'.repeat(255), description: 'x'.repeat(2000) }] }],
    ['unitAmount 1 and quantity 1', { items: [{ ...item, unitAmount: 1, quantity: 1 }] }],
    ['an imageUrl of 2000', { items: [{ ...item, imageUrl: `https://cdn.example.com/${'a'.repeat(1976)}` }] }],
    ['locale en-US', { locale: 'en-US' }],
  ])('accepts the limit: %s', async (_label, patch) => {
    expect((await create({ ...minimal, ...patch })).status).toBe(201);
  });

  describe('paymentMethods', () => {
    const withMethods = (paymentMethods: object) => create({ items: [item], paymentMethods });

    it.each([
      ['none given', {}],
      ['all disabled', { card: { enabled: false }, pix: { enabled: false }, boleto: { enabled: false } }],
      ['only combined enabled', { combined: { enabled: true } }],
    ])('needs one of card, pix or boleto enabled (%s)', async (_label, pm) => {
      expectError(await withMethods(pm), 400, 'validation_failed', 'paymentMethods');
    });

    it.each([
      ['maxInstallments 0', { card: { installments: { maxInstallments: 0 } } }, 'paymentMethods.card.installments.maxInstallments'],
      ['maxInstallments 13', { card: { installments: { maxInstallments: 13 } } }, 'paymentMethods.card.installments.maxInstallments'],
      ['installments without maxInstallments', { card: { installments: { freeInstallments: 1 } } }, 'paymentMethods.card.installments.maxInstallments'],
      ['freeInstallments -1', { card: { installments: { maxInstallments: 3, freeInstallments: -1 } } }, 'paymentMethods.card.installments.freeInstallments'],
      ['freeInstallments 13', { card: { installments: { maxInstallments: 3, freeInstallments: 13 } } }, 'paymentMethods.card.installments.freeInstallments'],
      ['interestRate -0.01', { card: { installments: { maxInstallments: 3, interestRate: -0.01 } } }, 'paymentMethods.card.installments.interestRate'],
      ['interestRate 100.01', { card: { installments: { maxInstallments: 3, interestRate: 100.01 } } }, 'paymentMethods.card.installments.interestRate'],
      ['interestType linear', { card: { installments: { maxInstallments: 3, interestType: 'linear' } } }, 'paymentMethods.card.installments.interestType'],
      ['pix expiresIn 59', { pix: { expiresIn: 59 } }, 'paymentMethods.pix.expiresIn'],
      ['pix expiresIn 86401', { pix: { expiresIn: 86401 } }, 'paymentMethods.pix.expiresIn'],
      ['boleto dueDateDays 0', { boleto: { dueDateDays: 0 } }, 'paymentMethods.boleto.dueDateDays'],
      ['boleto dueDateDays 31', { boleto: { dueDateDays: 31 } }, 'paymentMethods.boleto.dueDateDays'],
      ['combined without enabled', { pix: {}, combined: { maxPaymentsCount: 3 } }, 'paymentMethods.combined.enabled'],
      ['combined maxPaymentsCount 1', { pix: {}, combined: { enabled: true, maxPaymentsCount: 1 } }, 'paymentMethods.combined.maxPaymentsCount'],
      ['combined maxPaymentsCount 9', { pix: {}, combined: { enabled: true, maxPaymentsCount: 9 } }, 'paymentMethods.combined.maxPaymentsCount'],
      ['combined minAmountPerPayment 0', { pix: {}, combined: { enabled: true, minAmountPerPayment: 0 } }, 'paymentMethods.combined.minAmountPerPayment'],
      ['a decimal minAmountPerPayment', { pix: {}, combined: { enabled: true, minAmountPerPayment: 1.5 } }, 'paymentMethods.combined.minAmountPerPayment'],
      ['an unknown method', { pix: {}, crypto: { enabled: true } }, 'paymentMethods.crypto'],
    ])('rejects %s', async (_label, pm, path) => {
      expectError(await withMethods(pm), 400, 'validation_failed', path);
    });

    it('accepts every limit just inside', async () => {
      const low = await withMethods({
        card: { installments: { maxInstallments: 1, freeInstallments: 0, interestRate: 0 } },
        pix: { expiresIn: 60 },
        boleto: { dueDateDays: 1 },
        combined: { enabled: true, minAmountPerPayment: 1, maxPaymentsCount: 2 },
      });
      expect(low.status).toBe(201);
      const high = await withMethods({
        card: { installments: { maxInstallments: 12, freeInstallments: 12, interestRate: 100 } },
        pix: { expiresIn: 86400 },
        boleto: { dueDateDays: 30 },
        combined: { enabled: false, maxPaymentsCount: 8 },
      });
      expect(high.status).toBe(201);
    });
  });

  describe('splits', () => {
    let active1: string;
    let active2: string;
    let pending: string;
    let foreign: string;
    beforeAll(async () => {
      active1 = await newRecipient(t.stack, t.company.Acme);
      active2 = await newRecipient(t.stack, t.company.Acme);
      pending = await newRecipient(t.stack, t.company.Acme, { active: false });
      foreign = await newRecipient(t.stack, t.company.Other);
    });
    const withSplits = (splits: object[]) => create({ ...minimal, splits });

    it('keeps splits of active recipients summing to 100 within 0.01 (liable defaults to true)', async () => {
      const res = await withSplits([{ recipientId: active1, percentage: 33.33 }, { recipientId: active2, percentage: 66.66, liable: false }]);
      expect(res.status).toBe(201);
      expect(res.body.splits).toEqual([{ recipientId: active1, percentage: 33.33, liable: true }, { recipientId: active2, percentage: 66.66, liable: false }]);
      expect((await withSplits([{ recipientId: active1, percentage: 50 }, { recipientId: active2, percentage: 50.01 }])).status).toBe(201);
    });

    it.each([
      ['99.98', [50, 49.98]],
      ['100.02', [50, 50.02]],
    ])('refuses a sum of %s with invalid_splits_sum', async (_label, [a, b]) => {
      expectError(await withSplits([{ recipientId: active1, percentage: a }, { recipientId: active2, percentage: b }]), 400, 'invalid_splits_sum', 'splits');
    });

    it.each([
      ['percentage 0', 0],
      ['percentage 100.01', 100.01],
    ])('refuses %s with validation_failed', async (_label, percentage) => {
      expectError(await withSplits([{ recipientId: active1, percentage }]), 400, 'validation_failed', 'splits.0.percentage');
    });

    it('accepts percentage 0.01 (the minimum) beside 99.99', async () => {
      expect((await withSplits([{ recipientId: active1, percentage: 0.01 }, { recipientId: active2, percentage: 99.99 }])).status).toBe(201);
    });

    it('refuses a recipient listed twice', async () => {
      expectError(await withSplits([{ recipientId: active1, percentage: 50 }, { recipientId: active1, percentage: 50 }]), 400, 'validation_failed', 'splits');
    });

    it.each([
      ['not active (KYC pending)', () => pending],
      ['of another company', () => foreign],
      ['unknown', () => 'rec_00000000000000000000000000'],
    ])('refuses a recipient %s with 400 recipient_not_active', async (_label, id) => {
      expectError(await withSplits([{ recipientId: active1, percentage: 50 }, { recipientId: id(), percentage: 50 }]), 400, 'recipient_not_active', 'splits.1.recipientId');
    });
  });

  describe('branding, requiredFields and customFields', () => {
    it.each([
      ['#abc', true],
      ['#ABCDEF', true],
      ['#aBc123', true],
      ['abc', false],
      ['#abcd', false],
      ['#abcdeg', false],
    ])('primaryColor %s valid: %s', async (primaryColor, ok) => {
      const res = await create({ ...minimal, branding: { primaryColor } });
      if (ok) expect(res.status).toBe(201);
      else expectError(res, 400, 'validation_failed', 'branding.primaryColor');
    });

    it.each([
      ['merchantName of 101', { merchantName: 'x'.repeat(101) }, 'branding.merchantName'],
      ['mobileLayout carousel', { mobileLayout: 'carousel' }, 'branding.mobileLayout'],
      ['logoUrl over 2000', { logoUrl: `https://cdn.example.com/${'a'.repeat(1977)}` }, 'branding.logoUrl'],
      ['faviconUrl over 2000', { faviconUrl: `https://cdn.example.com/${'a'.repeat(1977)}` }, 'branding.faviconUrl'],
      ['an unknown key', { font: 'Inter' }, 'branding.font'],
    ])('rejects branding with %s', async (_label, branding, path) => {
      expectError(await create({ ...minimal, branding }), 400, 'validation_failed', path);
    });

    it('accepts merchantName of 100 and both layouts', async () => {
      expect((await create({ ...minimal, branding: { merchantName: 'x'.repeat(100), mobileLayout: 'single-page' } })).status).toBe(201);
    });

    it('rejects an unknown required field', async () => {
      expectError(await create({ ...minimal, requiredFields: ['email', 'birthday'] }), 400, 'validation_failed', 'requiredFields.1');
    });

    const field = (n: number) => ({ key: `f${n}`, label: `Field ${n}`, type: 'text' });

    it('accepts 20 custom fields and refuses 21', async () => {
      expect((await create({ ...minimal, customFields: Array.from({ length: 20 }, (_, i) => field(i)) })).status).toBe(201);
      expectError(await create({ ...minimal, customFields: Array.from({ length: 21 }, (_, i) => field(i)) }), 400, 'validation_failed', 'customFields');
    });

    it('accepts a key of 50 characters', async () => {
      expect((await create({ ...minimal, customFields: [{ ...field(0), key: `k${'x'.repeat(49)}` }] })).status).toBe(201);
    });

    it.each([
      ['a key of 51', { ...field(0), key: `k${'x'.repeat(50)}` }, 'customFields.0.key'],
      ['a key starting with a digit', { ...field(0), key: '1abc' }, 'customFields.0.key'],
      ['a key with -', { ...field(0), key: 'gift-note' }, 'customFields.0.key'],
      ['a select without options', { key: 'size', label: 'Size', type: 'select' }, 'customFields.0.options'],
      ['a select with no options', { key: 'size', label: 'Size', type: 'select', options: [] }, 'customFields.0.options'],
      ['options on a text field', { ...field(0), options: ['a'] }, 'customFields.0.options'],
      ['an unknown type', { ...field(0), type: 'date' }, 'customFields.0.type'],
      ['a label in an unknown locale', { ...field(0), label: { 'fr-FR': 'Taille' } }, 'customFields.0.label'],
      ['an empty label map', { ...field(0), label: {} }, 'customFields.0.label'],
      ['no label', { key: 'x', type: 'text' }, 'customFields.0.label'],
    ])('rejects a custom field with %s', async (_label, f, path) => {
      expectError(await create({ ...minimal, customFields: [f] }), 400, 'validation_failed', path);
    });

    it('refuses two custom fields with the same key, whatever the case', async () => {
      expectError(await create({ ...minimal, customFields: [field(1), { ...field(1), key: 'F1' }] }), 400, 'validation_failed', 'customFields');
    });
  });

  describe('slug', () => {
    it('is unique among the company live links (409 slug_taken), never another company\'s, and freed by archiving for the company alone', async () => {
      const first = await created({ ...minimal, slug: 'black-friday' });
      expectError(await create({ ...minimal, slug: 'black-friday' }), 409, 'slug_taken');
      // /c/<slug> is resolved across companies: another company can never claim it.
      expectError(await create({ ...minimal, slug: 'black-friday' }, t.company.Other.headers), 409, 'slug_taken');
      const second = await created({ ...minimal, slug: 'black-friday-2' });
      expectError(await put(second.id, { slug: 'black-friday' }), 409, 'slug_taken');

      expect((await archive(first.id)).status).toBe(200);
      expect((await get(first.id)).body.slug).toBe('black-friday');
      expectError(await create({ ...minimal, slug: 'black-friday' }, t.company.Other.headers), 409, 'slug_taken');
      expect((await create({ ...minimal, slug: 'black-friday' })).status).toBe(201);
    });

    it('cannot be taken over by another company: the printed URL keeps opening its own link, before and after archiving', async () => {
      const mine = await created({ ...minimal, slug: 'promo-natal' });
      const theirs = await created({ ...minimal, slug: 'promo-natal-b' }, t.company.Other.headers);
      expectError(await put(theirs.id, { slug: 'promo-natal' }, t.company.Other.headers), 409, 'slug_taken');
      const visit = await t.stack.http.get('/c/promo-natal');
      expect(visit.status).toBe(303);
      const session = String(visit.headers.location).split('/pay/')[1];
      expect((await t.stack.http.get(`/checkout/sessions/${session}`).set(t.company.Acme.headers)).body.linkId).toBe(mine.id);
      await archive(mine.id);
      expectError(await create({ ...minimal, slug: 'promo-natal' }, t.company.Other.headers), 409, 'slug_taken');
      expect((await t.stack.http.get('/c/promo-natal')).status).toBe(404);
    });

    it('lets two concurrent creations with one slug end with exactly one link', async () => {
      const results = await Promise.all([create({ ...minimal, slug: 'race' }), create({ ...minimal, slug: 'race' })]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.status === 409)!.body.error.code).toBe('slug_taken');
    });
  });

  it('answers 401 unauthenticated without a valid key', async () => {
    expectError(await t.stack.http.post('/checkout/links').send(minimal), 401, 'unauthenticated');
    expectError(await t.stack.http.get('/checkout/links').set('x-api-key', 'sk_sandbox_wrong'), 401, 'unauthenticated');
  });

  it('answers at /v1 as at its unversioned path (the one surface, the alias kept)', async () => {
    const versioned = await t.stack.http.post('/v1/checkout/links').set(t.company.Acme.headers).send(minimal);
    expect(versioned.status).toBe(201);
    const alias = await t.stack.http.get(`/checkout/links/${versioned.body.id}`).set(t.company.Acme.headers);
    expect(alias.status).toBe(200);
    expect(alias.body).toMatchObject({ id: versioned.body.id, url: versioned.body.url });
  });

  it('replays an Idempotency-Key and refuses it with another body (409 idempotency_conflict)', async () => {
    const headers = { ...t.company.Acme.headers, 'Idempotency-Key': `link-${Date.now()}` };
    const first = await create(minimal, headers);
    const again = await create(minimal, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expectError(await create({ ...minimal, name: 'other' }, headers), 409, 'idempotency_conflict');
    expect(await eventsOf(first.body.id)).toHaveLength(1);
  });
});

describe('GET /checkout/links/:id', () => {
  it('answers the link, and 404 for another company or an unknown id', async () => {
    const link = await created();
    expect((await get(link.id)).body).toEqual(link);
    expectError(await get(link.id, t.company.Other.headers), 404, 'not_found');
    expectError(await get('chk_nope'), 404, 'not_found');
    expectError(await put(link.id, { name: 'x' }, t.company.Other.headers), 404, 'not_found');
    expectError(await archive(link.id, t.company.Other.headers), 404, 'not_found');
  });
});

describe('PUT /checkout/links/:id', () => {
  it('changes any subset, +1 version per change, checkout.link.updated each time; no change is no bump', async () => {
    const link = await created({ ...minimal, name: 'Antes', metadata: { a: '1' } });
    const first = await put(link.id, { name: 'Depois' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ name: 'Depois', version: 1, items: link.items, metadata: { a: '1' }, paymentMethods: link.paymentMethods });
    expect(new Date(first.body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(link.updatedAt).getTime());

    const second = await put(link.id, { expirationMinutes: 30, locale: 'en-US', metadata: { b: '2' } });
    expect(second.body).toMatchObject({ name: 'Depois', expirationMinutes: 30, locale: 'en-US', version: 2 });
    expect(second.body.metadata).toEqual({ b: '2' });

    const same = await put(link.id, { name: 'Depois', items: [item] });
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(2);
    expect(same.body.items).toEqual(link.items);
    expect((await put(link.id, {})).body.version).toBe(2);

    const events = await eventsOf(link.id);
    expect(events.map((e) => e.type)).toEqual(['checkout.link.created', 'checkout.link.updated', 'checkout.link.updated']);
    expect(events[2].payload).toMatchObject({ data: { version: 2, metadata: { b: '2' } } });
  });

  it('replaces items (new ids for new content) and nested structures whole; null clears optional ones', async () => {
    const link = await created({ ...minimal, description: 'd', branding: { primaryColor: '#000' }, successUrl: 'https://s.example.com/ok' });
    const res = await put(link.id, {
      items: [item, { name: 'Boné', quantity: 2, unitAmount: 2500 }],
      paymentMethods: { card: { installments: { maxInstallments: 3 } } },
      branding: null,
      description: null,
      successUrl: null,
    });
    expect(res.status).toBe(200);
    expect(res.body.items[0].id).toBe(link.items[0].id);
    expect(res.body.items[1]).toMatchObject({ id: expect.stringMatching(/^ci_/), name: 'Boné', quantity: 2, unitAmount: 2500 });
    expect(res.body.paymentMethods).toEqual({ card: { enabled: true, multipleCards: false, installments: { maxInstallments: 3, freeInstallments: 0, interestRate: 0, interestType: 'compound' } } });
    expect(res.body).toMatchObject({ branding: null, description: null, successUrl: null, version: 1 });
  });

  it.each([
    ['an empty items array', { items: [] }, 400, 'no_items'],
    ['items totalling 0', { items: [{ ...item, quantity: 0 }] }, 400, 'amount_too_low'],
    ['no method enabled', { paymentMethods: { pix: { enabled: false } } }, 400, 'validation_failed'],
    ['splits not summing to 100', { splits: [{ recipientId: 'rec_x', percentage: 90 }] }, 400, 'invalid_splits_sum'],
    ['a null items', { items: null }, 400, 'validation_failed'],
    ['expirationMinutes 43201', { expirationMinutes: 43201 }, 400, 'validation_failed'],
    ['an unknown field', { version: 7 }, 400, 'validation_failed'],
  ])('applies the create rules: %s', async (_label, body, status, code) => {
    const link = await created();
    expectError(await put(link.id, body), status, code);
    expect((await get(link.id)).body.version).toBe(0);
  });

  it('refuses to change an archived link (409 link_archived)', async () => {
    const link = await created();
    await archive(link.id);
    expectError(await put(link.id, { name: 'x' }), 409, 'link_archived');
  });

  it('replays an Idempotency-Key without a second bump', async () => {
    const link = await created();
    const headers = { ...t.company.Acme.headers, 'Idempotency-Key': `put-${link.id}` };
    const first = await put(link.id, { name: 'Uma vez' }, headers);
    const again = await put(link.id, { name: 'Uma vez' }, headers);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await get(link.id)).body.version).toBe(1);
  });
});

describe('DELETE /checkout/links/:id', () => {
  it('archives with deletedAt and version +1, once: a repeat answers the same link without another event', async () => {
    const link = await created({ ...minimal, metadata: { campaign: 'bf' } });
    const res = await archive(link.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: link.id, status: 'archived', deletedAt: expect.any(String), version: 1 });
    const again = await archive(link.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    expect((await get(link.id)).body).toEqual(res.body);

    const events = await eventsOf(link.id);
    expect(events.map((e) => e.type)).toEqual(['checkout.link.created', 'checkout.link.archived']);
    expect(events[1].payload).toMatchObject({ data: { status: 'archived', metadata: { campaign: 'bf' }, version: 1 } });
  });

  it('404 for an unknown id', async () => {
    expectError(await archive('chk_00000000000000000000000000'), 404, 'not_found');
  });
});

describe('GET /checkout/links', () => {
  let lister: SeededCompany;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    lister = await t.stack.seedCompany('Lister');
    const make = async (name: string, description?: string) => {
      const res = await create({ ...minimal, name, ...(description ? { description } : {}) }, lister.headers);
      expect(res.status).toBe(201);
      ids[name] = res.body.id;
    };
    await make('Camisetas de verão', 'Algodão 100%');
    await make('Bonés', 'Edição limitada de VERÃO');
    await make('Canecas');
    await make('Adesivos 50% off');
    await archive(ids['Canecas'], lister.headers);
  });

  it('answers { data, total, page, limit } at the top level, newest first, archived included by default', async () => {
    const res = await list('', lister.headers);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'hasMore', 'limit', 'page', 'total']);
    expect(res.body).toMatchObject({ total: 4, page: 1, limit: 20 });
    expect(res.body.data.map((l: { name: string }) => l.name)).toEqual(['Adesivos 50% off', 'Canecas', 'Bonés', 'Camisetas de verão']);
    expect(res.body.data[1]).toMatchObject({ status: 'archived', deletedAt: expect.any(String) });
  });

  it('filters by a status CSV', async () => {
    expect((await list('?status=archived', lister.headers)).body.data.map((l: { id: string }) => l.id)).toEqual([ids['Canecas']]);
    expect((await list('?status=active', lister.headers)).body.total).toBe(3);
    expect((await list('?status=active,%20archived', lister.headers)).body.total).toBe(4);
    expectError(await list('?status=active,paused', lister.headers), 400, 'validation_failed');
    expectError(await list('?status=', lister.headers), 400, 'validation_failed');
  });

  it('searches name and description, partially and case-insensitively, with % taken literally', async () => {
    const names = async (q: string) => (await list(`?search=${encodeURIComponent(q)}`, lister.headers)).body.data.map((l: { name: string }) => l.name).sort();
    expect(await names('verão')).toEqual(['Bonés', 'Camisetas de verão']);
    expect(await names('ALGOD')).toEqual(['Camisetas de verão']);
    expect(await names('50%')).toEqual(['Adesivos 50% off']);
    expect((await list(`?search=${'a'.repeat(255)}`, lister.headers)).status).toBe(200);
    expectError(await list(`?search=${'a'.repeat(256)}`, lister.headers), 400, 'validation_failed');
  });

  it('paginates (page min 1, limit 1-100) and scopes to the company', async () => {
    const page2 = await list('?limit=3&page=2', lister.headers);
    expect(page2.body).toMatchObject({ total: 4, page: 2, limit: 3 });
    expect(page2.body.data.map((l: { name: string }) => l.name)).toEqual(['Camisetas de verão']);
    expect((await list('?limit=100', lister.headers)).status).toBe(200);
    for (const q of ['?page=0', '?limit=0', '?limit=101', '?limit=2.5', '?sort=name']) expectError(await list(q, lister.headers), 400, 'validation_failed');
    const others = await list('?limit=100', t.company.Other.headers);
    expect(others.body.data.some((l: { id: string }) => Object.values(ids).includes(l.id))).toBe(false);
  });
});
