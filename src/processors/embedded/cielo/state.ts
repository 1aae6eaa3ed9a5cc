import { randomInt, randomUUID } from 'node:crypto';
import {
  authorize,
  cieloDate,
  CAPTURED,
  decideCapture,
  decideVoid,
  STATUS,
  tidPrefix,
  type CaptureDecision,
  type SaleStatus,
  type VoidDecision,
} from './cielo.rules';
import type { CardData, CardTokenRequest, ChargebackRequest, SaleRequest } from './schemas';

/**
 * The embedded acquirer's books: sales with what was captured and voided of each, chargebacks, and
 * the card vault (CardToken → card). In memory on purpose: the acquirer is a process of its own and
 * a restart opens fresh books. Synchronous; `server.ts` turns outcomes into Cielo's answers.
 */

export interface StoredCard extends CardData {
  CardToken: string;
  CustomerName: string;
}

export interface Chargeback {
  Amount: number;
  CaseNumber: string;
  Date: string;
  ReasonCode: string;
  ReasonMessage: string;
  /** `Received`, `Contested` once the store sent its evidence, then `Won` or `Lost` (the simulator's `/outcome`). */
  Status: 'Received' | 'Contested' | 'Won' | 'Lost';
  /** The deadline for the store's evidence (`YYYY-MM-DD`), when the simulator was given one. */
  DueDate?: string;
  RawData: string;
  /** The store's evidence as received: its text and each file's name, type, size and hash. */
  Contestation?: { Text: string; Files: Array<{ FileName: string; ContentType: string; Size: number; Sha256: string }>; ReceivedAt: string };
}

export interface Sale {
  PaymentId: string;
  /** The store that made it (lower case): Cielo answers a store its own sales only. */
  merchantId: string;
  MerchantOrderId: string;
  Customer?: Record<string, unknown>;
  receivedAt: Date;
  Amount: number;
  Currency: string;
  Installments: number;
  Interest: string;
  Capture: boolean;
  SoftDescriptor?: string;
  InitiatedTransactionIndicator?: { Category: string; Subcategory: string };
  /** The card charged; its number never leaves the books unmasked. */
  card: CardData & { SaveCard: boolean; CardToken?: string; byToken: boolean };
  Status: SaleStatus;
  ReturnCode: string;
  ReturnMessage: string;
  Tid: string;
  ProofOfSale: string;
  AuthorizationCode?: string;
  CapturedAmount: number;
  capturedAt?: Date;
  VoidedAmount: number;
  voidedAt?: Date;
  voids: Array<{ Amount: number; at: Date }>;
  lastVoid?: { key: string; at: number };
  Chargebacks: Chargeback[];
}

const digits = (n: number): string => Array.from({ length: n }, () => randomInt(10)).join('');

export type Operation<D> = { found: false } | { found: true; sale: Sale; decision: D };

export class Books {
  readonly sales = new Map<string, Sale>();
  readonly cards = new Map<string, StoredCard>();
  private readonly tids = new Set<string>();

  constructor(private readonly opts: { now: () => Date; voidGuardMs: number }) {}

  /** The sale of a `PaymentId` (any case), if there is one (of `merchantId`'s store, when given). */
  sale(paymentId: string, merchantId?: string): Sale | undefined {
    const sale = this.sales.get(paymentId.toLowerCase());
    return sale && (merchantId === undefined || sale.merchantId === merchantId) ? sale : undefined;
  }

  /** Sales under a `MerchantOrderId`, oldest first: Cielo keeps every one, a repeated order id included (of `merchantId`'s store, when given). */
  byOrder(merchantOrderId: string, merchantId?: string): Sale[] {
    return [...this.sales.values()].filter((s) => s.MerchantOrderId === merchantOrderId && (merchantId === undefined || s.merchantId === merchantId));
  }

  tokenize(req: CardTokenRequest): StoredCard {
    const card: StoredCard = { CardToken: randomUUID(), CustomerName: req.CustomerName, CardNumber: req.CardNumber, Holder: req.Holder, ExpirationDate: req.ExpirationDate, Brand: req.Brand };
    this.cards.set(card.CardToken, card);
    return card;
  }

