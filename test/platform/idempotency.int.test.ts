import type { EntityManager } from '@mikro-orm/postgresql';
import { useTestStack, type SeededCompany } from '../helpers/stack';
import { claimIdempotencyKey, fingerprintRequest } from '../../src/http/idempotency';

/**
 * decisions.md "Idempotency": (company, key) scope, fingerprint = method + route + body,
 * replay with `Idempotent-Replayed: true`, 409 `idempotency_conflict` / `idempotency_in_progress`,
 * 4xx stored, 5xx not stored, 24 h retention (7 days for transaction creation), stored in
 * PostgreSQL. Everything here goes through the real HTTP stack and the real database.
 */

let seq = 0;

/** A valid customer body whose email is unique to this call, so rows can be counted. */
function customer(overrides: Record<string, unknown> = {}) {
  seq++;
  return {
    name: `Cliente ${seq}`,
    email: `cliente${seq}@example.com`,
    type: 'individual',
    document: '529.982.247-25',
    phone: '+55 11 99999-0000',
    ...overrides,
  };
}

const post = (key: string | undefined, body: object, who: SeededCompany = t.company.Acme, path = '/customers') => {
  const req = t.stack.http.post(path).set(who.headers);
  if (key !== undefined) req.set('Idempotency-Key', key);
  return req.send(body);
};

async function countCustomers(email: string, companyId = t.company.Acme.company.id): Promise<number> {
  const [{ n }] = await t.stack.em().execute(`select count(*)::int as n from customers where email = ? and company_id = ?`, [email, companyId]);
  return n;
}

async function keyRow(key: string, companyId = t.company.Acme.company.id) {
  const rows = await t.stack.em().execute(
    `select status, response_status, fingerprint, extract(epoch from (expires_at - created_at))::float8 as retention_s
     from idempotency_keys where company_id = ? and key = ?`,
    [companyId, key],
  );
  return rows[0] as { status: string; response_status: number | null; fingerprint: string; retention_s: number } | undefined;
}

const t = useTestStack({
  // A webhook endpoint that is never called: its creation answers a generated secret.
  env: { WEBHOOK_ALLOWLIST: '127.0.0.1:9' },
  companies: ['Acme', 'Other'],
  async setup(t) {
    // Fault injection in this file's own database: while a name is listed in test_faults,
    // inserting a customer with it fails inside PostgreSQL (an unexpected error → 500).
    await t.stack.em().execute(`
      create table test_faults (name text primary key);
      create function test_fail_customer() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from test_faults where name = new.name) then
          raise exception 'injected failure';
        end if;
        return new;
      end $$;
      create trigger test_fail_customer before insert on customers for each row execute function test_fail_customer();
    `);
  },
});

