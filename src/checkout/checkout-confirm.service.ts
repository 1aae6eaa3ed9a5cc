import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import { Company } from '../companies/company.entity';
import type { Event } from '../events/event.entity';
import { ApiError, badRequest, conflict } from '../http/errors';
import { addCalendarDays, brasiliaToday } from '../payments/artifacts';
import { createTransaction, prepareTransaction, writePrepared } from '../payments/transactions.service';
import { processorsOf } from '../processors/processors';
import type { CreateTransactionInput } from '../payments/transactions.schemas';
import { decideCreatedTransaction } from '../payments/card-decision.service';
import type { CheckoutSession } from './checkout-session.entity';
import { buyerProblems, customFieldProblems, PAYABLE_SESSION_STATUSES, planConfirmPayments, type PlannedPayment, type RuleProblem } from './checkout-session.rules';
import type { SessionState } from './checkout-session-views';
import type { ConfirmSessionInput } from './checkout-sessions.schemas';
import { cancelSessionTransactions } from './checkout-session-workflow.client';
import { customerOf, getSession, loadSessionState, sessionUrls, syncSession } from './checkout-sessions.service';

const invalid = (problems: RuleProblem[]) => badRequest('validation_failed', `${problems[0].path}: ${problems[0].message}`, problems);

/**
 * The open attempt a new confirmation may replace: one whose payments all still wait (Pix or
 * boleto not paid, no card in it), so the buyer can change method. Null otherwise.
 */
function replaceableAttempt({ session, payments, transactionStatus }: SessionState): string | null {
  const latest = session.attempts.at(-1);
  if (session.status !== 'paying' || !latest || transactionStatus[latest.transactionId] !== 'waiting_payment') return null;
  const own = payments.filter((p) => p.transactionId === latest.transactionId);
  return own.length > 0 && own.every((p) => p.status === 'waiting_payment') ? latest.transactionId : null;
}

/** 409 when the session can take no payment any more: expired, paid or canceled (states it never leaves). */
export function assertLive(session: CheckoutSession, now: Date): void {
  if (session.status === 'expired' || (session.expiresAt <= now && session.status !== 'paid' && session.status !== 'canceled')) {
    throw conflict('session_expired', 'This checkout session has expired');
  }
  if (session.status === 'paid' || session.status === 'canceled') throw conflict('session_not_payable', `This checkout session is ${session.status}`);
}

/** 409s before anything is checked: the session must be live and have no attempt in progress (unless replaceable). */
function assertPayable(session: CheckoutSession, now: Date, replacing: boolean): void {
  assertLive(session, now);
  if (!PAYABLE_SESSION_STATUSES.includes(session.status) && !replacing) {
    throw conflict('payment_in_progress', 'A payment of this checkout session is in progress; wait for its outcome');
  }
}

/** One transaction per attempt, numbered in the session's order. */
const attemptReference = (session: CheckoutSession): string => `${session.id}-${session.attempts.length + 1}`;

type BoletoPayerInput = NonNullable<NonNullable<CreateTransactionInput['payments'][number]['boleto']>['payer']>;

/**
 * A boleto's payer is the buyer: the name given, and the CPF/CNPJ given or prefilled by the
 * merchant (checked by buyerProblems). A boleto is not registered without one: 422
 * boleto_payer_required, naming the buyer's document, before any processor is called.
 */
function boletoPayerOf(session: CheckoutSession, buyer: ConfirmSessionInput['customer'], planned: PlannedPayment[]): BoletoPayerInput | undefined {
  if (!planned.some((p) => p.method === 'boleto')) return undefined;
  const given = customerOf(buyer);
  const document = given?.document ?? session.customer?.document;
  if (!document) {
    const message = "A boleto names its payer: give the buyer's CPF or CNPJ";
    throw new ApiError(422, 'boleto_payer_required', `customer.document: ${message}`, [{ path: 'customer.document', message }]);
  }
  return { name: buyer.name, document, address: given?.address ?? session.customer?.address ?? null };
}

