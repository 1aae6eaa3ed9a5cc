import type { EntityManager } from '@mikro-orm/postgresql';
import { feeFor } from '../fees/fees.service';
import type { PaymentMethod } from './payment.entity';

/** The company's processing fee on a payment: its fee table entry for the method (and installment count for cards). */
export async function paymentFee(em: EntityManager, companyId: string, p: { method: PaymentMethod; installments: number; amount: number; currency?: string }): Promise<number> {
  const op = p.method === 'credit_card' ? { kind: 'credit_card' as const, installments: p.installments } : { kind: p.method };
  return feeFor(em, companyId, p.currency ?? 'BRL', op, p.amount);
}
