import { ulid } from 'ulid';
import { createHmac } from 'node:crypto';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { WorkflowNotFoundError } from '@temporalio/client';
import { startTestStack, type SeededCompany, type TestStack } from '../helpers/stack';
import { EventDispatcher } from '../../src/events/dispatcher';
import { Event } from '../../src/events/event.entity';
import { Webhook, WebhookDelivery } from '../../src/webhooks/webhook.entity';
import { webhookEventSubscriber } from '../../src/webhooks/webhooks.subscriber';
import { RETRY_DELAYS_MS } from '../../src/webhooks/delivery-schedule.rules';
import { attemptDelivery } from '../../src/webhooks/deliveries.service';
import { createWebhook } from '../../src/webhooks/webhooks.service';
import { FAILING_AFTER_FAILURES, startDeliveryLanes } from '../../src/webhooks/delivery-lanes';
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

/** Waits for a delivery's retry workflow (started once its first attempt failed) to finish, skipping its timers (the time-skipping client). */
async function workflowResult(deliveryId: string) {
  await eventually(() => hasWorkflow(deliveryId), 20_000, `the retry workflow of ${deliveryId}`);
  return stack.env.client.workflow.getHandle(deliveryId).result();
}

/** Whether a delivery ever had a retry workflow. */
async function hasWorkflow(deliveryId: string): Promise<boolean> {
  try {
    await stack.client.workflow.getHandle(deliveryId).describe();
    return true;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return false;
    throw err;
  }
}

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

/** The outcomes of the attempts a retry workflow made (one activity each), from its history. */
async function workflowAttempts(deliveryId: string): Promise<Array<{ status: string; attemptCount: number }>> {
  const history = await stack.env.client.workflow.getHandle(deliveryId).fetchHistory();
  return (history.events ?? [])
    .map((e) => e.activityTaskCompletedEventAttributes)
    .filter((a) => a?.result?.payloads?.[0]?.data)
    .map((a) => JSON.parse(Buffer.from(a!.result!.payloads![0].data!).toString('utf8')))
    .map(({ status, attemptCount }) => ({ status, attemptCount }));
}

const requestedCount = async (webhookId: string) =>
  Number((await stack.em().getConnection().execute<{ n: string }[]>(`select count(*) as n from webhook_deliveries where webhook_id = ? and attempt_requested_at is not null`, [webhookId]))[0].n);

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
    // The lane made the first attempt; the workflow the seven after it.
    expect(await workflowAttempts(delivery.id)).toEqual([2, 3, 4, 5, 6, 7, 8].map((n) => ({ status: n < 8 ? 'retrying' : 'failed', attemptCount: n })));
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
    const [delivery] = await eventually(async () => (await deliveriesOf(company, webhook.id))[0]?.status === 'failed' && deliveriesOf(company, webhook.id));
    expect(delivery).toMatchObject({ status: 'failed', attemptCount: 1, returnStatus: 410 });
    const after = await eventually(async () => {
      const w = (await stack.http.get(`/webhooks/${webhook.id}`).set(company.headers)).body;
      return !w.isActive && w;
    });
    expect(after).toMatchObject({ isActive: false, version: 2 });
    expect((await deliveryDetail(company, delivery.id)).errorMessage).toMatch(/410/);
    // Final at its first attempt: no retry workflow.
    expect(await hasWorkflow(delivery.id)).toBe(false);
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

