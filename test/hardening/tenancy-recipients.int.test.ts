import { randomBytes } from 'node:crypto';
import { useTestStack, type SeededCompany } from '../helpers/stack';
import { Event } from '../../src/events/event.entity';
import { sendKycDecision } from '../../src/recipients/recipient-onboarding-workflow.client';
import { onboardingStateQuery, recipientOnboardingWorkflowId } from '../../workflows/recipients/recipient-onboarding.contract';
import { lastro } from '../recipients/cli';
import { JPEG, newCpf, PNG } from '../recipients/fixtures';
import { until } from '../withdrawals/fixtures';

/**
 * Tenancy of recipients and KYC (issue #18): two companies side by side, in both orders (the
 * victim A linking first, or B first). A registration is shared by document, but what a
 * company reads of it is what it supplied or what was verified; its edits, its KYC files and
 * its operator's decisions touch its own link only.
 */

const t = useTestStack();

/** A seller as one company describes it: every field a marker that must never reach the other company. */
function supplied(tag: string, document: string) {
  const u = `${tag}${randomBytes(4).toString('hex')}`;
  const digits = () => String(parseInt(randomBytes(4).toString('hex'), 16)).padStart(10, '0').slice(0, 9);
  const body = {
    name: `Seller ${u}`,
    email: `${u.toLowerCase()}@example.com`,
    phone: `+551198${digits().slice(0, 7)}`,
    document,
    type: 'individual',
    motherName: `Mother ${u}`,
    address: { address: `Rua ${u}`, number: '10', neighborhood: 'Centro', city: `Cidade ${u}`, state: 'SP', postalCode: '01001-000' },
    bankAccount: { bankHolderName: `Holder ${u}`, bankHolderDocument: document, bankCode: '341', bankName: `Banco ${u}`, bankAgency: '0001', bankAccount: `7${digits()}`, bankAccountDigit: '6' },
  };
  const markers = [body.name, body.email, body.phone, body.motherName, body.address.address, body.address.city, body.bankAccount.bankHolderName, body.bankAccount.bankName, body.bankAccount.bankAccount];
  return { body, markers };
}

function expectNoneOf(seen: unknown, markers: string[], where: string): void {
  const text = typeof seen === 'string' ? seen : JSON.stringify(seen);
  for (const m of markers) {
    if (text.includes(m)) throw new Error(`${where} shows "${m}", which only the other company supplied`);
  }
}

const post = (c: SeededCompany, body: object) => t.stack.http.post('/recipients').set(c.headers).send(body);
const put = (c: SeededCompany, id: string, body: object) => t.stack.http.put(`/recipients/${id}`).set(c.headers).send(body);
const view = async (c: SeededCompany, id: string) => {
  const res = await t.stack.http.get(`/recipients/${id}`).set(c.headers);
  expect(res.status).toBe(200);
  return res.body;
};
const statusOf = async (c: SeededCompany, id: string): Promise<string> => (await view(c, id)).status;
const eventsOf = (c: SeededCompany, id: string) => t.stack.em().find(Event, { entityId: id, companyId: c.company.id }, { orderBy: { createdAt: 'asc' } });

async function link(c: SeededCompany, body: object): Promise<string> {
  const res = await post(c, body);
  expect(res.status).toBe(201);
  return res.body.id;
}

async function decide(c: SeededCompany, recipientId: string, outcome: 'approved' | 'refused'): Promise<void> {
  const link = { recipientId, companyId: c.company.id };
  await sendKycDecision(t.stack.client, t.stack.config.temporal.taskQueue, outcome === 'approved' ? { ...link, operator: 'kyc-ops', outcome } : { ...link, operator: 'kyc-ops', outcome, reason: 'Blurry' });
  const expected = outcome === 'approved' ? 'active' : 'refused';
  await until(async () => (await statusOf(c, recipientId)) === expected, `${c.company.name}'s link ${expected}`);
}

async function kycToken(c: SeededCompany, recipientId: string): Promise<string> {
  const res = await t.stack.http.post(`/recipients/${recipientId}/kyc-link`).set(c.headers);
  expect(res.status).toBe(201);
  return new URL(res.body.kycUrl).pathname.split('/').pop()!;
}
const upload = (token: string, kind: string, bytes: Buffer, type: string) => t.stack.http.put(`/kyc/${token}/files/${kind}`).set('Content-Type', type).send(bytes);