function transactionInput(session: CheckoutSession, planned: PlannedPayment[], now: Date, payer?: BoletoPayerInput): CreateTransactionInput {
  const interest = planned.reduce((s, p) => s + p.chargedAmount - p.baseAmount, 0);
  const items = session.items.map((i) => ({ description: i.name, quantity: i.quantity, amount: i.unitAmount }));
  if (interest > 0) items.push({ description: 'Juros de parcelamento', quantity: 1, amount: interest });
  const pm = session.paymentMethods;
  return {
    referenceCode: attemptReference(session),
    items,
    payments: planned.map((p) => {
      if (p.method === 'credit_card') return { paymentMethod: 'credit_card' as const, amount: p.chargedAmount, creditCard: { token: p.cardToken, installments: p.installments, capture: true as const } };
      if (p.method === 'pix') return { paymentMethod: 'pix' as const, amount: p.chargedAmount, pix: { expiresIn: pm.pix!.expiresIn } };
      return { paymentMethod: 'boleto' as const, amount: p.chargedAmount, boleto: { dueDate: addCalendarDays(brasiliaToday(now), pm.boleto!.dueDateDays), payer } };
    }),
    splits: session.splits.map((s) => ({ recipientId: s.recipientId, type: 'sale' as const, percentage: s.percentage, liable: s.liable, chargeProcessingFee: true })),
    metadata: { ...session.metadata, checkoutSessionId: session.id, ...(session.linkId ? { linkId: session.linkId } : {}) },
  };
}

/**
 * The buyer confirms (again after a failed attempt, or instead of a Pix/boleto still waiting,
 * which is then canceled): checks the buyer's fields and payments against the session, then creates
 * one transaction for the whole amount due through the payments service (its splits, and its
 * metadata plus checkoutSessionId and linkId), in the same database transaction as the
 * session's move to `paying`. Card answers are decided in the request, so the answer shows a
 * declined card at once; the buyer may then try again.
 */
export async function confirmSession(
  em: EntityManager,
  deps: AppDeps,
  sessionId: string,
  input: ConfirmSessionInput,
  /** Throws to refuse an attempt that passed every check (the public page's per-link limit); nothing of it is then kept. */
  admit: () => Promise<void> | void = () => undefined,
): Promise<SessionState> {
  const urls = sessionUrls(deps);
  const now = new Date();
  // The checks that hold without the session's lock, then the processors' calls (a Pix charge at
  // the PSP), before the database transaction: neither a pooled connection nor the session's lock
  // is held across a processor's round trip. What depends on the attempts is checked again under
  // the lock, and the charges opened are removed when the write fails.
  const seen = await getSession(em, null, sessionId);
  assertLive(seen, now);
  const problems = [...buyerProblems(seen.requiredFields, input.customer), ...customFieldProblems(seen.customFields, input.customFields ?? {})];
  if (input.paymentMethod) throw invalid([{ path: 'paymentMethod', message: 'Only a subscription session takes paymentMethod; give payments' }]);
  if (!input.payments) throw invalid([{ path: 'payments', message: 'Required' }]);
  const plan = planConfirmPayments(seen.paymentMethods, seen.amount, input.payments);
  problems.push(...plan.problems);
  if (problems.length) throw invalid(problems);
  const payer = boletoPayerOf(seen, input.customer, plan.planned);
  const company = await em.findOneOrFail(Company, { id: seen.companyId });
  const prepared = await prepareTransaction(em, company, transactionInput(seen, plan.planned, now, payer), { now, rails: processorsOf(deps).railsOf(em, company) });
  const { session, created, events, replaced } = await writePrepared(prepared, () =>
    em.transactional(async (tem) => {
      // Brought up to date first: a refused card attempt may not have reached the workflow yet.
      const synced = await syncSession(tem, sessionId, urls);
      const s = synced.state.session;
      const replaced = replaceableAttempt(synced.state);
      assertPayable(s, now, replaced !== null);
      const txn = await createTransaction(tem, company, { ...prepared, input: { ...prepared.input, referenceCode: attemptReference(s) } }, urls.publicBase, { now, origin: 'checkout' });
      await admit();
      s.customer = customerOf(input.customer);
      s.customFieldValues = input.customFields ?? {};
      s.attempts = [
        ...s.attempts,
        { transactionId: txn.transaction.id, createdAt: now.toISOString(), payments: txn.payments.map((p, i) => ({ paymentId: p.id, method: p.method, baseAmount: plan.planned[i].baseAmount })) },
      ];
      s.status = 'paying';
      return { session: s, created: txn, events: synced.events, replaced };
    }),
  );
  deps.dispatcher.dispatchSoon(events.map((e: Event) => e.id));
  if (replaced) await cancelSessionTransactions(deps, [replaced], 'replaced_by_buyer').catch((err) => deps.logger.warn({ err, transactionId: replaced }, 'replaced checkout attempt not canceled; it expires on its own'));
  await decideCreatedTransaction(deps, created);
  const after = await em.fork().transactional((tem) => syncSession(tem, session.id, urls));
  deps.dispatcher.dispatchSoon(after.events.map((e) => e.id));
  await cancelSessionTransactions(deps, after.toCancel, 'checkout_session_paid');
  return loadSessionState(em.fork(), await getSession(em.fork(), null, session.id));
}

