import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  Lastro,
  LastroAuthenticationError,
  LastroConflictError,
  LastroNotFoundError,
  LastroRateLimitError,
  LastroSignatureVerificationError,
  LastroValidationError,
  type LastroEvent,
  type LastroOptions,
} from '../../src/sdk-node/index';
import { createApp } from '../../src/app';
import { withCheckDigits } from '../../src/shared/documents';
import { useTestStack } from '../helpers/stack';
import { validCard } from '../cards/fixtures';
import { failure } from './failure';
import { eventually, Receiver } from '../webhooks/receiver';

/**
 * lastro-node against the real stack (PostgreSQL, the Temporal test server, the worker, the API
 * over HTTP), used as a merchant's server would: `import { Lastro } from '../../src/sdk-node/index'`.
 * Waits between retries are recorded instead of spent, so no test depends on the clock.
 */

let receiver: Receiver;
beforeAll(async () => {
  receiver = await new Receiver().start();
});
const t = useTestStack({ companies: ['Acme'], env: () => ({ WEBHOOK_ALLOWLIST: `127.0.0.1:${receiver.port}` }) });
afterAll(() => receiver?.close());

const run = randomBytes(4).toString('hex');
let cpfBase = 100_000_000;
const customerBody = (name: string) => ({
  name,
  email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
  type: 'individual' as const,
  document: withCheckDigits(String(cpfBase++)),
  phone: '+55 11 99999-0000',
});

/** A client of Acme whose waits are recorded, not spent. */
function client(options: LastroOptions = {}): { lastro: Lastro; waits: number[] } {
  const waits: number[] = [];
  const lastro = new Lastro({ apiKey: t.company.Acme.apiKey, baseUrl: t.stack.baseUrl, ...options, retry: { sleep: async (ms) => void waits.push(ms), ...options.retry } });
  return { lastro, waits };
}

describe('resources through the real stack', () => {
  it('creates and reads a customer, typed as the API documents it', async () => {
    const { lastro } = client();
    const created = await lastro.customers.create({ ...customerBody(`Maria ${run}`), metadata: { crm: '42' } });
    expect(created).toMatchObject({ id: expect.stringMatching(/^cust_/), name: `Maria ${run}`, documentType: 'cpf', metadata: { crm: '42' } });
    expect(await lastro.customers.retrieve(created.id)).toEqual(created);
    const updated = await lastro.customers.update(created.id, { phone: '+55 21 98888-0000' });
    expect(updated.phone).not.toBe(created.phone);
  });

  it('pays by card: a token from the public endpoint (sent without the key), then a transaction', async () => {
    const { lastro } = client();
    const customer = await lastro.customers.create(customerBody(`Card ${run}`));
    const { tokenId } = await lastro.tokens.createCard({ companyId: t.company.Acme.company.id, card: validCard() as any });
    expect(tokenId).toMatch(/^tok_/);
    const txn = await lastro.transactions.create({
      referenceCode: `card-${run}`,
      customerId: customer.id,
      items: [{ description: 'Camiseta', quantity: 1, amount: 5990 }],
      payments: [{ paymentMethod: 'credit_card', amount: 5990, creditCard: { token: tokenId, installments: 1 } }],
    });
    expect(txn).toMatchObject({ status: 'paid', customerId: customer.id, amount: 5990 });
    expect(txn.payments[0]).toMatchObject({ paymentMethod: 'credit_card', status: 'paid' });
  });

  it('pays by Pix: waiting for payment, the sandbox pays it, the transaction is paid', async () => {
    const { lastro } = client();
    const txn = await lastro.transactions.create({
      referenceCode: `pix-${run}`,
      items: [{ description: 'Caneca', quantity: 1, amount: 3500 }],
      payments: [{ paymentMethod: 'pix', amount: 3500, pix: { expiresIn: 3600 } }],
    });
    expect(txn.status).toBe('waiting_payment');
    expect(txn.payments[0].pix?.qrCode).toMatch(/^000201/);
    await lastro.sandbox.payPayment(txn.payments[0].id);
    await eventually(async () => (await lastro.transactions.retrieve(txn.id)).status === 'paid', 60_000, 'the Pix transaction paid');
  });

  it('lists across pages: await gives one page, for await every item of every page', async () => {
    const { lastro } = client();
    const tag = `Paginada ${run}`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await lastro.customers.create(customerBody(`${tag} ${i}`))).id);

    const first = await lastro.customers.list({ q: tag, limit: 2 });
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3, hasMore: true });
    expect(first.data).toHaveLength(2);

    const seen: string[] = [];
    for await (const customer of lastro.customers.list({ q: tag, limit: 2 })) seen.push(customer.id);
    expect(seen.sort()).toEqual([...ids].sort());

    const pages = [];
    for await (const page of lastro.customers.list({ q: tag, limit: 2 }).pages()) pages.push(page.data.length);
    expect(pages).toEqual([2, 2, 1]);

    // The generic helper: any list operation of the document, from the page asked for.
    const rest = await lastro.paginate('/v1/customers', { params: { query: { q: tag, limit: 2, page: 2 } } }).toArray();
    expect(rest).toHaveLength(3);
  });

  it('reaches every other operation through the typed request', async () => {
    const { lastro } = client();
    const settings = await lastro.request('get', '/v1/settings/refunds');
    expect(typeof settings.autoApprove).toBe('boolean');
    const owner = await lastro.recipients.owner();
    expect(owner.id).toMatch(/^rec_/);
    const balance = await lastro.request('get', '/v1/wallets/owner/{ownerId}/balance', { params: { path: { ownerId: owner.id } } });
    expect(balance).toBeDefined();
  });
});

