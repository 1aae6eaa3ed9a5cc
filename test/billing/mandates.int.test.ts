import { randomUUID } from 'node:crypto';
import { resolveVaultKey } from '../../src/cards/card-vault.key';
import { connectPix, disconnect } from '../../src/processors/connections/processor-connections.service';
import { eventually } from './eventually';
import { useEmbeddedPixStack } from '../processors/embedded-pix-stack';
import { customerAndMonthlyPlan } from './monthly-plan';

/**
 * Pix Automático mandates through the API, with the embedded Pix PSP as a process of its own
 * (this file brings its own: a PSP holds one mandate callback URL per receiving user): the
 * authorization started by QR or by a request at the payer's bank, its state following the PSP's
 * callbacks (each read back from the PSP), company isolation, and forged callbacks.
 */
let customerId: string;
let planId: string;

const { t, psp, pspMandateIdOf } = useEmbeddedPixStack({
  companies: ['Acme', 'Other'],
  owners: ['Acme'],
  async setup(t) {
    ({ customerId, planId } = await customerAndMonthlyPlan(t, 'Acme', 'pro'));
  },
});

const post = (path: string, body: object = {}, headers: Record<string, string> = t.company.Acme.headers) => t.stack.http.post(path).set(headers).send(body);
const get = (path: string, headers: Record<string, string> = t.company.Acme.headers) => t.stack.http.get(path).set(headers);
const secret = () => t.stack.config.processors.pix!.callbackSecret;
const statusOf = async (subscriptionId: string) => (await get(`/subscriptions/${subscriptionId}/pix-automatico`)).body.status as string;

