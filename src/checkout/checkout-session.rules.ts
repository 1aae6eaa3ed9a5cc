/**
 * Pure rules of a checkout session: its status from its payments, what a confirmation may
 * ask for (methods, installments, combined payments), and the buyer's fields. No I/O, so the
 * service, the workflow's activities and unit tests share them.
 */
import { installmentOptions, installmentPlan } from '../payments/installments.rules';
import { documentKind } from '../shared/documents';
import type { CheckoutSessionStatus } from './checkout-session.entity';
import type { CustomField, PaymentMethods, RequiredField } from './checkout.schemas';

export interface RuleProblem {
  path: string;
  message: string;
}

/** States a session never leaves. `failed` is not one: the buyer may try again until expiry. */
export const FINAL_SESSION_STATUSES: readonly CheckoutSessionStatus[] = ['paid', 'expired', 'canceled'];
export const CANCELLABLE_SESSION_STATUSES: readonly CheckoutSessionStatus[] = ['created', 'opened', 'failed'];
/** A confirmation starts from these; during `paying` / `partially_paid` an attempt is still open. */
export const PAYABLE_SESSION_STATUSES: readonly CheckoutSessionStatus[] = ['created', 'opened', 'failed'];

export type TxnStatus = 'pending' | 'waiting_payment' | 'paid' | 'refused' | 'failed' | 'canceled' | 'refunded' | 'partially_refunded' | 'chargeback';

export interface AttemptState {
  transactionStatus: TxnStatus;
  payments: { status: string; baseAmount: number }[];
}

const OPEN_TXN: readonly TxnStatus[] = ['pending', 'waiting_payment'];
const SETTLED_TXN: readonly TxnStatus[] = ['paid', 'refunded', 'partially_refunded', 'chargeback'];

/**
 * The status the payments imply. Each attempt is one transaction covering the whole amount
 * due, so the latest attempt decides: paid → paid; still open with some payment paid →
 * partially_paid; open → paying; ended unpaid (refused, failed, canceled) → failed. Final
 * states stay as they are; with no attempt the session stays created / opened.
 */
export function sessionStatusFrom(current: CheckoutSessionStatus, attempts: readonly AttemptState[]): CheckoutSessionStatus {
  if (FINAL_SESSION_STATUSES.includes(current)) return current;
  if (attempts.some((a) => SETTLED_TXN.includes(a.transactionStatus))) return 'paid';
  const latest = attempts.at(-1);
  if (!latest) return current === 'opened' ? 'opened' : current === 'created' ? 'created' : current;
  if (OPEN_TXN.includes(latest.transactionStatus)) return latest.payments.some((p) => p.status === 'paid') ? 'partially_paid' : 'paying';
  return 'failed';
}

/** The part of the session total paid so far: base amounts (without card interest) of paid payments. */
export function amountPaidOf(attempts: readonly AttemptState[]): number {
  return attempts.reduce((sum, a) => sum + a.payments.filter((p) => p.status === 'paid').reduce((s, p) => s + p.baseAmount, 0), 0);
}

/** successUrl with every `{CHECKOUT_SESSION_ID}` replaced by the session id. */
export const successUrlFor = (template: string, sessionId: string): string => template.split('{CHECKOUT_SESSION_ID}').join(sessionId);

export interface InstallmentOption {
  installments: number;
  installmentAmount: number;
  totalAmount: number;
  interestFree: boolean;
}

/**
 * Each installment count the buyer may choose for `amount`, with its installment value (the
 * later ones; the first carries the rounding remainder) and total, from the merchant's rate
 * (../shared/design/brazil-payments.md).
 */
export function cardInstallmentOptions(amount: number, card: NonNullable<PaymentMethods['card']>): InstallmentOption[] {
  if (amount < 1) return [];
  const i = card.installments;
  return installmentOptions(amount, i.maxInstallments, i.freeInstallments, i.interestRate, i.interestType).map((p) => ({
    installments: p.count,
    installmentAmount: p.installmentAmount,
    totalAmount: p.total,
    interestFree: p.interest === 0,
  }));
}

export type ConfirmPaymentInput =
  | { method: 'credit_card'; cardToken: string; installments: number; amount?: number }
  | { method: 'pix'; amount?: number }
  | { method: 'boleto'; amount?: number };

export type PlannedPayment = ConfirmPaymentInput & {
  /** The part of the amount due this payment covers. */
  baseAmount: number;
  /** What is charged: baseAmount plus card interest. */
  chargedAmount: number;
};

const enabledMethod = (pm: PaymentMethods, method: ConfirmPaymentInput['method']): boolean =>
  method === 'credit_card' ? Boolean(pm.card?.enabled) : method === 'pix' ? Boolean(pm.pix?.enabled) : Boolean(pm.boleto?.enabled);

/**
 * Checks the payments of a confirmation against the session's methods and returns each with
 * the amount it covers and the amount charged. Several payments need `combined` (at most
 * maxPaymentsCount, each at least minAmountPerPayment) — or exactly two cards with
 * multipleCards; they must sum to the amount due. One payment may leave out its amount: it
 * takes what the others leave.
 */
