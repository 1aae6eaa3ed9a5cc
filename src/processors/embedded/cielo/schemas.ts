import { z } from 'zod';
import { faultPath } from '../fault-queue';
import { brandOf, cieloError, isExpirationDate, luhnValid, type CieloError, type ErrorCode } from './cielo.rules';

/**
 * The requests Cielo's E-commerce API 3.0 takes, checked as Cielo checks them: every fault found is
 * one `{ Code, Message }` of the 400 answer, with Cielo's API error codes. Hand-written rather than
 * zod, because each field maps to its own Cielo code and a body with several faults lists them all.
 */

export interface CardData {
  CardNumber: string;
  Holder: string;
  ExpirationDate: string;
  Brand: string;
}

export type SaleCard = (CardData & { SecurityCode?: string; SaveCard: boolean }) | { CardToken: string; SecurityCode?: string; Brand: string };

export interface SaleRequest {
  MerchantOrderId: string;
  Customer?: Record<string, unknown>;
  Payment: {
    Amount: number;
    /** ISO 4217, BRL when absent (Cielo's default). */
    Currency: string;
    Installments: number;
    Capture: boolean;
    Interest: string;
    SoftDescriptor?: string;
    /** Mastercard's stored-credential indicator (CIT C1, MIT M1/M2), kept as sent. */
    InitiatedTransactionIndicator?: { Category: string; Subcategory: string };
    CreditCard: SaleCard;
  };
}

export interface CardTokenRequest extends CardData {
  CustomerName: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: CieloError[] };

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isGuid = (s: string): boolean => GUID.test(s);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
/** Cielo's booleans arrive as JSON booleans or as the strings "true"/"false" (its own examples send both). */
function bool(v: unknown): boolean | undefined | 'invalid' {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 'false') return v === 'true';
  return 'invalid';
}

class Faults {
  readonly errors: CieloError[] = [];
  add(code: ErrorCode): void {
    if (!this.errors.some((e) => e.Code === code)) this.errors.push(cieloError(code));
  }
  result<T>(value: () => T): Checked<T> {
    return this.errors.length > 0 ? { ok: false, errors: this.errors } : { ok: true, value: value() };
  }
}

/** Holder, ExpirationDate and Brand, as a sale's open card and a card to tokenize share them. */
function checkCardFields(card: Obj, f: Faults, luhn: boolean): void {
  const pan = str(card.CardNumber);
  if (pan === undefined) f.add(118);
  else if (pan.length > 19) f.add(128);
  else if (!/^\d{13,19}$/.test(pan) || (luhn && !luhnValid(pan))) f.add(213);
  const holder = str(card.Holder);
  if (holder === undefined) f.add(117);
  else if (holder.length > 25) f.add(0);
  else if (!/^[A-Za-z ]+$/.test(holder)) f.add(214);
  const exp = str(card.ExpirationDate);
  if (exp === undefined) f.add(125);
  else if (!isExpirationDate(exp)) f.add(126);
}

function checkBrand(card: Obj, f: Faults): string {
  const brand = str(card.Brand);
  if (brand === undefined) f.add(182);
  else if (!brandOf(brand)) f.add(185);
  return brand ? (brandOf(brand) ?? brand) : '';
}

function checkSecurityCode(card: Obj, f: Faults): void {
  if (card.SecurityCode === undefined || card.SecurityCode === null || card.SecurityCode === '') return;
  if (typeof card.SecurityCode !== 'string' || !/^\d{3,4}$/.test(card.SecurityCode)) f.add(146);
}

