import { createHmac } from 'node:crypto';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import type { Client } from '@temporalio/client';
import { startTestStack, type SeededCompany, type TestStack } from '../helpers/stack';
import { EventDispatcher } from '../../src/events/dispatcher';
import { Event } from '../../src/events/event.entity';
import { Webhook, WebhookDelivery } from '../../src/webhooks/webhook.entity';
import { webhookEventSubscriber } from '../../src/webhooks/webhooks.subscriber';
import { RETRY_DELAYS_MS } from '../../src/webhooks/delivery-schedule.rules';
import { requestAttempt, requestedDeliveryIds } from '../../src/webhooks/deliveries.service';
import { LANE_BATCH_SIZE } from '../../workflows/webhooks/webhook-delivery.contract';
import { newId } from '../../src/shared/ids';
import { eventually, Receiver, Trap } from './receiver';
import { recordHistory } from '../replay/history-files';

const customer = { name: 'Maria Silva', email: 'maria@example.com', type: 'individual', document: '529.982.247-25', phone: '+55 11 99999-0000' };

let stack: TestStack;
let receiver: Receiver;
let trap: Trap;

beforeAll(async () => {
  receiver = await new Receiver().start();
  trap = await new Trap().start();
  stack = await startTestStack({ WEBHOOK_ALLOWLIST: `127.0.0.1:${receiver.port}` });
});
afterAll(async () => {
  await stack?.close();
  await receiver?.close();
  await trap?.close();
});

/** A company of its own per test, so that events of one test never reach another's webhooks. */
async function setup(path: string, webhook: Record<string, unknown> = {}): Promise<{ company: SeededCompany; webhook: any }> {
  const company = await stack.seedCompany(path);
  const res = await stack.http.post('/webhooks').set(company.headers).send({ name: path, url: receiver.url(path), ...webhook });
  expect(res.status).toBe(201);
  return { company, webhook: res.body };
}

async function createCustomer(company: SeededCompany): Promise<string> {
  const res = await stack.http.post('/customers').set(company.headers).send(customer);
  expect(res.status).toBe(201);
  return res.body.id;
}

async function deliveriesOf(company: SeededCompany, webhookId: string): Promise<any[]> {
  const res = await stack.http.get(`/webhooks/deliveries?webhookId=${webhookId}&sort=createdAt.asc`).set(company.headers);
  return res.body.data;
}

const deliveryDetail = async (company: SeededCompany, id: string) => (await stack.http.get(`/webhooks/deliveries/${id}`).set(company.headers)).body;

/** Waits for a delivery workflow to finish, skipping its timers (the time-skipping client). */
const workflowResult = (deliveryId: string) => stack.env.client.workflow.getHandle(deliveryId).result();

/** The timers a delivery workflow actually slept (fired), in seconds, from its history. */
async function firedTimerSeconds(deliveryId: string): Promise<number[]> {
  const history = await stack.env.client.workflow.getHandle(deliveryId).fetchHistory();
  const started = new Map<string, number>();
  const fired: number[] = [];
  for (const e of history.events ?? []) {
    const t = e.timerStartedEventAttributes;
    if (t) started.set(t.timerId!, Number(t.startToFireTimeout!.seconds));
    const f = e.timerFiredEventAttributes;
    if (f) fired.push(started.get(f.timerId!)!);
  }
  return fired;
}

/** The outcomes the lane signalled to a delivery workflow (one per attempt), from its history. */
async function signalledAttempts(deliveryId: string): Promise<Array<{ status: string; attemptCount: number }>> {
  const history = await stack.env.client.workflow.getHandle(deliveryId).fetchHistory();
  return (history.events ?? [])
    .map((e) => e.workflowExecutionSignaledEventAttributes)
    .filter((a) => a?.signalName === 'attemptDone')
    .map((a) => JSON.parse(Buffer.from(a!.input!.payloads![0].data!).toString('utf8')))
    .map(({ status, attemptCount }) => ({ status, attemptCount }));
}

