import type { AuthorizationResult, AuthorizationStatus } from '../../../payments/payment-gateway';

/**
 * Cielo's answers in Lastro's words, with no I/O: a sale's `Status` decides approved / refused /
 * failed / not yet known, and a refused sale's `ReturnCode` decides the reason Lastro records
 * (the payment's and the transaction's statusReason). docs/processors.md "Connecting a company's
 * card acquirer" prints the same table.
 */

/** `Payment.Status` of the API 3.0. */
export const SALE_STATUS = {
  NotFinished: 0,
  Authorized: 1,
  PaymentConfirmed: 2,
  Denied: 3,
  Voided: 10,
  Refunded: 11,
  Pending: 12,
  Aborted: 13,
  Scheduled: 20,
} as const;

/** The reasons Lastro records for a refused card (`statusReason`). */
export type DeclineReason =
  | 'card_declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'invalid_card'
  | 'invalid_cvv'
  | 'suspected_fraud'
  | 'issuer_unavailable'
  | 'invalid_amount'
  | 'invalid_installments'
  | 'transaction_not_allowed'
  /** Not from a ReturnCode: a brand Cielo E-commerce does not take, refused before any call. */
  | 'card_not_supported';

/**
 * ReturnCode → reason, after `normalizeReturnCode`. The codes are the ABECS standard Cielo
 * answers for every brand (with the American Express equivalents), plus Cielo's own (`AA`, `AC`,
 * `99`). Anything not listed is `card_declined`: an issuer's "no" without a reason Lastro can act on.
 * Lost and stolen cards (41, 43) are told as a plain decline on purpose: the buyer sees the reason.
 */
const DECLINE_REASONS: Record<string, DeclineReason> = {
  // Balance or limit
  '51': 'insufficient_funds',
  '61': 'insufficient_funds',
  '65': 'insufficient_funds',
  '116': 'insufficient_funds',
  '121': 'insufficient_funds',
  A5: 'insufficient_funds',
  // Expired card, or an expiry date that does not match
  '33': 'expired_card',
  '54': 'expired_card',
  '101': 'expired_card',
  // Card data: a number that is not the issuer's, a card error, an unknown issuer
  '12': 'invalid_card',
  '14': 'invalid_card',
  '15': 'invalid_card',
  '56': 'invalid_card',
  // Security code
  '82': 'invalid_cvv',
  N7: 'invalid_cvv',
  // Fraud suspicion and security violations
  '34': 'suspected_fraud',
  '59': 'suspected_fraud',
  '63': 'suspected_fraud',
  // The issuer or the network did not decide: the buyer may try again later
  '4': 'issuer_unavailable',
  '6': 'issuer_unavailable',
  '19': 'issuer_unavailable',
  '68': 'issuer_unavailable',
  '91': 'issuer_unavailable',
  '96': 'issuer_unavailable',
  '99': 'issuer_unavailable',
  AA: 'issuer_unavailable',
  // What the sale asked for
  '13': 'invalid_amount',
  '23': 'invalid_installments',
  '58': 'transaction_not_allowed',
  AC: 'transaction_not_allowed',
};

/** `"05"` and `"5"` are one code; letters are upper-cased (`n7` → `N7`). */
export function normalizeReturnCode(code: string | number | null | undefined): string | null {
  if (code === null || code === undefined) return null;
  const s = String(code).trim().toUpperCase();
  if (s.length === 0) return null;
  return /^\d+$/.test(s) ? String(Number(s)) : s;
}

export function declineReason(returnCode: string | number | null | undefined): DeclineReason {
  const code = normalizeReturnCode(returnCode);
  return (code !== null && DECLINE_REASONS[code]) || 'card_declined';
}

/** Every ReturnCode the table names, with its reason (for the documentation and its test). */
export function declineTable(): Array<[string, DeclineReason]> {
  return Object.entries(DECLINE_REASONS);
}

/** The part of a sale the outcome depends on. */
export interface SaleFacts {
  paymentId: string;
  status: number;
  returnCode: string | null;
  authorizationCode: string | null;
  receivedDate: string | null;
}

