import { detectBrand, type CardBrand } from '../../../payments/card.rules';
import type { AcquirerChargeback, AuthorizationRequest } from '../../../payments/payment-gateway';
import { SALE_STATUS, type SaleFacts } from './cielo.rules';

/**
 * Cielo E-commerce API 3.0 JSON to and from Lastro's card port, with no I/O. Amounts are integer
 * cents on both sides. Anything that does not fit is refused with `CieloWireError`, whose message
 * names the field, never its value: the values here are card numbers, security codes and names.
 */

export class CieloWireError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CieloWireError';
  }
}

// --- the card's brand ----------------------------------------------------------------------------

/** `CreditCard.Brand` as Cielo spells it for each brand Lastro recognizes; null for one Cielo E-commerce does not take. */
const CIELO_BRANDS: Record<CardBrand, string | null> = {
  visa: 'Visa',
  mastercard: 'Master',
  amex: 'Amex',
  elo: 'Elo',
  hipercard: 'Hipercard',
  hiper: null,
  diners: 'Diners',
  discover: 'Discover',
};

/**
 * The brand Cielo expects for a card number, or null when Cielo takes none such. Lastro's own rule
 * (`detectBrand`, the longest prefix wins) decides first; two brands Cielo takes and Lastro's
 * checkout does not know come after it: JCB (3528-3589) and Aura (507860).
 */
export function cieloBrand(pan: string): string | null {
  const brand = detectBrand(pan);
  if (brand) return CIELO_BRANDS[brand];
  if (/^35(2[89]|[3-8]\d)\d*$/.test(pan)) return 'JCB';
  if (/^507860\d*$/.test(pan)) return 'Aura';
  return null;
}

// --- identifiers: checked before they go into a URL or a sale --------------------------------------

const PAYMENT_ID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

/**
 * The `MerchantOrderId` of an idempotency key: up to 50 letters and digits, which Cielo takes
 * as is. Lastro's ids (`pay_` and 26 characters) go without their `_`; that stays one-to-one
 * because the part after the `_` always has 26 characters.
 */
export function merchantOrderIdOf(key: string): string {
  if (/^[A-Za-z0-9]{1,50}$/.test(key)) return key;
  const id = /^([A-Za-z]{1,24})_([A-Za-z0-9]{26})$/.exec(key);
  if (id) return id[1] + id[2];
  throw new CieloWireError('the idempotency key is neither up to 50 letters and digits nor a Lastro id');
}

/** The idempotency key a `MerchantOrderId` stands for: `merchantOrderIdOf` backwards (the `_` put back before the last 26 characters). */
export function keyOfMerchantOrderId(merchantOrderId: string): string {
  const id = /^([A-Za-z]{1,24})([A-Za-z0-9]{26})$/.exec(merchantOrderId);
  return id ? `${id[1]}_${id[2]}` : merchantOrderId;
}

export function isPaymentId(id: string | null | undefined): id is string {
  return typeof id === 'string' && PAYMENT_ID.test(id);
}

// --- port → wire ---------------------------------------------------------------------------------

const SOFT_DESCRIPTOR = /^[A-Za-z0-9 ]{1,13}$/;

export function assertSoftDescriptor(s: string): string {
  if (!SOFT_DESCRIPTOR.test(s)) throw new CieloWireError(`softDescriptor must match ${SOFT_DESCRIPTOR.source}`);
  return s;
}

/** `CreditCard.Holder` takes 25 letters and spaces: accents dropped, anything else a space. */
export function holderToWire(holder: string): string {
  const plain = holder
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 25)
    .trim();
  if (plain.length === 0) throw new CieloWireError('card.holder has no letters Cielo accepts');
  return plain;
}

function customer(holder: string, document: string): Record<string, string> {
  const name = holder.trim().slice(0, 255) || 'Comprador';
  if (/^\d{11}$/.test(document)) return { Name: name, Identity: document, IdentityType: 'CPF' };
  if (/^[0-9A-Z]{12}\d{2}$/.test(document)) return { Name: name, Identity: document, IdentityType: 'CNPJ' };
  return { Name: name };
}