describe('a customer event reaches a webhook as a signed POST', () => {
  it('signs with the generated whsec_ secret (verified by a Standard Webhooks library and by hand)', async () => {
    const { company, webhook } = await setup('/signed', { events: ['customer.created'] });
    const before = Math.floor(Date.now() / 1000);
    const customerId = await createCustomer(company);
    const [req] = await eventually(() => receiver.received('/signed').length === 1 && receiver.received('/signed'), 20_000, 'the signed POST');

    const body = JSON.parse(req.body);
    expect(body).toEqual({ id: expect.stringMatching(/^evt_/), event: 'customer.created', companyId: company.company.id, createdAt: expect.any(String), data: expect.objectContaining({ id: customerId, name: customer.name }) });
    expect(Object.keys(body)).toEqual(['id', 'event', 'companyId', 'createdAt', 'data']);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['webhook-id']).toBe(body.id);
    // Signed at the attempt: after the event, before it arrived here (seconds, as the header is).
    expect(Number(req.headers['webhook-timestamp'])).toBeGreaterThanOrEqual(before);
    expect(Number(req.headers['webhook-timestamp'])).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));

    const headers = { 'webhook-id': req.headers['webhook-id'] as string, 'webhook-timestamp': req.headers['webhook-timestamp'] as string, 'webhook-signature': req.headers['webhook-signature'] as string };
    expect(new StandardWebhook(webhook.secret).verify(req.body, headers)).toEqual(body);
    const key = Buffer.from(webhook.secret.slice('whsec_'.length), 'base64');
    const mac = createHmac('sha256', new Uint8Array(key)).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${req.body}`).digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${mac}`);

    const [delivery] = await eventually(async () => {
      const list = await deliveriesOf(company, webhook.id);
      return list[0]?.status === 'success' && list;
    });
    expect(delivery).toMatchObject({ eventId: body.id, eventType: 'customer.created', entityType: 'customer', entityId: customerId, attemptCount: 1, returnStatus: 200, errorMessage: null, url: receiver.url('/signed') });
    const detail = await deliveryDetail(company, delivery.id);
    expect(detail.payload).toEqual(body);
    expect(detail.returnData).toEqual({ contentType: 'application/json', body: '{"ok":true}', truncated: false });
  });

  it('signs with a merchant-supplied secret as UTF-8 bytes, and customer.updated arrives too', async () => {
    const { company, webhook } = await setup('/plain', { secret: 'merchant-secret-42' });
    const customerId = await createCustomer(company);
    await stack.http.put(`/customers/${customerId}`).set(company.headers).send({ name: 'Maria S. Silva' });
    const reqs = await eventually(() => receiver.received('/plain').length === 2 && receiver.received('/plain'));
    expect(reqs.map((r) => JSON.parse(r.body).event).sort()).toEqual(['customer.created', 'customer.updated']);
    for (const req of reqs) {
      const signed = `${req.headers['webhook-id']}.${req.headers['webhook-timestamp']}.${req.body}`;
      expect(req.headers['webhook-signature']).toBe(`v1,${createHmac('sha256', 'merchant-secret-42').update(signed).digest('base64')}`);
    }
    expect(webhook.secret).toBe('merchant-secret-42');
  });
});