/** Lastro's answer for a sale, or null while Cielo has not finished it (NotFinished, Pending, Scheduled, a status unknown). */
export function saleOutcome(sale: SaleFacts): AuthorizationResult | null {
  const answer = (status: AuthorizationStatus, code: string | null): AuthorizationResult => ({
    status,
    code,
    reference: sale.paymentId,
    authorizationCode: status === 'approved' ? sale.authorizationCode : null,
  });
  switch (sale.status) {
    // A voided or refunded sale was approved first: a repeated authorization answers what the first one did.
    case SALE_STATUS.Authorized:
    case SALE_STATUS.PaymentConfirmed:
    case SALE_STATUS.Voided:
    case SALE_STATUS.Refunded:
      return answer('approved', null);
    case SALE_STATUS.Denied:
      return answer('refused', declineReason(sale.returnCode));
    case SALE_STATUS.Aborted:
      return answer('failed', 'processor_error');
    default:
      return null;
  }
}

/**
 * The sale that answers for an order when Cielo holds several under one MerchantOrderId (only a
 * POST lost in flight and sent again makes that): an approved one if there is any, because then
 * the card is charged; else null if one is not finished yet; else the first one Cielo received.
 */
export function pickSale<S extends SaleFacts>(sales: S[]): S | null | 'unfinished' {
  if (sales.length === 0) return null;
  const byReceipt = [...sales].sort((a, b) => (a.receivedDate ?? '').localeCompare(b.receivedDate ?? '') || a.paymentId.localeCompare(b.paymentId));
  const approved = byReceipt.find((s) => saleOutcome(s)?.status === 'approved');
  if (approved) return approved;
  if (byReceipt.some((s) => saleOutcome(s) === null)) return 'unfinished';
  return byReceipt[0];
}

/**
 * A sale POST Cielo refused with a 400 (`[{Code, Message}]`): no sale exists. Errors about the
 * card the buyer gave are a refusal; every other one (Lastro's request, the store's configuration)
 * is a failure no retry changes.
 */
const CARD_FIELD_ERRORS: Record<number, DeclineReason> = {
  117: 'invalid_card', // Holder required
  118: 'invalid_card', // CardNumber required
  124: 'invalid_card', // CreditCard required
  126: 'expired_card', // ExpirationDate invalid
  127: 'invalid_card', // CardNumber missing
  128: 'invalid_card', // CardNumber too long
  146: 'invalid_cvv', // SecurityCode too long
};

export function saleErrorOutcome(codes: number[]): { status: 'refused'; code: DeclineReason } | { status: 'failed'; code: 'processor_error' } {
  const card = codes.map((c) => CARD_FIELD_ERRORS[c]).find((r) => r !== undefined);
  return card ? { status: 'refused', code: card } : { status: 'failed', code: 'processor_error' };
}

/** What of an approved sale is left to void (whole or in part); 0 for a sale that was never approved. */
export function voidableAmount(sale: SaleFacts & { amount: number; voidedAmount: number }): number {
  return saleOutcome(sale)?.status === 'approved' ? Math.max(0, sale.amount - sale.voidedAmount) : 0;
}

/**
 * Whether a 2xx answer of `PUT /1/sales/{PaymentId}/void` says the void was done: `ReasonCode` 0
 * (Successful), or a void ReturnCode of success (0, 9: full void approved). Anything else (a
 * pending or refused void) is checked against the sale itself.
 */
export function voidAccepted(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  if (b.ReasonCode !== undefined && b.ReasonCode !== null) return Number(b.ReasonCode) === 0;
  const code = normalizeReturnCode(b.ReturnCode as string | number | null | undefined);
  return code === '0' || code === '9';
}

/**
 * A void Cielo did not do because one with the same amount was just accepted for the sale
 * (ReturnCode 10: its guard against duplicate voids asks for a few seconds between them). Not a
 * refusal: the same void, asked again after the pause, is decided on its merits.
 */
export function voidHeldAsDuplicate(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  return normalizeReturnCode((body as Record<string, unknown>).ReturnCode as string | number | null | undefined) === '10';
}