/**
 * Mastercard's stored-credential indicator of a merchant-initiated recurring charge (a
 * subscription's cycle on a saved card): category M1 (recurring or installments the cardholder
 * agreed to), subcategory Subscription. Cielo takes it for Mastercard only; the buyer's charges
 * send none (C1 would need the stored-credential agreement Lastro does not record).
 */
const MASTERCARD_RECURRING = { Category: 'M1', Subcategory: 'Subscription' } as const;

/**
 * The currencies of `Payment.Currency`: BRL, and the foreign ones Cielo converts to the card's
 * currency once the store has its currency converter (Conversor de Moedas E-commerce).
 */
const CIELO_CURRENCIES = new Set(['BRL', 'USD', 'EUR', 'GBP', 'ARS', 'CLP', 'COP', 'MXN', 'PEN', 'UYU']);

/**
 * The body of `POST /1/sales/`: a credit card sale captured at once (`Capture: true`), the
 * interest of installments on the store (`ByMerchant`: Lastro prices installments itself), the
 * card as the vault gave it (a saved card has no CVV), never saved at Cielo.
 */
export function saleToWire(req: AuthorizationRequest, opts: { softDescriptor?: string } = {}): Record<string, unknown> {
  const merchantOrderId = merchantOrderIdOf(req.idempotencyKey);
  if (!Number.isSafeInteger(req.amount) || req.amount <= 0) throw new CieloWireError('amount is not a positive integer number of cents');
  if (!CIELO_CURRENCIES.has(req.currency)) throw new CieloWireError(`currency ${req.currency} is not one Cielo E-commerce takes`);
  if (!Number.isInteger(req.installments) || req.installments < 1 || req.installments > 12) throw new CieloWireError('installments is not 1 to 12');
  const { card } = req;
  if (!/^\d{12,19}$/.test(card.pan)) throw new CieloWireError('card.pan is not 12 to 19 digits');
  const brand = cieloBrand(card.pan);
  if (!brand) throw new CieloWireError('card.pan is of no brand Cielo takes');
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) throw new CieloWireError('card.expMonth is not 1 to 12');
  if (!Number.isInteger(card.expYear) || card.expYear < 2000 || card.expYear > 2099) throw new CieloWireError('card.expYear is not a four-digit year');
  if (card.cvv !== null && !/^\d{3,4}$/.test(card.cvv)) throw new CieloWireError('card.cvv is not 3 or 4 digits');
  const creditCard: Record<string, unknown> = {
    CardNumber: card.pan,
    Holder: holderToWire(card.holder),
    ExpirationDate: `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`,
    ...(card.cvv === null ? {} : { SecurityCode: card.cvv }),
    Brand: brand,
    SaveCard: false,
  };
  return {
    MerchantOrderId: merchantOrderId,
    Customer: customer(card.holder, card.document),
    Payment: {
      Type: 'CreditCard',
      Amount: req.amount,
      Currency: req.currency,
      Installments: req.installments,
      Interest: 'ByMerchant',
      Capture: true,
      ...(opts.softDescriptor ? { SoftDescriptor: assertSoftDescriptor(opts.softDescriptor) } : {}),
      ...(req.initiator === 'merchant' && brand === 'Master' ? { InitiatedTransactionIndicator: MASTERCARD_RECURRING } : {}),
      CreditCard: creditCard,
    },
  };
}

// --- wire → port ---------------------------------------------------------------------------------

/** A sale as Lastro reads it: the answer of `POST /1/sales/` or of `GET /1/sales/{PaymentId}`. */
export interface CieloSale extends SaleFacts {
  merchantOrderId: string | null;
  returnMessage: string | null;
  /** Cents authorized. */
  amount: number;
  /** Cents voided so far, partial voids added up. */
  voidedAmount: number;
  /** The issuer's disputes of the sale, as Cielo lists them (`Payment.Chargebacks`). */
  chargebacks: AcquirerChargeback[];
}