describe('typed errors carry the error body', () => {
  it('404: LastroNotFoundError with code, message and the request id of the answer', async () => {
    const { lastro } = client();
    const err = await failure(lastro.customers.retrieve('cust_00000000000000000000000000'));
    expect(err).toBeInstanceOf(LastroNotFoundError);
    expect(err).toMatchObject({ status: 404, code: 'not_found', message: expect.any(String) });
    expect(err.requestId).toMatch(/^req_/);
    expect(err.requestId).toBe(err.headers?.get('x-request-id'));
  });

  it('400: LastroValidationError whose details name the field', async () => {
    const { lastro } = client();
    const err = await failure(lastro.customers.create({ ...customerBody(`Bad ${run}`), document: '111.111.111-11' }));
    expect(err).toBeInstanceOf(LastroValidationError);
    expect(err.code).toBe('validation_failed');
    expect(err.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'document' })]));
  });

  it('401: LastroAuthenticationError for an unknown key', async () => {
    const { lastro } = client({ apiKey: `sk_sandbox_${'x'.repeat(32)}` });
    const err = await failure(lastro.customers.list());
    expect(err).toBeInstanceOf(LastroAuthenticationError);
    expect(err.code).toBe('unauthenticated');
  });

  it('409: the same Idempotency-Key with another body is LastroConflictError idempotency_conflict', async () => {
    const { lastro } = client();
    const idempotencyKey = `conflict-${run}`;
    await lastro.customers.create(customerBody(`First ${run}`), { idempotencyKey });
    const err = await failure(lastro.customers.create(customerBody(`Second ${run}`), { idempotencyKey }));
    expect(err).toBeInstanceOf(LastroConflictError);
    expect(err.code).toBe('idempotency_conflict');
  });

  it('429: the API rate limit is waited out as Retry-After says, then raised as LastroRateLimitError', async () => {
    const limited = createApp({ ...t.stack.deps, config: { ...t.stack.config, rateLimitPerMinute: 1 } }).listen(0, '127.0.0.1');
    await new Promise((resolve) => limited.once('listening', resolve));
    try {
      const { lastro, waits } = client({ baseUrl: `http://127.0.0.1:${(limited.address() as AddressInfo).port}`, maxRetries: 2 });
      await lastro.customers.list();
      const err = await failure(lastro.customers.list());
      expect(err).toBeInstanceOf(LastroRateLimitError);
      expect(err.code).toBe('rate_limited');
      const retryAfter = (err as LastroRateLimitError).retryAfterSeconds;
      expect(retryAfter).toBeGreaterThan(0);
      expect(waits).toHaveLength(2);
      for (const ms of waits) expect(ms).toBeGreaterThanOrEqual(retryAfter! * 1000);
    } finally {
      limited.closeAllConnections();
      await new Promise((resolve) => limited.close(resolve));
    }
  });
});

