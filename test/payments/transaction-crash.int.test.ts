import type { EntityManager } from '@mikro-orm/postgresql';
import { Company } from '../../src/companies/company.entity';
import { fingerprintRequest } from '../../src/http/idempotency';
import { transactionWorkflowSubscriber } from '../../src/payments/transactions.subscriber';
import { createTransaction, prepareTransaction } from '../../src/payments/transactions.service';
import type { CreateTransactionInput } from '../../src/payments/transactions.schemas';
import { useTestStack } from '../helpers/stack';
import { cardBody, cardToken, eventually, pixBody } from './fixtures';
import { acquirerSalesOf } from './acquirer';
import { processorsOf } from '../../src/processors/processors';

const t = useTestStack({ companies: ['Acme'], owners: ['Acme'] });

const subscriber = () => transactionWorkflowSubscriber(t.stack.client, t.stack.config.temporal.taskQueue);
const createdEvent = async (transactionId: string) => {
  const [row] = await t.stack.em().execute<{ id: string }[]>(`select id from events where entity_id = ? and type = 'transaction.created'`, [transactionId]);
  return t.stack.em().findOneOrFail('Event', { id: row.id }) as never;
};
const workflowStatus = async (transactionId: string) => {
  try {
    return (await t.stack.client.workflow.getHandle(transactionId).describe()).status.name;
  } catch {
    return 'NOT_FOUND';
  }
};

/** The API's commit, then a crash: rows and events committed, no workflow, nothing dispatched. */
async function commitThenCrash(body: object, idempotencyKey: string | null = null): Promise<string> {
  const em = t.stack.em() as unknown as EntityManager;
  const company = await em.findOneOrFail(Company, { id: t.company.Acme.company.id });
  const prepared = await prepareTransaction(em, company, body as CreateTransactionInput, { rails: processorsOf(t.stack.deps).railsOf(em, company) });
  const created = await em.transactional((tem) => createTransaction(tem, company, prepared, t.stack.config.urls.publicBase, { idempotencyKey }));
  return created.transaction.id;
}

describe('the transaction.created event starts the workflow', () => {
  it('API path: the answer comes from the database; the dispatch right after it starts the workflow', async () => {
    const res = await t.stack.http.post('/transactions').set(t.company.Acme.headers).send(pixBody(1_000));
    expect(res.status).toBe(201);
    await eventually(async () => (await workflowStatus(res.body.id)) === 'RUNNING');
    // Marked by the workflow's first activity, in its read of the transaction (MARKED_BY_WORK).
    await eventually(async () => {
      const [event] = await t.stack.em().execute<{ dispatched_at: Date | null }[]>(`select dispatched_at from events where entity_id = ? and type = 'transaction.created'`, [res.body.id]);
      return event.dispatched_at !== null;
    });
  });

  it('a card decided by the API: no workflow, the event dispatched all the same; a card left pending gets its workflow from the dispatch', async () => {
    const res = await t.stack.http.post('/transactions').set(t.company.Acme.headers).send(cardBody(await cardToken(t.stack, t.company.Acme), 2_500));
    expect(res.body.status).toBe('paid');
    await eventually(async () => {
      const [event] = await t.stack.em().execute<{ dispatched_at: Date | null }[]>(`select dispatched_at from events where entity_id = ? and type = 'transaction.created'`, [res.body.id]);
      return event.dispatched_at !== null;
    });
    expect(await workflowStatus(res.body.id)).toBe('NOT_FOUND');
    expect(await subscriber().handle(t.stack.em() as unknown as EntityManager, await createdEvent(res.body.id))).toBeUndefined();

    // Committed, then the API died before deciding: the card is still pending and its dispatch starts the workflow that decides it.
    const id = await commitThenCrash(cardBody(await cardToken(t.stack, t.company.Acme), 2_600));
    const work = await subscriber().handle(t.stack.em() as unknown as EntityManager, await createdEvent(id));
    expect(work).toBeInstanceOf(Function);
    await work!();
    expect(await t.stack.client.workflow.getHandle(id).result()).toEqual({ status: 'paid', reason: null });
  });

  it('crash path: a transaction committed without its workflow gets it from the outbox dispatch', async () => {
    const id = await commitThenCrash(pixBody(1_000));
    expect(await workflowStatus(id)).toBe('NOT_FOUND');
    const work = await subscriber().handle(t.stack.em() as unknown as EntityManager, await createdEvent(id));
    expect(work).toBeInstanceOf(Function);
    // The sweeper's path: dispatching the event runs the subscriber and its after-commit start.
    expect(await t.stack.deps.dispatcher.dispatch((await createdEvent(id) as { id: string }).id)).toBe(true);
    expect(await workflowStatus(id)).toBe('RUNNING');
  });
});

