/**
 * The embedded acquirer's pure rules (no I/O, no clock of their own): which card gets which
 * answer, Cielo's transaction statuses and codes, what a capture or a void may do to a sale, card
 * masking and dates as Cielo writes them. `state.ts` applies them to the books and `server.ts`
 * puts them on the wire of Cielo's E-commerce API 3.0.
 */

/** `Payment.Status` (the documentation's "Status transacional"). */
export const STATUS = {
  NotFinished: 0,
  Authorized: 1,
  PaymentConfirmed: 2,
  Denied: 3,
  Voided: 10,
  Refunded: 11,
  Pending: 12,
  Aborted: 13,
} as const;
export type SaleStatus = (typeof STATUS)[keyof typeof STATUS];

/** One entry of Cielo's error answer, `[{ "Code": …, "Message": … }]`. */
export interface CieloError {
  Code: number;
  Message: string;
}

/** The API error codes this acquirer answers, with Cielo's messages. */
const ERROR_MESSAGES = {
  0: 'Internal error',
  101: 'MerchantId is required',
  102: 'Payment Type is required',
  105: 'Customer Name is required',
  107: 'OrderId is invalid or does not exists',
  108: 'Amount must be greater or equal to zero',
  114: 'The provided MerchantId is not in correct format',
  115: 'The provided MerchantId was not found',
  117: 'Credit Card Holder is required',
  118: 'Credit Card Number is required',
  119: 'At least one Payment is required',
  122: 'MerchantOrderId is required',
  123: 'Installments must be greater or equal to one',
  124: 'Credit Card is Required',
  125: 'Credit Card Expiration Date is required',
  126: 'Credit Card Expiration Date is invalid',
  128: 'Card Number length exceeded',
  130: 'Could not get Credit Card',
  131: 'MerchantKey is required',
  132: 'MerchantKey is invalid',
  146: 'SecurityCode length exceeded',
  155: 'Customer Name length exceeded',
  173: 'Payment method is not enabled',
  182: 'Brand is required',
  185: 'Brand is not supported by selected provider',
  186: 'The selected provider does not support the options provided (Capture, Authenticate, Recurrent or Installments)',
  213: 'Credit Card Number is invalid',
  214: 'Credit Card Holder Must Have Only Letters',
  307: 'Transaction not found',
  308: 'Transaction not available to capture',
  309: 'Transaction not available to void',
} as const;
export type ErrorCode = keyof typeof ERROR_MESSAGES;

export function cieloError(code: ErrorCode, message?: string): CieloError {
  return { Code: code, Message: message ?? ERROR_MESSAGES[code] };
}

/** `ReasonCode` → `ReasonMessage`, as Cielo spells them. */
const REASONS = { 0: 'Successful', 5: 'InvalidTransactionType', 9: 'Waiting', 19: 'InvalidAmount' } as const;
export type ReasonCode = keyof typeof REASONS;
export const reasonMessage = (code: ReasonCode): string => REASONS[code];

export const BRANDS = ['Visa', 'Master', 'Amex', 'Elo', 'Aura', 'JCB', 'Diners', 'Discover', 'Hipercard'] as const;

/** The brand as Cielo spells it, whatever the case it was sent in; undefined when Cielo has none such. */
export function brandOf(sent: string): string | undefined {
  return BRANDS.find((b) => b.toLowerCase() === sent.toLowerCase());
}

// --- card outcomes ----------------------------------------------------------------------------

export interface AuthorizationOutcome {
  Status: SaleStatus;
  ReturnCode: string;
  ReturnMessage: string;
  /** Approved sales carry an authorization code and can be captured or voided. */
  approved: boolean;
}

const APPROVED = 'Operation Successful';

/**
 * Lastro's sandbox cards (decisions.md, "Sandbox processor") answered as Cielo answers: an approved
 * sale is 1 Authorized with ReturnCode 4, or 2 PaymentConfirmed with 6 when captured at once; a
 * refusal is 3 Denied with the issuer's code; a processor failure is 13 Aborted (Cielo's "cancelled
 * by a processing failure": nothing charged) with 99 Time Out, as Cielo's sandbox answers it.
 */
