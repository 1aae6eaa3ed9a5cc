import { randomUUID } from 'node:crypto';
import { startChaosStack, type ChaosStack, type SeededChaosCompany } from './chaos-stack';
import { activeRecipient, chaosReference, subscribeToEverything } from './fixtures';
import { expectInvariantsWithin } from './invariants';
import { pixPspControl, type CallbackMode, type PixPspControl, type PixPspFault } from './pix-psp-control';
import { parsePixPayload } from '../../src/payments/pix.rules';
import { PIX_RECONCILIATION_SCHEDULE, PIX_RECONCILIATION_WORKFLOW, type PixReconciliationResult } from '../../workflows/payments/pix-reconciliation.contract';

/**
 * Pix through the company's PSP while the PSP misbehaves and Lastro's processes die: no payment
 * lost, none settled twice, none stranded. The PSP (the stack's embedded one, the deployment's
 * default Pix connection) answers some charge creations with 503, 429 or late; pays the charges
 * with every callback fault it has (normal, twice, late, never); and calls back an API that was
 * SIGKILLed, while the worker that settles the payments is SIGKILLed too. The reconciliation run,
 * started by hand, settles what no callback ever reported. The second test goes on from the
 * transactions the first one created.
 */
const COUNT = 40;
const RECOVERY_MS = 120_000;
/** Long enough that no Pix of this file expires while a process is down. */
const PIX_LIFE_S = 3_600;
/** Attempts the API Pix adapter makes per call (src/processors/pix/api-pix): this many faults in a row fail a creation. */
const ADAPTER_ATTEMPTS = 3;
/** Past the adapter's 10 s deadline per attempt: the PSP creates the charge, its answer is lost. */
const LOST_ANSWER_MS = 11_000;

let stack: ChaosStack;
let acme: SeededChaosCompany;
let psp: PixPspControl;
let startedAt: Date;

beforeAll(async () => {
  startedAt = new Date();
  stack = await startChaosStack();
  psp = pixPspControl(stack);
  acme = await stack.seedCompany('Acme Pix Chaos');
  await subscribeToEverything(stack, acme);
  await activeRecipient(stack, acme, 'owner');
  // The scheduled runs (every 5 minutes) would race the run by hand for the lost callbacks.
  await stack.temporal.schedule.getHandle(PIX_RECONCILIATION_SCHEDULE.scheduleId).pause('chaos: reconciled by hand');
}, 300_000);

afterAll(async () => {
  await psp?.close();
  await stack?.stop();
}, 120_000);

interface Created {
  txnId: string;
  paymentId: string;
  txid: string;
  amount: number;
  qrCode: string;
}

/** What one send of a creation got, and how many transactions its referenceCode had right after. */
interface Sent {
  referenceCode: string;
  status: number;
  code: string | undefined;
  rows: number;
}

const sent: Sent[] = [];
const created: Created[] = [];

const rowsOf = async (referenceCode: string) =>
  Number((await stack.sql<{ n: string }>(`select count(*)::text as n from transactions where company_id = $1 and reference_code = $2`, [acme.companyId, referenceCode]))[0].n);

/** The merchant's client: the same body and Idempotency-Key again after a 503, as the answer's Retry-After invites. */
async function createPix(amount: number): Promise<Created> {
  const referenceCode = chaosReference('pix-psp');
  const key = randomUUID();
  const body = { referenceCode, items: [{ description: 'Camiseta', quantity: 1, amount }], payments: [{ paymentMethod: 'pix', amount, pix: { expiresIn: PIX_LIFE_S } }] };
  for (let sends = 1; sends <= 6; sends++) {
    const res = await stack.http.post('/v1/transactions').set(acme.headers).set('Idempotency-Key', key).send(body);
    sent.push({ referenceCode, status: res.status, code: res.body?.error?.code, rows: await rowsOf(referenceCode) });
    if (res.status === 201) {
      const payment = res.body.payments[0];
      return { txnId: res.body.id, paymentId: payment.id, txid: payment.pix.txid, amount, qrCode: payment.pix.qrCode };
    }
    if (res.status !== 503) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`creating ${referenceCode} never succeeded: ${JSON.stringify(sent.filter((s) => s.referenceCode === referenceCode))}`);
}

async function inLanes<T>(items: T[], lanes: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: lanes }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

/** A Pix payment as Lastro's books hold it: its states, its reference at the PSP, and how many times each effect of a payment was written. */
type BookedPix = {
  payment: string;
  payment_status: string;
  status: string;
  gateway_reference: string | null;
  sales: number;
  payment_paid: number;
  transaction_paid: number;
  transaction_canceled: number;
};

