import { startChaosStack, type ChaosStack, type SeededChaosCompany } from '../chaos/chaos-stack';
import { PNG, fullAddress } from '../recipients/fixtures';
import { kycApprovedSignal, recipientOnboardingWorkflowId } from '../../workflows/recipients/recipient-onboarding.contract';
import { approveSignal } from '../../workflows/withdrawals/withdrawal.contract';
import { cardForms, findLeaks, Markers } from './canary';
import { allStrings } from '../helpers/strings';

/**
 * The canary: a whole merchant journey against the API and the worker as real processes,
 * tracing to the console (`OTEL_TRACES_EXPORTER=console`, every span printed on stdout) and
 * logging at debug, every secret and personal datum a unique marker; then not one marker may
 * be in anything those processes (or the Temporal server) printed: log lines, exported spans,
 * the SDK's own lines. The journey: an API key; a webhook with its signing secret; a customer
 * (document, e-mail, phone, address); a seller recipient with a bank account whose KYC files go
 * through its link; a card tokenized and paid; a Pix and a boleto paid by that customer, a Pix
 * paid through hosted checkout by a payer typing their data in its form; the
 * boleto refunded to the bank account given through its bank-details link; a withdrawal to the
 * owner's bank account. And two failing database statements with markers in them: a request
 * the database refuses (a constraint the test adds, which the API does not check: the error
 * carries the statement and the failing row), and an activity that fails on one (a webhook
 * delivery whose id has a NUL, which PostgreSQL refuses). Temporal's histories of every
 * workflow the journey ran, and the failure it kept for that activity, are searched too.
 */
const markers = new Markers();
const output: string[] = [];
let stack: ChaosStack;
let company: SeededChaosCompany;

const PAN = '4111111111111111';
const CVV = '739';

beforeAll(async () => {
  stack = await startChaosStack({
    env: { OTEL_TRACES_EXPORTER: 'console', OTEL_BSP_SCHEDULE_DELAY: '200', LOG_LEVEL: 'debug' },
    log: (line) => output.push(line),
  });
  company = await stack.seedCompany('Canary');
  markers.add('API key', company.apiKey);
}, 300_000);

afterAll(() => stack?.stop());

const api = () => stack.http;
const authed = <T extends { set(h: Record<string, string>): T }>(req: T): T => req.set(company.headers);

async function until<T>(what: string, fn: () => Promise<T | undefined | false | null>): Promise<T> {
  return stack.waitFor(what, fn, 60_000, 200);
}