async function subscription(): Promise<string> {
  const res = await post('/subscriptions', { customerId, planId });
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('starting the authorization', () => {
  it('by QR: a pending mandate with the BR Code; the payer approves it and the PSP callback makes it active', async () => {
    const id = await subscription();
    const res = await post(`/subscriptions/${id}/pix-automatico`, { authorization: 'qr' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.stringMatching(/^mdt_/), object: 'pix_automatico_mandate', subscriptionId: id, customerId, status: 'pending', journey: 'qr', closing: null });
    expect(res.body.qrCode).toMatch(/^000201/);
    expect(res.body.location).toContain('/qr/v2/rec/');
    expect((await post(`/subscriptions/${id}/pix-automatico`, { authorization: 'qr' })).body.error.code).toBe('mandate_exists');

    const pspId = await pspMandateIdOf(res.body.id);
    expect((await psp.control('GET', `/rec/${pspId}`)).status).toBe(401); // the PSP's API wants a token: the test reads through Lastro
    expect((await psp.control('POST', `/embedded/rec/${pspId}/approve`, { jornada: 'JORNADA_2' })).status).toBe(200);
    expect(await eventually(() => statusOf(id), (s) => s === 'active')).toBe('active');
    expect((await get(`/subscriptions/${id}/pix-automatico`)).body).toMatchObject({ status: 'active', approvedAt: expect.any(String), endedAt: null });

    // The payer cancels it at their bank: canceled, with who and why.
    expect((await psp.control('POST', `/embedded/rec/${pspId}/cancel`)).status).toBe(200);
    expect(await eventually(() => statusOf(id), (s) => s === 'canceled')).toBe('canceled');
    expect((await get(`/subscriptions/${id}/pix-automatico`)).body.closing).toEqual({ code: 'ACCL', reason: expect.any(String), by: 'USUARIO_PAGADOR' });
    // A new authorization can start once the old mandate ended.
    expect((await post(`/subscriptions/${id}/pix-automatico`, {})).status).toBe(201);
  });

  it("by a request at the payer's bank, which the payer refuses", async () => {
    const id = await subscription();
    const missing = await post(`/subscriptions/${id}/pix-automatico`, { authorization: 'request' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details).toEqual([{ path: 'payerAccount', message: 'Required' }]);
    const res = await post(`/subscriptions/${id}/pix-automatico`, { authorization: 'request', payerAccount: { ispb: '99999005', branch: '2569', number: '550689' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', journey: 'request', qrCode: null });
    expect((await psp.control('POST', `/embedded/rec/${await pspMandateIdOf(res.body.id)}/reject`)).status).toBe(200);
    expect(await eventually(() => statusOf(id), (s) => s === 'rejected')).toBe('rejected');
    expect((await get(`/subscriptions/${id}/pix-automatico`)).body.closing).toMatchObject({ code: 'AP13' });
  });

  it('bad input: 400; a subscription with none: 404', async () => {
    const id = await subscription();
    expect((await post(`/subscriptions/${id}/pix-automatico`, { authorization: 'email' })).status).toBe(400);
    expect((await post(`/subscriptions/${id}/pix-automatico`, { authorization: 'request', payerAccount: { ispb: 'x', number: '1' } })).status).toBe(400);
    expect((await post(`/subscriptions/${id}/pix-automatico`, { extra: 1 })).status).toBe(400);
    expect((await get(`/subscriptions/${id}/pix-automatico`)).status).toBe(404);
    expect((await post('/subscriptions/sub_01jzzzzzzzzzzzzzzzzzzzzzzz/pix-automatico', {})).status).toBe(404);
  });

  it("a customer without a CPF or CNPJ (a passport): 409 before the PSP is called, nothing recorded", async () => {
    const tourist = (await post('/customers', { name: 'John Smith', email: 'john@example.com', type: 'individual', document: 'FZ123456', documentType: 'passport', phone: '+5511999990001' })).body.id;
    const res = await post('/subscriptions', { customerId: tourist, planId });
    expect(res.status).toBe(201);
    const started = await post(`/subscriptions/${res.body.id}/pix-automatico`, {});
    expect(started.status).toBe(409);
    expect(started.body.error.code).toBe('mandate_payer_invalid');
    expect((await get(`/subscriptions/${res.body.id}/pix-automatico`)).status).toBe(404);
  });
});

describe('tenancy', () => {
  it("company B neither sees nor starts a mandate on company A's subscription (404)", async () => {
    const id = await subscription();
    expect((await post(`/subscriptions/${id}/pix-automatico`, {})).status).toBe(201);
    expect((await get(`/subscriptions/${id}/pix-automatico`, t.company.Other.headers)).status).toBe(404);
    expect((await post(`/subscriptions/${id}/pix-automatico`, {}, t.company.Other.headers)).status).toBe(404);
  });
});

describe('callbacks', () => {
  it('a wrong secret is refused (401); a forged report changes nothing the PSP does not hold', async () => {
    const id = await subscription();
    const created = await post(`/subscriptions/${id}/pix-automatico`, {});
    const pspId = await pspMandateIdOf(created.body.id);
    const forged = { recs: [{ idRec: pspId, status: 'APROVADA', atualizacao: [{ status: 'APROVADA', data: new Date().toISOString() }] }] };
    expect((await t.stack.http.post(`/processors/pix/callbacks/default/not-the-secret/rec`).send(forged)).status).toBe(401);
    const res = await t.stack.http.post(`/processors/pix/callbacks/default/${secret()}/rec`).send(forged);
    expect(res.status).toBe(200);
    expect(await statusOf(id)).toBe('pending');
    expect((await t.stack.http.post(`/processors/pix/callbacks/default/${secret()}/rec`).send({ recs: [{ idRec: 'x' }] })).status).toBe(400);
  });
});

describe("the connection's receiving account", () => {
  it("a company whose own Pix connection has none: 409 before any PSP call; with one set, the start goes through", async () => {
    const other = t.company.Other;
    const connect = (receiverAccount?: { branch: string; number: string; type: 'CORRENTE' }) =>
      connectPix(t.stack.em(), resolveVaultKey(t.stack.config), other.company.id, { baseUrl: psp.info.baseUrl, tokenUrl: psp.info.tokenUrl, clientId: psp.info.clientId, clientSecret: psp.info.clientSecret, chave: randomUUID(), ...(receiverAccount ? { receiverAccount } : {}) });
    await connect();
    try {
      const postB = (path: string, body: object = {}) => post(path, body, other.headers);
      const customer = (await postB('/customers', { name: 'Caio Reis', email: 'caio@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990002' })).body.id;
      const plan = (await postB('/plans', { code: 'basic', name: 'Basic' })).body.id;
      await postB(`/plans/${plan}/charges`, { item: { key: 'base', name: 'Base' }, price: { money: { amount: 2990, currency: 'BRL' }, recurrence: { interval: 1, unit: 'month' } } });
      expect((await postB(`/plans/${plan}/publish`)).status).toBe(200);
      const sub = (await postB('/subscriptions', { customerId: customer, planId: plan })).body.id;
      const missing = await postB(`/subscriptions/${sub}/pix-automatico`, {});
      expect([missing.status, missing.body.error.code]).toEqual([409, 'pix_receiver_account_missing']);
      expect((await get(`/subscriptions/${sub}/pix-automatico`, other.headers)).status).toBe(404);

      await connect({ branch: '0001', number: '7654321', type: 'CORRENTE' });
      expect((await postB(`/subscriptions/${sub}/pix-automatico`, {})).status).toBe(201);
    } finally {
      await disconnect(t.stack.em(), other.company.id, 'pix');
    }
  });
});
