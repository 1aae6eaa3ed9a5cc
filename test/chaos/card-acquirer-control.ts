import type { ChaosStack } from './chaos-stack';

/** A chaos stack's embedded acquirer, driven through its simulator's routes (docs/processors.md). */

export interface BookedSale {
  PaymentId: string;
  MerchantOrderId: string;
  Status: number;
  Amount: number;
  VoidedAmount: number;
  Voids: Array<{ Amount: number; Date: string }>;
  Chargebacks: Array<{ Amount: number; CaseNumber: string }>;
}

/** The sales made under a payment's id (its MerchantOrderId: the id without its `_`). */
export async function acquirerSales(stack: Pick<ChaosStack, 'cardAcquirer'>, paymentId: string): Promise<BookedSale[]> {
  const { baseUrl, merchantId } = stack.cardAcquirer;
  const res = await fetch(`${baseUrl}/embedded/sales?merchantOrderId=${encodeURIComponent(paymentId.replace('_', ''))}&merchantId=${merchantId}`);
  return ((await res.json()) as { sales: BookedSale[] }).sales;
}

/** Queues a fault at the acquirer (`POST /embedded/faults`). */
export async function acquirerFault(stack: Pick<ChaosStack, 'cardAcquirer'>, fault: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${stack.cardAcquirer.baseUrl}/embedded/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) });
  if (res.status !== 201) throw new Error(`the acquirer refused the fault: ${res.status} ${await res.text()}`);
}

/** How many requests the acquirer answered per route (`GET /embedded/stats`). */
export async function acquirerRequests(stack: Pick<ChaosStack, 'cardAcquirer'>): Promise<Record<string, number>> {
  const res = await fetch(`${stack.cardAcquirer.baseUrl}/embedded/stats`);
  return ((await res.json()) as { requests: Record<string, number> }).requests;
}