describe('delivery lanes', () => {
  it('sends one entity\'s events one at a time, in order, and other entities\' beside them, without holding up another webhook', async () => {
    const company = await stack.seedCompany('Lanes');
    const mk = async (path: string) => (await stack.http.post('/webhooks').set(company.headers).send({ name: path, url: receiver.url(path) })).body;
    // The first request is held long enough for every event below to be waiting behind it.
    receiver.on('/lane-slow', (_req, nth) => ({ status: 200, delayMs: nth === 1 ? 1500 : 300 }));
    await mk('/lane-slow');
    await mk('/lane-fast');

    const first = await createCustomer(company);
    for (let i = 0; i < 3; i++) expect((await stack.http.put(`/customers/${first}`).set(company.headers).send({ name: `Renamed ${i}` })).status).toBe(200);
    const others = await Promise.all(Array.from({ length: 3 }, () => createCustomer(company)));
    const total = 4 + others.length;
    const slow = await eventually(() => receiver.received('/lane-slow').length === total && receiver.received('/lane-slow'), 30_000);
    const fast = receiver.received('/lane-fast');

    // One entity: its four events arrive in order, each after the previous one was answered.
    const ofFirst = slow.filter((r) => JSON.parse(r.body).data.id === first);
    expect(ofFirst.map((r) => JSON.parse(r.body).event)).toEqual(['customer.created', 'customer.updated', 'customer.updated', 'customer.updated']);
    expect(ofFirst.map((r) => JSON.parse(r.body).data.name)).toEqual([customer.name, 'Renamed 0', 'Renamed 1', 'Renamed 2']);
    for (let i = 1; i < ofFirst.length; i++) expect(ofFirst[i].at).toBeGreaterThanOrEqual(ofFirst[i - 1].answeredAt!);
    // Other entities went beside them: at some moment more than one request was waiting for its answer.
    const overlapping = slow.some((r) => slow.some((o) => o !== r && o.at >= r.at && o.at < r.answeredAt!));
    expect(overlapping).toBe(true);
    expect(new Set(slow.map((r) => JSON.parse(r.body).data.id))).toEqual(new Set([first, ...others]));
    // The healthy webhook was not queued behind the slow one.
    expect(fast).toHaveLength(total);
    expect(Math.max(...fast.map((r) => r.at))).toBeLessThan(Math.max(...slow.map((r) => r.at)));
  });

  it('keeps one entity\'s events in order across more deliveries than one claim, each sent once', async () => {
    const { company, webhook } = await setup('/lane-burst');
    const id = await createCustomer(company);
    const updates = stack.lanes.options.batchSize + 4;
    for (let i = 0; i < updates; i++) expect((await stack.http.put(`/customers/${id}`).set(company.headers).send({ name: `Name ${i}` })).status).toBe(200);
    const got = await eventually(() => receiver.received('/lane-burst').length >= updates + 1 && receiver.received('/lane-burst'), 60_000);
    const created = (await stack.http.get(`/webhooks/deliveries?webhookId=${webhook.id}&limit=100`).set(company.headers)).body.data.map((d: { eventId: string }) => d.eventId);
    expect(created).toHaveLength(updates + 1);
    // Event ids are time-ordered: the lane sends one entity's events in that order.
    expect(got.map((r) => JSON.parse(r.body).id)).toEqual([...created].sort());
    expect(got.slice(1).map((r) => JSON.parse(r.body).data.name)).toEqual(Array.from({ length: updates }, (_, i) => `Name ${i}`));
  });

  it('sends an endpoint its deliveries from one worker at a time: the per-endpoint cap and one entity\'s order hold across worker processes', async () => {
    // A second worker's lanes on the same database, capped as the first (WEBHOOK_CONCURRENCY_PER_ENDPOINT).
    const second = await startDeliveryLanes({ orm: stack.orm, config: stack.config, temporal: stack.client });
    try {
      const { company } = await setup('/two-workers');
      receiver.on('/two-workers', () => ({ status: 200, delayMs: 30 }));
      const cap = stack.lanes.options.perEndpoint;
      const entity = await createCustomer(company);
      const others = await Promise.all(Array.from({ length: 3 * cap }, () => createCustomer(company)));
      for (let i = 0; i < 3; i++) expect((await stack.http.put(`/customers/${entity}`).set(company.headers).send({ name: `Renamed ${i}` })).status).toBe(200);
      second.wake([(await stack.em().findOneOrFail(Webhook, { companyId: company.company.id })).id]);
      const total = 1 + others.length + 3;
      const got = await eventually(() => receiver.received('/two-workers').length >= total && receiver.received('/two-workers'), 60_000);
      expect(new Set(got.map((r) => JSON.parse(r.body).id)).size).toBe(total);
      // At no moment more requests waited for their answers than one worker's cap.
      const inFlightAt = (t: number) => got.filter((r) => r.at <= t && t < r.answeredAt!).length;
      expect(Math.max(...got.map((r) => inFlightAt(r.at)))).toBeLessThanOrEqual(cap);
      const ofEntity = got.filter((r) => JSON.parse(r.body).data.id === entity);
      expect(ofEntity.map((r) => JSON.parse(r.body).data.name)).toEqual([customer.name, 'Renamed 0', 'Renamed 1', 'Renamed 2']);
      for (let i = 1; i < ofEntity.length; i++) expect(ofEntity[i].at).toBeGreaterThanOrEqual(ofEntity[i - 1].answeredAt!);
    } finally {
      await second.stop();
    }
  });

  it('renews a webhook\'s lease while its lane is in use, and lets it end once the lane is idle', async () => {
    const second = await startDeliveryLanes({ orm: stack.orm, config: stack.config, temporal: stack.client }, { leaseRenewEveryMs: 100, leaseKeptIdleMs: 400 });
    try {
      const { company, webhook } = await setup('/idle-lease');
      receiver.on('/idle-lease', () => ({ status: 200, delayMs: 1000 }));
      const leaseUntil = async () => {
        const [row] = await stack.em().execute<{ owner: string; lease_until: string | Date }[]>(`select owner, lease_until from webhook_lanes where webhook_id = ?`, [webhook.id]);
        return { owner: row.owner, until: new Date(row.lease_until).getTime() };
      };
      // The second worker's lane has the webhook (as if it had taken it first).
      await stack.em().execute(`insert into webhook_lanes (webhook_id, owner, lease_until) values (?, ?, now() + interval '30 seconds')`, [webhook.id, second.owner]);
      await createCustomer(company);
      // The attempt is in flight (answered after 1 s): the lease as the lane took it, then as renewed meanwhile.
      await eventually(() => receiver.received('/idle-lease').length === 1, 30_000, 'the attempt in flight');
      const inFlight = await leaseUntil();
      await eventually(async () => (await requestedCount(webhook.id)) === 0, 30_000, 'the outcome recorded');
      const afterUse = await leaseUntil();
      expect(afterUse.owner).toBe(second.owner);
      expect(afterUse.until).toBeGreaterThan(inFlight.until);
      // Idle for longer than it keeps a lease: renewals have stopped.
      await eventually(async () => {
        const before = await leaseUntil();
        await new Promise((resolve) => setTimeout(resolve, 500));
        return (await leaseUntil()).until === before.until;
      }, 10_000, 'renewals stopped');
      expect(receiver.received('/idle-lease')).toHaveLength(1);
      expect(await stack.em().count(WebhookDelivery, { webhookId: webhook.id, status: 'success', attemptCount: 1 })).toBe(1);
    } finally {
      await second.stop();
    }
  });

  it('delivers a burst with no workflow at all, records every outcome, and leaves nothing requested', async () => {
    const { company, webhook } = await setup('/lane-burst-parallel');
    const count = 40;
    await Promise.all(Array.from({ length: count }, () => createCustomer(company)));
    await eventually(() => receiver.received('/lane-burst-parallel').length >= count, 60_000);
    expect(new Set(receiver.received('/lane-burst-parallel').map((r) => JSON.parse(r.body).id)).size).toBe(count);
    const deliveries = await eventually(async () => {
      const ds = (await stack.http.get(`/webhooks/deliveries?webhookId=${webhook.id}&limit=100`).set(company.headers)).body.data;
      return ds.length === count && ds.every((d: { status: string }) => d.status === 'success') && ds;
    });
    expect(deliveries.every((d: { attemptCount: number; returnStatus: number }) => d.attemptCount === 1 && d.returnStatus === 200)).toBe(true);
    for (const d of deliveries.slice(0, 5)) expect(await hasWorkflow(d.id)).toBe(false);
    expect(await requestedCount(webhook.id)).toBe(0);
  });

  it('marks an endpoint that keeps failing, probes it instead of sending everything, and recovers when it answers', async () => {
    let healthy = false;
    receiver.on('/failing', () => (healthy ? { status: 200 } : { status: 500 }));
    const { company, webhook } = await setup('/failing');
    for (let i = 0; i < FAILING_AFTER_FAILURES; i++) await createCustomer(company);
    const marked = await eventually(async () => {
      const w = (await stack.http.get(`/webhooks/${webhook.id}`).set(company.headers)).body;
      return w.deliveryState === 'failing' && w;
    }, 30_000);
    expect(marked.failingSince).toEqual(expect.any(String));
    const failingEvents = await stack.em().find(Event, { entityId: webhook.id, type: 'webhook.failing' });
    expect(failingEvents).toHaveLength(1);
    expect(failingEvents[0].payload).toMatchObject({ event: 'webhook.failing', data: { id: webhook.id, deliveryState: 'failing' } });
    // Every failed delivery is on its retry schedule, in a workflow.
    const failed = await eventually(async () => {
      const ds = await deliveriesOf(company, webhook.id);
      return ds.every((d) => d.status === 'retrying' && d.attemptCount === 1) && ds;
    });
    expect(failed).toHaveLength(FAILING_AFTER_FAILURES);

    // The endpoint answers again: the next probe finds it, and the lane sends at full speed.
    healthy = true;
    const laterId = await createCustomer(company);
    await eventually(async () => (await deliveriesOf(company, webhook.id)).find((d) => d.entityId === laterId)?.status === 'success', 60_000, 'the probe');
    const recovered = await eventually(async () => {
      const w = (await stack.http.get(`/webhooks/${webhook.id}`).set(company.headers)).body;
      return w.deliveryState === 'healthy' && w;
    });
    expect(recovered.failingSince).toBeNull();
    expect(await stack.em().count(Event, { entityId: webhook.id, type: 'webhook.recovered' })).toBeGreaterThanOrEqual(1);
    for (const d of failed) await stack.env.client.workflow.getHandle(d.id).terminate('test over').catch(() => undefined);
  });

  it('answers a retried attempt that was already recorded with its outcome, sending nothing twice', async () => {
    const { company, webhook } = await setup('/recorded-first');
    await createCustomer(company);
    const [delivery] = await eventually(async () => {
      const ds = await deliveriesOf(company, webhook.id);
      return ds.length === 1 && ds[0].status === 'success' && ds;
    });
    const sent = receiver.received('/recorded-first').length;
    expect(await attemptDelivery(stack.em() as never, delivery.id, 0, { allowlist: stack.config.webhookAllowlist })).toEqual({ status: 'success', attemptCount: 1, nextDelayMs: null });
    expect(receiver.received('/recorded-first')).toHaveLength(sent);
  });
});

