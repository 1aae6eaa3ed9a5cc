import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError, badRequest } from '../http/errors';
import type { RecipientLink } from '../recipients/recipient.entity';
import { assertRecipientActive, getOwnerLinkAndFeeTables } from '../recipients/recipients.service';
import { feeTables, knowCompanyFeeTables, paymentFee, type FeeTables } from './payment-fee.service';
import { shareAmount, splitProblem, type SplitShareInput } from './split.rules';
import type { PaymentInput, SplitInput } from './transactions.schemas';

export type CheckedSplit = SplitShareInput & { liable: boolean };

/**
 * Validates split items at creation, so a paid transaction can always settle: the shares
 * add up (400 `invalid_splits_sum`), every recipient is linked and `active` (400 naming the
 * item), and every payment's processing fee fits in what its fee payers receive, priced by the
 * fee table of the charge's `currency` (the one settlement prices it by: a USD subscription's
 * charge by the USD table, whatever the company's account currency; the API's transactions are BRL).
 *
 * Without split items the whole amount goes to the company's owner recipient (made with the
 * company), stored as one split item of 100% so that settlement has one rule. The owner
 * receives sales before its KYC is approved (production), as acquirers let a new merchant
 * sell while it is reviewed; its payouts wait for approval (withdrawals need an active link).
 * An owner refused or removed receives nothing: the company must name its split items (400).
 */
export async function checkSplits(
  em: EntityManager,
  companyId: string,
  input: SplitInput[],
  amount: number,
  payments: PaymentInput[],
  lookups: SplitLookups = splitLookups(em),
  currency = 'BRL',
): Promise<CheckedSplit[]> {
  const splits: CheckedSplit[] = input.length
    ? input.map((s) => ({ recipientId: s.recipientId, type: s.type, amount: s.amount ?? null, percentage: s.percentage ?? null, liable: s.liable, chargeProcessingFee: s.chargeProcessingFee }))
    : ownerSplit(await lookups.owner(companyId));
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
    const fee = await paymentFee(em, companyId, { method: p.paymentMethod, installments: p.creditCard?.installments ?? 1, amount: p.amount, currency }, lookups.fees);
    const payersGross = shareAmount(splits, p.amount, 0).filter((s) => s.paysFee).reduce((a, s) => a + s.gross, 0);
    if (fee > payersGross) {
      const message = `The processing fee (${fee}) exceeds what the fee payers receive (${payersGross})`;
      throw badRequest('amount_below_fee', `payments[${i}].amount: ${message}`, [{ path: `payments.${i}.amount`, message }]);
    }
  }
  return splits;
}

/**
 * What `checkSplits` reads, each once per company for the checks of one call (a batch of
 * charges in one database transaction): the owner link and the fee tables.
 */
export interface SplitLookups {
  owner: (companyId: string) => Promise<Pick<RecipientLink, 'recipientId' | 'status'> | null>;
  fees: FeeTables;
}

export function splitLookups(em: EntityManager): SplitLookups {
  const owners = new Map<string, Promise<Pick<RecipientLink, 'recipientId' | 'status'> | null>>();
  const fees = feeTables(em);
  return {
    // The owner's statement also reads the company's fee tables, which the fee check reads next.
    owner: (companyId) => {
      let owner = owners.get(companyId);
      if (!owner) {
        owner = getOwnerLinkAndFeeTables(em, companyId).then(({ owner: link, feeTables: configs }) => {
          knowCompanyFeeTables(fees, companyId, configs);
          return link;
        });
        owners.set(companyId, owner);
      }
      return owner;
    },
    fees,
  };
}

function ownerSplit(owner: Pick<RecipientLink, 'recipientId' | 'status'> | null): CheckedSplit[] {
  if (!owner || owner.status === 'refused' || owner.status === 'inactive') {
    const message = 'Required: the company has no owner recipient that may receive the whole amount (refused or removed)';
    throw badRequest('validation_failed', `splits: ${message}`, [{ path: 'splits', message }]);
  }
  return [{ recipientId: owner.recipientId, type: 'sale', amount: null, percentage: 100, liable: true, chargeProcessingFee: true }];
}