describe('the retry schedule', () => {
  it('retries a failing receiver: same webhook-id twice, then success with attemptCount 2', async () => {
    receiver.on('/flaky', (_req, nth) => (nth === 1 ? { status: 500, body: 'boom' } : { status: 204 }));
    const { company, webhook } = await setup('/flaky');
    await createCustomer(company);
    const [delivery] = await eventually(async () => (await deliveriesOf(company, webhook.id)).length === 1 && deliveriesOf(company, webhook.id));

    expect(await workflowResult(delivery.id)).toEqual({ status: 'success', attemptCount: 2 });
    const reqs = receiver.received('/flaky');
    expect(reqs).toHaveLength(2);
    expect(reqs[1].headers['webhook-id']).toBe(reqs[0].headers['webhook-id']);
    expect(reqs[1].body).toBe(reqs[0].body);
    expect(await deliveryDetail(company, delivery.id)).toMatchObject({ status: 'success', attemptCount: 2, returnStatus: 204, errorMessage: null });
    expect(await firedTimerSeconds(delivery.id)).toEqual([5]);
    await recordHistory('webhooks', 'delivery-fails-then-succeeds', stack.env.client.workflow.getHandle(delivery.id));
  });

  it('gives up after 8 attempts on the full schedule (time skipping) and stores the last answer', async () => {
    receiver.on('/down', () => ({ status: 500, body: 'x'.repeat(10_000) }));
    const { company, webhook } = await setup('/down');
    await createCustomer(company);
    const [delivery] = await eventually(async () => (await deliveriesOf(company, webhook.id)).length === 1 && deliveriesOf(company, webhook.id));

    expect(await workflowResult(delivery.id)).toEqual({ status: 'failed', attemptCount: 8 });
    expect(receiver.received('/down')).toHaveLength(8);
    expect(await firedTimerSeconds(delivery.id)).toEqual(RETRY_DELAYS_MS.map((ms) => ms / 1000));
    expect(await signalledAttempts(delivery.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ status: n < 8 ? 'retrying' : 'failed', attemptCount: n })));
    await recordHistory('webhooks', 'delivery-exhausted', stack.env.client.workflow.getHandle(delivery.id));
    const detail = await deliveryDetail(company, delivery.id);
    expect(detail).toMatchObject({ status: 'failed', attemptCount: 8, returnStatus: 500, errorMessage: 'HTTP 500', lastAttemptAt: expect.any(String) });
    expect(detail.returnData.truncated).toBe(true);
    expect(detail.returnData.body).toHaveLength(4096);
  });

  it('honours Retry-After on a 429 (a longer wait than the schedule)', async () => {
    receiver.on('/busy', (_req, nth) => (nth === 1 ? { status: 429, headers: { 'retry-after': '3600' } } : { status: 200 }));
    const { company, webhook } = await setup('/busy');
    await createCustomer(company);
    const [delivery] = await eventually(async () => (await deliveriesOf(company, webhook.id)).length === 1 && deliveriesOf(company, webhook.id));
    expect(await workflowResult(delivery.id)).toEqual({ status: 'success', attemptCount: 2 });
    expect(await firedTimerSeconds(delivery.id)).toEqual([3600]);
  });

  it('stops and deactivates the webhook on 410 Gone', async () => {
    receiver.on('/gone', () => ({ status: 410 }));
    const { company, webhook } = await setup('/gone');
    await createCustomer(company);
    const [delivery] = await eventually(async () => (await deliveriesOf(company, webhook.id)).length === 1 && deliveriesOf(company, webhook.id));
    expect(await workflowResult(delivery.id)).toEqual({ status: 'failed', attemptCount: 1 });
    const after = (await stack.http.get(`/webhooks/${webhook.id}`).set(company.headers)).body;
    expect(after).toMatchObject({ isActive: false, version: 2 });
    expect((await deliveryDetail(company, delivery.id)).errorMessage).toMatch(/410/);
  });
});

