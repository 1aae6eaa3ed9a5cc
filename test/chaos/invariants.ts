import { isWebhookEventType } from '../../src/events/catalog';
import { paymentIdOfTxid } from '../../src/payments/pix.rules';
import { createApiPixPsp } from '../../src/processors/pix/api-pix';
import type { ChaosStack } from './chaos-stack';

/**
 * What must hold after any fault, checked on the stack's own books: PostgreSQL (Lastro's
 * tables and the sandbox PSP/bank tables, which record what "the outside world" did), the
 * embedded processors' books (the acquirer's sales, the Pix PSP's Pix), the webhook receiver and Temporal. Each check returns the violations it found (empty
 * when it holds), so a failing test names every broken row, not just the first.
 */

/** Every posting sums to zero per currency; every account's balance is the sum of its entries. */
export async function ledgerViolations(stack: ChaosStack): Promise<string[]> {
  const unbalanced = await stack.sql<{ posting_id: string; currency: string; total: string }>(
    `select posting_id, currency, sum(amount)::text as total from ledger_entries group by posting_id, currency having sum(amount) <> 0`,
  );
  const drifted = await stack.sql<{ id: string; balance: string; total: string }>(
    `select a.account_id as id, a.balance::text as balance, coalesce(sum(e.amount), 0)::text as total
       from ledger_balances a left join ledger_entries e on e.account_id = a.account_id
      group by a.account_id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`,
  );
  return [
    ...unbalanced.map((r) => `posting ${r.posting_id} sums to ${r.total} ${r.currency}`),
    ...drifted.map((r) => `account ${r.id} holds ${r.balance} but its entries sum to ${r.total}`),
  ];
}

/** A sale in the embedded acquirer's books (`GET /embedded/sales`). */
interface BookedSale {
  PaymentId: string;
  MerchantOrderId: string;
  Status: number;
  Amount: number;
  VoidedAmount: number;
}
/** Cielo's statuses of a sale that took the buyer's money: Authorized, PaymentConfirmed (partly voided ones stay 2). */
const CHARGED = new Set([1, 2]);
/** …and those statuses with Voided (10) and Refunded (11): every sale that was approved. */
const APPROVED = new Set([1, 2, 10, 11]);

/**
 * The card sales at the stack's acquirer and Lastro's card payments agree one to one: every sale
 * with money still taken (approved, not wholly voided) is the one sale of a settled payment, under
 * its id, with its reference; every settled card payment has exactly one; and what the acquirer
 * voided of a sale is exactly the payment's card refunds that completed (a refund the acquirer
 * made that Lastro does not record, or one recorded twice, breaks it).
 */
export async function cardAcquirerViolations(stack: ChaosStack): Promise<string[]> {
  const res = await fetch(`${stack.cardAcquirer.baseUrl}/embedded/sales?merchantId=${stack.cardAcquirer.merchantId}`);
  const sales = ((await res.json()) as { sales: BookedSale[] }).sales;
  const payments = await stack.sql<{ id: string; status: string; gateway_reference: string | null; refunded: string; refunding: string }>(
    `select p.id, p.status, p.gateway_reference,
            (select coalesce(sum(r.amount), 0) from refunds r where r.payment_id = p.id and r.status = 'refunded')::text as refunded,
            (select coalesce(sum(r.amount), 0) from refunds r where r.payment_id = p.id and r.status = 'processing')::text as refunding
       from payments p where p.method = 'credit_card'`,
  );
  const byId = new Map(payments.map((p) => [p.id, p]));
  const keyOf = (moid: string) => moid.replace(/^([a-z]+)([0-9a-z]{26})$/, '$1_$2');
  const out: string[] = [];
  const charged = sales.filter((x) => CHARGED.has(x.Status) && x.VoidedAmount < x.Amount);
  for (const sale of charged) {
    const p = byId.get(keyOf(sale.MerchantOrderId));
    if (!p) out.push(`sale ${sale.PaymentId} (order ${sale.MerchantOrderId}) belongs to no payment`);
    else if (!SETTLED.includes(p.status)) out.push(`payment ${p.id} was charged (sale ${sale.PaymentId}) but is ${p.status}`);
    else if (p.gateway_reference !== sale.PaymentId) out.push(`payment ${p.id} records gateway reference ${p.gateway_reference}, the acquirer ${sale.PaymentId}`);
  }
  for (const p of payments.filter((x) => SETTLED.includes(x.status))) {
    const own = sales.filter((x) => APPROVED.has(x.Status) && keyOf(x.MerchantOrderId) === p.id);
    if (own.length !== 1) out.push(`${p.status} card payment ${p.id} has ${own.length} approved sales at the acquirer`);
    const sale = sales.find((x) => x.PaymentId === p.gateway_reference);
    if (!sale) continue;
    const refunded = Number(p.refunded);
    // A refund under way may have voided at the acquirer before Lastro recorded it.
    if (sale.VoidedAmount < refunded || sale.VoidedAmount > refunded + Number(p.refunding)) {
      out.push(`card payment ${p.id}: the acquirer voided ${sale.VoidedAmount}, Lastro's completed refunds are ${refunded} (${p.refunding} under way)`);
    }
  }
  return out;
}