describe('a payment or a cancel that arrives before the workflow started (Temporal was unreachable at creation)', () => {
  it('the buyer pays the Pix: 202, the workflow starts with the payment, the transaction is paid', async () => {
    const id = await commitThenCrash(pixBody(1_500));
    expect(await workflowStatus(id)).toBe('NOT_FOUND');
    const [payment] = await t.stack.em().execute<{ id: string }[]>(`select id from payments where transaction_id = ?`, [id]);
    const paid = await t.stack.http.post(`/sandbox/payments/${payment.id}/pay`).set(t.company.Acme.headers).send();
    expect(paid.status).toBe(202);
    await eventually(async () => (await t.stack.http.get(`/transactions/${id}`).set(t.company.Acme.headers)).body.status === 'paid');
    // The run the payment started is not the dispatch's: its first read leaves transaction.created
    // to the dispatcher, whose subscribers (the merchant's webhooks) have not run yet.
    const eventId = (await createdEvent(id) as { id: string }).id;
    const dispatchedAt = async () => (await t.stack.em().execute<{ dispatched_at: Date | null }[]>(`select dispatched_at from events where id = ?`, [eventId]))[0].dispatched_at;
    expect(await dispatchedAt()).toBeNull();
    // The sweeper's dispatch finds the run already there and marks the event itself.
    expect(await t.stack.deps.dispatcher.dispatch(eventId)).toBe(true);
    expect(await dispatchedAt()).not.toBeNull();
  });

  it('the merchant cancels: 202 and canceled; a second cancel once it finished is the 409', async () => {
    const id = await commitThenCrash(pixBody(1_600, { payments: [{ paymentMethod: 'pix', amount: 1_600, pix: { expiresIn: 86_400 } }] }));
    const cancel = await t.stack.http.post(`/transactions/${id}/cancel`).set(t.company.Acme.headers).send();
    expect(cancel.status).toBe(202);
    await eventually(async () => (await t.stack.http.get(`/transactions/${id}`).set(t.company.Acme.headers)).body.status === 'canceled');
    // The row says canceled one workflow task before the run completes.
    await eventually(async () => (await workflowStatus(id)) === 'COMPLETED');
    const again = await t.stack.http.post(`/transactions/${id}/cancel`).set(t.company.Acme.headers).send();
    expect(again.status).toBe(409);
  });
});

describe('Idempotency-Key: a retry after a crash between the commit and the stored answer', () => {
  /** The claim as a crashed request leaves it: in progress, no response, its lease run out. */
  async function crashedClaim(key: string, body: object, existing: boolean): Promise<void> {
    const fingerprint = fingerprintRequest('post', '/transactions', body);
    const params = [t.company.Acme.company.id, key, fingerprint];
    if (existing) {
      await t.stack.em().execute(`update idempotency_keys set status = 'in_progress', response_status = null, response_body = null, locked_until = now() - interval '1 second' where company_id = ? and key = ? and fingerprint = ?`, params);
    } else {
      await t.stack.em().execute(
        `insert into idempotency_keys (company_id, key, fingerprint, status, locked_until, expires_at, created_at) values (?, ?, ?, 'in_progress', now() - interval '1 second', now() + interval '7 days', now())`,
        params,
      );
    }
  }

  it('answers with the transaction the first attempt committed (not 409 reference_code_taken); another key still gets the 409', async () => {
    const body = pixBody(2_000);
    const first = await t.stack.http.post('/transactions').set(t.company.Acme.headers).set('Idempotency-Key', 'crash-1').send(body);
    expect(first.status).toBe(201);
    await crashedClaim('crash-1', body, true);

    const retry = await t.stack.http.post('/v1/transactions').set(t.company.Acme.headers).set('Idempotency-Key', 'crash-1').send(body);
    expect(retry.status).toBe(201);
    expect(retry.body).toMatchObject({ id: first.body.id, referenceCode: body.referenceCode, status: 'waiting_payment' });
    const [{ n }] = await t.stack.em().execute<{ n: string }[]>(`select count(*) as n from transactions where reference_code = ?`, [body.referenceCode]);
    expect(Number(n)).toBe(1);
    // The answer is stored now: a third attempt is a plain replay.
    const third = await t.stack.http.post('/transactions').set(t.company.Acme.headers).set('Idempotency-Key', 'crash-1').send(body);
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(third.body.id).toBe(first.body.id);

    const otherKey = await t.stack.http.post('/transactions').set(t.company.Acme.headers).set('Idempotency-Key', 'crash-2').send(body);
    expect(otherKey.status).toBe(409);
    expect(otherKey.body.error.code).toBe('reference_code_taken');
  });

  it('a card transaction whose API died before starting the workflow: the retry starts it and answers with the card outcome', async () => {
    const body = cardBody(await cardToken(t.stack, t.company.Acme), 3_000);
    const id = await commitThenCrash(body, 'crash-card');
    await crashedClaim('crash-card', body, false);
    const retry = await t.stack.http.post('/transactions').set(t.company.Acme.headers).set('Idempotency-Key', 'crash-card').send(body);
    expect(retry.status).toBe(201);
    expect(retry.body).toMatchObject({ id, status: 'paid' });
    // One sale at the acquirer, though the card was decided after a crash (the retry's decision queries before it sends).
    expect(await acquirerSalesOf(t.stack.config, retry.body.payments[0].id)).toHaveLength(1);
  });
});