describe('idempotent writes and safe retries', () => {
  const pixBody = (referenceCode: string) => ({
    referenceCode,
    items: [{ description: 'Caneca', quantity: 1, amount: 1200 }],
    payments: [{ paymentMethod: 'pix' as const, amount: 1200, pix: { expiresIn: 3600 } }],
  });

  async function transactionsWithReference(lastro: Lastro, referenceCode: string) {
    return lastro.transactions.list({ referenceCode }).toArray();
  }

  it('the same key twice returns the same transaction, created once', async () => {
    const { lastro } = client();
    const referenceCode = `same-key-${run}`;
    const first = await lastro.transactions.create(pixBody(referenceCode), { idempotencyKey: `order-${run}` });
    const again = await lastro.transactions.create(pixBody(referenceCode), { idempotencyKey: `order-${run}` });
    expect(again).toEqual(first);
    expect((await transactionsWithReference(lastro, referenceCode)).map((x) => x.id)).toEqual([first.id]);
  });

  it('an answer lost on the way back is retried with the same generated key and replayed, not created twice', async () => {
    const sent: Array<{ key: string | null }> = [];
    const answers: Response[] = [];
    let dropped = false;
    const { lastro, waits } = client({
      fetch: async (request) => {
        sent.push({ key: request.headers.get('idempotency-key') });
        const response = await fetch(request);
        if (!dropped) {
          // The API did the work and answered; the connection dies before the client reads it.
          dropped = true;
          await response.arrayBuffer();
          throw new TypeError('fetch failed', { cause: new Error('ECONNRESET') });
        }
        answers.push(response.clone());
        return response;
      },
    });
    const referenceCode = `lost-answer-${run}`;
    const txn = await lastro.transactions.create(pixBody(referenceCode));
    expect(sent).toHaveLength(2);
    expect(sent[0].key).toBeTruthy();
    expect(sent[1].key).toBe(sent[0].key);
    expect(waits).toHaveLength(1);
    expect(answers[0].headers.get('idempotent-replayed')).toBe('true');
    expect((await transactionsWithReference(lastro, referenceCode)).map((x) => x.id)).toEqual([txn.id]);
  });

  it('a 503 before the API is retried after its Retry-After, and the write happens once', async () => {
    let failed = false;
    const { lastro, waits } = client({
      fetch: async (request) => {
        if (failed) return fetch(request);
        failed = true;
        return new Response('{"error":{"code":"internal","message":"upstream","requestId":"req_proxy"}}', { status: 503, headers: { 'retry-after': '3' } });
      },
    });
    const referenceCode = `after-503-${run}`;
    const txn = await lastro.transactions.create(pixBody(referenceCode));
    expect(waits).toEqual([3000]);
    expect((await transactionsWithReference(lastro, referenceCode)).map((x) => x.id)).toEqual([txn.id]);
  });
});

describe('webhooks.constructEvent on a real delivery', () => {
  it('returns the typed event of a delivered webhook, and refuses it tampered', async () => {
    const { lastro } = client();
    const endpoint = await lastro.webhookEndpoints.create({ name: `SDK ${run}`, url: receiver.url('/sdk-node'), events: ['customer.created'] });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const customer = await lastro.customers.create(customerBody(`Hooked ${run}`));

    const delivery = await eventually(
      () => receiver.received('/sdk-node').find((r) => JSON.parse(r.body).data?.id === customer.id),
      60_000,
      'the customer.created delivery',
    );
    const event: LastroEvent = lastro.webhooks.constructEvent(delivery.body, delivery.headers, endpoint.secret);
    expect(event).toMatchObject({ id: delivery.headers['webhook-id'], event: 'customer.created', companyId: t.company.Acme.company.id });
    if (event.event !== 'customer.created') throw new Error(`unexpected ${event.event}`);
    expect(event.data).toEqual(await lastro.customers.retrieve(customer.id));

    const tampered = delivery.body.replace(customer.id, 'cust_00000000000000000000000000');
    expect(() => lastro.webhooks.constructEvent(tampered, delivery.headers, endpoint.secret)).toThrow(LastroSignatureVerificationError);
    const otherSecret = `whsec_${randomBytes(32).toString('base64')}`;
    expect(() => lastro.webhooks.constructEvent(delivery.body, delivery.headers, otherSecret)).toThrow(LastroSignatureVerificationError);
  });
});