const CARD_OUTCOMES: Record<string, Omit<AuthorizationOutcome, 'approved'> & { approved: false }> = {
  '4000000000000002': { Status: STATUS.Denied, ReturnCode: '05', ReturnMessage: 'Não Autorizada', approved: false },
  '4000000000009995': { Status: STATUS.Denied, ReturnCode: '51', ReturnMessage: 'Saldo Insuficiente', approved: false },
  '4000000000000119': { Status: STATUS.Aborted, ReturnCode: '99', ReturnMessage: 'Time Out', approved: false },
};
const EXPIRED: AuthorizationOutcome = { Status: STATUS.Denied, ReturnCode: '57', ReturnMessage: 'Cartão Expirado', approved: false };

/** What the issuer answers for this card (every card not listed is approved), `capture` as asked. */
export function authorize(cardNumber: string, expirationDate: string, capture: boolean, now: Date): AuthorizationOutcome {
  const listed = CARD_OUTCOMES[cardNumber];
  if (listed) return listed;
  if (isExpired(expirationDate, now)) return EXPIRED;
  return capture
    ? { Status: STATUS.PaymentConfirmed, ReturnCode: '6', ReturnMessage: APPROVED, approved: true }
    : { Status: STATUS.Authorized, ReturnCode: '4', ReturnMessage: APPROVED, approved: true };
}

// --- cards --------------------------------------------------------------------------------------

/** `MM/YYYY`, a month 01-12. */
export function isExpirationDate(s: string): boolean {
  return /^(0[1-9]|1[0-2])\/\d{4}$/.test(s);
}

/** A card is good through the last day of its month, in Brasília time. */
export function isExpired(expirationDate: string, now: Date): boolean {
  const [mm, yyyy] = expirationDate.split('/').map(Number);
  const { year, month } = saoPaulo(now);
  return yyyy * 12 + mm < year * 12 + month;
}