const onCob = (f: Omit<PixPspFault, 'path'>): PixPspFault => ({ path: '^PUT /cob/', ...f });

it(`${COUNT} Pix created while the PSP answers 503, 429 and late: each is 201 with the PSP's BR Code, or 503 with nothing written and then 201 on retry`, async () => {
  // One creation per fault, each failing every attempt of the adapter: the merchant gets 503.
  const exhausting = [onCob({ status: 503, times: ADAPTER_ATTEMPTS }), onCob({ status: 429, retryAfter: 1, times: ADAPTER_ATTEMPTS }), onCob({ status: 502, times: ADAPTER_ATTEMPTS })];
  for (const fault of exhausting) {
    await psp.addFault(fault);
    created.push(await createPix(1_000 + created.length));
    const [first, retry] = sent.slice(-2);
    expect(first).toMatchObject({ status: 503, code: 'processor_unavailable', rows: 0 });
    expect(retry).toMatchObject({ status: 201, rows: 1 });
  }
  // The rest at once, the faults spread over whichever creations meet them: a few fail all their attempts, most recover inside the adapter.
  const spread = [onCob({ status: 503, times: 6 }), onCob({ status: 429, retryAfter: 1, times: 6 }), onCob({ delayMs: LOST_ANSWER_MS, times: 2 }), onCob({ delayMs: 1_500, times: 3 })];
  for (const fault of spread) await psp.addFault(fault);
  const amounts = Array.from({ length: COUNT - created.length }, (_, i) => 1_000 + exhausting.length + i);
  await inLanes(amounts, 6, async (amount) => void created.push(await createPix(amount)));

  const stats = await psp.stats();
  expect(stats).toMatchObject({ faultsPending: 0, faultsApplied: [...exhausting, ...spread].reduce((n, f) => n + f.times, 0) });
  // No 500: a PSP that fails is a 503 processor_unavailable with nothing written, or a 201 with one transaction.
  expect(sent.filter((s) => !(s.status === 503 && s.code === 'processor_unavailable' && s.rows === 0) && !(s.status === 201 && s.rows === 1))).toEqual([]);
  expect(created).toHaveLength(COUNT);
  expect(new Set(created.map((c) => c.txnId)).size).toBe(COUNT);

  // Each BR Code points at the PSP's location of an active charge for the amount.
  const pspHost = new URL(stack.pixPsp.baseUrl).host;
  for (const c of created) {
    const charge = await psp.books.getCharge('immediate', c.txid);
    expect(charge).toMatchObject({ status: 'ATIVA', amount: c.amount });
    expect(parsePixPayload(c.qrCode).locationUrl).toBe(charge!.location);
    expect(charge!.location.startsWith(`${pspHost}/`)).toBe(true);
  }
}, 240_000);

