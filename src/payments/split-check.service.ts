import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError, badRequest } from '../http/errors';
import { assertRecipientActive, getOwnerLink } from '../recipients/recipients.service';
import { paymentFee } from './payment-fee.service';
import { shareAmount, splitProblem, type SplitShareInput } from './split.rules';
import type { PaymentInput, SplitInput } from './transactions.schemas';

export type CheckedSplit = SplitShareInput & { liable: boolean };

/**
 * Validates split items at creation, so a paid transaction can always settle: the shares
 * add up (400 `invalid_splits_sum`), every recipient is linked and `active` (400 naming the
 * item), and every payment's processing fee fits in what its fee payers receive.
 *
 * Without split items the whole amount goes to the company's owner recipient (made with the
 * company), stored as one split item of 100% so that settlement has one rule. The owner
 * receives sales before its KYC is approved (production), as acquirers let a new merchant
 * sell while it is reviewed; its payouts wait for approval (withdrawals need an active link).
 * An owner refused or removed receives nothing: the company must name its split items (400).
 */
export async function checkSplits(em: EntityManager, companyId: string, input: SplitInput[], amount: number, payments: PaymentInput[]): Promise<CheckedSplit[]> {
  const splits: CheckedSplit[] = input.length
    ? input.map((s) => ({ recipientId: s.recipientId, type: s.type, amount: s.amount ?? null, percentage: s.percentage ?? null, liable: s.liable, chargeProcessingFee: s.chargeProcessingFee }))
    : await ownerSplit(em, companyId);
  const problem = splitProblem(splits, amount);
  if (problem) throw badRequest(problem.code, `${problem.path}: ${problem.message}`, [{ path: problem.path, message: problem.message }]);

  for (const [i, s] of input.entries()) {
    try {
      await assertRecipientActive(em, companyId, s.recipientId);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const message = err.status === 404 ? `Recipient ${s.recipientId} not found` : err.message;
      throw badRequest('validation_failed', `splits[${i}].recipientId: ${message}`, [{ path: `splits.${i}.recipientId`, message }]);
    }
  }

  for (const [i, p] of payments.entries()) {
    const fee = await paymentFee(em, companyId, { method: p.paymentMethod, installments: p.creditCard?.installments ?? 1, amount: p.amount });
    const payersGross = shareAmount(splits, p.amount, 0).filter((s) => s.paysFee).reduce((a, s) => a + s.gross, 0);
    if (fee > payersGross) {
      const message = `The processing fee (${fee}) exceeds what the fee payers receive (${payersGross})`;
      throw badRequest('amount_below_fee', `payments[${i}].amount: ${message}`, [{ path: `payments.${i}.amount`, message }]);
    }
  }
  return splits;
}

async function ownerSplit(em: EntityManager, companyId: string): Promise<CheckedSplit[]> {
  const owner = await getOwnerLink(em, companyId);
  if (!owner || owner.status === 'refused' || owner.status === 'inactive') {
    const message = 'Required: the company has no owner recipient that may receive the whole amount (refused or removed)';
    throw badRequest('validation_failed', `splits: ${message}`, [{ path: 'splits', message }]);
  }
  return [{ recipientId: owner.recipientId, type: 'sale', amount: null, percentage: 100, liable: true, chargeProcessingFee: true }];
}