  /** Authorizes (and with `Capture`, captures) a sale; undefined when its `CardToken` is not in the vault. */
  createSale(req: SaleRequest, merchantId: string): Sale | undefined {
    const now = this.opts.now();
    const c = req.Payment.CreditCard;
    let card: Sale['card'];
    if ('CardToken' in c) {
      const stored = this.cards.get(c.CardToken);
      if (!stored) return undefined;
      card = { CardNumber: stored.CardNumber, Holder: stored.Holder, ExpirationDate: stored.ExpirationDate, Brand: c.Brand, SaveCard: false, CardToken: stored.CardToken, byToken: true };
    } else {
      card = { CardNumber: c.CardNumber, Holder: c.Holder, ExpirationDate: c.ExpirationDate, Brand: c.Brand, SaveCard: c.SaveCard, byToken: false };
    }
    const outcome = authorize(card.CardNumber, card.ExpirationDate, req.Payment.Capture, now);
    if (outcome.approved && card.SaveCard) {
      card.CardToken = this.tokenize({ CustomerName: String(req.Customer?.Name ?? card.Holder), CardNumber: card.CardNumber, Holder: card.Holder, ExpirationDate: card.ExpirationDate, Brand: card.Brand }).CardToken;
    }
    const captured = outcome.Status === STATUS.PaymentConfirmed;
    const sale: Sale = {
      PaymentId: randomUUID(),
      merchantId,
      MerchantOrderId: req.MerchantOrderId,
      Customer: req.Customer,
      receivedAt: now,
      Amount: req.Payment.Amount,
      Currency: req.Payment.Currency,
      Installments: req.Payment.Installments,
      Interest: req.Payment.Interest,
      Capture: req.Payment.Capture,
      SoftDescriptor: req.Payment.SoftDescriptor,
      InitiatedTransactionIndicator: req.Payment.InitiatedTransactionIndicator,
      card,
      Status: outcome.Status,
      ReturnCode: outcome.ReturnCode,
      ReturnMessage: outcome.ReturnMessage,
      Tid: this.newTid(now),
      ProofOfSale: digits(6),
      AuthorizationCode: outcome.approved ? digits(6) : undefined,
      CapturedAmount: captured ? req.Payment.Amount : 0,
      capturedAt: captured ? now : undefined,
      VoidedAmount: 0,
      voids: [],
      Chargebacks: [],
    };
    this.sales.set(sale.PaymentId, sale);
    return sale;
  }

  capture(paymentId: string, amount: number | undefined, merchantId?: string): Operation<CaptureDecision> {
    const sale = this.sale(paymentId, merchantId);
    if (!sale) return { found: false };
    const decision = decideCapture(sale, amount);
    if (decision.kind === 'capture') {
      sale.Status = STATUS.PaymentConfirmed;
      sale.CapturedAmount = decision.amount;
      sale.capturedAt = this.opts.now();
      sale.ReturnCode = CAPTURED.ReturnCode;
      sale.ReturnMessage = CAPTURED.ReturnMessage;
    }
    return { found: true, sale, decision };
  }

  void(paymentId: string, amount: number | undefined, merchantId?: string): Operation<VoidDecision> {
    const sale = this.sale(paymentId, merchantId);
    if (!sale) return { found: false };
    const now = this.opts.now();
    const decision = decideVoid(sale, { amount, now, lastVoid: sale.lastVoid, guardMs: this.opts.voidGuardMs });
    if (decision.kind === 'void') {
      sale.VoidedAmount += decision.amount;
      sale.voids.push({ Amount: decision.amount, at: now });
      sale.voidedAt = now;
      sale.lastVoid = { key: decision.key, at: now.getTime() };
      sale.Status = decision.status;
    }
    return { found: true, sale, decision };
  }

  /** What is left to charge back: captured, less voided and earlier chargebacks. */
  chargebackable(sale: Sale): number {
    return sale.Status === STATUS.PaymentConfirmed ? sale.CapturedAmount - sale.VoidedAmount - sale.Chargebacks.reduce((n, c) => n + c.Amount, 0) : 0;
  }

  /** Records an issuer's chargeback of a captured sale; the caller checks the amount against `chargebackable`. */
  chargeback(sale: Sale, req: ChargebackRequest): Chargeback {
    const cb: Chargeback = {
      Amount: req.Amount ?? this.chargebackable(sale),
      CaseNumber: req.CaseNumber ?? digits(6),
      Date: cieloDate(this.opts.now()),
      ReasonCode: req.ReasonCode ?? '104',
      ReasonMessage: req.ReasonMessage ?? 'Outras Fraudes - Cartao Ausente',
      Status: 'Received',
      ...(req.DueDate ? { DueDate: req.DueDate } : {}),
      RawData: 'Chargeback recorded by the embedded acquirer',
    };
    sale.Chargebacks.push(cb);
    return cb;
  }

  /** The chargeback of a case number, with its sale (of `merchantId`'s store, when given). */
  chargebackCase(caseNumber: string, merchantId?: string): { sale: Sale; chargeback: Chargeback } | undefined {
    for (const sale of this.sales.values()) {
      if (merchantId !== undefined && sale.merchantId !== merchantId) continue;
      const chargeback = sale.Chargebacks.find((c) => c.CaseNumber === caseNumber);
      if (chargeback) return { sale, chargeback };
    }
    return undefined;
  }

  private newTid(now: Date): string {
    for (;;) {
      const tid = `${tidPrefix(now)}${digits(10)}`;
      if (!this.tids.has(tid)) {
        this.tids.add(tid);
        return tid;
      }
    }
  }
}
