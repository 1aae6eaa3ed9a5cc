import type { UsedTestStack } from '../helpers/stack';

/**
 * What most subscription tests start from, made through the API for one company: a customer
 * with the fields a mandate's payer needs (CPF, e-mail, phone) and a published plan billing
 * R$ 49.90 a month.
 */
export async function customerAndMonthlyPlan<C extends string>(t: UsedTestStack<C>, company: C, code = 'club'): Promise<{ customerId: string; planId: string }> {
  const post = (path: string, body: object = {}) => t.stack.http.post(path).set(t.company[company].headers).send(body);
  const customer = await post('/customers', { name: 'Ana Souza', email: 'ana@example.com', type: 'individual', document: '529.982.247-25', phone: '+5511999990000' });
  expect(customer.status).toBe(201);
  const planId = (await post('/plans', { code, name: code[0].toUpperCase() + code.slice(1) })).body.id as string;
  await post(`/plans/${planId}/charges`, { item: { key: 'base', name: 'Base' }, price: { money: { amount: 4990, currency: 'BRL' }, recurrence: { interval: 1, unit: 'month' } } });
  expect((await post(`/plans/${planId}/publish`)).status).toBe(200);
  return { customerId: customer.body.id as string, planId };
}