describe('dispatch safety', () => {
  async function recordEventFor(company: SeededCompany, id = newId('evt')): Promise<string> {
    const em = stack.em();
    em.create(Event, { id, companyId: company.company.id, type: 'customer.created', entityType: 'customer', entityId: 'cust_x', payload: { id, event: 'customer.created', companyId: company.company.id, createdAt: new Date().toISOString(), data: { id: 'cust_x' } } });
    await em.flush();
    return id;
  }

  it('sends nothing when the dispatch transaction rolls back', async () => {
    const { company, webhook } = await setup('/rollback');
    const eventId = await recordEventFor(company);
    const failing = new EventDispatcher(stack.orm.em as any);
    failing.subscribe(webhookEventSubscriber());
    failing.subscribe({ name: 'boom', handle: async () => { throw new Error('boom'); } });
    await expect(failing.dispatch(eventId)).rejects.toThrow('boom');
    expect(await stack.em().count(WebhookDelivery, { webhookId: webhook.id })).toBe(0);

    expect(await stack.deps.dispatcher.dispatch(eventId)).toBe(true);
    await eventually(() => receiver.received('/rollback').length === 1);
    expect(await stack.em().count(WebhookDelivery, { webhookId: webhook.id })).toBe(1);
  });

  it('dispatches an event to more webhooks than one notification can name (the lanes sweep instead), and sends every delivery', async () => {
    const company = await stack.seedCompany('Many webhooks');
    const em = stack.em();
    // 260 ids of 30 characters and their commas pass PostgreSQL's 8,000-byte notification limit.
    const count = 260;
    for (let i = 0; i < count; i++) await createWebhook(em, company.company.id, { name: `many ${i}`, url: receiver.url(`/many-${i}`), events: [] }, { allowlist: stack.deps.config.webhookAllowlist });
    await em.flush();
    const eventId = await recordEventFor(company);
    expect(await stack.deps.dispatcher.dispatch(eventId)).toBe(true);
    expect(await stack.em().count(WebhookDelivery, { eventId })).toBe(count);
    await eventually(() => Array.from({ length: count }, (_, i) => receiver.received(`/many-${i}`).length).every((n) => n === 1), 60_000);
    await eventually(async () => (await stack.em().count(WebhookDelivery, { eventId, status: 'success' })) === count);
  });

  /** A requested delivery written directly, as if its notification was lost or its lane's worker died holding it. */
  async function requestedDelivery(company: SeededCompany, webhookId: string, fields: Record<string, unknown>, eventId?: string): Promise<string> {
    eventId ??= await recordEventFor(company);
    const event = await stack.em().findOneOrFail(Event, { id: eventId });
    const id = newId('whd');
    const em = stack.em();
    em.create(WebhookDelivery, { id, companyId: company.company.id, webhookId, eventId, eventType: event.type, entityType: event.entityType, entityId: event.entityId, url: receiver.url('/x'), payload: event.payload, attemptRequestedAt: new Date(), ...fields });
    await em.flush();
    return id;
  }

  it('sends a requested delivery nobody notified (the lanes sweep)', async () => {
    const { company, webhook } = await setup('/sweep');
    const silent = await requestedDelivery(company, webhook.id, {});
    await eventually(async () => (await stack.em().count(WebhookDelivery, { id: silent, status: 'success' })) === 1);
    expect(receiver.received('/sweep')).toHaveLength(1);
    expect(await requestedCount(webhook.id)).toBe(0);
  });

  it('sends nothing of a webhook whose lane another worker holds, and takes it over when that lease ends (the worker died)', async () => {
    const { company, webhook } = await setup('/taken-over');
    const until = new Date(Date.now() + 3_000);
    await stack.em().execute(`insert into webhook_lanes (webhook_id, owner, lease_until) values (?, 'a-dead-worker', ?)`, [webhook.id, until]);
    const first = await requestedDelivery(company, webhook.id, {});
    await createCustomer(company);
    // Notified and swept meanwhile, the lane of this process leaves the endpoint alone while the other's lease lasts.
    await eventually(() => Date.now() > until.getTime(), 10_000);
    const beforeTheEnd = receiver.received('/taken-over').filter((r) => r.at < until.getTime());
    expect(beforeTheEnd).toHaveLength(0);
    await eventually(async () => (await requestedCount(webhook.id)) === 0, 30_000, 'both delivered once the lease ended');
    expect(await stack.em().count(WebhookDelivery, { webhookId: webhook.id, status: 'success' })).toBe(2);
    expect(await stack.em().count(WebhookDelivery, { id: first, status: 'success' })).toBe(1);
    const [lane] = await stack.em().execute<{ owner: string }[]>(`select owner from webhook_lanes where webhook_id = ?`, [webhook.id]);
    expect(lane.owner).toBe(stack.lanes.owner);
  });

  it('sends a delivery whose event is older than the backlog its lane is working through (requests commit out of id order)', async () => {
    const { company, webhook } = await setup('/late-commit');
    receiver.on('/late-commit', () => ({ status: 200, delayMs: 20 }));
    // Recorded first, requested last: its event id sorts before every other delivery of the lane's backlog.
    const early = await recordEventFor(company);
    const backlog = 3 * stack.lanes.options.batchSize;
    await Promise.all(Array.from({ length: backlog }, () => createCustomer(company)));
    await eventually(() => receiver.received('/late-commit').length > 0, 30_000);
    const late = await requestedDelivery(company, webhook.id, { url: receiver.url('/late-commit') }, early);
    await eventually(() => receiver.received('/late-commit').length >= backlog + 1, 60_000);
    expect(receiver.received('/late-commit').filter((r) => JSON.parse(r.body).id === early)).toHaveLength(1);
    await eventually(async () => (await stack.em().findOneOrFail(WebhookDelivery, { id: late })).status === 'success');
    await eventually(async () => (await requestedCount(webhook.id)) === 0, 30_000, 'every outcome recorded');
  });

  it('sends a delivery whose event was recorded long before its dispatch (as the outbox sweep dispatches), older than the claims look back', async () => {
    const { company, webhook } = await setup('/dispatched-late');
    receiver.on('/dispatched-late', () => ({ status: 200, delayMs: 20 }));
    const backlog = 2 * stack.lanes.options.batchSize;
    await Promise.all(Array.from({ length: backlog }, () => createCustomer(company)));
    // The lane is claiming (it claimed from the start a moment ago): its next claims look back CLAIM_LOOKBACK_MS only.
    await eventually(() => receiver.received('/dispatched-late').length > 0, 30_000);
    const old = await recordEventFor(company, `evt_${ulid(Date.now() - 10 * 60_000).toLowerCase()}`);
    const late = await requestedDelivery(company, webhook.id, { url: receiver.url('/dispatched-late') }, old);
    await eventually(async () => (await stack.em().findOneOrFail(WebhookDelivery, { id: late })).status === 'success', 60_000);
    expect(receiver.received('/dispatched-late').filter((r) => JSON.parse(r.body).id === old)).toHaveLength(1);
    await eventually(async () => (await requestedCount(webhook.id)) === 0, 30_000, 'every outcome recorded');
    expect(receiver.received('/dispatched-late')).toHaveLength(backlog + 1);
  });

  it('hands a failed delivery to its retry workflow when the lane died between recording it and starting the workflow', async () => {
    const { company, webhook } = await setup('/handoff');
    const id = await requestedDelivery(company, webhook.id, { status: 'retrying', attemptCount: 1, returnStatus: 500, errorMessage: 'HTTP 500', lastAttemptAt: new Date() });
    expect(await workflowResult(id)).toEqual({ status: 'success', attemptCount: 2 });
    // The recorded attempt is not made again by the lane: the workflow's is the only one sent.
    expect(receiver.received('/handoff')).toHaveLength(1);
    expect(await requestedCount(webhook.id)).toBe(0);
  });
});