it('paid at the PSP with every callback fault, through a worker and an API SIGKILL: each paid once, the lost callbacks reconciled, the canceled removed at the PSP', async () => {
  expect(created).toHaveLength(COUNT);
  const modes: CallbackMode[] = ['normal', 'twice', 'late', 'never'];
  const canceled = created.slice(0, 3);
  // Paid at the PSP, its callback withheld, then canceled: the workflow removes the charge first and finds it paid.
  const raced = created[3];
  const paid = created.slice(4);
  const modeOf = new Map(paid.map((c, k) => [c.paymentId, modes[k % modes.length]]));
  const e2eOf = new Map<string, string>();
  const pay = async (c: Created, mode: CallbackMode) => void e2eOf.set(c.paymentId, await psp.pay(c.txid, mode));
  const payAll = (batch: Created[]) => Promise.all(batch.map((c) => pay(c, modeOf.get(c.paymentId)!)));
  const cancel = async (c: Created) => expect((await stack.http.post(`/v1/transactions/${c.txnId}/cancel`).set(acme.headers)).status).toBe(202);
  const third = paid.length / 3;

  // The worker dies with the first third's callbacks being settled; the second third is paid while it is down.
  await payAll(paid.slice(0, third));
  await stack.killWorker();
  await payAll(paid.slice(third, 2 * third));
  for (const c of canceled) await cancel(c);
  await pay(raced, 'never');
  await cancel(raced);
  await stack.startWorker();
  // The API dies: the last third's callbacks find nobody and the PSP tries them again.
  await stack.killApi();
  await payAll(paid.slice(2 * third));
  await stack.startApi();

  const statusOf = async (ids: string[]) =>
    Object.fromEntries((await stack.sql<{ id: string; status: string }>(`select id, status from transactions where id = any($1)`, [ids])).map((r) => [r.id, r.status]));
  const allAre = async (cs: Created[], status: string) => Object.values(await statusOf(cs.map((c) => c.txnId))).filter((s) => s === status).length === cs.length;
  const called = paid.filter((c) => modeOf.get(c.paymentId) !== 'never');
  const uncalled = paid.filter((c) => modeOf.get(c.paymentId) === 'never');
  await stack.waitFor('every Pix whose callback was sent, and the raced one, to be paid', () => allAre([...called, raced], 'paid'), RECOVERY_MS, 500);
  await stack.waitFor('the canceled ones to be canceled', () => allAre(canceled, 'canceled'), RECOVERY_MS, 500);
  // Every callback copy got through, those sent while the API was down on a later attempt.
  const deliveries = await stack.waitFor(
    'every callback delivered',
    async () => {
      const d = await psp.deliveries();
      return d.every((x) => x.delivered) && d;
    },
    RECOVERY_MS,
    500,
  );
  const copies: Record<CallbackMode, number> = { normal: 1, twice: 2, late: 1, never: 0 };
  expect(deliveries).toHaveLength(paid.reduce((n, c) => n + copies[modeOf.get(c.paymentId)!], 0));
  const lastThird = paid.slice(2 * third).filter((c) => ['normal', 'twice'].includes(modeOf.get(c.paymentId)!));
  expect(deliveries.filter((d) => d.attempts > 1).length).toBeGreaterThanOrEqual(lastThird.reduce((n, c) => n + copies[modeOf.get(c.paymentId)!], 0));

  // No callback came for these: they wait, paid at the PSP, until the reconciliation run lists them.
  expect(await allAre(uncalled, 'waiting_payment')).toBe(true);
  const run: PixReconciliationResult = await stack.temporal.workflow.execute(PIX_RECONCILIATION_WORKFLOW, {
    taskQueue: process.env.TEMPORAL_TASK_QUEUE ?? 'lastro',
    workflowId: `pix-reconciliation-chaos-${randomUUID()}`,
    args: [{ from: startedAt.toISOString(), to: new Date().toISOString() }],
  });
  expect(run.connections).toEqual([
    { connectionId: 'default', received: paid.length + 1, settled: uncalled.length, alreadySettled: called.length + 1, unknown: 0, rejected: 0, late: 0 },
  ]);
  await stack.waitFor('the reconciled ones to be paid', () => allAre(uncalled, 'paid'), RECOVERY_MS, 500);

  // Lastro's books: each paid Pix paid once with the PSP's end-to-end id; the canceled ones never.
  const rows = await stack.sql<BookedPix>(
    `select p.id as payment, p.status as payment_status, t.status, p.gateway_reference,
            (select count(*) from ledger_postings l where l.key = 'sale:' || p.id)::int as sales,
            (select count(*) from events e where e.type = 'payment.paid' and e.entity_id = p.id)::int as payment_paid,
            (select count(*) from events e where e.type = 'transaction.paid' and e.entity_id = t.id)::int as transaction_paid,
            (select count(*) from events e where e.type = 'transaction.canceled' and e.entity_id = t.id)::int as transaction_canceled
       from payments p join transactions t on t.id = p.transaction_id where t.id = any($1)`,
    [created.map((c) => c.txnId)],
  );
  const byPayment = (a: BookedPix, b: BookedPix) => a.payment.localeCompare(b.payment);
  const paidRow = (c: Created): BookedPix => ({ payment: c.paymentId, payment_status: 'paid', status: 'paid', gateway_reference: e2eOf.get(c.paymentId) ?? null, sales: 1, payment_paid: 1, transaction_paid: 1, transaction_canceled: 0 });
  const canceledRow = (c: Created): BookedPix => ({ payment: c.paymentId, payment_status: 'canceled', status: 'canceled', gateway_reference: null, sales: 0, payment_paid: 0, transaction_paid: 0, transaction_canceled: 1 });
  expect(rows.sort(byPayment)).toEqual([...[...paid, raced].map(paidRow), ...canceled.map(canceledRow)].sort(byPayment));

  // The PSP's books: the Pix it received are the paid payments, one to one.
  const received = await psp.books.listPix({ from: startedAt, to: new Date() });
  expect(received.map((p) => [p.txid, p.endToEndId]).sort()).toEqual([...paid, raced].map((c) => [c.txid, e2eOf.get(c.paymentId)]).sort());
  for (const c of canceled) expect(await psp.books.getCharge('immediate', c.txid)).toMatchObject({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', pix: [] });
  expect(await psp.books.getCharge('immediate', raced.txid)).toMatchObject({ status: 'CONCLUIDA', pix: [{ endToEndId: e2eOf.get(raced.paymentId) }] });

  await expectInvariantsWithin(stack, RECOVERY_MS);
}, 300_000);
