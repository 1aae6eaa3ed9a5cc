import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startEmbeddedCielo, type EmbeddedCieloProcess } from './embedded-cielo-process';

/**
 * The embedded acquirer as its own process (`npm run psp -- cielo --port 0`), driven over HTTP as
 * Lastro's Cielo adapter drives Cielo's E-commerce API 3.0: credentials, sales with Lastro's sandbox
 * cards, capture and void (total and partial), the queries a lost answer is resolved by, card tokens,
 * faults (an answer lost after the sale was charged among them) and a chargeback's notification
 * post, received by a small HTTP server of this test.
 */

const root = path.resolve(__dirname, '..', '..');
const MERCHANT_ID = '6f0b8c1e-2d4a-4b7e-9c3f-1a2b3c4d5e6f';
const MERCHANT_KEY = 'LASTROEMBEDDEDCIELOKEY0123456789ABCDEFGH';

let acquirer: EmbeddedCieloProcess;
let receiver: http.Server;
let receiverUrl: string;
const notifications: Array<{ headers: http.IncomingHttpHeaders; body: any }> = [];
let receiverFailuresLeft = 0;
let orderCounter = 0;
const newOrder = (): string => `lastro${Date.now().toString(36)}${++orderCounter}`;

async function poll<T>(fn: () => Promise<T | undefined | null | false> | T | undefined | null | false, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const v = await fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never happened: ${what}`);
}

const card = (CardNumber: string, extra: Record<string, unknown> = {}) => ({ CardNumber, Holder: 'Teste Holder', ExpirationDate: '12/2030', SecurityCode: '123', Brand: 'Visa', ...extra });
const saleBody = (CreditCard: Record<string, unknown>, payment: Record<string, unknown> = {}, MerchantOrderId = newOrder()) => ({
  MerchantOrderId,
  Customer: { Name: 'Comprador Teste' },
  Payment: { Type: 'CreditCard', Amount: 10_000, Installments: 1, Capture: false, SoftDescriptor: 'LASTRO', CreditCard, ...payment },
});
async function sell(CreditCard: Record<string, unknown>, payment: Record<string, unknown> = {}) {
  const res = await acquirer.api('POST', '/1/sales/', saleBody(CreditCard, payment));
  expect(res.status).toBe(201);
  return res.body.Payment as Record<string, any>;
}

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let data = '';
    req.on('data', (d) => (data += d));
    req.on('end', () => {
      if (receiverFailuresLeft > 0) {
        receiverFailuresLeft--;
        res.statusCode = 500;
        res.end();
        return;
      }
      notifications.push({ headers: req.headers, body: JSON.parse(data) });
      res.statusCode = 200;
      res.end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cielo/notifications`;
  acquirer = await startEmbeddedCielo([
    '--merchant-id',
    MERCHANT_ID,
    '--merchant-key',
    MERCHANT_KEY,
    '--notification-url',
    receiverUrl,
    '--notification-header',
    'X-Lastro-Notification: s3cret',
    '--notification-retry-base-ms',
    '20',
    // Longer than this file runs: each repeated void below is a duplicate, each other void uses another amount.
    '--void-guard-ms',
    '3600000',
  ]);
});

afterAll(async () => {
  await acquirer?.stop();
  await new Promise<void>((r) => receiver?.close(() => r()));
});