describe('POST /webhooks/deliveries/:id/retry', () => {
  it('re-sends a finished delivery on the same delivery (attemptCount +1), idempotently per key', async () => {
    const { company, webhook } = await setup('/resend');
    await createCustomer(company);
    const [delivery] = await eventually(async () => (await deliveriesOf(company, webhook.id))[0]?.status === 'success' && deliveriesOf(company, webhook.id));
    expect(await hasWorkflow(delivery.id)).toBe(false);

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

  it('sends a failed (exhausted) delivery once more, through a new run of its retry workflow', async () => {
    const { company, webhook } = await setup('/resend-failed');
    // As the 8th failed attempt leaves it (that schedule is the 'gives up after 8 attempts' test): finished, no workflow running.
    const eventId = newId('evt');
    const payload = { id: eventId, event: 'customer.created', companyId: company.company.id, createdAt: new Date().toISOString(), data: { id: 'cust_resend' } };
    const em = stack.em();
    em.create(Event, { id: eventId, companyId: company.company.id, type: 'customer.created', entityType: 'customer', entityId: 'cust_resend', payload, dispatchedAt: new Date() });
    const id = newId('whd');
    em.create(WebhookDelivery, { id, companyId: company.company.id, webhookId: webhook.id, eventId, eventType: 'customer.created', entityType: 'customer', entityId: 'cust_resend', url: webhook.url, payload, status: 'failed', attemptCount: 8, returnStatus: 500, errorMessage: 'HTTP 500', lastAttemptAt: new Date() });
    await em.flush();

    expect((await stack.http.post(`/webhooks/deliveries/${id}/retry`).set(company.headers)).status).toBe(200);
    expect(await workflowResult(id)).toEqual({ status: 'success', attemptCount: 9 });
    expect(await deliveryDetail(company, id)).toMatchObject({ status: 'success', attemptCount: 9, returnStatus: 200, errorMessage: null });
    expect(receiver.received('/resend-failed')).toHaveLength(1);
  });

  it('attempts a delivery that is waiting for its next retry now, instead of at the timer', async () => {
    receiver.on('/waiting', (_req, nth) => (nth === 1 ? { status: 503 } : { status: 200 }));
    const { company, webhook } = await setup('/waiting');
    await createCustomer(company);
    const [delivery] = await eventually(async () => (await deliveriesOf(company, webhook.id))[0]?.status === 'retrying' && deliveriesOf(company, webhook.id));
    await eventually(() => hasWorkflow(delivery.id));
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
    await eventually(() => hasWorkflow(delivery.id));
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
    await eventually(() => hasWorkflow(delivery.id));
    await stack.env.client.workflow.getHandle(delivery.id).terminate('test over');
    expect(receiver.received(path)).toHaveLength(1);
    expect(trap.connections).toBe(0);
  });
});
