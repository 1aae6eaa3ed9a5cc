import { ulid } from 'ulid';
import { startTestStack, type SeededCompany, type TestStack } from '../helpers/stack';
import { Event } from '../../src/events/event.entity';
import { WebhookDelivery } from '../../src/webhooks/webhook.entity';
import { newId } from '../../src/shared/ids';
import { eventually, Receiver } from './receiver';

/**
 * The delivery lanes on their own: claims of two rows, one attempt at a time, and no sweep
 * (an hour), so a row is sent only if a claim of the lane itself finds it.
 */
const BATCH = 2;

let stack: TestStack;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await new Receiver().start();
  stack = await startTestStack({ WEBHOOK_ALLOWLIST: `127.0.0.1:${receiver.port}`, WEBHOOK_CONCURRENCY_PER_ENDPOINT: '1' }, { lanes: { batchSize: BATCH, sweepMs: 3_600_000 } });
});
afterAll(async () => {
  await stack?.close();
  await receiver?.close();
});

async function createCustomer(company: SeededCompany, name: string): Promise<void> {
  const res = await stack.http.post('/customers').set(company.headers).send({ name, email: 'maria@example.com', type: 'individual', document: '529.982.247-25', phone: '+55 11 99999-0000' });
  expect(res.status).toBe(201);
}

/** An event in the outbox with no delivery yet: its id (time-ordered) sorts before every event recorded after it. */
async function recordEventFor(company: SeededCompany, id = newId('evt')): Promise<Event> {
  const em = stack.em();
  const event = em.create(Event, { id, companyId: company.company.id, type: 'customer.created', entityType: 'customer', entityId: 'cust_early', payload: { id, event: 'customer.created', companyId: company.company.id, createdAt: new Date().toISOString(), data: { id: 'cust_early' } } });
  await em.flush();
  return event;
}

const countOf = (webhookId: string, requested = false) =>
  stack
    .em()
    .getConnection()
    .execute<{ n: string }[]>(`select count(*) as n from webhook_deliveries where webhook_id = ?${requested ? ' and attempt_requested_at is not null' : ''}`, [webhookId])
    .then((r) => Number(r[0].n));

describe('a lane working through a backlog', () => {
  it('sends a row committed behind its claims (an event recorded earlier, requested later, with no notification) once the backlog ends', async () => {
    const company = await stack.seedCompany('Backlog');
    const webhook = (await stack.http.post('/webhooks').set(company.headers).send({ name: 'backlog', url: receiver.url('/backlog') })).body;
    receiver.on('/backlog', () => ({ status: 200, delayMs: 50 }));
    const early = await recordEventFor(company);
    const backlog = 15 * BATCH;
    await Promise.all(Array.from({ length: backlog }, (_, i) => createCustomer(company, `Customer ${i}`)));
    // Every backlog row is requested and the lane has claimed some: its next claims continue after rows of later events.
    await eventually(async () => (await countOf(webhook.id)) === backlog && receiver.received('/backlog').length >= BATCH, 30_000);

    // Requested as the outbox sweep or a slow request's dispatch would, behind the lane's cursor, and nobody notified.
    const em = stack.em();
    em.create(WebhookDelivery, { id: newId('whd'), companyId: company.company.id, webhookId: webhook.id, eventId: early.id, eventType: early.type, entityType: early.entityType, entityId: early.entityId, url: webhook.url, payload: early.payload, attemptRequestedAt: new Date() });
    await em.flush();

    const got = await eventually(() => receiver.received('/backlog').length === backlog + 1 && receiver.received('/backlog'), 60_000, 'every delivery sent');
    const ids = got.map((r) => JSON.parse(r.body).id as string);
    // Once: taken by the claim that looks back when the backlog ends (no sweep runs, nobody notified it).
    expect(ids.filter((id) => id === early.id)).toHaveLength(1);
    await eventually(async () => (await countOf(webhook.id, true)) === 0, 30_000, 'every outcome recorded');
  });

  it('works through a backlog of events older than the claims look back, in event order, to its end', async () => {
    const company = await stack.seedCompany('Old backlog');
    const webhook = (await stack.http.post('/webhooks').set(company.headers).send({ name: 'old backlog', url: receiver.url('/old-backlog') })).body;
    receiver.on('/old-backlog', () => ({ status: 200, delayMs: 20 }));
    // Events of ten minutes ago, dispatched now (as the outbox sweep dispatches): older than CLAIM_LOOKBACK_MS.
    const since = Date.now() - 10 * 60_000;
    const events: string[] = [];
    for (let i = 0; i < 20 * BATCH; i++) events.push((await recordEventFor(company, `evt_${ulid(since + i).toLowerCase()}`)).id);
    expect(await stack.deps.dispatcher.dispatchAll(events)).toBe(events.length);

    const got = await eventually(() => receiver.received('/old-backlog').length >= events.length && receiver.received('/old-backlog'), 60_000, 'the whole backlog sent');
    expect(got.map((r) => JSON.parse(r.body).id)).toEqual(events);
    await eventually(async () => (await countOf(webhook.id, true)) === 0, 30_000, 'every outcome recorded');
  });
});
