import type { SeededCompany, TestStack } from '../helpers/stack';
import { cardBody, cardToken, eventually, newReference } from '../payments/fixtures';
import { newCpf } from '../recipients/fixtures';

/** A paid card transaction (the sandbox approves 4111… at once); returns its ids. */
export async function paidCard(stack: TestStack, company: SeededCompany, amount: number, extra: Record<string, unknown> = {}): Promise<{ txnId: string; payId: string }> {
  const res = await stack.http.post('/v1/transactions').set(company.headers).send(cardBody(await cardToken(stack, company), amount, 1, extra));
  expect(res.status).toBe(201);
  const txnId = res.body.id as string;
  await eventually(async () => (await stack.http.get(`/v1/transactions/${txnId}`).set(company.headers)).body.status === 'paid');
  // The sale posting commits with the paid status; the refund shares are read from it.
  return { txnId, payId: res.body.payments[0].id };
}

/** A customer whose document the boleto refund's account holder must match. */
export async function newCustomer(stack: TestStack, company: SeededCompany): Promise<{ id: string; document: string }> {
  const document = newCpf();
  const res = await stack.http
    .post('/customers')
    .set(company.headers)
    .send({ name: 'Maria Compradora', email: `buyer${Date.now().toString(36)}@example.com`, type: 'individual', document, documentType: 'cpf', phone: '+5511999990000' });
  expect(res.status).toBe(201);
  return { id: res.body.id, document };
}

/** A Pix or boleto transaction paid through the sandbox helper. */
export async function paidPixOrBoleto(stack: TestStack, company: SeededCompany, method: 'pix' | 'boleto', amount: number, extra: Record<string, unknown> = {}): Promise<{ txnId: string; payId: string }> {
  // A boleto names its payer: the customer when there is one, else a payer of its own.
  const boleto = extra.customerId ? {} : { boleto: { payer: { name: 'Maria Silva', document: '529.982.247-25' } } };
  const payment = method === 'pix' ? { paymentMethod: 'pix', amount, pix: { expiresIn: 600 } } : { paymentMethod: 'boleto', amount, ...boleto };
  const res = await stack.http
    .post('/v1/transactions')
    .set(company.headers)
    .send({ referenceCode: newReference(), items: [{ description: 'Camiseta', quantity: 1, amount }], payments: [payment], ...extra });
  expect(res.status).toBe(201);
  const txnId = res.body.id as string;
  const payId = res.body.payments[0].id as string;
  expect((await stack.http.post(`/sandbox/payments/${payId}/pay`).set(company.headers).send()).status).toBe(202);
  await eventually(async () => (await stack.http.get(`/v1/transactions/${txnId}`).set(company.headers)).body.status === 'paid');
  return { txnId, payId };
}

export const refundOf = (stack: TestStack, company: SeededCompany, id: string) => stack.http.get(`/v1/refunds/${id}`).set(company.headers);

/** Waits until the refund reaches `status` (the workflow moves it after the request answered). */
export async function refundReaches(stack: TestStack, company: SeededCompany, id: string, status: string) {
  return eventually(async () => {
    const res = await refundOf(stack, company, id);
    return res.body.status === status ? res.body : null;
  });
}

export async function setAutoApprove(stack: TestStack, company: SeededCompany, on: boolean): Promise<void> {
  const res = await stack.http.put('/v1/settings/refunds').set(company.headers).send({ autoApprove: on });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ autoApprove: on });
}

export const eventTypesOf = async (stack: TestStack, entityId: string): Promise<string[]> =>
  (await stack.em().execute<{ type: string }[]>(`select type from events where entity_id = ? order by created_at, id`, [entityId])).map((e) => e.type);
