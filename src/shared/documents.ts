/**
 * CPF and CNPJ check digits (Receita Federal), including the alphanumeric CNPJ issued to new
 * registrations from July 2026. Pure: importable from workflow code.
 *
 * Check-digit rule for both: r = Σ(value × weight) mod 11; DV = 0 if r < 2 else 11 − r.
 * For the alphanumeric CNPJ a character's value is its ASCII code − 48 ('0'..'9' → 0..9,
 * 'A' → 17 … 'Z' → 42), with the same weights, so a numeric CNPJ is just the special case.
 */

const CPF_PATTERN = /^\d{11}$/;
const CNPJ_PATTERN = /^[0-9A-Z]{12}[0-9]{2}$/;
const CPF_WEIGHTS_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_WEIGHTS_2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * Canonical storage form of a CPF/CNPJ: removes `.`, `/`, `-` and whitespace and upper-cases
 * (alphanumeric CNPJs are stored upper case). Does not validate.
 */
export function normalizeDocument(input: string): string {
  return input.replace(/[./\-\s]/g, '').toUpperCase();
}

function checkDigit(chars: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (chars.charCodeAt(i) - 48) * weights[i];
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

function allSameCharacter(s: string): boolean {
  return s.split('').every((c) => c === s[0]);
}

/** True when `d` (formatted or not) is an 11-digit CPF with valid check digits and not all-equal digits. */
export function isValidCpf(d: string): boolean {
  const cpf = normalizeDocument(d);
  if (!CPF_PATTERN.test(cpf) || allSameCharacter(cpf)) return false;
  return (
    checkDigit(cpf, CPF_WEIGHTS_1) === Number(cpf[9]) && checkDigit(cpf, CPF_WEIGHTS_2) === Number(cpf[10])
  );
}

/**
 * True when `d` (formatted or not, any case) is a CNPJ with valid check digits: 12 characters
 * `[0-9A-Z]` then 2 numeric check digits. Numeric CNPJs are the all-digit special case.
 * All-equal characters (00000000000000, 11111111111111, …) are rejected.
 */
export function isValidCnpj(d: string): boolean {
  const cnpj = normalizeDocument(d);
  if (!CNPJ_PATTERN.test(cnpj) || allSameCharacter(cnpj)) return false;
  return (
    checkDigit(cnpj, CNPJ_WEIGHTS_1) === Number(cnpj[12]) && checkDigit(cnpj, CNPJ_WEIGHTS_2) === Number(cnpj[13])
  );
}

/**
 * The kind of a valid Brazilian tax document: 'cpf' (11 characters after normalizing),
 * 'cnpj' (14), or null when it is neither or its check digits are wrong.
 */
export function documentKind(d: string): 'cpf' | 'cnpj' | null {
  const n = normalizeDocument(d);
  if (n.length === 11) return isValidCpf(n) ? 'cpf' : null;
  if (n.length === 14) return isValidCnpj(n) ? 'cnpj' : null;
  return null;
}

/**
 * Computes the two check digits for a 9-digit CPF base or a 12-character CNPJ base and returns
 * the full document. Useful to build fixtures and to show a user the expected digits.
 */
export function withCheckDigits(base: string): string {
  const b = normalizeDocument(base);
  if (/^\d{9}$/.test(b)) {
    const d1 = checkDigit(b, CPF_WEIGHTS_1);
    const d2 = checkDigit(b + d1, CPF_WEIGHTS_2);
    return `${b}${d1}${d2}`;
  }
  if (/^[0-9A-Z]{12}$/.test(b)) {
    const d1 = checkDigit(b, CNPJ_WEIGHTS_1);
    const d2 = checkDigit(b + d1, CNPJ_WEIGHTS_2);
    return `${b}${d1}${d2}`;
  }
  throw new RangeError('base must be 9 CPF digits or 12 CNPJ characters');
}
