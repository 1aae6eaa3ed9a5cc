/**
 * Card installments with merchant interest ("parcelado com juros"). Pure: importable from
 * workflow code. Everything is exact: the monthly rate is read as an exact decimal and the
 * total is computed as a BigInt fraction, rounded once, half-up, to the cent.
 *
 * - Counts 1..freeInstallments are interest-free; any count above that pays `interestRate`
 *   (monthly %) over the WHOLE count (not only over the installments beyond the free ones).
 * - compound (Price table): installment = PV·i / (1 − (1+i)^−n), total = n × that, rounded
 *   once. R$1,000.00 at 2.99% over 12: 100.4021… each → total R$1,204.83 → 12 × 100.40
 *   with the 3-cent remainder on the first (100.43).
 * - simple: total = PV·(1 + i·n).
 * - The total is split evenly in whole cents and the rounding remainder goes on the FIRST
 *   installment, so the installments add up exactly to the total charged.
 */
import { assertCents, divideRoundHalfUp, exactDecimal, splitRemainderFirst, toSafeCents } from '../shared/money';

export type InterestType = 'simple' | 'compound';

export interface InstallmentPlanInput {
  /** Purchase amount (present value), integer cents ≥ 1. */
  amount: number;
  /** Number of installments, integer ≥ 1. */
  count: number;
  /** Counts 1..freeInstallments carry no interest; integer ≥ 0. */
  freeInstallments: number;
  /** Monthly interest rate in percent (2.99 = 2.99% a month), ≥ 0. */
  interestRate: number;
  interestType: InterestType;
}

export interface InstallmentPlan {
  count: number;
  /** Every installment but the first, integer cents. */
  installmentAmount: number;
  /** The first installment: installmentAmount plus the rounding remainder. */
  firstInstallmentAmount: number;
  /** What the buyer pays in all, integer cents; equals the sum of `installments`. */
  total: number;
  /** total − amount. */
  interest: number;
  /** The installments in order; [0] is the first. */
  installments: number[];
}

function assertInput(input: InstallmentPlanInput): void {
  assertCents(input.amount);
  if (input.amount < 1) throw new RangeError('amount must be >= 1 cent');
  if (!Number.isSafeInteger(input.count) || input.count < 1) throw new RangeError('count must be an integer >= 1');
  if (!Number.isSafeInteger(input.freeInstallments) || input.freeInstallments < 0) {
    throw new RangeError('freeInstallments must be an integer >= 0');
  }
  if (!Number.isFinite(input.interestRate) || input.interestRate < 0) throw new RangeError('interestRate must be >= 0');
  if (input.interestType !== 'simple' && input.interestType !== 'compound') {
    throw new RangeError('interestType must be simple or compound');
  }
}

/** The exact total for the plan, in cents, rounded half-up once. */
function planTotal(input: InstallmentPlanInput): number {
  const { amount, count, freeInstallments, interestRate, interestType } = input;
  if (count <= freeInstallments || interestRate === 0) return amount;
  // i = R / D exactly, where interestRate% = rate.numerator / rate.denominator percent.
  const rate = exactDecimal(interestRate);
  const R = rate.numerator;
  const D = rate.denominator * 100n;
  const pv = BigInt(amount);
  const n = BigInt(count);
  if (interestType === 'simple') {
    // PV·(1 + i·n) = PV·(D + R·n) / D
    return toSafeCents(divideRoundHalfUp(pv * (D + R * n), D), 'total');
  }
  // n·PV·i / (1 − (1+i)^−n) = n·PV·R·(D+R)^n / (D·((D+R)^n − D^n))
  const grown = (D + R) ** n;
  return toSafeCents(divideRoundHalfUp(n * pv * R * grown, D * (grown - D ** n)), 'total');
}

/**
 * The installment plan for one count: total with interest (if any), each installment in
 * integer cents, remainder on the first. Throws RangeError on invalid input or when the total
 * cannot give every installment at least 1 cent.
 */
export function installmentPlan(input: InstallmentPlanInput): InstallmentPlan {
  assertInput(input);
  const total = planTotal(input);
  if (total < input.count) throw new RangeError(`cannot split ${total} cents into ${input.count} installments of at least 1 cent`);
  const installments = splitRemainderFirst(total, input.count);
  return {
    count: input.count,
    installmentAmount: installments.length > 1 ? installments[1] : installments[0],
    firstInstallmentAmount: installments[0],
    total,
    interest: total - input.amount,
    installments,
  };
}

/**
 * Every option 1..maxInstallments for the buyer to choose from (installment value and total
 * shown before confirmation). Counts whose installments would fall under 1 cent are left out.
 */
export function installmentOptions(
  amount: number,
  maxInstallments: number,
  freeInstallments: number,
  interestRate: number,
  interestType: InterestType = 'compound',
): InstallmentPlan[] {
  if (!Number.isSafeInteger(maxInstallments) || maxInstallments < 1) {
    throw new RangeError('maxInstallments must be an integer >= 1');
  }
  const options: InstallmentPlan[] = [];
  for (let count = 1; count <= maxInstallments; count++) {
    const input: InstallmentPlanInput = { amount, count, freeInstallments, interestRate, interestType };
    assertInput(input);
    if (planTotal(input) < count) continue;
    options.push(installmentPlan(input));
  }
  return options;
}