export function luhnValid(pan: string): boolean {
  if (!/^\d+$/.test(pan)) return false;
  let sum = 0;
  for (let i = 0; i < pan.length; i++) {
    let d = Number(pan[pan.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Cielo's mask: the first six and last four digits, the rest `*` (`455187******0183`). */
export function maskCardNumber(pan: string): string {
  if (pan.length <= 10) return '*'.repeat(pan.length);
  return `${pan.slice(0, 6)}${'*'.repeat(pan.length - 10)}${pan.slice(-4)}`;
}

// --- dates --------------------------------------------------------------------------------------

/** Brasília time (UTC−3: Brazil keeps no daylight saving time since 2019), as Cielo's dates are. */
function saoPaulo(d: Date): { year: number; month: number; iso: string } {
  const local = new Date(d.getTime() - 3 * 3600_000);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, iso: local.toISOString() };
}

/** `2022-07-29 17:16:21`, as in `ReceivedDate`, `CapturedDate`, `VoidedDate`. */
export function cieloDateTime(d: Date): string {
  const iso = saoPaulo(d).iso;
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** `2022-06-04`, as in a chargeback's `Date`. */
export function cieloDate(d: Date): string {
  return saoPaulo(d).iso.slice(0, 10);
}

/** `MMDDhhmmss` in Brasília time: how a Tid begins. */
export function tidPrefix(d: Date): string {
  const iso = saoPaulo(d).iso;
  return `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
}

/** A sale wholly voided on the day it was authorized is 10 Voided; from the next day on, 11 Refunded. */
export function voidedStatus(receivedAt: Date, now: Date): SaleStatus {
  return cieloDate(receivedAt) === cieloDate(now) ? STATUS.Voided : STATUS.Refunded;
}

// --- capture and void ---------------------------------------------------------------------------

/** What a capture or void changes, or why it changes nothing. */
export interface Refusal {
  kind: 'refused';
  ReturnCode: string;
  ReturnMessage: string;
  ReasonCode: ReasonCode;
}
const refused = (ReturnCode: string, ReturnMessage: string, ReasonCode: ReasonCode): Refusal => ({ kind: 'refused', ReturnCode, ReturnMessage, ReasonCode });

export interface SaleAmounts {
  Status: SaleStatus;
  Amount: number;
  CapturedAmount: number;
  VoidedAmount: number;
  receivedAt: Date;
}

export type CaptureDecision = { kind: 'unavailable' } | Refusal | { kind: 'capture'; amount: number };

/**
 * One capture per sale, total or partial (Cielo: no further capture once captured). Only an
 * Authorized sale can be captured; anything else is the API error 308.
 */
export function decideCapture(sale: SaleAmounts, amount: number | undefined): CaptureDecision {
  if (sale.Status !== STATUS.Authorized) return { kind: 'unavailable' };
  if (amount === undefined) return { kind: 'capture', amount: sale.Amount };
  if (amount > sale.Amount) return refused('842', 'O valor da captura deve ser igual ou menor que o valor da transação', 19);
  return { kind: 'capture', amount };
}

export const CAPTURED = { ReturnCode: '6', ReturnMessage: APPROVED } as const;

export interface VoidRequest {
  amount: number | undefined;
  now: Date;
  /** The last void this sale accepted, and when (ms), for Cielo's duplicate guard. */
  lastVoid?: { key: string; at: number };
  guardMs: number;
}

export type VoidDecision =
  | { kind: 'unavailable' }
  /** A total void of a sale already wholly voided: answered again as it was, nothing changes. */
  | { kind: 'repeat' }
  | Refusal
  | { kind: 'void'; amount: number; status: SaleStatus; ReturnCode: '0' | '9'; key: string };

/**
 * Cielo's void: an Authorized sale is voided whole (a partial void is for captured sales only); a
 * captured sale is voided whole (no amount) or in parts that add up to at most the captured amount.
 * Once nothing is left, the sale is 10 Voided (11 Refunded after its day). The same void asked again
 * within `guardMs` of the accepted one (Cielo asks for 5 seconds between voids of one sale, against
 * duplicate voids) changes nothing and answers ReturnCode 10.
 */
export function decideVoid(sale: SaleAmounts, req: VoidRequest): VoidDecision {
  const key = req.amount === undefined ? 'total' : String(req.amount);
  const whollyVoided = sale.Status === STATUS.Voided || sale.Status === STATUS.Refunded;
  if (whollyVoided && req.amount === undefined) return { kind: 'repeat' };
  if (req.lastVoid && req.lastVoid.key === key && req.now.getTime() - req.lastVoid.at < req.guardMs) {
    return refused('10', 'Cancelamento não efetuado. Solicitação pendente com as mesmas informações', 9);
  }
  if (whollyVoided) return refused('55', 'Saldo da venda insuficiente para cancelar', 19);
  const whole = (amount: number): VoidDecision => ({ kind: 'void', amount, status: voidedStatus(sale.receivedAt, req.now), ReturnCode: req.amount === undefined ? '9' : '0', key });
  if (sale.Status === STATUS.Authorized) {
    if (req.amount === undefined || req.amount === sale.Amount) return whole(sale.Amount);
    if (req.amount > sale.Amount) return refused('51', 'Cancelamento acima do valor original da venda', 19);
    return refused('41', 'Status não permite cancelamento parcial (autorização sem captura)', 5);
  }
  if (sale.Status === STATUS.PaymentConfirmed) {
    const left = sale.CapturedAmount - sale.VoidedAmount;
    if (req.amount === undefined || req.amount === left) return whole(left);
    if (req.amount > sale.CapturedAmount) return refused('51', 'Cancelamento acima do valor original da venda', 19);
    if (req.amount > left) return refused('55', 'Saldo da venda insuficiente para cancelar', 19);
    return { kind: 'void', amount: req.amount, status: STATUS.PaymentConfirmed, ReturnCode: '0', key };
  }
  return { kind: 'unavailable' };
}

export const VOIDED_MESSAGE = APPROVED;
