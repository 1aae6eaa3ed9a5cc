import type { Config } from '../../src/config';

/**
 * The embedded acquirer's books as a test reads them (its simulator's `GET /embedded/sales`): the
 * sales of one payment (its MerchantOrderId: the payment id without its `_`) at the stack's store.
 */
export interface AcquirerSale {
  PaymentId: string;
  MerchantId: string;
  MerchantOrderId: string;
  Status: number;
  ReturnCode: string;
  Amount: number;
  Installments: number;
  CapturedAmount: number;
  VoidedAmount: number;
  Voids: Array<{ Amount: number; Date: string }>;
  Chargebacks: Array<{ Amount: number; CaseNumber: string; ReasonCode: string }>;
  InitiatedTransactionIndicator?: { Category: string; Subcategory: string };
}

/** Cielo's Status of an approved and captured sale (PaymentConfirmed), and of a voided one. */
export const SALE_CONFIRMED = 2;
export const SALE_VOIDED = 10;

const storeOf = (config: Pick<Config, 'processors'>) => {
  const card = config.processors.card;
  if (!card) throw new Error('this stack has no card acquirer (CARD_ACQUIRER_*)');
  return card;
};

export async function acquirerSalesOf(config: Pick<Config, 'processors'>, paymentId: string): Promise<AcquirerSale[]> {
  const store = storeOf(config);
  const res = await fetch(`${store.baseUrl}/embedded/sales?merchantOrderId=${encodeURIComponent(paymentId.replace('_', ''))}&merchantId=${store.merchantId}`);
  if (res.status !== 200) throw new Error(`the embedded acquirer's books: ${res.status}`);
  return ((await res.json()) as { sales: AcquirerSale[] }).sales;
}

/** Queues a fault at the stack's embedded acquirer (`POST /embedded/faults`). */
export async function acquirerFault(config: Pick<Config, 'processors'>, fault: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${storeOf(config).baseUrl}/embedded/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) });
  if (res.status !== 201) throw new Error(`the embedded acquirer refused the fault: ${res.status} ${await res.text()}`);
}