it('lets no secret and no personal datum out of the API, the worker or the Temporal server', async () => {
  // A webhook, its signing secret chosen by the merchant.
  const secret = markers.add('webhook secret', `canary-secret-${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`);
  const webhook = await authed(api().post('/webhooks')).send({ name: 'Canary', url: `${stack.receiver.url}/hook`, secret });
  expect(webhook.status).toBe(201);

  // A customer: the buyer of the Pix and the boleto, and the refund's account holder.
  const buyerDocument = markers.cpf('customer document');
  const customer = await authed(api().post('/customers')).send({
    name: markers.text('customer name', 'Maria Canary'),
    email: markers.email('customer e-mail'),
    type: 'individual',
    document: buyerDocument,
    documentType: 'cpf',
    phone: markers.phone('customer phone'),
    address: { street: markers.text('customer address', 'Rua Canary'), number: '100', complement: null, neighborhood: 'Centro', city: 'São Paulo', state: 'SP', zipCode: '01001000', country: 'BR' },
  });
  expect(customer.status).toBe(201);

  // A failing statement: a constraint the database holds and the API does not check (added for
  // the test) refuses the insert; its error has the statement's values and the failing row.
  await stack.sql(`alter table "customers" add constraint "canary_refuses" check ("name" <> 'Canary Refused')`);
  const refused = await authed(api().post('/customers')).send({
    name: 'Canary Refused',
    email: markers.email('failed customer e-mail'),
    type: 'individual',
    document: markers.cpf('failed customer document'),
    documentType: 'cpf',
    phone: markers.phone('failed customer phone'),
  });
  await stack.sql(`alter table "customers" drop constraint "canary_refuses"`);
  expect(refused.status).toBe(500);

  // A seller recipient with a bank account, its KYC files sent through its link.
  const sellerDocument = markers.cpf('recipient document');
  const seller = await authed(api().post('/recipients')).send({
    name: markers.text('recipient name', 'Joana Canary'),
    email: markers.email('recipient e-mail'),
    document: sellerDocument,
    type: 'individual',
    phone: markers.phone('recipient phone'),
    role: 'seller',
    address: { ...fullAddress, address: markers.text('recipient address', 'Rua Recebedora') },
    bankAccount: {
      bankHolderName: markers.text('recipient bank holder', 'Joana Canary'),
      bankHolderDocument: sellerDocument,
      bankCode: '341',
      bankAgency: '0001',
      bankAccount: markers.digits('recipient bank account', 11),
      bankAccountDigit: '7',
    },
  });
  expect(seller.status).toBe(201);
  const link = await authed(api().post(`/recipients/${seller.body.id}/kyc-link`)).send();
  expect(link.status).toBe(201);
  const kycToken = markers.add('KYC link token', new URL(link.body.kycUrl).pathname.split('/').pop()!);
  expect((await api().get(`/kyc/${kycToken}`)).status).toBe(200);
  const put = (kind: string, file: Buffer) => api().put(`/kyc/${kycToken}/files/${kind}`).set('Content-Type', 'image/png').send(file);
  expect((await put('identificationDocument', markers.file('KYC identification document', PNG))).status).toBe(200);
  expect((await put('selfie', markers.file('KYC selfie', PNG))).status).toBe(200);
  expect((await api().post(`/kyc/${kycToken}/submit`).send({ confirm: true })).status).toBe(200);
  await stack.temporal.workflow.getHandle(recipientOnboardingWorkflowId({ recipientId: seller.body.id, companyId: company.companyId })).signal(kycApprovedSignal, { operator: 'canary-operator' });
  await until('the seller to become active', async () => (await authed(api().get(`/recipients/${seller.body.id}`))).body.status === 'active');

  // A card, tokenized as the browser SDK does, and paid.
  const card = cardForms(PAN, CVV);
  const token = await api()
    .post('/v1/tokens/cards')
    .send({ companyId: company.companyId, card: { number: PAN, holder: markers.name('card holder', 'MARIA'), document: markers.cpf('card holder document'), cvv: CVV, expiration: '12/2031' } });
  expect({ status: token.status, body: token.body }).toMatchObject({ status: 201 });
  const cardSale = await authed(api().post('/v1/transactions')).send({
    referenceCode: `canary-card-${Date.now()}`,
    items: [{ description: 'Camiseta', quantity: 1, amount: 5990 }],
    payments: [{ paymentMethod: 'credit_card', amount: 5990, creditCard: { token: token.body.tokenId, installments: 1 } }],
  });
  expect(cardSale.status).toBe(201);

  // A Pix and a boleto, the customer's, paid through the sandbox.
  const paid = async (paymentMethod: 'pix' | 'boleto', amount: number) => {
    const sale = await authed(api().post('/v1/transactions')).send({
      referenceCode: `canary-${paymentMethod}-${Date.now()}`,
      customerId: customer.body.id,
      items: [{ description: 'Boné', quantity: 1, amount }],
      payments: [{ paymentMethod, amount }],
    });
    expect(sale.status).toBe(201);
    const payId = sale.body.payments[0].id as string;
    expect((await authed(api().post(`/sandbox/payments/${payId}/pay`)).send()).status).toBe(202);
    await until(`the ${paymentMethod} to be paid`, async () => (await authed(api().get(`/v1/transactions/${sale.body.id}`))).body.status === 'paid');
    return { txnId: sale.body.id as string, payId };
  };
  await paid('pix', 20_000);
  const boleto = await paid('boleto', 12_990);

  // A hosted-checkout Pix: the payer's data typed in the buyer's form.
  const charge = await authed(api().post('/checkout/charges')).send({ items: [{ name: 'Curso', quantity: 1, unitAmount: 4_500 }], paymentMethods: { pix: { enabled: true } } });
  expect(charge.status).toBe(201);
  const confirmed = await api()
    .post(`/checkout/public/sessions/${charge.body.id}/confirm`)
    .set('Idempotency-Key', `canary-${Date.now()}`)
    .send({
      customer: { name: markers.text('checkout payer name', 'Paula Canary'), email: markers.email('checkout payer e-mail'), document: markers.cpf('checkout payer document'), phone: markers.phone('checkout payer phone') },
      payments: [{ method: 'pix' }],
    });
  expect({ status: confirmed.status, body: confirmed.body }).toMatchObject({ status: 200 });
  expect((await authed(api().post(`/sandbox/payments/${confirmed.body.payments[0].id}/pay`)).send()).status).toBe(202);

  // The boleto refunded to the account the buyer gives through the bank-details link.
  const refund = await authed(api().post(`/v1/transactions/${boleto.txnId}/payments/${boleto.payId}/refund`)).send({ reason: 'Produto não entregue' });
  expect(refund.status).toBe(201);
  const awaiting = await until('the refund to await bank details', async () => {
    const r = (await authed(api().get(`/v1/refunds/${refund.body.id}`))).body;
    return r.status === 'awaiting_bank_details' && r.bankDetailsUrl ? r : undefined;
  });
  const bankToken = markers.add('refund bank-details link token', new URL(awaiting.bankDetailsUrl).pathname.split('/').pop()!);
  expect((await api().get(`/refunds/bank-details/${bankToken}`)).status).toBe(200);
  const details = await api()
    .post(`/refunds/bank-details/${bankToken}`)
    .send({ bankCode: '341', agency: '0001', account: `${markers.digits('refund bank account', 10)}-1`, accountType: 'checking', holderName: markers.text('refund holder name', 'Maria Canary'), holderDocument: buyerDocument });
  expect(details.status).toBe(200);
  await until('the refund to be refunded', async () => (await authed(api().get(`/v1/refunds/${refund.body.id}`))).body.status === 'refunded');

  // A withdrawal to the owner's bank account.
  const owner = (await authed(api().get('/recipients/owner'))).body;
  markers.add('owner document', owner.document);
  const ownerAccount = await authed(api().put(`/recipients/${owner.id}`)).send({
    bankAccount: { bankHolderName: markers.text('owner bank holder', 'Canary Ltda'), bankHolderDocument: owner.document, bankCode: '001', bankAgency: '1234', bankAccount: markers.digits('owner bank account', 11) },
  });
  expect(ownerAccount.status).toBe(200);
  const withdrawal = await authed(api().post('/withdrawals')).send({ recipientId: owner.id, amount: 5_000 });
  expect(withdrawal.status).toBe(201);
  await stack.temporal.workflow.getHandle(withdrawal.body.id).signal(approveSignal, { operator: 'canary-operator' });
  await until('the withdrawal to be paid', async () => (await authed(api().get(`/withdrawals/${withdrawal.body.id}`))).body.status === 'paid');

  // An activity failing on a database error with a marker in its statement.
  const deliveryId = markers.add('failed activity value', `whd_canary${Date.now().toString(36)}`);
  const failing = await stack.temporal.workflow.start('webhookDeliveryWorkflow', {
    taskQueue: 'lastro',
    workflowId: `canary-failing-activity-${Date.now()}`,
    args: [{ deliveryId: `${deliveryId}\u0000`, webhookId: webhook.body.id, attemptsBefore: 0, firstDelayMs: null }],
  });
  const activityFailure = await until('the activity to fail', async () => (await failing.describe()).raw.pendingActivities?.[0]?.lastFailure);
  await failing.terminate();

  // What Temporal keeps: every workflow's history (inputs, results, signals, failures), payloads decoded.
  const histories: string[] = [];
  for await (const wf of stack.temporal.workflow.list()) {
    histories.push(allStrings(await stack.temporal.workflow.getHandle(wf.workflowId, wf.runId).fetchHistory()).join('\n'));
  }
  expect(histories.length).toBeGreaterThan(5);

  // Everything is printed once the processes stop: the last spans are flushed on the way out.
  await stack.stop();
  const printed = output.join('\n');
  // The run was traced and the failures happened: the search below is not over an empty page.
  expect(printed).toContain("'db.statement'");
  expect(printed).toContain("'url.path'");
  expect(printed).toContain('"msg":"unhandled error"');
  expect(printed).toContain('Activity failed');

  const sources = Object.fromEntries(['api', 'worker', 'temporal'].map((name) => [name, output.filter((l) => l.startsWith(`[${name}] `)).join('\n')]));
  const leaks = [
    ...findLeaks([...markers.all, card.pan], { ...sources, 'temporal activity failure': JSON.stringify(activityFailure) }),
    // The failing activity's value is its workflow's input, there by construction.
    ...findLeaks([...markers.all.filter((m) => m.kind !== 'failed activity value'), card.pan], { 'temporal histories': histories.join('\n') }),
  ];
  for (const [where, text] of Object.entries(sources)) {
    const cvv = card.cvvPattern.exec(text);
    if (cvv) leaks.push({ kind: 'card CVV', form: cvv[0], where, line: cvv[0] });
  }
  expect(leaks).toEqual([]);
});
