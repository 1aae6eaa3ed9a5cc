import { decodeTime } from 'ulid';
import { useTestStack, startTestStack, type SeededCompany } from '../helpers/stack';
import { Event } from '../../src/events/event.entity';
import { Recipient, RecipientFile } from '../../src/recipients/recipient.entity';
import { assertRecipientActive } from '../../src/recipients/recipients.service';
import { bankAccountFor, fullAddress, JPEG, newCnpj, newCpf, newEmail, PDF, PNG, sellerBody } from './fixtures';

// A large body limit, so that the per-file limit (5 MiB) is what answers, not the body parser.
const t = useTestStack({ env: { BODY_LIMIT: '20mb' }, companies: ['Acme', 'Other'] });

const create = (body: object, headers: Record<string, string> = t.company.Acme.headers) => t.stack.http.post('/recipients').set(headers).send(body);

describe('POST /recipients', () => {
  it('creates a registration linked as seller, status new, with a recipient.created event', async () => {
    const body = sellerBody({ email: 'Maria.Seller@Example.com' });
    const res = await create(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^rec_[0-9a-z]{26}$/),
      name: 'Maria Silva',
      email: 'maria.seller@example.com',
      document: body.document,
      type: 'individual',
      phone: '+5511999990000',
      kind: 'merchant',
      status: 'new',
      role: 'seller',
      companyId: t.company.Acme.company.id,
      splitValue: null,
      splitType: null,
      defaultBankAccount: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const events = await t.stack.em().find(Event, { entityId: res.body.id });
    expect(events.map((e) => e.type)).toEqual(['recipient.created']);
    expect(events[0].payload).toMatchObject({ event: 'recipient.created', companyId: t.company.Acme.company.id, data: { id: res.body.id, status: 'new' } });
  });

  it('starts pending with an address and a bank account, and returns the rba_ default bank account', async () => {
    const body = sellerBody({ address: fullAddress, bankAccount: bankAccountFor('529.982.247-25'), splitType: 'percentage', splitValue: 12.5 });
    const res = await create(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      splitType: 'percentage',
      splitValue: 12.5,
      defaultBankAccount: {
        id: expect.stringMatching(/^rba_[0-9a-z]{26}$/),
        bankCode: '341',
        bankName: 'Itaú',
        bankAgency: '0001',
        bankAccount: '12345',
        bankAccountDigit: '6',
        bankHolderName: 'Maria Silva',
        bankHolderDocument: '52998224725',
      },
    });
    expect(Object.keys(res.body.defaultBankAccount).sort()).toEqual(
      ['bankAccount', 'bankAccountDigit', 'bankAgency', 'bankCode', 'bankHolderDocument', 'bankHolderName', 'bankName', 'id'].sort(),
    );
  });

  it('is new with only one of address and bank account', async () => {
    expect((await create(sellerBody({ address: fullAddress }))).body.status).toBe('new');
    expect((await create(sellerBody({ bankAccount: bankAccountFor(newCpf()) }))).body.status).toBe('new');
  });

  it('accepts every request-only input, a numeric CNPJ and an alphanumeric CNPJ (stored upper case, bare)', async () => {
    const res = await create({
      name: 'Loja Exemplo',
      email: newEmail(),
      document: newCnpj(),
      type: 'company',
      phone: '+5511988887777',
      companyType: 'LTDA',
      companyName: 'Loja Exemplo Comércio Ltda',
      companyFoundingDate: '2015-03-01',
      annualRevenue: 120_000_00,
      corporationType: 'sociedade limitada',
      pixKeyType: 'email',
      pixKey: 'pix@loja.example.com',
      website: 'https://loja.example.com',
      legalRepresentative: {
        name: 'João Souza',
        document: newCpf(),
        email: 'joao@loja.example.com',
        motherName: 'Ana Souza',
        birthdate: '1980-01-02',
        monthlyIncome: 15_000_00,
        profession: 'Empresário',
        phone: '+5511977776666',
        selfDeclaredRepresentative: true,
      },
      address: fullAddress,
      bankAccount: { ...bankAccountFor('11.222.333/0001-81'), bankHolderType: 'company', bankAccountType: 'checking' },
      files: { identificationDocument: PNG.toString('base64'), selfie: `data:image/jpeg;base64,${JPEG.toString('base64')}`, socialContract: PDF.toString('base64') },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'company', status: 'pending' });
    const stored = await t.stack.em().find(RecipientFile, { recipientId: res.body.id }, { orderBy: { kind: 'asc' } });
    expect(stored.map((f) => [f.kind, f.contentType, f.source])).toEqual([
      ['identificationDocument', 'image/png', 'api'],
      ['selfie', 'image/jpeg', 'api'],
      ['socialContract', 'application/pdf', 'api'],
    ]);
    const alpha = await create(sellerBody({ type: 'company', document: '12.abc.345/01de-35' }));
    expect(alpha.status).toBe(201);
    expect(alpha.body.document).toBe('12ABC34501DE35');
  });

  const tooBig = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
  PNG.copy(tooBig);
  it.each([
    ['a missing name', { name: undefined }, 'name'],
    ['a short name', { name: 'M' }, 'name'],
    ['a missing email', { email: undefined }, 'email'],
    ['an invalid email', { email: 'not-an-email' }, 'email'],
    ['a missing document', { document: undefined }, 'document'],
    ['a CPF with wrong check digits', { document: '529.982.247-24' }, 'document'],
    ['a CNPJ with wrong check digits', { document: '11222333000180' }, 'document'],
    ['an alphanumeric CNPJ with wrong check digits', { document: '12ABC34501DE36' }, 'document'],
    ['a document under 11 characters', { document: '1234567890' }, 'document'],
    ['all-equal digits', { document: '11111111111' }, 'document'],
    ['a missing type', { type: undefined }, 'type'],
    ['an unknown type', { type: 'robot' }, 'type'],
    ['a state over 2 characters', { address: { ...fullAddress, state: 'SPX' } }, 'address.state'],
    ['an unknown address field', { address: { street: 'x' } }, 'address.street'],
    ['a bank account without holder name', { bankAccount: { ...bankAccountFor('52998224725'), bankHolderName: undefined } }, 'bankAccount.bankHolderName'],
    ['a bank account with a short holder name', { bankAccount: { ...bankAccountFor('52998224725'), bankHolderName: 'M' } }, 'bankAccount.bankHolderName'],
    ['a bank account without holder document', { bankAccount: { ...bankAccountFor('52998224725'), bankHolderDocument: undefined } }, 'bankAccount.bankHolderDocument'],
    ['a bank account with a bad holder document', { bankAccount: bankAccountFor('52998224724') }, 'bankAccount.bankHolderDocument'],
    ['a bank account without bank code', { bankAccount: { ...bankAccountFor('52998224725'), bankCode: '' } }, 'bankAccount.bankCode'],
    ['a bank account without agency', { bankAccount: { ...bankAccountFor('52998224725'), bankAgency: undefined } }, 'bankAccount.bankAgency'],
    ['a bank account without account number', { bankAccount: { ...bankAccountFor('52998224725'), bankAccount: undefined } }, 'bankAccount.bankAccount'],
    ['a decimal annual revenue', { annualRevenue: 10.5 }, 'annualRevenue'],
    ['a string monthly income', { monthlyIncome: '1000' }, 'monthlyIncome'],
    ['a localized birth date', { birthDate: '02/01/1980' }, 'birthDate'],
    ['a legal representative without document', { legalRepresentative: { name: 'João' } }, 'legalRepresentative.document'],
    ['a non-boolean selfDeclaredRepresentative', { legalRepresentative: { name: 'João', document: '52998224725', selfDeclaredRepresentative: 'yes' } }, 'legalRepresentative.selfDeclaredRepresentative'],
    ['a Pix key without its type', { pixKey: 'a@b.com' }, 'pixKeyType'],
    ['a Pix key of the wrong shape', { pixKeyType: 'cpf', pixKey: '123' }, 'pixKey'],
    ['a split percentage over 100', { splitType: 'percentage', splitValue: 150 }, 'splitValue'],
    ['an unknown role', { role: 'platform' }, 'role'],
    ['a file that is not base64', { files: { selfie: '@@@@' } }, 'files.selfie'],
    ['a file of a forbidden type (text)', { files: { selfie: Buffer.from('hello world!').toString('base64') } }, 'files.selfie'],
    ['a PDF selfie', { files: { selfie: PDF.toString('base64') } }, 'files.selfie'],
    ['an oversized file', { files: { identificationDocument: tooBig.toString('base64') } }, 'files.identificationDocument'],
    ['an unknown file', { files: { passport: PNG.toString('base64') } }, 'files.passport'],
    ['an attempt to set status', { status: 'active' }, 'status'],
    ['an attempt to set companyId', { companyId: 'comp_x' }, 'companyId'],
  ])('rejects %s with 400 naming the field', async (_label, patch, path) => {
    const res = await create({ ...sellerBody(), ...patch });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', requestId: res.headers['x-request-id'] });
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('answers 413 with the error body when the whole request exceeds the route\'s body limit (three 5 MiB files and the fields)', async () => {
    const small = await startTestStack();
    try {
      const { headers } = await small.seedCompany();
      const res = await small.http.post('/recipients').set(headers).send({ ...sellerBody(), files: { selfie: Buffer.alloc(18 * 1024 * 1024).toString('base64') } });
      expect(res.status).toBe(413);
      expect(res.body.error).toMatchObject({ code: 'payload_too_large', requestId: expect.any(String) });
    } finally {
      await small.close();
    }
  });

  it('gives the registration an id that does not tell when the CPF was first registered', async () => {
    const before = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(sellerBody())).body.id);
    const after = Date.now();
    for (const id of ids) {
      expect(id).toMatch(/^rec_[a-z2-7]{26}$/);
      // A ULID's first 10 characters are its creation time in ms: these are random.
      let time: number | null = null;
      try {
        time = decodeTime(id.slice('rec_'.length).toUpperCase());
      } catch {
        // Not even a time's characters.
      }
      if (time !== null) expect(time < before - 86_400_000 || time > after + 86_400_000).toBe(true);
    }
  });

  it('reuses and updates the registration with the same document, across companies (one global registration)', async () => {
    const body = sellerBody();
    const first = await create(body);
    const again = await create({ ...body, name: 'Maria S. Atualizada', document: body.document.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4') });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: first.body.id, name: 'Maria S. Atualizada' });
    const elsewhere = await create({ ...body, email: newEmail() }, t.company.Other.headers);
    expect(elsewhere.body).toMatchObject({ id: first.body.id, companyId: t.company.Other.company.id, status: 'new' });
    expect(await t.stack.em().count(Recipient, { document: body.document })).toBe(1);
    const types = (await t.stack.em().find(Event, { entityId: first.body.id }, { orderBy: { createdAt: 'asc' } })).map((e) => `${e.companyId === t.company.Acme.company.id ? 'acme' : 'other'}:${e.type}`);
    expect(types).toEqual(['acme:recipient.created', 'acme:recipient.updated', 'other:recipient.created']);
  });

  it('never matches by e-mail: the same e-mail with another document is another registration, and the first keeps its document', async () => {
    const body = sellerBody();
    const first = await create(body);
    const newDoc = newCpf();
    const again = await create({ ...body, email: body.email.toUpperCase(), document: newDoc });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.body.id);
    expect(again.body.document).toBe(newDoc);
    expect((await t.stack.http.get(`/recipients/${first.body.id}`).set(t.company.Acme.headers)).body.document).toBe(body.document);
  });

  it('allows at most one owner per company (409 owner_already_exists), also under concurrency', async () => {
    const company = await t.stack.seedCompany('Owners');
    // The company came with its owner: another one is refused; once it is removed, one new owner wins a race.
    const made = (await t.stack.http.get('/recipients/owner').set(company.headers)).body;
    expect((await create(sellerBody({ role: 'owner' }), company.headers)).body.error.code).toBe('owner_already_exists');
    expect((await t.stack.http.delete(`/recipients/${made.id}`).set(company.headers)).status).toBe(200);
    const results = await Promise.all([1, 2, 3].map(() => create(sellerBody({ role: 'owner' }), company.headers)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const conflictRes = results.find((r) => r.status === 409)!;
    expect(conflictRes.body.error.code).toBe('owner_already_exists');
    const owner = await t.stack.http.get('/recipients/owner').set(company.headers);
    expect(owner.body).toMatchObject({ id: results.find((r) => r.status === 201)!.body.id, role: 'owner' });
    // Promoting a seller while an owner exists is refused the same way.
    const seller = await create(sellerBody(), company.headers);
    const put = await t.stack.http.put(`/recipients/${seller.body.id}`).set(company.headers).send({ role: 'owner' });
    expect(put.status).toBe(409);
  });
});

describe('GET /recipients, /recipients/owner, /recipients/:id', () => {
  let company: SeededCompany;
  const bodies = [sellerBody(), sellerBody(), sellerBody()];
  const ids: string[] = [];
  beforeAll(async () => {
    company = await t.stack.seedCompany('Lister');
    for (const b of bodies) ids.push((await create(b, company.headers)).body.id);
  });

  it('owner is the account the company was created with (active at once in sandbox), and 200 with body null once removed', async () => {
    const other = await t.stack.seedCompany('Owner Inc');
    const res = await t.stack.http.get('/recipients/owner').set(other.headers);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'owner', status: 'active', name: 'Owner Inc', type: 'company', companyId: other.company.id, document: expect.stringMatching(/^\d{14}$/) });
    expect((await t.stack.http.delete(`/recipients/${res.body.id}`).set(other.headers)).status).toBe(200);
    const none = await t.stack.http.get('/recipients/owner').set(other.headers);
    expect(none.status).toBe(200);
    expect(none.text).toBe('null');
  });

  it('lists the company’s merchant recipients (its owner too), newest first, paginated', async () => {
    const res = await t.stack.http.get('/recipients?limit=2').set(company.headers);
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ page: 1, limit: 2, total: 4, totalPages: 2, hasMore: true });
    expect(res.body.data.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]]);
  });

  it('filters by exact email and document; filters naming different recipients give an empty list', async () => {
    const byEmail = await t.stack.http.get(`/recipients?email=${encodeURIComponent(bodies[0].email.toUpperCase())}`).set(company.headers);
    expect(byEmail.body.data.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    const byDoc = await t.stack.http.get(`/recipients?document=${bodies[1].document}`).set(company.headers);
    expect(byDoc.body.data.map((r: { id: string }) => r.id)).toEqual([ids[1]]);
    const both = await t.stack.http.get(`/recipients?email=${encodeURIComponent(bodies[0].email)}&document=${bodies[1].document}`).set(company.headers);
    expect(both.body).toEqual({ data: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0, hasMore: false } });
  });

  it.each([
    ['email=not-an-email', 'email'],
    ['document=123', 'document'],
    ['page=0', 'page'],
    ['limit=101', 'limit'],
    ['foo=bar', 'foo'],
  ])('rejects the query %s with 400', async (qs, path) => {
    const res = await t.stack.http.get(`/recipients?${qs}`).set(company.headers);
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('is 404 for another company’s recipient, and unknown ids', async () => {
    expect((await t.stack.http.get(`/recipients/${ids[0]}`).set(company.headers)).status).toBe(200);
    for (const path of [`/recipients/${ids[0]}`, '/recipients/rec_unknown']) {
      const res = await t.stack.http.get(path).set(t.company.Other.headers);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await t.stack.http.put(`/recipients/${ids[0]}`).set(t.company.Other.headers).send({ name: 'Hacker' })).status).toBe(404);
    expect((await t.stack.http.delete(`/recipients/${ids[0]}`).set(t.company.Other.headers)).status).toBe(404);
    expect((await t.stack.http.post(`/recipients/${ids[0]}/kyc-link`).set(t.company.Other.headers)).status).toBe(404);
  });

  it('401 without a key', async () => {
    expect((await t.stack.http.get('/recipients')).status).toBe(401);
  });
});