export function planConfirmPayments(pm: PaymentMethods, amountDue: number, payments: readonly ConfirmPaymentInput[]): { problems: RuleProblem[]; planned: PlannedPayment[] } {
  const problems: RuleProblem[] = [];
  const cards = payments.filter((p) => p.method === 'credit_card').length;
  payments.forEach((p, i) => {
    if (!enabledMethod(pm, p.method)) problems.push({ path: `payments.${i}.method`, message: `${p.method} is not enabled for this checkout` });
  });
  if (payments.length > 1) {
    const combined = pm.combined?.enabled ? pm.combined : null;
    const twoCardsOnly = payments.length === 2 && cards === 2 && pm.card?.multipleCards;
    if (!combined && !twoCardsOnly) problems.push({ path: 'payments', message: 'This checkout takes a single payment' });
    if (combined && payments.length > combined.maxPaymentsCount) problems.push({ path: 'payments', message: `At most ${combined.maxPaymentsCount} payments` });
    if (cards > 1 && !pm.card?.multipleCards) problems.push({ path: 'payments', message: 'This checkout takes one card per payment' });
    if (cards > 2) problems.push({ path: 'payments', message: 'At most two cards' });
  }
  const missing = payments.map((p, i) => (p.amount === undefined ? i : -1)).filter((i) => i >= 0);
  if (missing.length > 1) problems.push({ path: 'payments', message: 'Give the amount of every payment but one' });
  const given = payments.reduce((s, p) => s + (p.amount ?? 0), 0);
  const bases = payments.map((p) => p.amount ?? amountDue - given);
  const sum = bases.reduce((s, b) => s + b, 0);
  if (missing.length <= 1 && sum !== amountDue) problems.push({ path: 'payments', message: `The payments sum to ${sum}; the amount due is ${amountDue}` });
  bases.forEach((b, i) => {
    if (b < 1) problems.push({ path: `payments.${i}.amount`, message: 'Must be at least 1 cent' });
    else if (payments.length > 1 && pm.combined?.enabled && b < pm.combined.minAmountPerPayment) {
      problems.push({ path: `payments.${i}.amount`, message: `Each payment must be at least ${pm.combined.minAmountPerPayment} cents` });
    }
  });
  const planned: PlannedPayment[] = [];
  payments.forEach((p, i) => {
    const baseAmount = bases[i];
    if (p.method !== 'credit_card' || !pm.card || baseAmount < 1) return planned.push({ ...p, baseAmount, chargedAmount: baseAmount });
    const max = pm.card.installments.maxInstallments;
    if (p.installments > max) {
      problems.push({ path: `payments.${i}.installments`, message: `At most ${max} installments` });
      return planned.push({ ...p, baseAmount, chargedAmount: baseAmount });
    }
    try {
      const plan = installmentPlan({ amount: baseAmount, count: p.installments, ...pick(pm.card.installments) });
      planned.push({ ...p, baseAmount, chargedAmount: plan.total });
    } catch {
      problems.push({ path: `payments.${i}.installments`, message: `${baseAmount} cents cannot be split into ${p.installments} installments` });
      planned.push({ ...p, baseAmount, chargedAmount: baseAmount });
    }
  });
  return { problems, planned };
}

const pick = (i: NonNullable<PaymentMethods['card']>['installments']) => ({ freeInstallments: i.freeInstallments, interestRate: i.interestRate, interestType: i.interestType });

export interface BuyerInput {
  name: string;
  email?: string;
  document?: string;
  phone?: string;
  address?: unknown;
}

/** The session's requiredFields must be given; a document must be a valid CPF or CNPJ. */
export function buyerProblems(required: readonly RequiredField[], customer: BuyerInput): RuleProblem[] {
  const problems: RuleProblem[] = [];
  for (const field of required) {
    if (customer[field] === undefined || customer[field] === '') problems.push({ path: `customer.${field}`, message: 'Required by this checkout' });
  }
  if (customer.document !== undefined && !documentKind(customer.document)) problems.push({ path: 'customer.document', message: 'Not a valid CPF or CNPJ' });
  return problems;
}

const optionValue = (o: string | { value: string }): string => (typeof o === 'string' ? o : o.value);

/**
 * Custom field answers: only the session's keys; text is text, a select answer one of its
 * option values, a checkbox a boolean; a required field must be answered (a required checkbox
 * must be ticked).
 */
export function customFieldProblems(fields: readonly CustomField[], answers: Record<string, unknown>): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const byKey = new Map(fields.map((f) => [f.key, f]));
  for (const key of Object.keys(answers)) if (!byKey.has(key)) problems.push({ path: `customFields.${key}`, message: 'Not a field of this checkout' });
  for (const f of fields) {
    const v = answers[f.key];
    const path = `customFields.${f.key}`;
    if (v === undefined || v === '' || (f.type === 'checkbox' && v === false)) {
      if (f.required) problems.push({ path, message: 'Required' });
      continue;
    }
    if (f.type === 'checkbox' && typeof v !== 'boolean') problems.push({ path, message: 'Expected true or false' });
    if (f.type === 'text' && typeof v !== 'string') problems.push({ path, message: 'Expected text' });
    if (f.type === 'select' && !(f.options ?? []).map(optionValue).includes(v as string)) problems.push({ path, message: 'Not one of the options' });
  }
  return problems;
}