describe('who gets what', () => {
  it('sends nothing new to inactive or deleted webhooks, nor for events they did not subscribe to', async () => {
    const company = await stack.seedCompany('Routing');
    const mk = async (path: string, events: string[] = []) =>
      (await stack.http.post('/webhooks').set(company.headers).send({ name: path, url: receiver.url(path), events })).body;
    const control = await mk('/route-control');
    const inactive = await mk('/route-inactive');
    const deleted = await mk('/route-deleted');
    const onlyUpdates = await mk('/route-updates', ['customer.updated']);
    await stack.http.patch(`/webhooks/${inactive.id}/status`).set(company.headers).send({ isActive: false });
    await stack.http.delete(`/webhooks/${deleted.id}`).set(company.headers);

    await createCustomer(company);
    await eventually(async () => (await deliveriesOf(company, control.id))[0]?.status === 'success');
    const all = (await stack.http.get('/webhooks/deliveries').set(company.headers)).body;
    expect(all.data.map((d: { webhookId: string }) => d.webhookId)).toEqual([control.id]);
    for (const path of ['/route-inactive', '/route-deleted', '/route-updates']) expect(receiver.received(path)).toHaveLength(0);
    expect(onlyUpdates.events).toEqual(['customer.updated']);

    // Reactivated, it receives the next event (and only new ones).
    await stack.http.patch(`/webhooks/${inactive.id}/status`).set(company.headers).send({ isActive: true });
    await createCustomer(company);
    // The two deliveries of one event run in parallel: wait for both before comparing.
    await eventually(() => receiver.received('/route-inactive').length === 1 && receiver.received('/route-control').length >= 2);
    expect(receiver.received('/route-control')).toHaveLength(2);
  });

  it('creates one delivery per webhook even when an event is dispatched twice', async () => {
    const { company, webhook } = await setup('/twice');
    await createCustomer(company);
    const [delivery] = await eventually(async () => (await deliveriesOf(company, webhook.id))[0]?.status === 'success' && deliveriesOf(company, webhook.id));

    // As if a dispatcher crashed after its subscribers ran: the sweeper dispatches again.
    await stack.em().nativeUpdate(Event, { id: delivery.eventId }, { dispatchedAt: null });
    expect(await stack.deps.dispatcher.dispatch(delivery.eventId)).toBe(true);
    expect(await stack.deps.dispatcher.dispatch(delivery.eventId)).toBe(false);
    expect(await stack.em().count(WebhookDelivery, { eventId: delivery.eventId })).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.received('/twice')).toHaveLength(1);
  });
});

