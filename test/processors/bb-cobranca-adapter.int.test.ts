import { randomInt } from 'node:crypto';
import { createBbCobrancaIssuer, type BbCobrancaConnection, type BbCobrancaIssuer } from '../../src/processors/boletos/bb-cobranca';
import { BoletoIssuerError, type BoletoRegistrationRequest } from '../../src/processors/boletos/boleto-issuer.port';
import { startEmbeddedBb, type EmbeddedBbProcess } from './embedded-bb-process';

/**
 * Lastro's BB API Cobranças v2 adapter against the embedded issuer as a process of its own: the
 * calls of the port over the wire, and the faults of a network: a timeout, 5xx, a lost answer,
 * each resolved by a query of the number before any new POST, so one number is one boleto.
 */
let issuer: EmbeddedBbProcess;
let adapter: BbCobrancaIssuer;
let connection: BbCobrancaConnection;
beforeAll(async () => {
  issuer = await startEmbeddedBb();
  connection = { baseUrl: issuer.info.baseUrl, tokenUrl: issuer.info.tokenUrl, clientId: issuer.info.clientId, clientSecret: issuer.info.clientSecret, appKey: issuer.info.appKey, convenio: String(randomInt(1_000_000, 10_000_000)), carteira: 17, variacaoCarteira: 35, agencia: '452', conta: '123873' };
  adapter = createBbCobrancaIssuer(connection, { timeoutMs: 500, retryBaseMs: 50 });
}, 60_000);
afterAll(async () => {
  await adapter?.close();
  await issuer?.stop();
});
afterEach(() => issuer.sim('DELETE', '/embedded/faults'));

let seq = 0;
const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const request = (over: Partial<BoletoRegistrationRequest> = {}): BoletoRegistrationRequest => ({
  // Ten digits, as Lastro reserves them (lpad 10): the issuer lists a paid one zero-padded.
  number: String(Date.now() % 1_000_000_000 * 10 + (++seq % 10)).padStart(10, '0'),
  amount: 10_000,
  issuedOn: today,
  dueDate: inDays(5),
  daysPayableAfterDue: 10,
  fine: { kind: 'percent', percent: 2 },
  interest: { kind: 'monthly_percent', percent: 1 },
  discount: { until: inDays(2), kind: 'fixed', amount: 500 },
  instructions: 'Não receber após 10 dias do vencimento',
  reference: 'ABC123',
  payer: { name: 'Maria Silva', document: '52998224725' },
  ...over,
});
const booked = async (number: string) => ((await issuer.sim('GET', `/embedded/boletos?convenio=${connection.convenio}`)).body as Array<{ id: string; state: number }>).filter((b) => b.id.endsWith(number.padStart(10, '0')));
const postsAndGets = async () => {
  const r = (await issuer.sim('GET', '/embedded/stats')).body.requests as Record<string, number>;
  return { posts: r['POST /cobrancas/v2/boletos'] ?? 0, gets: r['GET /cobrancas/v2/boletos/:id'] ?? 0 };
};

it('registers, reads, lists paid and cancels over the wire', async () => {
  const r = request();
  const issued = await adapter.register(r);
  expect(issued).toMatchObject({ number: r.number, status: 'registered', amount: 10_000, dueDate: inDays(5) });
  expect(await adapter.get(r.number)).toEqual(issued);
  expect(await adapter.get('9999999999')).toBeNull();
  // Paid with the discount (before its date).
  expect((await issuer.sim('POST', `/embedded/boletos-cobranca/${issued.line}/pagar`, {})).body.valorPago).toBe(95);
  expect(await adapter.get(r.number)).toMatchObject({ status: 'paid', paidAmount: 9_500, paidOn: today });
  expect(await adapter.listPaid({ from: today, to: today })).toContainEqual({ number: r.number, paidAmount: 9_500, paidOn: today });
  // A paid boleto is not cancelled: it is answered as it is.
  expect((await adapter.cancel(r.number))?.status).toBe('paid');
  const other = await adapter.register(request());
  expect((await adapter.cancel(other.number))?.status).toBe('canceled');
  expect((await adapter.cancel(other.number))?.status).toBe('canceled');
});

it('a lost answer (the boleto registered, the connection dropped) is answered from a query: one POST, one boleto', async () => {
  const r = request();
  await issuer.sim('POST', '/embedded/faults', { path: '^POST /cobrancas/v2/boletos$', dropAnswerAfterCommit: true, times: 1 });
  const before = await postsAndGets();
  expect(await adapter.register(r)).toMatchObject({ number: r.number, status: 'registered' });
  const after = await postsAndGets();
  expect(after.posts - before.posts).toBe(1);
  expect(await booked(r.number)).toHaveLength(1);
});

it('a timeout: the query decides, and whichever POST lands first, one boleto', async () => {
  const r = request();
  await issuer.sim('POST', '/embedded/faults', { path: '^POST /cobrancas/v2/boletos$', delayMs: 1_500, times: 1 });
  expect(await adapter.register(r)).toMatchObject({ number: r.number, status: 'registered' });
  await new Promise((resolve) => setTimeout(resolve, 1_600));
  expect(await booked(r.number)).toHaveLength(1);
});

it('5xx twice: queried after each, POSTed again, registered once; 5xx on every attempt: a retryable error and no boleto', async () => {
  const r = request();
  await issuer.sim('POST', '/embedded/faults', { path: '^POST /cobrancas/v2/boletos$', status: 503, times: 2 });
  expect(await adapter.register(r)).toMatchObject({ status: 'registered' });
  expect(await booked(r.number)).toHaveLength(1);

  const down = request();
  await issuer.sim('POST', '/embedded/faults', { path: '^POST /cobrancas/v2/boletos$', status: 502, times: 3 });
  const err = await adapter.register(down).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(BoletoIssuerError);
  expect((err as BoletoIssuerError).retryable).toBe(true);
  expect(await booked(down.number)).toHaveLength(0);
});

it("a registration without its payer, or with a CPF whose check digits are wrong, is refused as BB refuses it (400, BB's erros body, not retried) and nothing is registered", async () => {
  for (const payer of [null, { name: 'Maria Silva', document: '52998224724' }]) {
    const r = request({ payer });
    const before = await postsAndGets();
    const refused = await adapter.register(r).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'BoletoIssuerError', retryable: false, status: 400, code: '4874911', message: expect.stringContaining('pagador') });
    expect((await postsAndGets()).posts - before.posts).toBe(1);
    expect(await booked(r.number)).toEqual([]);
  }
});

it('a refusal is not retried; a number held for another boleto is refused; wrong credentials fail', async () => {
  const refused = await adapter.register(request({ instructions: '[sandbox:reject]' })).catch((e: unknown) => e);
  expect(refused).toMatchObject({ retryable: false, status: 400, code: '4874900' });

  const r = request();
  await adapter.register(r);
  expect(await adapter.register(r)).toMatchObject({ number: r.number });
  const clash = await adapter.register({ ...r, amount: 1 }).catch((e: unknown) => e);
  expect(clash).toMatchObject({ retryable: false, message: expect.stringContaining('another boleto') });

  const wrong = createBbCobrancaIssuer({ ...connection, appKey: 'not-the-key' }, { timeoutMs: 500 });
  try {
    expect(await wrong.get(r.number).catch((e: unknown) => e)).toMatchObject({ retryable: false, status: 401 });
  } finally {
    await wrong.close();
  }
});
