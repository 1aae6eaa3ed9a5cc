import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import { Company } from '../companies/company.entity';
import type { Event } from '../events/event.entity';
import { badRequest, conflict } from '../http/errors';
import { addCalendarDays, brasiliaToday } from '../payments/artifacts';
import { createTransaction } from '../payments/transactions.service';
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

/** 409s before anything is checked: the session must be live and have no attempt in progress (unless replaceable). */
function assertPayable(session: CheckoutSession, now: Date, replacing: boolean): void {
  if (session.status === 'expired' || (session.expiresAt <= now && session.status !== 'paid' && session.status !== 'canceled')) {
    throw conflict('session_expired', 'This checkout session has expired');
  }
  if (session.status === 'paid' || session.status === 'canceled') throw conflict('session_not_payable', `This checkout session is ${session.status}`);
  if (!PAYABLE_SESSION_STATUSES.includes(session.status) && !replacing) {
    throw conflict('payment_in_progress', 'A payment of this checkout session is in progress; wait for its outcome');
  }
}

function transactionInput(session: CheckoutSession, planned: PlannedPayment[], now: Date): CreateTransactionInput {
  const interest = planned.reduce((s, p) => s + p.chargedAmount - p.baseAmount, 0);
  const items = session.items.map((i) => ({ description: i.name, quantity: i.quantity, amount: i.unitAmount }));
  if (interest > 0) items.push({ description: 'Juros de parcelamento', quantity: 1, amount: interest });
  const pm = session.paymentMethods;
  return {
    referenceCode: `${session.id}-${session.attempts.length + 1}`,
    items,
    payments: planned.map((p) => {
      if (p.method === 'credit_card') return { paymentMethod: 'credit_card' as const, amount: p.chargedAmount, creditCard: { token: p.cardToken, installments: p.installments, capture: true as const } };
      if (p.method === 'pix') return { paymentMethod: 'pix' as const, amount: p.chargedAmount, pix: { expiresIn: pm.pix!.expiresIn } };
      return { paymentMethod: 'boleto' as const, amount: p.chargedAmount, boleto: { dueDate: addCalendarDays(brasiliaToday(now), pm.boleto!.dueDateDays) } };
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
  const { session, created, events, replaced } = await em.transactional(async (tem) => {
    // Brought up to date first: a refused card attempt may not have reached the workflow yet.
    const synced = await syncSession(tem, sessionId, urls);
    const s = synced.state.session;
    const replaced = replaceableAttempt(synced.state);
    assertPayable(s, now, replaced !== null);
    const problems = [...buyerProblems(s.requiredFields, input.customer), ...customFieldProblems(s.customFields, input.customFields ?? {})];
    const plan = planConfirmPayments(s.paymentMethods, s.amount, input.payments);
    problems.push(...plan.problems);
    if (problems.length) throw invalid(problems);
    const company = await tem.findOneOrFail(Company, { id: s.companyId });
    const txn = await createTransaction(tem, company, transactionInput(s, plan.planned, now), urls.publicBase, { now, origin: 'checkout', pixRail: () => processorsOf(deps).pixFor(tem, company) });
    await admit();
    s.customer = customerOf(input.customer);
    s.customFieldValues = input.customFields ?? {};
    s.attempts = [
      ...s.attempts,
      { transactionId: txn.transaction.id, createdAt: now.toISOString(), payments: txn.payments.map((p, i) => ({ paymentId: p.id, method: p.method, baseAmount: plan.planned[i].baseAmount })) },
    ];
    s.status = 'paying';
    return { session: s, created: txn, events: synced.events, replaced };
  });
  deps.dispatcher.dispatchSoon(events.map((e: Event) => e.id));
  if (replaced) await cancelSessionTransactions(deps, [replaced], 'replaced_by_buyer').catch((err) => deps.logger.warn({ err, transactionId: replaced }, 'replaced checkout attempt not canceled; it expires on its own'));
  await decideCreatedTransaction(deps, created);
  const after = await em.fork().transactional((tem) => syncSession(tem, session.id, urls));
  deps.dispatcher.dispatchSoon(after.events.map((e) => e.id));
  await cancelSessionTransactions(deps, after.toCancel, 'checkout_session_paid');
  return loadSessionState(em.fork(), await getSession(em.fork(), null, session.id));
}