describe('per-webhook lanes', () => {
  it('sends one webhook its events one at a time, in event order, without holding up another webhook', async () => {
    const company = await stack.seedCompany('Lanes');
    const mk = async (path: string) => (await stack.http.post('/webhooks').set(company.headers).send({ name: path, url: receiver.url(path) })).body;
    receiver.on('/lane-slow', () => ({ status: 200, delayMs: 300 }));
    const slowWebhook = await mk('/lane-slow');
    await mk('/lane-fast');

    const customerIds: string[] = [];
    for (let i = 0; i < 5; i++) customerIds.push(await createCustomer(company));
    const slow = await eventually(() => receiver.received('/lane-slow').length === 5 && receiver.received('/lane-slow'), 30_000);
    const fast = receiver.received('/lane-fast');

    expect(slow.map((r) => JSON.parse(r.body).data.id)).toEqual(customerIds);
    // One in flight at a time: each request arrives after the previous one was answered.
    for (let i = 1; i < slow.length; i++) expect(slow[i].at).toBeGreaterThanOrEqual(slow[i - 1].answeredAt!);
    // The healthy webhook was not queued behind the slow one.
    expect(fast).toHaveLength(5);
    expect(Math.max(...fast.map((r) => r.at))).toBeLessThan(slow[4].at);
    await recordHistory('webhooks', 'lane-five-in-order', stack.env.client.workflow.getHandle(`${slowWebhook.id}:lane`));
  });

  it('keeps event order across more deliveries than one batch, each sent once', async () => {
    const { company, webhook } = await setup('/lane-burst');
    // One after another, as a merchant's calls: events created at the same instant have no order to keep.
    const customerIds: string[] = [];
    for (let i = 0; i < LANE_BATCH_SIZE + 5; i++) customerIds.push(await createCustomer(company));
    const got = await eventually(() => receiver.received('/lane-burst').length >= customerIds.length && receiver.received('/lane-burst'), 60_000);
    const created = (await stack.http.get(`/webhooks/deliveries?webhookId=${webhook.id}&limit=100`).set(company.headers)).body.data.map((d: { eventId: string }) => d.eventId);
    expect(created).toHaveLength(customerIds.length);
    // Event ids are time-ordered: the lane sends them in that order, whatever order their deliveries asked in.
    expect(got.map((r) => JSON.parse(r.body).id)).toEqual([...created].sort());
    expect(new Set(got.map((r) => JSON.parse(r.body).id)).size).toBe(customerIds.length);
  });

  it('costs the lane a few wake-ups for a burst, not a signal per delivery, and leaves nothing requested', async () => {
    const { company, webhook } = await setup('/lane-coalesced');
    const count = 40;
    await Promise.all(Array.from({ length: count }, () => createCustomer(company)));
    await eventually(() => receiver.received('/lane-coalesced').length >= count, 60_000);
    const history = await stack.env.client.workflow.getHandle(`${webhook.id}:lane`).fetchHistory();
    const signals = (history.events ?? []).map((e) => e.workflowExecutionSignaledEventAttributes?.signalName).filter(Boolean);
    const drains = (history.events ?? []).filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'drainWebhookDeliveries');
    expect(signals.filter((n) => n === 'requestAttempt')).toHaveLength(0);
    // Each delivery's dispatch and its workflow both wake the lane: 2 × count calls, coalesced
    // (per LANE_WAKE_WINDOW_MS, so how far below depends on how fast the burst arrives).
    expect(signals.length).toBeLessThan(count);
    expect(drains.length).toBeLessThan(count / 2);
    expect(new Set(receiver.received('/lane-coalesced').map((r) => JSON.parse(r.body).id)).size).toBe(count);
    // The receiver answers before the drain records the attempt (which clears the request).
    await eventually(async () => (await requestedDeliveryIds(stack.em() as never, webhook.id, 100)).length === 0);
  });

  it('answers a delivery that asks after the lane recorded its attempt with that outcome, sending nothing twice', async () => {
    const { company, webhook } = await setup('/lane-recorded-first');
    await createCustomer(company);
    const [delivery] = await eventually(async () => {
      const ds = await deliveriesOf(company, webhook.id);
      return ds.length === 1 && ds[0].status === 'success' && ds;
    });
    const sent = receiver.received('/lane-recorded-first').length;
    // As a run that had seen no attempt, and as one that had seen it (finished, not requested again).
    expect(await requestAttempt(stack.em() as never, delivery.id, 0)).toEqual({ status: 'success', attemptCount: 1, nextDelayMs: null });
    expect(await requestAttempt(stack.em() as never, delivery.id, 1)).toEqual({ status: 'success', attemptCount: 1, nextDelayMs: null });
    expect(await requestedDeliveryIds(stack.em() as never, webhook.id, 10)).toEqual([]);
    expect(receiver.received('/lane-recorded-first')).toHaveLength(sent);
  });
});

