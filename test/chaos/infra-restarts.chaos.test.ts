import { startChaosStack, type ChaosStack, type SeededChaosCompany } from './chaos-stack';
import { activeRecipient, chaosReference, subscribeToEverything } from './fixtures';
import { expectInvariantsWithin } from './invariants';

/**
 * The two servers Lastro depends on go away and come back while merchants keep calling:
 * the Temporal dev server restarts while Pix payments wait for the buyer, and PostgreSQL
 * restarts during a burst of transaction creations. The merchant's client does what the API
 * conventions ask of it (docs/api-conventions.md): on a 5xx, a dropped connection or 409
 * `idempotency_in_progress`, send the same request again with the same Idempotency-Key.
 * Afterwards every request that got a 2xx is there exactly once, every Pix is paid once,
 * and the invariants hold (ledger, money moved once, events delivered, workflows at rest).
 */
const RECOVERY_MS = 180_000;
/** Long enough that no Pix of this file expires while a server is down. */
const PIX_LIFE_S = 3_600;

let stack: ChaosStack;
let acme: SeededChaosCompany;

beforeAll(async () => {
  stack = await startChaosStack();
  acme = await stack.seedCompany('Acme Infra Chaos');
  await subscribeToEverything(stack, acme);
  await activeRecipient(stack, acme, 'owner');
}, 300_000);

afterAll(async () => {
  await stack?.stop();
}, 120_000);

interface Answer {
  status: number;
  body: { id: string; status: string; referenceCode: string; amount: number; payments: Array<{ id: string; status: string }> };
  /** How many sends it took (1 = no retry). */
  sends: number;
}