describe('replay', () => {
  it('replays the first response with Idempotent-Replayed: true and creates one customer', async () => {
    const body = customer();
    const first = await post('replay-1', body);
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const second = await post('replay-1', body);
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    // A replay is still a request of its own.
    expect(second.headers['x-request-id']).toMatch(/^req_/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);

    // The same route under /v1, and the same body with its keys in another order, are the same request.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const third = await post('replay-1', reordered, t.company.Acme, '/v1/customers');
    expect(third.status).toBe(201);
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(third.body.id).toBe(first.body.id);

    expect(await countCustomers(body.email)).toBe(1);
    expect(await keyRow('replay-1')).toMatchObject({ status: 'completed', response_status: 201 });
  });

  it('stores the response sealed: a generated secret is replayed, never readable in the table', async () => {
    const webhook = { name: 'Orders', url: 'http://127.0.0.1:9/hook', events: ['transaction.paid'] };
    const first = await post('sealed-1', webhook, t.company.Acme, '/webhooks');
    expect(first.status).toBe(201);
    const secret: string = first.body.secret;
    expect(secret).toMatch(/^whsec_/);

    const [row] = await t.stack.em().execute<{ body: string }[]>(`select response_body::text as body from idempotency_keys where company_id = ? and key = ?`, [
      t.company.Acme.company.id,
      'sealed-1',
    ]);
    expect(row.body).not.toContain(secret);
    expect(row.body).not.toContain(first.body.id);

    const replay = await post('sealed-1', webhook, t.company.Acme, '/webhooks');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);

    // Sealed for its company and key: the same stored text under another key does not open.
    await t.stack.em().execute(
      `insert into idempotency_keys (company_id, key, fingerprint, status, response_status, response_body, locked_until, expires_at, created_at)
       select company_id, 'sealed-2', fingerprint, status, response_status, response_body, locked_until, expires_at, created_at
       from idempotency_keys where company_id = ? and key = 'sealed-1'`,
      [t.company.Acme.company.id],
    );
    const moved = await post('sealed-2', webhook, t.company.Acme, '/webhooks');
    expect(moved.status).toBe(500);
  });

  it('without a key, the same body creates a second customer', async () => {
    const body = customer();
    expect((await post(undefined, body)).status).toBe(201);
    expect((await post(undefined, body)).status).toBe(201);
    expect(await countCustomers(body.email)).toBe(2);
  });

  it('answers 409 idempotency_conflict when the key is reused with another body or route', async () => {
    const body = customer();
    const first = await post('conflict-1', body);
    expect(first.status).toBe(201);

    const changed = await post('conflict-1', { ...body, name: 'Someone Else' });
    expect(changed.status).toBe(409);
    expect(changed.body.error).toMatchObject({ code: 'idempotency_conflict', requestId: changed.headers['x-request-id'] });

    const otherRoute = await t.stack.http.put(`/customers/${first.body.id}`).set(t.company.Acme.headers).set('Idempotency-Key', 'conflict-1').send(body);
    expect(otherRoute.status).toBe(409);
    expect(otherRoute.body.error.code).toBe('idempotency_conflict');

    expect(await countCustomers(body.email)).toBe(1);
    expect(await t.stack.em().execute(`select count(*)::int as n from customers where name = 'Someone Else'`)).toEqual([{ n: 0 }]);
    // The stored response is untouched by the conflicting attempts.
    const again = await post('conflict-1', body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('stores a 4xx answer and replays it, even when a fresh attempt would now succeed', async () => {
    const created = await post(undefined, customer());
    const id = created.body.id as string;
    const put = (key: string | undefined, body: object) => {
      const req = t.stack.http.put(`/customers/${id}`).set(t.company.Acme.headers);
      if (key) req.set('Idempotency-Key', key);
      return req.send(body);
    };

    // A CPF does not pass as a CNPJ: the handler answers 400.
    const first = await put('stored-4xx', { documentType: 'cnpj' });
    expect(first.status).toBe(400);
    expect(first.body.error.code).toBe('validation_failed');
    expect(await keyRow('stored-4xx')).toMatchObject({ status: 'completed', response_status: 400 });

    // Meanwhile the customer gets a valid CNPJ, so the same change would now be a no-op 200...
    expect((await put(undefined, { document: '11.222.333/0001-81', documentType: 'cnpj' })).status).toBe(200);
    expect((await put(undefined, { documentType: 'cnpj' })).status).toBe(200);

    // ...but the key's answer was 400, and the retry gets exactly that answer.
    const retry = await put('stored-4xx', { documentType: 'cnpj' });
    expect(retry.status).toBe(400);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
  });

  it('stores a 404 as the answer for its key', async () => {
    const first = await t.stack.http.delete('/customers/cust_00000000000000000000000000').set(t.company.Acme.headers).set('Idempotency-Key', 'stored-404');
    expect(first.status).toBe(404);
    const again = await t.stack.http.delete('/customers/cust_00000000000000000000000000').set(t.company.Acme.headers).set('Idempotency-Key', 'stored-404');
    expect(again.status).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('does not store a request rejected before it ran (body validation), as Stripe does', async () => {
    const bad = await post('validated-first', { ...customer(), email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(await keyRow('validated-first')).toBeUndefined();
    const body = customer();
    const good = await post('validated-first', body);
    expect(good.status).toBe(201);
    expect(good.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('scope and key format', () => {
  it('scopes keys per company: two companies may use the same key', async () => {
    const body = customer();
    const a = await post('shared-key', body, t.company.Acme);
    const b = await post('shared-key', body, t.company.Other);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(a.body.companyId).toBe(t.company.Acme.company.id);
    expect(b.body.companyId).toBe(t.company.Other.company.id);
    expect(b.body.id).not.toBe(a.body.id);
    expect(await countCustomers(body.email, t.company.Acme.company.id)).toBe(1);
    expect(await countCustomers(body.email, t.company.Other.company.id)).toBe(1);
    // Each company's key now holds its own request: a different body conflicts, the same body replays.
    expect((await post('shared-key', customer(), t.company.Other)).status).toBe(409);
    expect((await post('shared-key', body, t.company.Acme)).headers['idempotent-replayed']).toBe('true');
  });

  it('accepts a 255-character key and rejects a 256-character one with 400', async () => {
    const ok = await post('k'.repeat(255), customer());
    expect(ok.status).toBe(201);

    const body = customer();
    const tooLong = await post('k'.repeat(256), body);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.code).toBe('validation_failed');
    expect(tooLong.body.error.details).toEqual([expect.objectContaining({ path: 'Idempotency-Key' })]);
    expect(await countCustomers(body.email)).toBe(0);
  });
});

describe('concurrency and crashes', () => {
  it('20 concurrent identical requests with one key create exactly one customer', async () => {
    const body = customer();
    const responses = await Promise.all(Array.from({ length: 20 }, () => post('concurrent-1', body)));

    expect(await countCustomers(body.email)).toBe(1);
    const created = responses.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] === undefined);
    const replayed = responses.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] === 'true');
    const inProgress = responses.filter((r) => r.status === 409);
    expect(created).toHaveLength(1);
    expect(created.length + replayed.length + inProgress.length).toBe(20);
    for (const r of replayed) expect(r.body).toEqual(created[0].body);
    for (const r of inProgress) {
      expect(r.body.error.code).toBe('idempotency_in_progress');
      expect(r.headers['retry-after']).toBeDefined();
    }
    // After the dust settles, everyone gets the stored answer.
    const later = await post('concurrent-1', body);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(later.body.id).toBe(created[0].body.id);
  });

  it('answers 409 idempotency_in_progress while a live claim holds the key', async () => {
    const body = customer();
    const fingerprint = fingerprintRequest('post', '/customers', body);
    await t.stack.em().execute(
      `insert into idempotency_keys (company_id, key, fingerprint, status, locked_until, expires_at, created_at)
       values (?, 'live-claim', ?, 'in_progress', now() + interval '1 minute', now() + interval '24 hours', now())`,
      [t.company.Acme.company.id, fingerprint],
    );
    const res = await post('live-claim', body);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('idempotency_in_progress');
    expect(await countCustomers(body.email)).toBe(0);
  });

  it('lets a retry take over a claim whose request crashed (lease expired)', async () => {
    const body = customer();
    const fingerprint = fingerprintRequest('post', '/customers', body);
    await t.stack.em().execute(
      `insert into idempotency_keys (company_id, key, fingerprint, status, locked_until, expires_at, created_at)
       values (?, 'crashed-claim', ?, 'in_progress', now() - interval '1 second', now() + interval '24 hours', now() - interval '3 minutes')`,
      [t.company.Acme.company.id, fingerprint],
    );
    const res = await post('crashed-claim', body);
    expect(res.status).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await countCustomers(body.email)).toBe(1);
    expect(await keyRow('crashed-claim')).toMatchObject({ status: 'completed', response_status: 201 });
    expect((await post('crashed-claim', body)).headers['idempotent-replayed']).toBe('true');
  });

  it('does not let a different request take over a crashed claim', async () => {
    const body = customer();
    await t.stack.em().execute(
      `insert into idempotency_keys (company_id, key, fingerprint, status, locked_until, expires_at, created_at)
       values (?, 'crashed-other', ?, 'in_progress', now() - interval '1 second', now() + interval '24 hours', now())`,
      [t.company.Acme.company.id, fingerprintRequest('post', '/customers', { something: 'else' })],
    );
    const res = await post('crashed-other', body);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('idempotency_conflict');
    expect(await countCustomers(body.email)).toBe(0);
  });

  it('does not store a 5xx: the key is freed and a retry runs the request again', async () => {
    const body = customer({ name: 'Falha Temporaria' });
    await t.stack.em().execute(`insert into test_faults (name) values ('Falha Temporaria')`);
    const failed = await post('after-5xx', body);
    expect(failed.status).toBe(500);
    expect(failed.body.error.code).toBe('internal');
    expect(await keyRow('after-5xx')).toBeUndefined();

    // Still failing: the retry runs again (a stored 500 would have been replayed).
    const failedAgain = await post('after-5xx', body);
    expect(failedAgain.status).toBe(500);
    expect(failedAgain.headers['idempotent-replayed']).toBeUndefined();
    expect(failedAgain.body.error.requestId).not.toBe(failed.body.error.requestId);

    await t.stack.em().execute(`delete from test_faults`);
    const ok = await post('after-5xx', body);
    expect(ok.status).toBe(201);
    expect(ok.headers['idempotent-replayed']).toBeUndefined();
    expect(await countCustomers(body.email)).toBe(1);
  });
});

describe('retention', () => {
  it('keeps a key for 24 hours on an ordinary route', async () => {
    expect((await post('retention-24h', customer())).status).toBe(201);
    const row = await keyRow('retention-24h');
    expect(row?.retention_s).toBeCloseTo(24 * 3600, -1);
  });

  it('claims with the retention a route asks for (7 days for transaction creation)', async () => {
    const em = t.stack.em() as EntityManager;
    const scope = { companyId: t.company.Acme.company.id, key: 'retention-7d', fingerprint: fingerprintRequest('post', '/transactions', { x: 1 }) };
    expect(await claimIdempotencyKey(em, scope, 7 * 24)).toEqual({ kind: 'claimed' });
    const row = await keyRow('retention-7d');
    expect(row?.retention_s).toBeCloseTo(7 * 24 * 3600, -1);
  });

  it('lets an expired key be used again, for any request', async () => {
    const first = customer();
    expect((await post('expired-1', first)).status).toBe(201);
    await t.stack.em().execute(`update idempotency_keys set expires_at = now() - interval '1 second' where company_id = ? and key = 'expired-1'`, [
      t.company.Acme.company.id,
    ]);
    const second = customer();
    const res = await post('expired-1', second);
    expect(res.status).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(res.body.email).toBe(second.email);
    expect(await countCustomers(second.email)).toBe(1);
    expect((await keyRow('expired-1'))?.retention_s).toBeCloseTo(24 * 3600, -1);
  });
});