describe('dispatch safety', () => {
  async function recordEventFor(company: SeededCompany): Promise<string> {
    const em = stack.em();
    const id = newId('evt');
    em.create(Event, { id, companyId: company.company.id, type: 'customer.created', entityType: 'customer', entityId: 'cust_x', payload: { id, event: 'customer.created', companyId: company.company.id, createdAt: new Date().toISOString(), data: { id: 'cust_x' } } });
    await em.flush();
    return id;
  }
  const taskQueue = () => stack.config.temporal.taskQueue;

  it('starts nothing when the dispatch transaction rolls back', async () => {
    const { company, webhook } = await setup('/rollback');
    const eventId = await recordEventFor(company);
    const failing = new EventDispatcher(stack.orm.em as any);
    failing.subscribe(webhookEventSubscriber(stack.env.client, taskQueue()));
    failing.subscribe({ name: 'boom', handle: async () => { throw new Error('boom'); } });
    await expect(failing.dispatch(eventId)).rejects.toThrow('boom');
    expect(await stack.em().count(WebhookDelivery, { webhookId: webhook.id })).toBe(0);

    expect(await stack.deps.dispatcher.dispatch(eventId)).toBe(true);
    await eventually(() => receiver.received('/rollback').length === 1);
    expect(await stack.em().count(WebhookDelivery, { webhookId: webhook.id })).toBe(1);
  });

  it('leaves the event to the sweeper when workflows cannot be started after commit', async () => {
    const { company, webhook } = await setup('/crash');
    const eventId = await recordEventFor(company);
    const temporalDown = { workflow: { start: async () => { throw new Error('Temporal unreachable'); } } } as unknown as Client;
    const crashing = new EventDispatcher(stack.orm.em as any);
    crashing.subscribe(webhookEventSubscriber(temporalDown, taskQueue()));
    await expect(crashing.dispatch(eventId)).rejects.toThrow('Temporal unreachable');
    // The delivery committed, pending; the event is still undispatched, so the sweeper will see it.
    expect(await stack.em().findOne(WebhookDelivery, { webhookId: webhook.id })).toMatchObject({ status: 'pending', attemptCount: 0 });
    expect((await stack.em().findOneOrFail(Event, { id: eventId })).dispatchedAt).toBeNull();
    expect(await stack.deps.dispatcher.findStale(new Date(Date.now() + 1000), 1000)).toContain(eventId);

    expect(await stack.deps.dispatcher.dispatch(eventId)).toBe(true);
    await eventually(() => receiver.received('/crash').length === 1);
    expect(await stack.em().count(WebhookDelivery, { webhookId: webhook.id })).toBe(1);
    expect((await stack.em().findOneOrFail(Event, { id: eventId })).dispatchedAt).not.toBeNull();
  });
});

describe('POST /webhooks/deliveries/:id/retry', () => {
  it('re-sends a finished delivery on the same delivery (attemptCount +1), idempotently per key', async () => {
    const { company, webhook } = await setup('/resend');
    await createCustomer(company);
    const [delivery] = await eventually(async () => (await deliveriesOf(company, webhook.id))[0]?.status === 'success' && deliveriesOf(company, webhook.id));
    await workflowResult(delivery.id);

    const headers = { ...company.headers, 'Idempotency-Key': `retry-${delivery.id}` };
    const res = await stack.http.post(`/webhooks/deliveries/${delivery.id}/retry`).set(headers);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    await eventually(() => receiver.received('/resend').length === 2);
    await eventually(async () => (await deliveryDetail(company, delivery.id)).attemptCount === 2);
    const again = await stack.http.post(`/webhooks/deliveries/${delivery.id}/retry`).set(headers);
    expect(again.headers['idempotent-replayed']).toBe('true');

    const reqs = receiver.received('/resend');
    expect(reqs[1].headers['webhook-id']).toBe(reqs[0].headers['webhook-id']);
    await new Promise((r) => setTimeout(r, 500));
    expect(reqs).toHaveLength(2);
    expect(await deliveryDetail(company, delivery.id)).toMatchObject({ status: 'success', attemptCount: 2 });
  });

  it('re-sends a finished delivery after its lane ended idle: the retry starts a new lane run', async () => {
    const { company, webhook } = await setup('/resend-idle');
    await createCustomer(company);
    const [delivery] = await eventually(async () => (await deliveriesOf(company, webhook.id))[0]?.status === 'success' && deliveriesOf(company, webhook.id));
    await workflowResult(delivery.id);
    // Skips the lane's idle minute: it ends, as on a stack nobody used for a while.
    const lane = stack.env.client.workflow.getHandle(`${webhook.id}:lane`);
    await lane.result();
    const endedRun = (await lane.describe()).runId;

    expect((await stack.http.post(`/webhooks/deliveries/${delivery.id}/retry`).set(company.headers)).status).toBe(200);
    await eventually(() => receiver.received('/resend-idle').length === 2);
    expect((await lane.describe()).runId).not.toBe(endedRun);
    expect(await workflowResult(delivery.id)).toEqual({ status: 'success', attemptCount: 2 });
  });

  it('attempts a delivery that is waiting for its next retry now, instead of at the timer', async () => {
    receiver.on('/waiting', (_req, nth) => (nth === 1 ? { status: 503 } : { status: 200 }));
    const { company, webhook } = await setup('/waiting');
    await createCustomer(company);
    const [delivery] = await eventually(async () => (await deliveriesOf(company, webhook.id))[0]?.status === 'retrying' && deliveriesOf(company, webhook.id));
    const res = await stack.http.post(`/webhooks/deliveries/${delivery.id}/retry`).set(company.headers);
    expect(res.body).toEqual({ ok: true });
    expect(await workflowResult(delivery.id)).toEqual({ status: 'success', attemptCount: 2 });
    expect(await firedTimerSeconds(delivery.id)).toEqual([]);
    await recordHistory('webhooks', 'delivery-attempt-now', stack.env.client.workflow.getHandle(delivery.id));
  });

  it('refuses to retry for an inactive or deleted webhook (409)', async () => {
    const { company, webhook } = await setup('/retry-inactive');
    await createCustomer(company);
    const [delivery] = await eventually(async () => (await deliveriesOf(company, webhook.id))[0]?.status === 'success' && deliveriesOf(company, webhook.id));
    await stack.http.patch(`/webhooks/${webhook.id}/status`).set(company.headers).send({ isActive: false });
    const inactive = await stack.http.post(`/webhooks/deliveries/${delivery.id}/retry`).set(company.headers);
    expect(inactive.status).toBe(409);
    expect(inactive.body.error.code).toBe('webhook_inactive');
    await stack.http.delete(`/webhooks/${webhook.id}`).set(company.headers);
    const deleted = await stack.http.post(`/webhooks/deliveries/${delivery.id}/retry`).set(company.headers);
    expect(deleted.body.error.code).toBe('webhook_deleted');
  });
});

