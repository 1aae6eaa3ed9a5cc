import { useTestStack } from '../helpers/stack';

/**
 * Writes lock the row they change (SELECT … FOR UPDATE) and concurrent writers wait their turn.
 * The services once asked MikroORM for lock mode 4, which is PESSIMISTIC_PARTIAL_WRITE
 * (FOR UPDATE SKIP LOCKED): a row another request held looked missing, and the API answered 404
 * for a resource that exists.
 */
const t = useTestStack({ companies: ['Acme'] });

it('10 concurrent updates of one customer all succeed, and the row ends with one of them', async () => {
  const created = await t.stack.http.post('/customers').set(t.company.Acme.headers).send({ name: 'Maria Silva', email: 'maria@example.com', type: 'individual', document: '52998224725', phone: '+5511999990000' });
  expect(created.status).toBe(201);
  const names = Array.from({ length: 10 }, (_, i) => `Maria ${i}`);
  const answers = await Promise.all(names.map((name) => t.stack.http.put(`/customers/${created.body.id}`).set(t.company.Acme.headers).send({ name })));
  expect(answers.map((a) => a.status)).toEqual(names.map(() => 200));
  const after = await t.stack.http.get(`/customers/${created.body.id}`).set(t.company.Acme.headers);
  expect(names).toContain(after.body.name);
});

it('10 concurrent renames of one plan all succeed', async () => {
  const plan = await t.stack.http.post('/plans').set(t.company.Acme.headers).send({ code: 'locks', name: 'Locks' });
  expect(plan.status).toBe(201);
  const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => t.stack.http.patch(`/plans/${plan.body.id}`).set(t.company.Acme.headers).send({ name: `Locks ${i}` })));
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
});
