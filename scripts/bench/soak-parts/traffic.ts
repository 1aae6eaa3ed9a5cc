import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { sendWithdrawalDecision } from '../../../src/withdrawals/withdrawal-workflow.client';
import { newCpf } from '../../../test/recipients/fixtures';
import type { Recorder } from './stats';

/**
 * Mixed merchant traffic for the soak: each scenario is what one merchant (or one buyer's
 * browser) does in a row, with the statuses the API documents for it. Anything else, a 5xx or
 * a connection error, is an error; so is a payment that never reaches the state it must.
 */

export interface SoakWorld {
  base: string;
  apiKey: string;
  companyId: string;
  ownerId: string;
  sellerId: string;
  webhookId: string;
  planId: string;
  links: string[];
  temporal: Client;
  taskQueue: string;
  rec: Recorder;
}

export interface Answer {
  status: number;
  body: any; // JSON of many shapes, read by path
  headers: Headers;
}

/** A scenario stops at its first failed step (already counted). */
class Stop extends Error {}

interface Call {
  body?: unknown;
  expect?: number[];
  /** A browser's call: no API key, an Origin header. */
  browser?: boolean;
  idempotent?: boolean;
}

export async function call(w: SoakWorld, name: string, method: string, path: string, c: Call = {}): Promise<Answer> {
  const headers: Record<string, string> = c.browser ? { origin: 'https://shop.example.com' } : { 'x-api-key': w.apiKey };
  if (c.body !== undefined) headers['content-type'] = 'application/json';
  if (c.idempotent) headers['idempotency-key'] = randomUUID();
  const t = performance.now();
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${w.base}${path}`, { method, headers, body: c.body === undefined ? undefined : JSON.stringify(c.body), redirect: 'manual' });
    text = await res.text();
  } catch (err) {
    w.rec.request(name, performance.now() - t);
    w.rec.error(`${name}: connection`, String((err as Error).cause ?? err));
    throw new Stop();
  }
  w.rec.request(name, performance.now() - t);
  const expected = c.expect ?? [method === 'POST' ? 201 : 200];
  if (!expected.includes(res.status)) {
    w.rec.error(`${name}: ${res.status}`, `${method} ${path} → ${res.status} ${text}`);
    throw new Stop();
  }
  let body: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
  return { status: res.status, body, headers: res.headers };
}

function fail(w: SoakWorld, what: string, detail: string): never {
  w.rec.error(what, detail);
  throw new Stop();
}

/** How long a payment, refund, cycle or payout may take to reach its state before it is an error. */
const STATE_BOUND_MS = 180_000;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const chance = (p: number) => Math.random() < p;
let seq = 0;
const ref = (kind: string) => `soak-${kind}-${Date.now().toString(36)}-${++seq}`;

/** Polls a GET until `done` (a merchant without webhooks does so); an error past `timeoutMs`. */
async function until(
  w: SoakWorld,
  name: string,
  path: string,
  done: (body: Answer['body']) => boolean,
  what: string,
  timeoutMs = STATE_BOUND_MS,
  describe: (body: Answer['body']) => string = (b) => `${path}: ${JSON.stringify(b).slice(0, 300)}`,
): Promise<Answer['body']> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await call(w, name, 'GET', path);
    if (done(body)) return body;
    if (Date.now() > deadline) fail(w, `${what} in ${timeoutMs / 1000} s`, describe(body));
    await pause(1000);
  }
}

/** The buyer's browser tokenizes the card with the public companyId (the SDK's call). */
async function tokenize(w: SoakWorld): Promise<string> {
  const card = { number: '4111111111111111', holder: 'Maria Silva', document: '529.982.247-25', cvv: '123', expiration: '12/2030' };
  return (await call(w, 'tokenize card', 'POST', '/v1/tokens/cards', { browser: true, body: { companyId: w.companyId, card } })).body.tokenId;
}

const items = (amount: number) => [{ description: 'Camiseta', quantity: 1, amount }];
const amountOf = () => 1000 + Math.floor(Math.random() * 20) * 500;

async function customers(w: SoakWorld): Promise<void> {
  const body = { name: 'Ana Souza', email: `ana${++seq}@example.com`, type: 'individual', document: newCpf(), phone: '+5511999990000' };
  const created = (await call(w, 'create customer', 'POST', '/customers', { body, idempotent: true })).body;
  await call(w, 'get customer', 'GET', `/customers/${created.id}`);
  await call(w, 'list customers', 'GET', '/customers?limit=20');
  if (chance(0.3)) await call(w, 'update customer', 'PUT', `/customers/${created.id}`, { body: { name: 'Ana Souza Lima' } });
}

async function refund(w: SoakWorld, txn: Answer['body'], amount?: number): Promise<void> {
  const r = (await call(w, 'create refund', 'POST', `/transactions/${txn.id}/payments/${txn.payments[0].id}/refund`, { body: { amount, reason: 'Buyer returned it' }, idempotent: true })).body;
  await until(w, 'get refund', `/refunds/${r.id}`, (b) => b.status !== 'processing', 'refund not settled');
  const done = await call(w, 'get refund', 'GET', `/refunds/${r.id}`);
  if (done.body.status !== 'refunded') fail(w, `refund ended ${done.body.status}`, JSON.stringify(done.body).slice(0, 300));
}

async function cardPayment(w: SoakWorld): Promise<void> {
  const token = await tokenize(w);
  const amount = amountOf();
  const body = { referenceCode: ref('card'), items: items(amount), payments: [{ paymentMethod: 'credit_card', amount, creditCard: { token, installments: chance(0.3) ? 3 : 1 } }] };
  let txn = (await call(w, 'create card transaction', 'POST', '/transactions', { body, idempotent: true })).body;
  // The card wait is bounded (25 s, docs/payments.md): past it the answer is `pending` and the
  // merchant reads the decision later.
  if (txn.status === 'pending') txn = await until(w, 'get transaction', `/transactions/${txn.id}`, (b) => b.status !== 'pending', 'card transaction still pending');
  else await call(w, 'get transaction', 'GET', `/transactions/${txn.id}`);
  if (txn.status !== 'paid') fail(w, `card transaction ${txn.status}`, JSON.stringify(txn).slice(0, 300));
  if (chance(0.35)) await refund(w, txn, 300);
}

async function payWaiting(w: SoakWorld, method: 'pix' | 'boleto', extra: Record<string, unknown> = {}): Promise<Answer['body']> {
  const amount = amountOf();
  const payment = method === 'pix' ? { paymentMethod: 'pix', amount, pix: { expiresIn: 3600 } } : { paymentMethod: 'boleto', amount, boleto: extra.customerId ? {} : { payer: { name: 'Soak Payer', document: '52998224725' } } };
  const txn = (await call(w, `create ${method} transaction`, 'POST', '/transactions', { body: { referenceCode: ref(method), items: items(amount), payments: [payment], ...extra }, idempotent: true })).body;
  const payId = txn.payments[0].id;
  if (method === 'boleto') {
    await call(w, 'boleto page', 'GET', `/boletos/${payId}`, { browser: true });
    await call(w, 'boleto pdf', 'GET', `/boletos/${payId}/boleto.pdf`, { browser: true });
  }
  else await call(w, 'pix qr code', 'GET', `/pix/${payId}/qrcode.png`, { browser: true });
  await call(w, 'sandbox pay', 'POST', `/sandbox/payments/${payId}/pay`, { expect: [202] });
  return until(w, 'get transaction', `/transactions/${txn.id}`, (b) => b.status === 'paid', `${method} not paid`);
}

async function pix(w: SoakWorld): Promise<void> {
  const txn = await payWaiting(w, 'pix');
  if (chance(0.3)) await refund(w, txn);
}

async function boleto(w: SoakWorld): Promise<void> {
  await payWaiting(w, 'boleto');
}

async function split(w: SoakWorld): Promise<void> {
  const splits = [
    { recipientId: w.sellerId, percentage: 30 },
    { recipientId: w.ownerId, percentage: 70 },
  ];
  await payWaiting(w, 'pix', { splits });
  await call(w, 'wallet summary', 'GET', `/wallets/owner/${w.sellerId}/summary`);
}

async function checkout(w: SoakWorld): Promise<void> {
  if (chance(0.15) || w.links.length === 0) {
    const link = (await call(w, 'create checkout link', 'POST', '/checkout/links', { body: { items: [{ name: 'Curso', quantity: 1, unitAmount: 15000 }], paymentMethods: { card: { enabled: true }, pix: { enabled: true } } }, idempotent: true })).body;
    w.links.push(link.id);
    if (w.links.length > 20) w.links.shift();
  }
  const linkId = w.links[Math.floor(Math.random() * w.links.length)];
  const visit = await call(w, 'visit checkout link', 'GET', `/c/${linkId}`, { browser: true, expect: [303] });
  const sessionId = /\/pay\/([^/?]+)/.exec(visit.headers.get('location') ?? '')?.[1];
  if (!sessionId) fail(w, 'checkout visit without a session', String(visit.headers.get('location')));
  await call(w, 'public session view', 'GET', `/checkout/public/sessions/${sessionId}`, { browser: true });
  const token = await tokenize(w);
  const confirmed = (
    await call(w, 'confirm checkout (card)', 'POST', `/checkout/public/sessions/${sessionId}/confirm`, {
      browser: true,
      idempotent: true,
      expect: [200],
      body: { customer: { name: 'Maria Silva', email: 'maria@example.com' }, payments: [{ method: 'credit_card', cardToken: token, installments: 1 }] },
    })
  ).body;
  if (confirmed.status !== 'paid') fail(w, `checkout session ${confirmed.status}`, JSON.stringify(confirmed).slice(0, 300));
  if (chance(0.3)) await call(w, 'list checkout sessions', 'GET', `/checkout/sessions?linkId=${linkId}&limit=20`);
  if (chance(0.2)) await call(w, 'create checkout charge', 'POST', '/checkout/charges', { body: { items: [{ name: 'Frete', quantity: 1, unitAmount: 2500 }], paymentMethods: { pix: { enabled: true } } }, idempotent: true });
}

async function subscription(w: SoakWorld): Promise<void> {
  const customer = (await call(w, 'create customer', 'POST', '/customers', { body: { name: 'Rafael Lima', email: `rafa${++seq}@example.com`, type: 'individual', document: newCpf(), phone: '+5521988887777' }, idempotent: true })).body;
  const card = (await call(w, 'save card', 'POST', '/payment-methods/cards', { body: { customerId: customer.id, token: await tokenize(w) }, idempotent: true })).body;
  const sub = (await call(w, 'create subscription', 'POST', '/subscriptions', { body: { customerId: customer.id, planId: w.planId, defaultPaymentMethodRef: card.id }, idempotent: true })).body;
  const paid = (n: number) => (b: Answer['body']) => b.data.filter((i: { status: string }) => i.status === 'paid').length >= n;
  const describe = (b: Answer['body']) => `${sub.id}: ${b.data.map((i: { cycle: number; status: string }) => `cycle ${i.cycle} ${i.status}`).join(', ')}`;
  // Cycle 0 (prepaid) is billed at subscribe. The clock is advanced once it is paid, as the
  // journey test does: an advance that lands while cycle 0 is still being collected is used up
  // by that collection's wait and bills nothing more (reported; workflows/billing is not ours).
  await until(w, 'list invoices', `/invoices?subscriptionId=${sub.id}&limit=20`, paid(1), 'subscription cycle 0 not paid', STATE_BOUND_MS, describe);
  await call(w, 'advance subscription', 'POST', `/sandbox/subscriptions/${sub.id}/advance`, { expect: [202] });
  await until(w, 'list invoices', `/invoices?subscriptionId=${sub.id}&limit=20`, paid(2), 'subscription cycle 1 not paid', STATE_BOUND_MS, describe);
  if (chance(0.3)) await call(w, 'cancel subscription', 'POST', `/subscriptions/${sub.id}/cancel`, { body: {}, expect: [200] });
}

async function withdrawal(w: SoakWorld): Promise<void> {
  await call(w, 'sandbox credit', 'POST', '/sandbox/ledger/credit', { body: { recipientId: w.sellerId, amount: 5000 }, idempotent: true });
  const wdr = (await call(w, 'create withdrawal', 'POST', '/withdrawals', { body: { recipientId: w.sellerId, amount: 1000 }, idempotent: true })).body;
  if (chance(0.5)) {
    await call(w, 'cancel withdrawal', 'POST', `/withdrawals/${wdr.id}/cancel`, { body: { reason: 'Changed my mind' }, expect: [200] });
    return;
  }
  // The operator's approval (the CLI's signal), then the merchant watches it get paid.
  await sendWithdrawalDecision(w.temporal, w.taskQueue, { withdrawalId: wdr.id, operator: 'soak', outcome: 'approve' });
  await until(w, 'get withdrawal', `/withdrawals/${wdr.id}`, (b) => b.status === 'paid', 'withdrawal not paid');
}

async function reads(w: SoakWorld): Promise<void> {
  const pick: Array<[string, string]> = [
    ['list transactions', '/transactions?limit=20'],
    ['list deliveries', `/webhooks/deliveries?webhookId=${w.webhookId}&limit=20`],
    ['get fees', '/fees'],
    ['list plans', '/plans?limit=20'],
    ['list withdrawals', '/withdrawals?limit=20'],
    ['list subscriptions', '/subscriptions?limit=20'],
    ['wallet statement', `/wallets/owner/${w.ownerId}/transactions?limit=20`],
  ];
  for (let i = 0; i < 2; i++) {
    const [name, path] = pick[Math.floor(Math.random() * pick.length)];
    await call(w, name, 'GET', path);
  }
}

async function webhooks(w: SoakWorld): Promise<void> {
  await call(w, 'get webhook', 'GET', `/webhooks/${w.webhookId}`);
  const last = (await call(w, 'list deliveries', 'GET', `/webhooks/deliveries?webhookId=${w.webhookId}&limit=1`)).body.data[0];
  if (last) await call(w, 'get delivery', 'GET', `/webhooks/deliveries/${last.id}`);
}

/** Weighted like a merchant's day: mostly customers, payments and reads; some billing and payouts. */
export const SCENARIOS: Array<[string, number, (w: SoakWorld) => Promise<void>]> = [
  ['customers', 18, customers],
  ['card payment', 16, cardPayment],
  ['pix payment', 12, pix],
  ['boleto payment', 5, boleto],
  ['split payment', 6, split],
  ['checkout', 10, checkout],
  ['subscription', 6, subscription],
  ['withdrawal', 5, withdrawal],
  ['reads', 18, reads],
  ['webhooks', 4, webhooks],
];

/** A scenario drawn by weight; `only` (a scenario's name) narrows the mix to it, to chase one problem. */
export function pickScenario(only?: string): [string, (w: SoakWorld) => Promise<void>] {
  const pool = only ? SCENARIOS.filter(([name]) => name === only) : SCENARIOS;
  if (pool.length === 0) throw new Error(`no scenario named "${only}": ${SCENARIOS.map(([n]) => n).join(', ')}`);
  const total = pool.reduce((a, [, weight]) => a + weight, 0);
  let r = Math.random() * total;
  for (const [name, weight, fn] of pool) {
    if ((r -= weight) < 0) return [name, fn];
  }
  return [pool[0][0], pool[0][2]];
}

/** Runs one scenario; a failed step was already counted, anything else thrown is counted here. */
export async function runScenario(w: SoakWorld, name: string, fn: (w: SoakWorld) => Promise<void>): Promise<void> {
  try {
    await fn(w);
  } catch (err) {
    if (!(err instanceof Stop)) w.rec.error(`${name}: ${(err as Error).name}`, String((err as Error).stack ?? err));
  }
}