describe('SSRF at send time', () => {
  /** A webhook whose URL became unsafe after creation (written directly, as a DNS change would). */
  async function unsafeWebhook(company: SeededCompany, url: string): Promise<string> {
    const em = stack.em();
    const id = newId('whk');
    em.create(Webhook, { id, companyId: company.company.id, name: 'unsafe', url, secret: 'unsafe-secret' });
    await em.flush();
    return id;
  }

  it('never connects to a private address, even for an existing webhook', async () => {
    const company = await stack.seedCompany('Unsafe');
    const webhookId = await unsafeWebhook(company, `http://127.0.0.1:${trap.port}/hook`);
    await createCustomer(company);
    const [delivery] = await eventually(async () => (await deliveriesOf(company, webhookId))[0]?.attemptCount >= 1 && deliveriesOf(company, webhookId));
    expect(delivery).toMatchObject({ status: 'retrying', returnStatus: null, errorMessage: expect.stringMatching(/^URL refused: the URL must use https/) });
    await stack.env.client.workflow.getHandle(delivery.id).terminate('test over');
    expect(trap.connections).toBe(0);
  });

  it.each([
    ['the metadata service', 'http://169.254.169.254/latest/meta-data/'],
    ['a private port of this host', () => `http://127.0.0.1:${trap.port}/`],
  ])('treats a 302 to %s as a failed attempt and does not follow it', async (_label, location) => {
    const path = `/redirect-${receiver.requests.size}`;
    receiver.on(path, () => ({ status: 302, headers: { location: typeof location === 'function' ? location() : location } }));
    const { company, webhook } = await setup(path);
    await createCustomer(company);
    const [delivery] = await eventually(async () => (await deliveriesOf(company, webhook.id))[0]?.attemptCount >= 1 && deliveriesOf(company, webhook.id));
    expect(delivery).toMatchObject({ status: 'retrying', returnStatus: 302, errorMessage: 'HTTP 302: redirects are not followed' });
    await stack.env.client.workflow.getHandle(delivery.id).terminate('test over');
    expect(receiver.received(path)).toHaveLength(1);
    expect(trap.connections).toBe(0);
  });
});