/** The merchant's retrying client: same body, same key, until a 2xx (any other 4xx fails the test). */
async function sendUntilAccepted(method: 'post', path: string, body: object | undefined, idempotencyKey: string | null, boundMs = RECOVERY_MS): Promise<Answer> {
  const deadline = Date.now() + boundMs;
  for (let sends = 1; ; sends++) {
    let status = 0;
    let answer: Answer['body'] | undefined;
    try {
      const req = stack.http[method](path).set(acme.headers).timeout({ response: 60_000, deadline: 90_000 });
      if (idempotencyKey) req.set('Idempotency-Key', idempotencyKey);
      const res = await req.send(body);
      status = res.status;
      answer = res.body;
    } catch {
      // Connection refused or reset, or no answer in time: unknown outcome, so send it again.
    }
    if (status >= 200 && status < 300) return { status, body: answer!, sends };
    const retryable = status === 0 || status >= 500 || (status === 409 && (answer as unknown as { error?: { code?: string } })?.error?.code === 'idempotency_in_progress');
    if (!retryable) throw new Error(`${method.toUpperCase()} ${path} answered ${status}: ${JSON.stringify(answer)}`);
    if (Date.now() > deadline) throw new Error(`${method.toUpperCase()} ${path} not accepted within ${boundMs} ms (last status ${status})`);
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

function pixBody(amount: number, referenceCode: string) {
  return { referenceCode, items: [{ description: 'Camiseta', quantity: 1, amount }], payments: [{ paymentMethod: 'pix', amount, pix: { expiresIn: PIX_LIFE_S } }] };
}

const createPix = (amount: number, label: string): Promise<Answer> => {
  const referenceCode = chaosReference(label);
  return sendUntilAccepted('post', '/v1/transactions', pixBody(amount, referenceCode), `key-${referenceCode}`);
};

const payPix = (answer: Answer): Promise<Answer> => sendUntilAccepted('post', `/sandbox/payments/${answer.body.payments[0].id}/pay`, undefined, null);

async function transactionStatus(id: string): Promise<string | undefined> {
  const res = await stack.http.get(`/v1/transactions/${id}`).set(acme.headers);
  return res.status === 200 ? res.body.status : undefined;
}

async function expectAllPaidOnce(created: Answer[]): Promise<void> {
  for (const t of created) {
    await stack.waitFor(`transaction ${t.body.id} to be paid`, async () => (await transactionStatus(t.body.id)) === 'paid', RECOVERY_MS, 500);
  }
  // Every 2xx is one row, under the reference it was sent with, and nothing else was made.
  const refs = created.map((t) => t.body.referenceCode);
  const rows = await stack.sql<{ id: string; reference_code: string; amount: number }>(
    `select id, reference_code, amount::int as amount from transactions where company_id = $1 and reference_code = any($2)`,
    [acme.companyId, refs],
  );
  expect(rows.map((r) => r.id).sort()).toEqual(created.map((t) => t.body.id).sort());
  for (const t of created) expect(rows.find((r) => r.id === t.body.id)).toMatchObject({ reference_code: t.body.referenceCode, amount: t.body.amount });
  // Paid once: one transaction.paid event each (the ledger check in the invariants covers the money).
  const paidEvents = await stack.sql<{ entity_id: string; n: string }>(
    `select entity_id, count(*)::text as n from events where type = 'transaction.paid' and entity_id = any($1) group by 1`,
    [created.map((t) => t.body.id)],
  );
  expect(paidEvents.map((e) => [e.entity_id, e.n]).sort()).toEqual(created.map((t) => [t.body.id, '1']).sort());
}

it('Temporal dev server restarts during a Pix wait: reads keep working, creations are kept, every Pix is paid once', async () => {
  const waiting = await Promise.all([1, 2, 3].map((i) => createPix(10_000 + i, 'pix-before')));
  for (const t of waiting) expect(t.body.status).toBe('waiting_payment');
  await expectInvariantsWithin(stack, RECOVERY_MS);

  await stack.stopTemporal();
  // Reads come from PostgreSQL alone.
  const read = await stack.http.get(`/v1/transactions/${waiting[0].body.id}`).set(acme.headers);
  expect(read.status).toBe(200);
  expect(read.body.status).toBe('waiting_payment');
  // A creation is committed with Temporal down (2xx = committed); its workflow starts from the outbox later.
  const createdWhileDown = await Promise.all([1, 2].map((i) => createPix(20_000 + i, 'pix-during')));
  // The buyer pays the first Pix while Temporal is down: the notification waits (or is refused
  // with a 5xx and sent again) until Temporal is back, and counts once.
  const paying = payPix(waiting[0]);
  await new Promise((r) => setTimeout(r, 10_000));
  await stack.startTemporal();

  expect((await paying).status).toBe(202);
  for (const t of [...waiting.slice(1), ...createdWhileDown]) await payPix(t);
  await expectAllPaidOnce([...waiting, ...createdWhileDown]);
  await expectInvariantsWithin(stack, RECOVERY_MS);
}, 600_000);

it('PostgreSQL restarts during a burst of transaction creations: every 2xx is there exactly once', async () => {
  const burst = 30;
  const lanes = 5;
  const answers: Answer[] = [];
  let next = 0;
  let restartAfterAnswers: () => void = () => undefined;
  const enoughAnswered = new Promise<void>((resolve) => (restartAfterAnswers = resolve));
  const lane = async () => {
    while (next < burst) {
      const i = next++;
      answers.push(await createPix(30_000 + i, 'pix-burst'));
      if (answers.length >= 8) restartAfterAnswers();
    }
  };
  const sending = Promise.all(Array.from({ length: lanes }, lane));

  await enoughAnswered;
  await stack.stopPostgres();
  await new Promise((r) => setTimeout(r, 2_000));
  await stack.startPostgres();
  await sending;

  expect(answers).toHaveLength(burst);
  // The restart really cut requests short: some needed more than one send.
  expect(answers.some((a) => a.sends > 1)).toBe(true);
  expect(new Set(answers.map((a) => a.body.id)).size).toBe(burst);
  // The API and the worker both survived the restart (they are children the test started once).
  expect((await stack.http.get('/health')).status).toBe(200);

  for (const t of answers) await payPix(t);
  await expectAllPaidOnce(answers);
  await expectInvariantsWithin(stack, RECOVERY_MS);
}, 600_000);
