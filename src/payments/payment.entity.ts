import { BigIntType, EntitySchema, type Opt } from '@mikro-orm/core';
import { BaseEntity, BaseEntitySchema } from '../db/base.entity';
import type { CardSummary } from '../cards/card-vault.service';

export type PaymentMethod = 'credit_card' | 'pix' | 'boleto';
export type PaymentStatus = 'pending' | 'waiting_payment' | 'paid' | 'refused' | 'failed' | 'canceled' | 'chargeback' | 'refunded' | 'partially_refunded';

/** What the payment shows of the card: the vault's summary without the holder's document (never the PAN or CVV). */
export type PaymentCard = Omit<CardSummary, 'document'>;

export interface PixArtifact {
  /** The BR Code "copia e cola" payload (also the QR code content). */
  qrCode: string;
  txid: string;
  expiresAt: string;
}

export interface BoletoArtifact {
  barcode: string;
  /** 47 digits, unformatted. */
  line: string;
  dueDate: string;
  instructions: string | null;
  /** The boleto's number at its issuer (BB's numeroTituloCliente's last 10 digits): what its liquidation names. */
  number?: string;
  /** Days after the due date it can still be paid, with fine and interest. */
  payableDaysAfterDue?: number;
  fine?: BoletoFineTerms | null;
  interest?: BoletoInterestTerms | null;
  discount?: BoletoDiscountTerms | null;
  /** The payer (pagador) it was registered with, printed on its page and PDF. */
  payer?: BoletoPayerArtifact;
  /** Bolepix: the due-date Pix charge (cobv) on the company's Pix rail, payable instead of the boleto. */
  pix?: BolepixArtifact | null;
  /** What settled it (`boleto` at the issuer, or `pix`) and what the payer paid (fine and interest in, discount out). */
  paidVia?: 'boleto' | 'pix';
  paidAmount?: number;
  /** A second payment of the same boleto (both ways at once): the Pix returned by devolução. */
  returnedPix?: { endToEndId: string; devolucaoId: string; amount: number } | null;
}

export type BoletoFineTerms = { percent: number } | { amount: number };
export type BoletoInterestTerms = { monthlyPercent: number } | { dailyAmount: number };
export type BoletoDiscountTerms = { until: string } & ({ percent: number } | { amount: number });

export interface BoletoPayerArtifact {
  name: string;
  /** CPF or CNPJ, normalized (digits; an alphanumeric CNPJ upper case). */
  document: string;
  address: { street: string; city: string; state: string; zipCode: string; neighborhood?: string } | null;
}

export interface BolepixArtifact {
  /** The BR Code "copia e cola" of the cobv (also the QR code content). */
  qrCode: string;
  txid: string;
  /** The Pix connection the cobv was opened on. */
  connectionId: string;
}

/** One chargeback handled on a payment (docs/payments.md "Chargebacks"). */
export interface ChargebackRecord {
  id: string;
  amount: number;
  reason: string;
  /** Moved into the liable recipients' blocked buckets. */
  blocked: number;
  /** Chargeback fee + penalty charged to them. */
  fee: number;
  /** What their wallets could not cover (the platform carries it). */
  uncovered: number;
  createdAt: string;
}

export class Payment extends BaseEntity {
  companyId!: string;
  transactionId!: string;
  /** Its place among the transaction's payments (the request's order): ids are random capabilities, not an order. */
  position: Opt<number> = 0;
  method!: PaymentMethod;
  status: Opt<PaymentStatus> = 'pending';
  amount!: number;
  currency: Opt<string> = 'BRL';
  installments: Opt<number> = 1;
  /** Card payments: authorize and capture at once (the only mode the sandbox processor offers). */
  capture: Opt<boolean> = true;
  card: Opt<PaymentCard> | null = null;
  pix: Opt<PixArtifact> | null = null;
  boleto: Opt<BoletoArtifact> | null = null;
  /** When an unpaid Pix/boleto payment is canceled (Pix expiresAt; boleto end of its due date in Brasília). */
  expiresAt: Opt<Date> | null = null;
  /** The processor's answer: its adapter, and its id of the charge (a Pix: the end-to-end id of the Pix received). */
  gateway: Opt<string> | null = null;
  gatewayReference: Opt<string> | null = null;
  /** Pix: the processor connection its charge was opened on (`default` or `pcn_…`), which callbacks must come through. */
  processorConnectionId: Opt<string> | null = null;
  authorizationCode: Opt<string> | null = null;
  statusReason: Opt<string> | null = null;
  paidAt: Opt<Date> | null = null;
  /** Cents charged back so far (several partial chargebacks may add up to the amount). */
  chargedBackAmount: Opt<number> = 0;
  chargebacks: Opt<ChargebackRecord[]> = [];
}

export const PaymentSchema = new EntitySchema<Payment, BaseEntity>({
  class: Payment,
  extends: BaseEntitySchema,
  tableName: 'payments',
  indexes: [{ properties: ['transactionId'] }, { properties: ['companyId', 'createdAt'] }],
  properties: {
    companyId: { type: 'string', length: 40 },
    transactionId: { type: 'string', length: 40 },
    position: { type: 'smallint' },
    method: { type: 'string', length: 16 },
    status: { type: 'string', length: 24 },
    amount: { type: new BigIntType('number') },
    currency: { type: 'string', length: 3 },
    installments: { type: 'integer' },
    capture: { type: 'boolean' },
    card: { type: 'json', nullable: true },
    pix: { type: 'json', nullable: true },
    boleto: { type: 'json', nullable: true },
    expiresAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    gateway: { type: 'string', length: 32, nullable: true },
    gatewayReference: { type: 'string', length: 64, nullable: true },
    processorConnectionId: { type: 'string', length: 40, nullable: true },
    authorizationCode: { type: 'string', length: 32, nullable: true },
    statusReason: { type: 'string', length: 64, nullable: true },
    paidAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    chargedBackAmount: { type: new BigIntType('number') },
    chargebacks: { type: 'json' },
  },
});
