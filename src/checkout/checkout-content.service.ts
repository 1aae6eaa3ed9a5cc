import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError, badRequest } from '../http/errors';
import { assertRecipientActive } from '../recipients/recipients.service';
import { itemsProblem, splitsSumProblem, type CheckoutProblem } from './checkout.rules';
import type { ItemInput, SplitInput } from './checkout.schemas';

const toError = (p: CheckoutProblem): ApiError => badRequest(p.code, `${p.path}: ${p.message}`, [{ path: p.path, message: p.message }]);

export function checkItems(items: readonly ItemInput[]): void {
  const problem = itemsProblem(items);
  if (problem) throw toError(problem);
}

/**
 * Splits must sum to 100 (`invalid_splits_sum`) and name recipients that are linked to the
 * company and active (KYC-approved), so that a session paid later can always settle. A
 * recipient that is unknown, another company's, or not active is one 400
 * `recipient_not_active` naming the item: from the merchant's side all three mean "this
 * recipient cannot receive money from you", and a separate 404 would tell apart another
 * company's recipients.
 */
export async function checkSplits(em: EntityManager, companyId: string, splits: readonly SplitInput[]): Promise<void> {
  const problem = splitsSumProblem(splits);
  if (problem) throw toError(problem);
  for (const [i, s] of splits.entries()) {
    try {
      await assertRecipientActive(em, companyId, s.recipientId);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      const message = err.status === 404 ? `Recipient ${s.recipientId} is not a recipient of this company` : err.message;
      throw badRequest('recipient_not_active', `splits[${i}].recipientId: ${message}`, [{ path: `splits.${i}.recipientId`, message }]);
    }
  }
}