/** `POST /1/sales/` with `Payment.Type: "CreditCard"` and an open card or a `CardToken`. */
export function checkSale(body: unknown): Checked<SaleRequest> {
  const f = new Faults();
  const b: Obj = isObj(body) ? body : {};
  const orderId = str(b.MerchantOrderId);
  if (orderId === undefined) f.add(122);
  else if (!/^[A-Za-z0-9]{1,50}$/.test(orderId)) f.add(107);
  if (b.Customer !== undefined && b.Customer !== null) {
    if (!isObj(b.Customer)) f.add(0);
    else if (typeof b.Customer.Name === 'string' && b.Customer.Name.length > 255) f.add(155);
  }
  if (!isObj(b.Payment)) {
    f.add(119);
    return f.result(() => undefined as never);
  }
  const p = b.Payment;
  const type = str(p.Type);
  if (type === undefined) f.add(102);
  else if (type !== 'CreditCard') f.add(173);
  if (typeof p.Amount !== 'number' || !Number.isSafeInteger(p.Amount) || p.Amount <= 0) f.add(108);
  if (typeof p.Installments !== 'number' || !Number.isInteger(p.Installments) || p.Installments < 1) f.add(123);
  else if (p.Installments > 12) f.add(186);
  const capture = bool(p.Capture);
  if (capture === 'invalid') f.add(0);
  if (p.SoftDescriptor !== undefined && (typeof p.SoftDescriptor !== 'string' || !/^[A-Za-z0-9 ]{0,13}$/.test(p.SoftDescriptor))) f.add(0);
  const initiated = p.InitiatedTransactionIndicator;
  const initiator = isObj(initiated) && /^(C1|M1|M2)$/.test(String(initiated.Category)) && str(initiated.Subcategory) ? { Category: String(initiated.Category), Subcategory: String(initiated.Subcategory) } : undefined;
  if (initiated !== undefined && initiated !== null && !initiator) f.add(0);
  if (!isObj(p.CreditCard)) {
    if (type === 'CreditCard') f.add(124);
    return f.result(() => undefined as never);
  }
  const card = p.CreditCard;
  const token = str(card.CardToken);
  if (token !== undefined && !isGuid(token)) f.add(130);
  if (token === undefined) checkCardFields(card, f, false);
  checkSecurityCode(card, f);
  const brand = checkBrand(card, f);
  const saveCard = bool(card.SaveCard);
  if (saveCard === 'invalid') f.add(0);
  return f.result(() => ({
    MerchantOrderId: orderId!,
    Customer: isObj(b.Customer) ? b.Customer : undefined,
    Payment: {
      Amount: p.Amount as number,
      Currency: str(p.Currency) ?? 'BRL',
      Installments: p.Installments as number,
      Capture: capture === true,
      Interest: str(p.Interest) ?? 'ByMerchant',
      SoftDescriptor: str(p.SoftDescriptor),
      InitiatedTransactionIndicator: initiator,
      CreditCard:
        token !== undefined
          ? { CardToken: token.toLowerCase(), SecurityCode: str(card.SecurityCode), Brand: brand }
          : { CardNumber: card.CardNumber as string, Holder: card.Holder as string, ExpirationDate: card.ExpirationDate as string, SecurityCode: str(card.SecurityCode), Brand: brand, SaveCard: saveCard === true },
    },
  }));
}

/** `POST /1/card/`: a card kept in Cielo's vault, answered with its `CardToken`. The number must pass mod 10. */
export function checkCardToken(body: unknown): Checked<CardTokenRequest> {
  const f = new Faults();
  const b: Obj = isObj(body) ? body : {};
  const name = str(b.CustomerName);
  if (name === undefined) f.add(105);
  else if (name.length > 255) f.add(155);
  checkCardFields(b, f, true);
  const brand = checkBrand(b, f);
  return f.result(() => ({ CustomerName: name!, CardNumber: b.CardNumber as string, Holder: b.Holder as string, ExpirationDate: b.ExpirationDate as string, Brand: brand }));
}