describe('the process', () => {
  it('prints one JSON line with the credentials it was given; the query API is on the same listener', () => {
    expect(acquirer.info).toEqual({ baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), queryUrl: acquirer.info.baseUrl, merchantId: MERCHANT_ID, merchantKey: MERCHANT_KEY });
  });

  it('npm run -s psp -- cielo --port 0 prints only its line, with random credentials', async () => {
    const child = spawn('npm', ['run', '-s', 'psp', '--', 'cielo', '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (d) => {
          out += d;
          if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      const info = JSON.parse(line);
      expect(Object.keys(info)).toEqual(['baseUrl', 'queryUrl', 'merchantId', 'merchantKey']);
      expect(info.merchantId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(info.merchantKey).toHaveLength(40);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
    }
  });

  it('exits with code 1 when its port is taken', async () => {
    const port = new URL(acquirer.info.baseUrl).port;
    await expect(startEmbeddedCielo(['--port', port])).rejects.toThrow(/exited \(code 1\)[\s\S]*cannot listen/);
  });
});

describe('credentials', () => {
  it.each([
    ['no MerchantId', { MerchantKey: MERCHANT_KEY }, 101],
    ['a MerchantId that is not a GUID', { MerchantId: 'loja', MerchantKey: MERCHANT_KEY }, 114],
    ['another MerchantId', { MerchantId: '00000000-0000-0000-0000-000000000000', MerchantKey: MERCHANT_KEY }, 115],
    ['no MerchantKey', { MerchantId: MERCHANT_ID }, 131],
    ['a wrong MerchantKey', { MerchantId: MERCHANT_ID, MerchantKey: 'X'.repeat(40) }, 132],
  ])('%s is a 401 in Cielo error shape', async (_, headers, code) => {
    for (const [method, p] of [
      ['POST', '/1/sales/'],
      ['GET', '/1/sales?merchantOrderId=x'],
      ['PUT', '/1/sales/6f0b8c1e-2d4a-4b7e-9c3f-1a2b3c4d5e6f/void'],
    ]) {
      const res = await acquirer.api(method, p, method === 'POST' ? saleBody(card('4111111111111111')) : undefined, headers as Record<string, string>);
      expect([res.status, res.body]).toEqual([401, [{ Code: code, Message: expect.any(String) }]]);
    }
  });

  it('takes the MerchantId in any case and echoes RequestId', async () => {
    const res = await acquirer.api('POST', '/1/sales', saleBody(card('4111111111111111')), { MerchantId: MERCHANT_ID.toUpperCase(), MerchantKey: MERCHANT_KEY, RequestId: '11111111-2222-3333-4444-555555555555' });
    expect(res.status).toBe(201);
    expect(res.headers.get('RequestId')).toBe('11111111-2222-3333-4444-555555555555');
  });
});

describe('sales', () => {
  it.each([
    ['4111111111111111', true, 2, '6'],
    ['4111111111111111', false, 1, '4'],
    ['5555555555554444', true, 2, '6'],
    ['4000000000000002', true, 3, '05'],
    ['4000000000009995', true, 3, '51'],
    ['4000000000000119', true, 13, '99'],
  ])('card %s with Capture %s: 201, Status %i, ReturnCode %s', async (pan, capture, status, code) => {
    const p = await sell(card(pan, { Brand: pan.startsWith('5') ? 'Master' : 'Visa' }), { Capture: capture, Amount: 15_700 });
    expect(p).toMatchObject({ Status: status, ReturnCode: code, Amount: 15_700, Type: 'CreditCard', Capture: capture });
    expect(p.PaymentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(p.Tid).toMatch(/^\d{20}$/);
    expect(p.ProofOfSale).toMatch(/^\d{6}$/);
    expect(p.CreditCard).toEqual({ CardNumber: `${pan.slice(0, 6)}******${pan.slice(-4)}`, Holder: 'Teste Holder', ExpirationDate: '12/2030', SaveCard: false, Brand: pan.startsWith('5') ? 'Master' : 'Visa' });
    const approved = status === 1 || status === 2;
    expect(p.AuthorizationCode === undefined).toBe(!approved);
    expect(p.CapturedAmount).toBe(status === 2 ? 15_700 : undefined);
    const rels = p.Links.map((l: { Rel: string }) => l.Rel);
    expect(rels).toEqual(status === 1 ? ['self', 'capture', 'void'] : status === 2 ? ['self', 'void'] : ['self']);
    // The query answers the sale as the sale's answer had it.
    const q = await acquirer.api('GET', `/1/sales/${p.PaymentId}`);
    expect(q.status).toBe(200);
    expect(q.body.Payment).toEqual(p);
  });

  it('denies a card past its month with 57', async () => {
    expect(await sell(card('4111111111111111', { ExpirationDate: '01/2020' }))).toMatchObject({ Status: 3, ReturnCode: '57' });
  });

  it('answers a bad request 400 with every fault', async () => {
    const res = await acquirer.api('POST', '/1/sales/', { MerchantOrderId: 'pedido 1', Payment: { Type: 'CreditCard', Amount: 0, Installments: 1, CreditCard: { CardNumber: '4111111111111111', Holder: 'Teste', ExpirationDate: '13/2030' } } });
    expect(res.status).toBe(400);
    expect(res.body.map((e: { Code: number }) => e.Code)).toEqual([107, 108, 126, 182]);
    expect(res.body[0]).toEqual({ Code: 107, Message: 'OrderId is invalid or does not exists' });
    const bad = await fetch(`${acquirer.info.baseUrl}/1/sales/`, { method: 'POST', headers: { MerchantId: MERCHANT_ID, MerchantKey: MERCHANT_KEY, 'content-type': 'application/json' }, body: '{"MerchantOrderId":' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual([{ Code: 0, Message: expect.any(String) }]);
  });

  it('makes a new sale for a repeated MerchantOrderId, and the query by order lists them all, oldest first', async () => {
    const order = newOrder();
    const first = await acquirer.api('POST', '/1/sales/', saleBody(card('4111111111111111'), {}, order));
    const second = await acquirer.api('POST', '/1/sales/', saleBody(card('4111111111111111'), {}, order));
    expect(first.body.Payment.PaymentId).not.toBe(second.body.Payment.PaymentId);
    const q = await acquirer.api('GET', `/1/sales?merchantOrderId=${order}`);
    expect(q.status).toBe(200);
    expect(q.body).toEqual({
      ReasonCode: 0,
      ReasonMessage: 'Successful',
      Payments: [first, second].map((s) => ({ PaymentId: s.body.Payment.PaymentId, ReceivedDate: s.body.Payment.ReceivedDate, ReceveidDate: s.body.Payment.ReceivedDate })),
    });
    expect(q.body.Payments[0].ReceivedDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('answers 404 with 307 for a sale or an order it does not have', async () => {
    for (const p of ['/1/sales/0b5e6a4e-1111-4222-8333-944445555666', '/1/sales/not-a-guid', `/1/sales?merchantOrderId=${newOrder()}`]) {
      expect(await acquirer.api('GET', p)).toMatchObject({ status: 404, body: [{ Code: 307, Message: 'Transaction not found' }] });
    }
    expect(await acquirer.api('PUT', '/1/sales/0b5e6a4e-1111-4222-8333-944445555666/capture')).toMatchObject({ status: 404, body: [{ Code: 307 }] });
  });
});

describe('capture', () => {
  it('captures part of an authorization once; a second capture is 308', async () => {
    const p = await sell(card('4111111111111111'));
    const res = await acquirer.api('PUT', `/1/sales/${p.PaymentId}/capture?amount=6000`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ Status: 2, ReasonCode: 0, ReasonMessage: 'Successful', ReturnCode: '6', ReturnMessage: 'Operation Successful', Tid: p.Tid, ProofOfSale: p.ProofOfSale, AuthorizationCode: p.AuthorizationCode });
    expect(res.body.Links.map((l: { Rel: string }) => l.Rel)).toEqual(['self', 'void']);
    expect((await acquirer.api('GET', `/1/sales/${p.PaymentId}`)).body.Payment).toMatchObject({ Status: 2, Amount: 10_000, CapturedAmount: 6_000, CapturedDate: expect.any(String) });
    expect(await acquirer.api('PUT', `/1/sales/${p.PaymentId}/capture`)).toMatchObject({ status: 400, body: [{ Code: 308, Message: 'Transaction not available to capture' }] });
  });

  it('captures the whole authorization without an amount; more than authorized is refused with 842', async () => {
    const p = await sell(card('4111111111111111'));
    const over = await acquirer.api('PUT', `/1/sales/${p.PaymentId}/capture?amount=10001`);
    expect(over).toMatchObject({ status: 200, body: { Status: 1, ReturnCode: '842', ReasonCode: 19, ReasonMessage: 'InvalidAmount' } });
    expect(await acquirer.api('PUT', `/1/sales/${p.PaymentId}/capture?amount=0`)).toMatchObject({ status: 400, body: [{ Code: 108 }] });
    expect((await acquirer.api('PUT', `/1/sales/${p.PaymentId}/capture`)).body).toMatchObject({ Status: 2, ReturnCode: '6' });
    expect((await acquirer.api('GET', `/1/sales/${p.PaymentId}`)).body.Payment.CapturedAmount).toBe(10_000);
  });

  it('a denied sale cannot be captured', async () => {
    const p = await sell(card('4000000000000002'));
    expect(await acquirer.api('PUT', `/1/sales/${p.PaymentId}/capture`)).toMatchObject({ status: 400, body: [{ Code: 308 }] });
  });
});

describe('void', () => {
  it('voids an authorization whole: Status 10, ReturnCode 9', async () => {
    const p = await sell(card('4111111111111111'));
    const res = await acquirer.api('PUT', `/1/sales/${p.PaymentId}/void`);
    expect(res).toMatchObject({ status: 200, body: { Status: 10, ReasonCode: 0, ReasonMessage: 'Successful', ReturnCode: '9', ReturnMessage: 'Operation Successful' } });
    expect(res.body.Links.map((l: { Rel: string }) => l.Rel)).toEqual(['self']);
    expect((await acquirer.api('GET', `/1/sales/${p.PaymentId}`)).body.Payment).toMatchObject({ Status: 10, VoidedAmount: 10_000, VoidedDate: expect.any(String) });
  });

  it('voids a captured sale in parts up to what was captured, then the rest; a void repeated changes nothing', async () => {
    const p = await sell(card('4111111111111111'), { Capture: true });
    const part = await acquirer.api('PUT', `/1/sales/${p.PaymentId}/void?amount=3000`);
    expect(part.body).toMatchObject({ Status: 2, ReturnCode: '0', ReasonCode: 0 });
    // The same void again, as a client that lost the answer would send it: Cielo's duplicate guard.
    const again = await acquirer.api('PUT', `/1/sales/${p.PaymentId}/void?amount=3000`);
    expect(again.body).toMatchObject({ Status: 2, ReturnCode: '10', ReasonCode: 9 });
    expect(await acquirer.api('PUT', `/1/sales/${p.PaymentId}/void?amount=7001`)).toMatchObject({ body: { Status: 2, ReturnCode: '55', ReasonCode: 19 } });
    expect(await acquirer.api('PUT', `/1/sales/${p.PaymentId}/void?amount=2000`)).toMatchObject({ body: { Status: 2, ReturnCode: '0' } });
    expect((await acquirer.api('GET', `/1/sales/${p.PaymentId}`)).body.Payment).toMatchObject({ Status: 2, CapturedAmount: 10_000, VoidedAmount: 5_000 });
    const rest = await acquirer.api('PUT', `/1/sales/${p.PaymentId}/void`);
    expect(rest.body).toMatchObject({ Status: 10, ReturnCode: '9' });
    const repeated = await acquirer.api('PUT', `/1/sales/${p.PaymentId}/void`);
    expect(repeated).toMatchObject({ status: 200, body: { Status: 10, ReturnCode: '9' } });
    const books = await acquirer.control('GET', `/embedded/sales?merchantOrderId=${(await acquirer.api('GET', `/1/sales/${p.PaymentId}`)).body.MerchantOrderId}`);
    expect(books.body.sales).toEqual([
      expect.objectContaining({ PaymentId: p.PaymentId, Status: 10, CapturedAmount: 10_000, VoidedAmount: 10_000, Voids: [3_000, 2_000, 5_000].map((Amount) => ({ Amount, Date: expect.any(String) })) }),
    ]);
  });

  it('a partial void of an authorization is refused (41); a denied sale cannot be voided (309)', async () => {
    const p = await sell(card('4111111111111111'));
    expect((await acquirer.api('PUT', `/1/sales/${p.PaymentId}/void?amount=100`)).body).toMatchObject({ Status: 1, ReturnCode: '41' });
    const denied = await sell(card('4000000000009995'));
    expect(await acquirer.api('PUT', `/1/sales/${denied.PaymentId}/void`)).toMatchObject({ status: 400, body: [{ Code: 309, Message: 'Transaction not available to void' }] });
  });
});

describe('card tokens', () => {
  it('keeps a card and sells with its CardToken', async () => {
    const res = await acquirer.api('POST', '/1/card/', { CustomerName: 'Comprador Teste', CardNumber: '5555555555554444', Holder: 'Comprador T Cielo', ExpirationDate: '12/2030', Brand: 'Master' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ CardToken: expect.stringMatching(/^[0-9a-f-]{36}$/), Links: { Method: 'GET', Rel: 'self', Href: `${acquirer.info.queryUrl}/1/card/${res.body.CardToken}` } });
    const p = await sell({ CardToken: res.body.CardToken, SecurityCode: '262', Brand: 'Master' }, { Capture: true });
    expect(p).toMatchObject({ Status: 2, ReturnCode: '6', CreditCard: { SaveCard: false, CardToken: res.body.CardToken, Brand: 'Master' } });
    expect((await acquirer.api('GET', res.body.Links.Href.slice(acquirer.info.queryUrl.length))).body).toEqual({ CardNumber: '555555******4444', Holder: 'Comprador T Cielo', ExpirationDate: '12/2030', Brand: 'Master' });
  });

  it('a sale with SaveCard answers the CardToken; a token it never made is 130', async () => {
    const p = await sell(card('4111111111111111', { SaveCard: true }));
    expect(p.CreditCard.CardToken).toMatch(/^[0-9a-f-]{36}$/);
    expect((await sell({ CardToken: p.CreditCard.CardToken, Brand: 'Visa' })).Status).toBe(1);
    expect(await acquirer.api('POST', '/1/sales/', saleBody({ CardToken: '0b5e6a4e-1111-4222-8333-944445555666', Brand: 'Visa' }))).toMatchObject({ status: 400, body: [{ Code: 130 }] });
    expect(await acquirer.api('POST', '/1/card', { CustomerName: 'X', CardNumber: '4111111111111112', Holder: 'X', ExpirationDate: '12/2030', Brand: 'Visa' })).toMatchObject({ status: 400, body: [{ Code: 213 }] });
  });
});

describe('faults', () => {
  afterEach(async () => {
    await acquirer.control('DELETE', '/embedded/faults');
  });

  it('answers 503 with Retry-After and makes no sale', async () => {
    expect((await acquirer.control('POST', '/embedded/faults', { path: '^POST /1/sales$', status: 503, retryAfter: 2, times: 1 })).status).toBe(201);
    const order = newOrder();
    const res = await acquirer.api('POST', '/1/sales/', saleBody(card('4111111111111111'), {}, order));
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('2');
    expect(res.body).toEqual([{ Code: 0, Message: 'Service Unavailable' }]);
    expect((await acquirer.api('GET', `/1/sales?merchantOrderId=${order}`)).status).toBe(404);
    expect((await acquirer.api('POST', '/1/sales/', saleBody(card('4111111111111111'), {}, order))).status).toBe(201);
  });

  it('a late answer is served after its delay', async () => {
    await acquirer.control('POST', '/embedded/faults', { path: '^GET /1/sales', delayMs: 300, times: 1 });
    const p = await sell(card('4111111111111111'));
    expect((await acquirer.api('GET', `/1/sales/${p.PaymentId}`)).body.Payment.PaymentId).toBe(p.PaymentId);
    expect((await acquirer.control('GET', '/embedded/stats')).body.faultsPending).toBe(0);
  });

  it('dropAnswerAfterCommit charges the sale and loses the answer; the query by order finds the one sale', async () => {
    await acquirer.control('POST', '/embedded/faults', { path: '^POST /1/sales$', dropAnswerAfterCommit: true, times: 1 });
    const order = newOrder();
    await expect(acquirer.api('POST', '/1/sales/', saleBody(card('4111111111111111'), { Capture: true }, order))).rejects.toThrow();
    const q = await acquirer.api('GET', `/1/sales?merchantOrderId=${order}`);
    expect(q.status).toBe(200);
    expect(q.body.Payments).toHaveLength(1);
    const sale = await acquirer.api('GET', `/1/sales/${q.body.Payments[0].PaymentId}`);
    expect(sale.body.Payment).toMatchObject({ Status: 2, ReturnCode: '6', CapturedAmount: 10_000 });
    expect((await acquirer.control('GET', `/embedded/sales?merchantOrderId=${order}`)).body.sales).toEqual([expect.objectContaining({ Status: 2, CapturedAmount: 10_000, VoidedAmount: 0 })]);
  });

  it('dropAnswerAfterCommit on a void books the void', async () => {
    const p = await sell(card('4111111111111111'), { Capture: true });
    await acquirer.control('POST', '/embedded/faults', { path: '/void$', dropAnswerAfterCommit: true, times: 1 });
    await expect(acquirer.api('PUT', `/1/sales/${p.PaymentId}/void?amount=2500`)).rejects.toThrow();
    expect((await acquirer.api('GET', `/1/sales/${p.PaymentId}`)).body.Payment).toMatchObject({ Status: 2, VoidedAmount: 2_500 });
  });

  it('refuses a fault that is none, or a dropped answer with a status', async () => {
    expect((await acquirer.control('POST', '/embedded/faults', { times: 1 })).status).toBe(400);
    expect((await acquirer.control('POST', '/embedded/faults', { status: 503, dropAnswerAfterCommit: true, times: 1 })).status).toBe(400);
  });
});

describe('chargebacks', () => {
  it("records a chargeback and posts Cielo's notification (ChangeType 7) with the store's header, retried after a failure", async () => {
    const p = await sell(card('4111111111111111'), { Capture: true });
    receiverFailuresLeft = 1;
    const before = notifications.length;
    const res = await acquirer.control('POST', `/embedded/sales/${p.PaymentId}/chargeback`, { Amount: 4_000, ReasonCode: '104' });
    expect(res).toMatchObject({ status: 201, body: { notified: true, Chargeback: { Amount: 4_000, ReasonCode: '104', Status: 'Received' } } });
    const n = await poll(() => notifications.slice(before).find((x) => x.body.PaymentId === p.PaymentId), 'the chargeback notification');
    expect(n.body).toEqual({ PaymentId: p.PaymentId, ChangeType: 7 });
    expect(n.headers['x-lastro-notification']).toBe('s3cret');
    expect(n.headers['content-type']).toBe('application/json');
    const deliveries = (await acquirer.control('GET', '/embedded/notifications')).body.deliveries;
    expect(deliveries.at(-1)).toMatchObject({ url: receiverUrl, attempts: 2, delivered: true, lastStatus: 200 });
    expect((await acquirer.api('GET', `/1/sales/${p.PaymentId}`)).body.Payment.Chargebacks).toEqual([
      { Amount: 4_000, CaseNumber: expect.any(String), Date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), ReasonCode: '104', ReasonMessage: expect.any(String), Status: 'Received', RawData: expect.any(String) },
    ]);
    // Up to what is left: 6 000 of the 10 000 captured.
    expect((await acquirer.control('POST', `/embedded/sales/${p.PaymentId}/chargeback`, { Amount: 6_001 })).status).toBe(409);
  });

  it('only a captured sale can be charged back; the notification URL can be changed or removed', async () => {
    const authorized = await sell(card('4111111111111111'));
    expect((await acquirer.control('POST', `/embedded/sales/${authorized.PaymentId}/chargeback`)).status).toBe(409);
    expect((await acquirer.control('POST', '/embedded/sales/0b5e6a4e-1111-4222-8333-944445555666/chargeback')).status).toBe(404);
    expect((await acquirer.control('POST', '/embedded/notification-url', { url: null })).status).toBe(204);
    const p = await sell(card('4111111111111111'), { Capture: true });
    expect((await acquirer.control('POST', `/embedded/sales/${p.PaymentId}/chargeback`)).body).toMatchObject({ notified: false, Chargeback: { Amount: 10_000 } });
    expect((await acquirer.control('POST', '/embedded/notification-url', { url: receiverUrl, headers: { 'X-Lastro-Notification': 's3cret' } })).status).toBe(204);
    expect((await acquirer.control('GET', '/embedded/notifications')).body.url).toBe(receiverUrl);
  });
});