describe.each([['A first'], ['B first']])('recipients of two companies (%s)', (order) => {
  let A: SeededCompany;
  let B: SeededCompany;
  const aFirst = order === 'A first';
  beforeAll(async () => {
    A = await t.stack.seedCompany(`A ${order}`);
    B = await t.stack.seedCompany(`B ${order}`);
  });

  /** Links one CPF in both companies in this block's order; returns the registration id. */
  async function bothLink(a: object, b: object): Promise<string> {
    const [first, second] = aFirst ? [{ c: A, body: a }, { c: B, body: b }] : [{ c: B, body: b }, { c: A, body: a }];
    const id = await link(first.c, first.body);
    expect(await link(second.c, second.body)).toBe(id);
    return id;
  }

  it('same CPF: each company sees only what it supplied; B’s create and PUT change nothing A reads and tell A nothing', async () => {
    const cpf = newCpf();
    const a = supplied('alpha', cpf);
    const b = supplied('bravo', cpf);
    let id: string;
    if (aFirst) {
      id = await link(A, a.body);
      await decide(A, id, 'approved');
    } else {
      id = await link(B, b.body);
    }
    const aBefore = aFirst ? await view(A, id) : null;
    const aEvents = aFirst ? (await eventsOf(A, id)).length : 0;

    const bCreated = aFirst ? await post(B, b.body) : null;
    if (!aFirst) {
      const aCreated = await post(A, a.body);
      expect(aCreated.body.id).toBe(id);
      expectNoneOf(aCreated.body, b.markers, 'A’s create response');
      await decide(A, id, 'approved');
    }
    if (bCreated) {
      expect(bCreated.status).toBe(201);
      expect(bCreated.body).toMatchObject({ id, name: b.body.name, email: b.body.email, phone: b.body.phone, status: 'pending', companyId: B.company.id });
      expect(bCreated.body.defaultBankAccount.bankAccount).toBe(b.body.bankAccount.bankAccount);
      expectNoneOf(bCreated.body, a.markers, 'B’s create response');
    }
    const aSettled = aBefore ?? (await view(A, id));
    const aEventsSettled = aFirst ? aEvents : (await eventsOf(A, id)).length;
    expect(aSettled).toMatchObject({ name: a.body.name, email: a.body.email, phone: a.body.phone, status: 'active' });
    // B's create (when B came second) changed nothing A reads.
    expect(await view(A, id)).toEqual(aSettled);

    // B edits its view: contact, identity, address, a new bank account.
    const edited = await put(B, id, { name: 'B Renamed', email: 'b-renamed@example.com', phone: '+5511900000009', address: { address: 'Rua Trocada' }, bankAccount: { ...b.body.bankAccount, bankAccount: '5550001' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'B Renamed', email: 'b-renamed@example.com', defaultBankAccount: { bankAccount: '5550001' } });
    expectNoneOf(edited.body, a.markers, 'B’s PUT response');
    expect(await view(A, id)).toEqual(aSettled);
    expect(await eventsOf(A, id)).toHaveLength(aEventsSettled);

    // The shared document is not B's to change.
    const docChange = await put(B, id, { document: newCpf() });
    expect(docChange.status).toBe(409);
    expect(docChange.body.error.code).toBe('recipient_document_shared');
    expect(await view(A, id)).toEqual(aSettled);
    expect((await view(B, id)).document).toBe(cpf);
    expectNoneOf(await view(B, id), a.markers, 'B’s GET');
    expect(await eventsOf(A, id)).toHaveLength(aEventsSettled);
    const bList = await t.stack.http.get(`/recipients?document=${cpf}`).set(B.headers);
    expectNoneOf(bList.body, a.markers, 'B’s list');
  });

  it('same e-mail, another CPF: another registration; A’s document and bank untouched; nothing of A in B’s response or KYC page', async () => {
    const a = supplied('alpha', newCpf());
    const b = supplied('bravo', newCpf());
    const sameEmail = { ...b.body, email: a.body.email };
    const [aId, bRes] = aFirst
      ? [await link(A, a.body), await post(B, sameEmail)]
      : await (async () => {
          const bFirst = await post(B, sameEmail);
          return [await link(A, a.body), bFirst] as const;
        })();
    expect(bRes.status).toBe(201);
    expect(bRes.body.id).not.toBe(aId);
    expect(bRes.body.document).toBe(b.body.document);
    // The e-mail is the one thing B supplied too.
    const onlyA = a.markers.filter((m) => m !== a.body.email);
    expectNoneOf(bRes.body, onlyA, 'B’s create response');

    const aView = await view(A, aId);
    expect(aView).toMatchObject({ document: a.body.document, defaultBankAccount: { bankAccount: a.body.bankAccount.bankAccount, bankHolderDocument: a.body.document } });
    expect((await t.stack.http.get(`/recipients/${aId}`).set(B.headers)).status).toBe(404);

    const page = await t.stack.http.get(`/kyc/${await kycToken(B, bRes.body.id)}`);
    expect(page.status).toBe(200);
    expectNoneOf(page.text, onlyA, 'B’s KYC page');
    const aPage = await t.stack.http.get(`/kyc/${await kycToken(A, aId)}`);
    expectNoneOf(aPage.text, b.markers, 'A’s KYC page');
    expect(aPage.text).toContain(a.body.address.address);
  });

  it('same CPF: a KYC approval or refusal for one company’s link leaves the other’s unchanged', async () => {
    const cpf = newCpf();
    const id = await bothLink(supplied('alpha', cpf).body, supplied('bravo', cpf).body);
    expect(await statusOf(A, id)).toBe('pending');
    expect(await statusOf(B, id)).toBe('pending');
    await decide(B, id, 'approved');
    expect(await statusOf(A, id)).toBe('pending');
    expect((await eventsOf(A, id)).map((e) => e.type)).not.toContain('recipient.approved');
    await decide(A, id, 'refused');
    expect(await statusOf(B, id)).toBe('active');
    expect((await eventsOf(B, id)).map((e) => e.type)).not.toContain('recipient.refused');
    // Each link has its own workflow, named after the link and starting with the rec_ id.
    for (const c of [A, B]) {
      const state = await t.stack.client.workflow.getHandle(recipientOnboardingWorkflowId({ recipientId: id, companyId: c.company.id })).query(onboardingStateQuery);
      expect(state).toMatchObject({ recipientId: id, companyId: c.company.id, stage: c === A ? 'refused' : 'approved' });
    }
  });

  it('same CPF: B’s uploads and submission neither count for A’s files, nor reopen A’s refused link, nor spend A’s upload budget', async () => {
    const cpf = newCpf();
    const id = await bothLink({ ...supplied('alpha', cpf).body, bankAccount: undefined }, { ...supplied('bravo', cpf).body, bankAccount: undefined });
    await decide(A, id, 'refused');
    const [aToken, bToken] = [await kycToken(A, id), await kycToken(B, id)];

    expect((await upload(bToken, 'identificationDocument', PNG, 'image/png')).status).toBe(200);
    expect((await upload(bToken, 'selfie', JPEG, 'image/jpeg')).status).toBe(200);
    // A's seller sent nothing: A's page asks for everything, and A cannot submit on B's files.
    expect((await t.stack.http.get(`/kyc/${aToken}`)).text).not.toContain('data-received="true"');
    const aSubmit = await t.stack.http.post(`/kyc/${aToken}/submit`).send({ confirm: true });
    expect(aSubmit.status).toBe(409);
    expect(aSubmit.body.error.code).toBe('kyc_files_missing');

    expect((await t.stack.http.post(`/kyc/${bToken}/submit`).send({ confirm: true })).status).toBe(200);
    await until(async () => (await t.stack.client.workflow.getHandle(recipientOnboardingWorkflowId({ recipientId: id, companyId: B.company.id })).query(onboardingStateQuery)).submissions === 1, 'B’s submission recorded');
    expect(await statusOf(B, id)).toBe('pending');
    expect(await statusOf(A, id)).toBe('refused');

    // B spends its whole hourly page budget; A's seller still uploads.
    const bToken2 = await kycToken(B, id);
    for (let i = 0; i < 28; i++) expect((await upload(bToken2, 'selfie', PNG, 'image/png')).status).toBe(200);
    expect((await upload(bToken2, 'selfie', PNG, 'image/png')).status).toBe(429);
    expect((await upload(aToken, 'selfie', PNG, 'image/png')).status).toBe(200);
  });

  it('the CLI refuses to guess which company’s KYC it decides, and decides exactly the one named', async () => {
    const cpf = newCpf();
    const id = await bothLink(supplied('alpha', cpf).body, supplied('bravo', cpf).body);
    const ambiguous = await lastro(t.stack, 'recipients', 'kyc-approve', id, '--operator', 'ops');
    expect(ambiguous.code).not.toBe(0);
    expect(ambiguous.stderr).toContain('--company');
    expect(ambiguous.stderr).toContain(A.company.id);
    expect(ambiguous.stderr).toContain(B.company.id);

    const named = await lastro(t.stack, 'recipients', 'kyc-approve', id, '--company', B.company.id, '--operator', 'ops');
    expect(named.code).toBe(0);
    expect(JSON.parse(named.stdout)).toMatchObject({ recipientId: id, companyId: B.company.id, workflowId: `${id}:${B.company.id}`, signal: 'kycApproved' });
    await until(async () => (await statusOf(B, id)) === 'active', 'B active');
    expect(await statusOf(A, id)).toBe('pending');

    // The workflow id from the Temporal UI names the link too.
    const byWorkflowId = await lastro(t.stack, 'recipients', 'kyc-refuse', `${id}:${A.company.id}`, '--reason', 'Blurry', '--operator', 'ops');
    expect(byWorkflowId.code).toBe(0);
    await until(async () => (await statusOf(A, id)) === 'refused', 'A refused');
    expect(await statusOf(B, id)).toBe('active');
  });
});

describe('an active link changes identity or payout account only through a new review', () => {
  let acme: SeededCompany;
  beforeAll(async () => {
    acme = await t.stack.seedCompany('Reviewed');
  });

  async function activeSeller() {
    const s = supplied('seller', newCpf());
    const id = await link(acme, s.body);
    await decide(acme, id, 'approved');
    return { id, s };
  }

  it('contact changes and an account in the recipient’s own document keep it active', async () => {
    const { id, s } = await activeSeller();
    const res = await put(acme, id, { email: 'new-contact@example.com', phone: '+5511911112222', website: 'https://shop.example.com', bankAccount: { ...s.body.bankAccount, bankAccount: '4440001' } });
    expect(res.body).toMatchObject({ status: 'active', email: 'new-contact@example.com', defaultBankAccount: { bankAccount: '4440001' } });
  });

  it.each([
    ['the name', { name: 'Someone Else' }],
    ['the address', { address: { address: 'Rua Nova' } }],
    ['a bank account of another holder', { bankAccount: { bankHolderName: 'Other Person', bankHolderDocument: '11144477735', bankCode: '001', bankAgency: '1', bankAccount: '999' } }],
  ])('%s takes it back to pending with recipient.updated, and the KYC workflow decides again', async (_l, change) => {
    const { id } = await activeSeller();
    const res = await put(acme, id, change);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('pending');
    const events = (await eventsOf(acme, id)).map((e) => e.type);
    expect(events[events.length - 1]).toBe('recipient.updated');
    await expect(t.stack.http.post('/withdrawals').set(acme.headers).send({ recipientId: id, amount: 100 })).resolves.toMatchObject({ status: 409 });
    const handle = t.stack.client.workflow.getHandle(recipientOnboardingWorkflowId({ recipientId: id, companyId: acme.company.id }));
    await until(async () => (await handle.describe()).status.name === 'RUNNING', 'a new review run');
    await decide(acme, id, 'approved');
  });

  it('a document change is 409 on a registration only this company linked too, as on a shared one (above): the answer never depends on other companies', async () => {
    const { id } = await activeSeller();
    const res = await put(acme, id, { document: newCpf() });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('recipient_document_shared');
    expect((await t.stack.http.get(`/recipients/${id}`).set(acme.headers)).body.status).toBe('active');
  });
});