/** `?amount=` of a capture or a void (any case of the name): a whole number of cents above 0, or absent for the whole. */
export function amountParam(query: Record<string, string | string[] | undefined>): Checked<number | undefined> {
  const key = Object.keys(query).find((k) => k.toLowerCase() === 'amount');
  const raw = key === undefined ? undefined : query[key];
  if (raw === undefined || raw === '') return { ok: true, value: undefined };
  const s = Array.isArray(raw) ? raw[0] : raw;
  if (!/^\d{1,15}$/.test(s) || Number(s) <= 0) return { ok: false, errors: [cieloError(108)] };
  return { ok: true, value: Number(s) };
}

// --- the simulator's own routes -----------------------------------------------------------------

export const faultBody = z
  .object({
    path: faultPath.optional(),
    status: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(504), z.literal(429)]).optional(),
    retryAfter: z.number().int().min(0).optional(),
    delayMs: z.number().int().min(0).max(120_000).optional(),
    /** The request is served (a sale made and charged), then the connection is destroyed unanswered. */
    dropAnswerAfterCommit: z.boolean().optional(),
    /** The request is served at once; its answer (or, with dropAnswerAfterCommit, its drop) comes this much later. */
    answerDelayMs: z.number().int().min(0).max(120_000).optional(),
    /** Cielo refuses the request (400, `[{"Code": 0, …}]`) and does nothing: a void refused, a refund failed. */
    refuse: z.boolean().optional(),
    times: z.number().int().min(1),
  })
  .refine(
    (f) => f.status !== undefined || f.delayMs !== undefined || f.dropAnswerAfterCommit === true || f.answerDelayMs !== undefined || f.refuse === true,
    'a fault needs a status, a delayMs, an answerDelayMs, dropAnswerAfterCommit or refuse',
  )
  .refine((f) => !(f.refuse && (f.status !== undefined || f.dropAnswerAfterCommit || f.answerDelayMs !== undefined)), 'refuse answers at once and does nothing: it takes no status, drop or answerDelayMs')
  .refine((f) => !(f.dropAnswerAfterCommit && f.status !== undefined), 'dropAnswerAfterCommit serves the request and loses its answer: it takes no status');
export type FaultRequest = z.infer<typeof faultBody>;

export const chargebackBody = z.object({
  Amount: z.number().int().positive().optional(),
  CaseNumber: z.string().max(20).optional(),
  ReasonCode: z.string().max(64).optional(),
  ReasonMessage: z.string().max(255).optional(),
  /** The deadline for the store's evidence (`YYYY-MM-DD`), listed on the chargeback as `DueDate`. */
  DueDate: z.iso.date().optional(),
});
export type ChargebackRequest = z.infer<typeof chargebackBody>;

/** The merchant's evidence of a chargeback: text and files (base64), at most 10 files of 5 MiB. */
export const contestationBody = z.object({
  PaymentId: z.string().min(1).max(64),
  Text: z.string().max(20_000),
  Files: z
    .array(z.object({ FileName: z.string().min(1).max(200), ContentType: z.string().min(1).max(100), Content: z.base64().max(7_000_000) }))
    .max(10)
    .default([]),
});
export type ContestationRequest = z.infer<typeof contestationBody>;

/** The simulator's decision of a chargeback (the issuer's answer to the contestation, or a loss without one). */
export const chargebackOutcomeBody = z.object({ Outcome: z.enum(['Won', 'Lost']) });

export const merchantBody = z.object({
  /** The new store's notification URL and fixed headers (as `POST /embedded/notification-url` sets them). */
  notificationUrl: z.url().optional(),
  notificationHeaders: z.record(z.string(), z.string()).refine((h) => Object.keys(h).length <= 3, 'at most three headers').optional(),
});

export const notificationUrlBody = z.object({
  /** The store whose URL this is (default: the acquirer's first store). */
  merchantId: z.string().optional(),
  /** `null` stops the notifications. */
  url: z.url().nullable(),
  /** Up to three fixed headers, as a store registers them with Cielo to authenticate its notifications. */
  headers: z.record(z.string(), z.string()).refine((h) => Object.keys(h).length <= 3, 'at most three headers').optional(),
});
