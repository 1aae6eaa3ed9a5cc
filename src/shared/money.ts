/**
 * Integer-cents money helpers. Pure (no I/O, no Node built-ins): importable from workflow code.
 *
 * Amounts are always integer cents (`number`, safe integers). Percentages and weights are
 * decimal `number`s (e.g. 2.99); they are turned into exact decimal fractions from their
 * shortest round-trip representation (`String(2.99) === '2.99'`) and all arithmetic is done
 * on BigInt, so a float artefact (2.99 is really 2.9900000000000002131…) can never move a
 * result by one cent. BigInt never leaves this module: results are plain numbers.
 */

/** An exact decimal fraction `numerator / denominator`, with `denominator` a power of ten. */
export interface DecimalFraction {
  numerator: bigint;
  denominator: bigint;
}

/**
 * Throws unless `n` is integer cents (a safe integer). Use at the edge of every money rule
 * so that a float or a NaN never propagates into a ledger.
 */
export function assertCents(n: unknown, label = 'amount'): asserts n is number {
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) {
    throw new RangeError(`${label} must be an integer number of cents, got ${String(n)}`);
  }
}

/**
 * The exact decimal value of a finite number as written in its shortest round-trip form,
 * e.g. `2.99` → 299/100, `1e-7` → 1/10000000. Why: percentages typed by people are
 * decimals; this recovers the decimal they meant instead of the binary float.
 */
export function exactDecimal(x: number): DecimalFraction {
  if (!Number.isFinite(x)) throw new RangeError(`expected a finite number, got ${String(x)}`);
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i.exec(String(x));
  if (!m) throw new RangeError(`cannot read ${String(x)} as a decimal`);
  const [, sign, intPart, fracPart = '', exp = '0'] = m;
  let digits = intPart + fracPart;
  let scale = fracPart.length - Number(exp);
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  return { numerator: BigInt(sign + digits), denominator: 10n ** BigInt(scale) };
}

/**
 * `numerator / denominator` rounded half-up, i.e. half away from zero
 * (0.5 → 1, −0.5 → −1), the usual commercial rounding. `denominator` must be positive.
 */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const q = numerator / denominator; // truncates toward zero
  const r = numerator % denominator; // same sign as numerator
  const twiceAbsR = (r < 0n ? -r : r) * 2n;
  if (twiceAbsR >= denominator) return numerator < 0n ? q - 1n : q + 1n;
  return q;
}

/** Converts a BigInt result back to a safe-integer number of cents, or throws. */
export function toSafeCents(value: bigint, label = 'amount'): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`${label} is out of the safe integer range`);
  return n;
}

/**
 * `percent`% of `amount` cents, rounded half-up (away from zero) to the cent.
 * `percent` may have decimals (2.99, 0.01); it is read as an exact decimal, so e.g.
 * percentOf(1050, 2.99) = round(31.395) = 31 and percentOf(5000, 0.01) = round(0.5) = 1.
 */
export function percentOf(amount: number, percent: number): number {
  assertCents(amount);
  const p = exactDecimal(percent);
  return toSafeCents(divideRoundHalfUp(BigInt(amount) * p.numerator, p.denominator * 100n));
}

/**
 * Splits `total` cents into parts proportional to `weights` by the largest-remainder method
 * (Hamilton): every part gets the floor of its exact share, then the leftover cents go one
 * each to the parts with the largest fractional remainders, ties to the lowest index. The
 * parts are integers that sum exactly to `total`. A zero weight gets 0. A negative total is
 * split as its absolute value and negated, so the rule is symmetric (refunds mirror sales).
 * Weights may be decimals (e.g. split percentages 33.33); they must be ≥ 0 and not all 0
 * (unless `total` is 0, which yields all zeros).
 */
export function allocateProportionally(total: number, weights: number[]): number[] {
  assertCents(total, 'total');
  if (weights.length === 0) throw new RangeError('weights must not be empty');
  const fractions = weights.map((w, i) => {
    if (w < 0) throw new RangeError(`weights[${i}] must be >= 0, got ${w}`);
    return exactDecimal(w);
  });
  // Bring every weight to the same denominator so that they are plain integers.
  const common = fractions.reduce((acc, f) => (f.denominator > acc ? f.denominator : acc), 1n);
  const scaled = fractions.map((f) => f.numerator * (common / f.denominator));
  const weightSum = scaled.reduce((a, b) => a + b, 0n);
  if (weightSum === 0n) {
    if (total === 0) return weights.map(() => 0);
    throw new RangeError('weights must not all be zero');
  }
  const absTotal = BigInt(Math.abs(total));
  const floors = scaled.map((w) => (absTotal * w) / weightSum);
  const remainders = scaled.map((w) => (absTotal * w) % weightSum);
  let leftover = absTotal - floors.reduce((a, b) => a + b, 0n);
  const order = scaled
    .map((_, i) => i)
    .sort((a, b) => (remainders[a] === remainders[b] ? a - b : remainders[a] > remainders[b] ? -1 : 1));
  for (const i of order) {
    if (leftover === 0n) break;
    floors[i] += 1n;
    leftover -= 1n;
  }
  const sign = total < 0 ? -1 : 1;
  return floors.map((f) => (f === 0n ? 0 : sign * Number(f)));
}

/**
 * Splits `total` cents (≥ 0) into `count` parts as evenly as possible, with the rounding
 * remainder on the FIRST part: [floor + rest, floor, floor, …]. This is the Brazilian
 * convention for installments and their settlement releases; the parts sum to `total`.
 */
export function splitRemainderFirst(total: number, count: number): number[] {
  assertCents(total, 'total');
  if (total < 0) throw new RangeError('total must be >= 0');
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError('count must be an integer >= 1');
  const base = Math.floor(total / count);
  const parts = new Array<number>(count).fill(base);
  parts[0] = total - base * (count - 1);
  return parts;
}
