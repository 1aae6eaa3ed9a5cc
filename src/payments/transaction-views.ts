import { iso } from '../db/base.entity';
import { formattedLine } from './artifacts';
import type { BoletoArtifact, Payment } from './payment.entity';
import type { TransactionSplit } from './split.entity';
import type { Transaction } from './transaction.entity';
import type { PaymentView, SplitView, TransactionView } from './transactions.schemas';

/** Public addresses of a payment's buyer artifacts (public, hidden routes of the API process). */
export const pixQrImageUrl = (base: string, paymentId: string): string => `${base}/pix/${paymentId}/qrcode.png`;
export const boletoPageUrl = (base: string, paymentId: string): string => `${base}/boletos/${paymentId}`;
export const boletoPdfUrl = (base: string, paymentId: string): string => `${base}/boletos/${paymentId}/boleto.pdf`;

export function toPaymentView(p: Payment, publicBaseUrl: string): PaymentView {
  return {
    id: p.id,
    transactionId: p.transactionId,
    paymentMethod: p.method,
    status: p.status,
    statusReason: p.statusReason,
    amount: p.amount,
    currency: p.currency,
    installments: p.installments,
    creditCard: p.card ? { ...p.card, authorizationCode: p.authorizationCode } : null,
    pix: p.pix ? { ...p.pix, qrCodeUrl: pixQrImageUrl(publicBaseUrl, p.id) } : null,
    boleto: p.boleto ? boletoView(p.boleto, p.id, publicBaseUrl) : null,
    expiresAt: iso(p.expiresAt),
    paidAt: iso(p.paidAt),
    chargedBackAmount: p.chargedBackAmount,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
  };
}

/** The boleto as the merchant sees it: the bolepix charge without its connection, the returned Pix left to the logs. */
function boletoView(b: BoletoArtifact, paymentId: string, publicBaseUrl: string): NonNullable<PaymentView['boleto']> {
  const { pix, returnedPix: _returned, payer, ...rest } = b;
  return {
    ...rest,
    ...(pix !== undefined ? { pix: pix ? { qrCode: pix.qrCode, txid: pix.txid } : null } : {}),
    ...(payer ? { payer: { name: payer.name, document: payer.document } } : {}),
    formattedLine: formattedLine(b.line),
    url: boletoPageUrl(publicBaseUrl, paymentId),
    pdfUrl: boletoPdfUrl(publicBaseUrl, paymentId),
  };
}

export function toSplitView(s: TransactionSplit): SplitView {
  return {
    id: s.id,
    recipientId: s.recipientId,
    type: s.type,
    amount: s.amount,
    percentage: s.percentage,
    liable: s.liable,
    chargeProcessingFee: s.chargeProcessingFee,
  };
}

export interface TransactionAggregate {
  transaction: Transaction;
  payments: Payment[];
  splits: TransactionSplit[];
}

export function toTransactionView({ transaction: t, payments, splits }: TransactionAggregate, publicBaseUrl: string): TransactionView {
  return {
    id: t.id,
    companyId: t.companyId,
    referenceCode: t.referenceCode,
    customerId: t.customerId,
    status: t.status,
    statusReason: t.statusReason,
    amount: t.amount,
    currency: t.currency,
    items: t.items,
    payments: payments.map((p) => toPaymentView(p, publicBaseUrl)),
    splits: splits.map(toSplitView),
    metadata: t.metadata,
    origin: t.origin,
    paidAt: iso(t.paidAt),
    canceledAt: iso(t.canceledAt),
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
  };
}
