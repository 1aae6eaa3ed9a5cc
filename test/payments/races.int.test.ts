import { useTestStack } from '../helpers/stack';
import { acquirerSalesOf } from './acquirer';
import { cardBody, cardToken, expectLedgerConsistent } from './fixtures';

const t = useTestStack({ companies: ['Acme'], owners: ['Acme'] });

const count = async (sql: string, params: unknown[]) => Number((await t.stack.em().execute<{ n: string }[]>(sql, params))[0].n);

it('20 identical creations with one Idempotency-Key at once: one transaction; the others replay its answer or are told it is in progress', async () => {
  const body = cardBody(await cardToken(t.stack, t.company.Acme), 4_200);
  const answers = await Promise.all(Array.from({ length: 20 }, () => t.stack.http.post('/transactions').set(t.company.Acme.headers).set('Idempotency-Key', 'race-1').send(body)));

  const created = answers.filter((a) => a.status === 201);
  const originals = created.filter((a) => a.headers['idempotent-replayed'] !== 'true');
  expect(originals).toHaveLength(1);
  for (const a of created) expect(a.body).toEqual(originals[0].body);
  for (const a of answers.filter((x) => x.status !== 201)) {
    expect(a.status).toBe(409);
    expect(a.body.error.code).toBe('idempotency_in_progress');
    expect(a.headers['retry-after']).toBe('1');
  }
  expect(originals[0].body.status).toBe('paid');
  expect(await count(`select count(*) as n from transactions where reference_code = ?`, [body.referenceCode])).toBe(1);
  expect(await acquirerSalesOf(t.stack.config, originals[0].body.payments[0].id)).toHaveLength(1);
  // After the first finished, every retry is a replay of the same answer.
  const late = await t.stack.http.post('/transactions').set(t.company.Acme.headers).set('Idempotency-Key', 'race-1').send(body);
  expect(late.headers['idempotent-replayed']).toBe('true');
  expect(late.body).toEqual(originals[0].body);
});

it('one card token used by 10 transactions at once: exactly one wins, one charge, one sale posting', async () => {
  const token = await cardToken(t.stack, t.company.Acme);
  const bodies = Array.from({ length: 10 }, () => cardBody(token, 1_500));
  const answers = await Promise.all(bodies.map((b) => t.stack.http.post('/transactions').set(t.company.Acme.headers).send(b)));

  const winners = answers.filter((a) => a.status === 201);
  expect(winners).toHaveLength(1);
  expect(winners[0].body.status).toBe('paid');
  for (const a of answers.filter((x) => x.status !== 201)) {
    expect(a.status).toBe(400);
    expect(a.body.error.code).toBe('card_token_invalid');
  }
  const refs = bodies.map((b) => b.referenceCode);
  expect(await count(`select count(*) as n from transactions where reference_code in (${refs.map(() => '?').join(', ')})`, refs)).toBe(1);
  const paymentId = winners[0].body.payments[0].id;
  expect(await acquirerSalesOf(t.stack.config, paymentId)).toHaveLength(1);
  expect(await count(`select count(*) as n from ledger_postings where key = ?`, [`sale:${paymentId}`])).toBe(1);
  await expectLedgerConsistent(t.stack);
});
