import { startTestStack, type SeededCompany, type TestStack } from '../helpers/stack';

/**
 * Writes lock the row they change (SELECT … FOR UPDATE) and concurrent writers wait their turn.
 * The services once asked MikroORM for lock mode 4, which is PESSIMISTIC_PARTIAL_WRITE
 * (FOR UPDATE SKIP LOCKED): a row another request held looked missing, and the API answered 404
 * for a resource that exists.
 */
let stack: TestStack;
let acme: SeededCompany;
beforeAll(async () => {
  stack = await startTestStack();
  acme = await stack.seedCompany('Acme');
});
afterAll(() => stack?.close());

it('10 concurrent updates of one customer all succeed, and the row ends with one of them', async () => {
  const created = await stack.http.post('/customers').set(acme.headers).send({ name: 'Maria Silva', email: 'maria@example.com', type: 'individual', document: '52998224725', phone: '+5511999990000' });
  expect(created.status).toBe(201);
  const names = Array.from({ length: 10 }, (_, i) => `Maria ${i}`);
  const answers = await Promise.all(names.map((name) => stack.http.put(`/customers/${created.body.id}`).set(acme.headers).send({ name })));
  expect(answers.map((a) => a.status)).toEqual(names.map(() => 200));
  const after = await stack.http.get(`/customers/${created.body.id}`).set(acme.headers);
  expect(names).toContain(after.body.name);
});

it('10 concurrent renames of one plan all succeed', async () => {
  const plan = await stack.http.post('/plans').set(acme.headers).send({ code: 'locks', name: 'Locks' });
  expect(plan.status).toBe(201);
  const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => stack.http.patch(`/plans/${plan.body.id}`).set(acme.headers).send({ name: `Locks ${i}` })));
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
});