/**
 * Nothing charged, paid out or refunded twice, and nothing done outside that Lastro does not
 * know about: the card sales at the stack's acquirer (`cardAcquirerViolations`) and the Pix the
 * stack's payout provider sent (`payoutProviderViolations`).
 */
export async function moneyMovementViolations(stack: ChaosStack): Promise<string[]> {
  const out: string[] = await cardAcquirerViolations(stack);

  // One charge per invoice attempt, and one paid charge per invoice.
  const invoiceCharges = await stack.sql<{ invoice_id: string; paid: string; ref_codes: string }>(
    `select t.metadata->>'invoiceId' as invoice_id, count(*) filter (where t.status = 'paid')::text as paid,
            count(*)::text as attempts, count(distinct t.reference_code)::text as ref_codes
       from transactions t where t.metadata ? 'invoiceId'
      group by 1 having count(*) filter (where t.status = 'paid') > 1 or count(*) <> count(distinct t.reference_code)`,
  );
  out.push(...invoiceCharges.map((i) => `invoice ${i.invoice_id} has ${i.paid} paid charges`));

  out.push(...(await payoutProviderViolations(stack)));

  return out;
}

/**
 * The payout provider's books (every Pix sent, read over its simulator route) and Lastro's
 * withdrawals agree: a Pix per withdrawal id at most, a Pix paid is a withdrawal paid (or still
 * processing: its outcome not yet recorded) with the Pix's end-to-end id, a Pix refused is a
 * withdrawal failed (or processing), a Pix returned is a withdrawal failed `payout_returned` once
 * its return is heard of; every paid withdrawal has exactly one paid Pix and one wallet debit.
 */
export async function payoutProviderViolations(stack: ChaosStack): Promise<string[]> {
  const out: string[] = [];
  const res = await fetch(`${stack.payoutProvider.baseUrl}/embedded/pix`);
  const sends = ((await res.json()) as { envios: Array<{ idEnvio: string; endToEndId: string; status: string; devolucoes?: unknown[] }> }).envios.filter((e) => e.idEnvio.startsWith('wdr'));
  const withdrawals = await stack.sql<{ id: string; status: string; psp_transfer_id: string | null; debits: string; last_reason: string | null }>(
    `select w.id, w.status, w.psp_transfer_id, w.status_history->-1->>'reason' as last_reason,
            (select count(*) from ledger_postings p where p.key = 'withdrawal:' || w.id || ':payout')::text as debits
       from withdrawals w`,
  );
  const byPayoutId = new Map(withdrawals.map((w) => [w.id.replace('_', ''), w]));
  const seen = new Map<string, number>();
  for (const e of sends) {
    seen.set(e.idEnvio, (seen.get(e.idEnvio) ?? 0) + 1);
    const w = byPayoutId.get(e.idEnvio);
    if (!w) {
      out.push(`Pix ${e.endToEndId} (idEnvio ${e.idEnvio}) belongs to no withdrawal`);
      continue;
    }
    if (w.status === 'processing') continue;
    if (e.status === 'REALIZADO') {
      const returned = (e.devolucoes?.length ?? 0) > 0;
      if (w.status !== 'paid' && !(returned && w.status === 'failed' && w.last_reason === 'payout_returned')) out.push(`withdrawal ${w.id} was paid out (Pix ${e.endToEndId}) but is ${w.status}`);
      if (w.psp_transfer_id !== e.endToEndId) out.push(`withdrawal ${w.id} records transfer ${w.psp_transfer_id}, the provider ${e.endToEndId}`);
    } else if (e.status === 'NAO_REALIZADO' && w.status !== 'failed') {
      out.push(`withdrawal ${w.id}: its Pix was refused but it is ${w.status}`);
    }
  }
  for (const [id, n] of seen) if (n > 1) out.push(`idEnvio ${id}: ${n} Pix at the provider`);
  for (const w of withdrawals.filter((x) => x.status === 'paid')) {
    const paid = sends.filter((e) => e.idEnvio === w.id.replace('_', '') && e.status === 'REALIZADO');
    if (paid.length !== 1 || w.debits !== '1') out.push(`paid withdrawal ${w.id}: ${paid.length} paid Pix at the provider, ${w.debits} wallet debits`);
  }
  return out;
}

const SETTLED = ['paid', 'refunded', 'partially_refunded', 'chargeback'];
/** Further back than any chaos file runs: the PSP's books start empty with the stack. */
const PSP_BOOKS_MS = 24 * 3_600_000;

/**
 * The stack's Pix PSP and Lastro's books agree one to one: every Pix the PSP received (listed
 * over the API Pix, `GET /pix?inicio&fim`) is on the payment whose charge it paid, settled with
 * its end-to-end id, and every settled Pix payment has exactly one Pix at the PSP. A Pix Lastro
 * never recorded is a buyer's money received and never delivered.
 */
