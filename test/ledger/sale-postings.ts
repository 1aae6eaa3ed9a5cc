import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict } from '../../src/http/errors';
import { loadPosting, post, type PostingLine, type PostingResult } from '../../src/ledger/ledger.service';
import type { PostingSource } from '../../src/ledger/ledger.rules';
import { assertCents } from '../../src/shared/money';

/**
 * Sale and release postings built straight on `post`, for the ledger's own tests: the payments
 * module books sales with settlement.rules' lines and releases them through the release runs
 * (src/receivables), which these stand in for where a test is about the ledger alone.
 */

export interface SalePart {
  recipientId: string;
  /** Gross cents credited to this recipient (its split share). */
  amount: number;
  /** Lastro's fee on this share (fee table), debited from it at once, so what is released is net. */
  fee?: number;
  /** `platform_fee` for the marketplace's own share (a split item of that type); `sale` otherwise. */
  type?: 'sale' | 'platform_fee';
}

/**
 * A paid sale (or one installment of it): each part lands in its recipient's `pending`
 * bucket with `releaseAt`, its fee goes to the platform's revenue, and the gross comes from
 * the platform's settlement account (money received from the acquirer). Release it with
 * `releasePending`.
 */
export async function creditSale(
  em: EntityManager,
  input: { key: string; companyId: string; currency: string; source?: PostingSource; sourceId: string; releaseAt: string; parts: SalePart[] },
): Promise<PostingResult> {
  const { currency } = input;
  const lines: PostingLine[] = [];
  let gross = 0;
  for (const part of input.parts) {
    assertCents(part.amount);
    if (part.amount <= 0) throw new RangeError('a sale part is > 0 cents');
    gross += part.amount;
    lines.push({ account: { recipientId: part.recipientId, bucket: 'pending', currency }, amount: part.amount, type: part.type ?? 'sale', inStatement: true, releaseAt: input.releaseAt });
    if (part.fee) {
      lines.push({ account: { recipientId: part.recipientId, bucket: 'pending', currency }, amount: -part.fee, type: 'fee', inStatement: true, releaseAt: input.releaseAt });
      lines.push({ account: { platform: 'revenue', currency }, amount: part.fee, type: 'fee', inStatement: false });
    }
  }
  lines.push({ account: { platform: 'settlement', currency }, amount: -gross, type: 'sale', inStatement: false });
  return post(em, { key: input.key, kind: 'sale', companyId: input.companyId, source: input.source ?? 'transaction', sourceId: input.sourceId, lines });
}

/**
 * Moves what a sale posting left pending (net of its fees) to `available`, per recipient:
 * all of it, or only its entries due at `releaseAt` (card installments are released one
 * date at a time). The release entries carry that `releaseAt`, which is how the statement
 * knows which sale entries are released. Idempotent per posting and date.
 */
export async function releasePending(em: EntityManager, input: { postingId: string; releaseAt?: string }): Promise<PostingResult> {
  return em.transactional(async (tem) => {
    const posting = await loadPosting(tem, input.postingId);
    const pending = await tem.execute<{ recipient_id: string; currency: string; release_at: Date | null; net: string }[]>(
      `select w.recipient_id, e.currency, e.release_at, sum(e.amount) as net from ledger_entries e
         join ledger_accounts a on a.id = e.account_id join wallets w on w.id = a.wallet_id
        where e.posting_id = ? and a.bucket = 'pending' ${input.releaseAt ? 'and e.release_at = ?' : ''}
        group by w.recipient_id, e.currency, e.release_at order by w.recipient_id, e.release_at`,
      input.releaseAt ? [input.postingId, new Date(input.releaseAt)] : [input.postingId],
    );
    const lines = pending
      .filter((p) => Number(p.net) !== 0)
      .flatMap((p): PostingLine[] => {
        const releaseAt = p.release_at ? new Date(p.release_at).toISOString() : null;
        return [
          { account: { recipientId: p.recipient_id, bucket: 'pending', currency: p.currency }, amount: -Number(p.net), type: 'sale', inStatement: false, releaseAt },
          { account: { recipientId: p.recipient_id, bucket: 'available', currency: p.currency }, amount: Number(p.net), type: 'sale', inStatement: false, releaseAt },
        ];
      });
    if (lines.length === 0) throw conflict('nothing_to_release', `Posting ${input.postingId} has nothing pending${input.releaseAt ? ` at ${input.releaseAt}` : ''}`);
    return post(tem, {
      key: input.releaseAt ? `release:${input.postingId}:${new Date(input.releaseAt).toISOString()}` : `release:${input.postingId}`,
      kind: 'release',
      companyId: posting.company_id,
      source: posting.source as PostingSource,
      sourceId: posting.source_id,
      releasesPostingId: input.postingId,
      lines,
    });
  });
}