describe('PUT and DELETE /recipients/:id', () => {
  it('updates any subset; promotes new → pending once address and bank account are known; no event for a no-op', async () => {
    const { body } = await create(sellerBody());
    const put1 = await t.stack.http.put(`/recipients/${body.id}`).set(t.company.Acme.headers).send({ phone: '+5511900000000' });
    expect(put1.body).toMatchObject({ phone: '+5511900000000', status: 'new' });
    const put2 = await t.stack.http.put(`/recipients/${body.id}`).set(t.company.Acme.headers).send({ address: fullAddress, bankAccount: bankAccountFor(body.document) });
    expect(put2.body).toMatchObject({ status: 'pending', defaultBankAccount: { bankCode: '341' } });
    const noop = await t.stack.http.put(`/recipients/${body.id}`).set(t.company.Acme.headers).send({ phone: '+5511900000000' });
    expect(noop.status).toBe(200);
    const types = (await t.stack.em().find(Event, { entityId: body.id }, { orderBy: { createdAt: 'asc' } })).map((e) => e.type);
    expect(types).toEqual(['recipient.created', 'recipient.updated', 'recipient.updated']);
  });

  it('rejects bad updates with 400', async () => {
    const a = await create(sellerBody());
    expect((await t.stack.http.put(`/recipients/${a.body.id}`).set(t.company.Acme.headers).send({ name: 'X' })).status).toBe(400);
    expect((await t.stack.http.put(`/recipients/${a.body.id}`).set(t.company.Acme.headers).send({ address: { state: 'São Paulo' } })).status).toBe(400);
    // A split is a pair, checked on the merged result: half of one is a 400 naming the missing half.
    const half = await t.stack.http.put(`/recipients/${a.body.id}`).set(t.company.Acme.headers).send({ splitValue: 10 });
    expect(half.status).toBe(400);
    expect(half.body.error.details).toEqual([{ path: 'splitType', message: 'splitValue and splitType go together' }]);
    expect((await t.stack.http.put(`/recipients/${a.body.id}`).set(t.company.Acme.headers).send({ splitType: 'flat', splitValue: 10.5 })).status).toBe(400);
    const split = await t.stack.http.put(`/recipients/${a.body.id}`).set(t.company.Acme.headers).send({ splitType: 'flat', splitValue: 1500 });
    expect(split.body).toMatchObject({ splitType: 'flat', splitValue: 1500 });
    expect((await t.stack.http.put(`/recipients/${a.body.id}`).set(t.company.Acme.headers).send({ splitValue: 120 })).status).toBe(200);
    expect((await t.stack.http.put(`/recipients/${a.body.id}`).set(t.company.Acme.headers).send({ splitType: 'percentage' })).status).toBe(400);
    // POST has no stored half: one alone is refused, so no recipient is stored half-set (every
    // later PUT, even an empty one, would meet a broken pair).
    const postHalf = await t.stack.http.post('/recipients').set(t.company.Acme.headers).send(sellerBody({ splitValue: 5 }));
    expect(postHalf.status).toBe(400);
    expect(postHalf.body.error.details).toEqual([{ path: 'splitType', message: 'splitValue and splitType go together' }]);
    expect((await t.stack.http.put(`/recipients/${a.body.id}`).set(t.company.Acme.headers).send({})).status).toBe(200);
  });

  it('answers a document change the same whether or not another company registered that CPF, and changes nothing', async () => {
    // Only Acme ever linked `mine`; Other registered `elsewhere`'s CPF; nobody registered `fresh`.
    const mine = await create(sellerBody());
    const elsewhere = await create(sellerBody(), t.company.Other.headers);
    const fresh = newCpf();
    const put = (document: string) => t.stack.http.put(`/recipients/${mine.body.id}`).set(t.company.Acme.headers).send({ document, phone: '+5511900000001' });
    const answer = (res: { status: number; body: { error: Record<string, unknown> } }) => ({ status: res.status, error: { ...res.body.error, requestId: undefined } });

    const taken = await put(elsewhere.body.document);
    const free = await put(fresh);
    expect(answer(taken)).toEqual(answer(free));
    expect(answer(free)).toEqual({ status: 409, error: { code: 'recipient_document_shared', message: expect.stringMatching(/never changes.*create a recipient with their document/), requestId: undefined } });
    // Nothing of either request was applied (not even the phone beside the document) or announced.
    expect((await t.stack.http.get(`/recipients/${mine.body.id}`).set(t.company.Acme.headers)).body).toEqual(mine.body);
    expect((await t.stack.em().find(Event, { entityId: mine.body.id })).map((e) => e.type)).toEqual(['recipient.created']);
    expect(await t.stack.em().count(Recipient, { document: fresh })).toBe(0);
    // The same document, written another way, is no change.
    const same = await t.stack.http.put(`/recipients/${mine.body.id}`).set(t.company.Acme.headers).send({ document: mine.body.document.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4') });
    expect(same.status).toBe(200);
    expect(same.body.document).toBe(mine.body.document);

    // What the answer points to, a recipient with the other document, answers alike too: a new
    // link under an id that says nothing either way.
    const linked = await create(sellerBody({ document: elsewhere.body.document }));
    const made = await create(sellerBody({ document: fresh }));
    for (const res of [linked, made]) {
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: 'new', companyId: t.company.Acme.company.id });
    }
    expect(linked.body.id).toBe(elsewhere.body.id);
    expect(Object.keys(linked.body).sort()).toEqual(Object.keys(made.body).sort());
  });

  it('removes only the link: the registration stays, another company keeps its link, re-creating links again', async () => {
    const body = sellerBody();
    const mine = await create(body);
    await create(body, t.company.Other.headers);
    const del = await t.stack.http.delete(`/recipients/${mine.body.id}`).set(t.company.Acme.headers).set('Idempotency-Key', `del-${mine.body.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: mine.body.id, deleted: true });
    const replay = await t.stack.http.delete(`/recipients/${mine.body.id}`).set(t.company.Acme.headers).set('Idempotency-Key', `del-${mine.body.id}`);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await t.stack.http.get(`/recipients/${mine.body.id}`).set(t.company.Acme.headers)).status).toBe(404);
    expect((await t.stack.http.delete(`/recipients/${mine.body.id}`).set(t.company.Acme.headers)).status).toBe(404);
    expect((await t.stack.http.get(`/recipients/${mine.body.id}`).set(t.company.Other.headers)).status).toBe(200);
    expect(await t.stack.em().count(Recipient, { id: mine.body.id })).toBe(1);
    const events = await t.stack.em().find(Event, { entityId: mine.body.id, companyId: t.company.Acme.company.id, type: 'recipient.deleted' });
    expect(events).toHaveLength(1);
    const back = await create(body);
    expect(back.body).toMatchObject({ id: mine.body.id, status: 'new' });
  });
});

describe('Idempotency-Key', () => {
  it('replays a create and refuses a different body with the same key', async () => {
    const body = sellerBody();
    const first = await create(body, { ...t.company.Acme.headers, 'Idempotency-Key': `create-${body.document}` });
    const replay = await create(body, { ...t.company.Acme.headers, 'Idempotency-Key': `create-${body.document}` });
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    const clash = await create({ ...body, name: 'Other Name' }, { ...t.company.Acme.headers, 'Idempotency-Key': `create-${body.document}` });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('idempotency_conflict');
  });
});

describe('assertRecipientActive', () => {
  it('is 404 across companies and 409 recipient_not_active until KYC approval', async () => {
    const { body } = await create(sellerBody());
    await expect(assertRecipientActive(t.stack.em(), t.company.Other.company.id, body.id)).rejects.toMatchObject({ status: 404 });
    await expect(assertRecipientActive(t.stack.em(), t.company.Acme.company.id, body.id)).rejects.toMatchObject({ status: 409, code: 'recipient_not_active' });
  });
});