/** A chargeback's `Status`: `Received`, `Contested` (evidence sent), then `Won` or `Lost`; anything else reads as received. */
function chargebackStatusFromWire(v: string | null): NonNullable<AcquirerChargeback['status']> {
  const s = v?.toLowerCase();
  return s === 'contested' || s === 'won' || s === 'lost' ? s : 'received';
}

function chargebacksFromWire(v: unknown): AcquirerChargeback[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new CieloWireError('Payment.Chargebacks is not a list');
  return v.map((x, i) => {
    const c = obj(x, `Payment.Chargebacks[${i}]`);
    const caseNumber = optStr(c.CaseNumber, `Payment.Chargebacks[${i}].CaseNumber`);
    if (!caseNumber) throw new CieloWireError(`Payment.Chargebacks[${i}].CaseNumber is missing`);
    return {
      caseNumber,
      amount: cents(c.Amount, `Payment.Chargebacks[${i}].Amount`),
      reasonCode: optStr(c.ReasonCode, `Payment.Chargebacks[${i}].ReasonCode`),
      reasonMessage: optStr(c.ReasonMessage, `Payment.Chargebacks[${i}].ReasonMessage`),
      date: optStr(c.Date, `Payment.Chargebacks[${i}].Date`),
      status: chargebackStatusFromWire(optStr(c.Status, `Payment.Chargebacks[${i}].Status`)),
      dueDate: optStr(c.DueDate, `Payment.Chargebacks[${i}].DueDate`),
    };
  });
}

const obj = (v: unknown, field: string): Record<string, unknown> => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new CieloWireError(`${field} is not an object`);
  return v as Record<string, unknown>;
};
const optStr = (v: unknown, field: string): string | null => {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw new CieloWireError(`${field} is not a string`);
};
const cents = (v: unknown, field: string): number => {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw new CieloWireError(`${field} is not an integer number of cents`);
  return v;
};

export function saleFromWire(body: unknown): CieloSale {
  const sale = obj(body, 'sale');
  const p = obj(sale.Payment, 'Payment');
  const paymentId = optStr(p.PaymentId, 'Payment.PaymentId');
  if (!isPaymentId(paymentId)) throw new CieloWireError('Payment.PaymentId is not a GUID');
  if (typeof p.Status !== 'number' || !Number.isInteger(p.Status)) throw new CieloWireError('Payment.Status is not an integer');
  const amount = cents(p.Amount, 'Payment.Amount');
  const status = p.Status;
  const fullyVoided = status === SALE_STATUS.Voided || status === SALE_STATUS.Refunded;
  // A sale voided whole may carry no VoidedAmount: then all of it is.
  const voidedAmount = p.VoidedAmount === undefined || p.VoidedAmount === null ? (fullyVoided ? amount : 0) : cents(p.VoidedAmount, 'Payment.VoidedAmount');
  return {
    paymentId,
    merchantOrderId: optStr(sale.MerchantOrderId, 'MerchantOrderId'),
    status,
    returnCode: optStr(p.ReturnCode, 'Payment.ReturnCode'),
    returnMessage: optStr(p.ReturnMessage, 'Payment.ReturnMessage'),
    authorizationCode: optStr(p.AuthorizationCode, 'Payment.AuthorizationCode'),
    receivedDate: optStr(p.ReceivedDate, 'Payment.ReceivedDate'),
    amount,
    voidedAmount,
    chargebacks: chargebacksFromWire(p.Chargebacks),
  };
}

/** The answer of `GET /1/sales?merchantOrderId=`: the PaymentIds of the sales under one order (none: an empty list). */
export function orderSalesFromWire(body: unknown): string[] {
  if (body === undefined || body === null || body === '') return [];
  const payments = obj(body, 'order').Payments;
  if (payments === undefined || payments === null) return [];
  if (!Array.isArray(payments)) throw new CieloWireError('Payments is not a list');
  return payments.map((x, i) => {
    const id = optStr(obj(x, `Payments[${i}]`).PaymentId, `Payments[${i}].PaymentId`);
    if (!isPaymentId(id)) throw new CieloWireError(`Payments[${i}].PaymentId is not a GUID`);
    return id;
  });
}