export async function pixViolations(stack: ChaosStack): Promise<string[]> {
  const books = createApiPixPsp(stack.pixPsp);
  const received = await books.listPix({ from: new Date(Date.now() - PSP_BOOKS_MS), to: new Date(Date.now() + 60_000) }).finally(() => books.close());
  const payments = await stack.sql<{ id: string; status: string; gateway_reference: string | null }>(
    `select id, status, gateway_reference from payments where method = 'pix' and processor_connection_id is not null`,
  );
  const byId = new Map(payments.map((p) => [p.id, p]));
  const out: string[] = [];
  for (const pix of received) {
    const payment = byId.get((pix.txid && paymentIdOfTxid(pix.txid)) || '');
    if (!payment) out.push(`Pix ${pix.endToEndId} received at the PSP (txid ${pix.txid}) belongs to no payment`);
    else if (!SETTLED.includes(payment.status) || payment.gateway_reference !== pix.endToEndId) {
      out.push(`Pix ${pix.endToEndId} received at the PSP for payment ${payment.id}, which is ${payment.status} with gateway reference ${payment.gateway_reference}`);
    }
  }
  for (const p of payments.filter((x) => SETTLED.includes(x.status))) {
    const n = received.filter((pix) => pix.endToEndId === p.gateway_reference && pix.txid && paymentIdOfTxid(pix.txid) === p.id).length;
    if (n !== 1) out.push(`${p.status} Pix payment ${p.id} has ${n} Pix at the PSP with its gateway reference ${p.gateway_reference}`);
  }
  return out;
}

/**
 * Every event of a type some active webhook of its company subscribes to (an empty list means
 * every code of the webhook catalog; outbox-only codes such as refund.* are never delivered)
 * reached the receiver at least once, and the outbox holds nothing undispatched.
 */
export async function undeliveredEvents(stack: ChaosStack): Promise<string[]> {
  const due = await stack.sql<{ id: string; type: string }>(
    `select distinct e.id, e.type from events e join webhooks w on w.company_id = e.company_id
      where w.is_active and w.deleted_at is null and (jsonb_array_length(w.events::jsonb) = 0 or w.events::jsonb ? e.type)
        and e.created_at >= w.created_at`,
  );
  const seen = stack.receiver.eventIds();
  const undispatched = await stack.sql<{ id: string }>(`select id from events where dispatched_at is null`);
  return [...due.filter((e) => isWebhookEventType(e.type) && !seen.has(e.id)).map((e) => `event ${e.id} (${e.type}) never reached the receiver`), ...undispatched.map((e) => `event ${e.id} is still undispatched`)];
}

/**
 * A workflow is stuck when it keeps an activity or a workflow task pending: every running
 * workflow must come to rest (waiting only on timers, signals or children), and none may
 * have failed, timed out or been terminated.
 */
export async function restlessWorkflows(stack: ChaosStack): Promise<string[]> {
  const out: string[] = [];
  for await (const wf of stack.temporal.workflow.list({ query: 'ExecutionStatus = "Running"' })) {
    const d = await stack.temporal.workflow.getHandle(wf.workflowId, wf.runId).describe();
    const activities = d.raw.pendingActivities ?? [];
    if (activities.length > 0) {
      const names = activities.map((a) => `${a.activityType?.name} (attempt ${a.attempt}${a.lastFailure?.message ? `, ${a.lastFailure.message}` : ''})`);
      out.push(`${wf.type} ${wf.workflowId} has pending activities: ${names.join(', ')}`);
    }
    if (d.raw.pendingWorkflowTask) out.push(`${wf.type} ${wf.workflowId} has a pending workflow task`);
  }
  for await (const wf of stack.temporal.workflow.list({ query: 'ExecutionStatus = "Failed" OR ExecutionStatus = "TimedOut" OR ExecutionStatus = "Terminated"' })) {
    out.push(`${wf.type} ${wf.workflowId} closed as ${wf.status.name}`);
  }
  return out;
}

/**
 * All invariants at once, polled until they hold or `boundMs` passes: a fault's effects take
 * a retry (or an outbox sweep) to repair, and "within a bound" is part of the promise.
 */
export async function expectInvariantsWithin(stack: ChaosStack, boundMs: number): Promise<void> {
  let last: string[] = [];
  try {
    await stack.waitFor(
      'the invariants to hold',
      async () => {
        last = [
          ...(await ledgerViolations(stack)),
          ...(await moneyMovementViolations(stack)),
          ...(await pixViolations(stack)),
          ...(await undeliveredEvents(stack)),
          ...(await restlessWorkflows(stack)),
        ];
        return last.length === 0;
      },
      boundMs,
      1_000,
    );
  } catch {
    throw new Error(`invariants still broken after ${boundMs} ms:\n  ${last.join('\n  ')}`);
  }
}
