import type { Lastro, LastResponse } from '../client';

/**
 * `lastro trigger <event>`: makes an event happen in the sandbox, as `stripe trigger` does, by
 * the API calls that cause it (creating a customer, a Pix transaction, paying it through the
 * sandbox's `POST /sandbox/payments/{payId}/pay`, or cancelling it). The event then reaches the company's
 * webhooks and any `lastro listen` session. Sandbox keys only: on live data the fixtures
 * would be real customers and sales.
 */

/** One API call the trigger made, for the printed trace. */
export interface TriggerStep {
  call: string;
  id: string;
  response: LastResponse;
}

type Fixture = (lastro: Lastro, run: string) => Promise<TriggerStep[]>;

function step(call: string, result: { id: string; lastResponse: LastResponse }): TriggerStep {
  return { call, id: result.id, response: result.lastResponse };
}

async function customer(lastro: Lastro, run: string) {
  return lastro.customers.create({
    name: `Lastro trigger ${run}`,
    email: `trigger+${run}@example.com`,
    type: 'individual',
    documentType: 'passport',
    document: `LT${run}`.slice(0, 20),
    phone: '+55 11 99999-0000',
    metadata: { createdBy: 'lastro trigger' },
  });
}

async function pixTransaction(lastro: Lastro, run: string) {
  return lastro.transactions.create({
    referenceCode: `lastro-trigger-${run}`,
    items: [{ description: 'lastro trigger', quantity: 1, amount: 1000 }],
    payments: [{ paymentMethod: 'pix', amount: 1000, pix: { expiresIn: 3600 } }],
  });
}

const createCustomer: Fixture = async (lastro, run) => [step('POST /v1/customers', await customer(lastro, run))];

const updateCustomer: Fixture = async (lastro, run) => {
  const created = await customer(lastro, run);
  const updated = await lastro.customers.update(created.id, { phone: '+55 21 98888-0000' });
  return [step('POST /v1/customers', created), step(`PUT /v1/customers/${created.id}`, updated)];
};

const createPix: Fixture = async (lastro, run) => [step('POST /v1/transactions', await pixTransaction(lastro, run))];

const payPix: Fixture = async (lastro, run) => {
  const txn = await pixTransaction(lastro, run);
  const payment = txn.payments[0];
  const paid = await lastro.sandbox.payPayment(payment.id);
  return [step('POST /v1/transactions', txn), step(`POST /sandbox/payments/${payment.id}/pay`, paid)];
};

const cancelPix: Fixture = async (lastro, run) => {
  const txn = await pixTransaction(lastro, run);
  const canceled = await lastro.transactions.cancel(txn.id);
  return [step('POST /v1/transactions', txn), step(`POST /v1/transactions/${txn.id}/cancel`, canceled)];
};

/** The events `trigger` can cause, and how. */
export const TRIGGERS: Readonly<Record<string, Fixture>> = {
  'customer.created': createCustomer,
  'customer.updated': updateCustomer,
  'transaction.created': createPix,
  'transaction.waiting_payment': createPix,
  'payment.created': createPix,
  'payment.waiting_payment': createPix,
  'transaction.paid': payPix,
  'payment.paid': payPix,
  'transaction.canceled': cancelPix,
};

/** Runs the fixture of `event`; throws for a live key or an event it cannot cause. */
export async function trigger(lastro: Lastro, apiKey: string, event: string): Promise<TriggerStep[]> {
  if (!apiKey.startsWith('sk_sandbox_')) throw new Error('trigger runs in the sandbox only: use a sandbox key (sk_sandbox_…) in LASTRO_API_KEY');
  const fixture = TRIGGERS[event];
  if (!fixture) throw new Error(`Cannot trigger ${event}: one of ${Object.keys(TRIGGERS).join(', ')}`);
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`.toUpperCase();
  return fixture(lastro, run);
}
