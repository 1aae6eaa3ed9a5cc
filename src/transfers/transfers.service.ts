import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError, bodyIdNotFound, conflict, notFound } from '../http/errors';
import { creationPage } from '../http/pagination';
import { iso } from '../db/base.entity';
import type { Event } from '../events/event.entity';
import { recordEvent } from '../events/outbox';
import { post } from '../ledger/ledger.service';
import { getLinkedRecipient } from '../recipients/recipients.service';
import { newId } from '../shared/ids';
import { Transfer } from './transfer.entity';
import type { CreateTransferInput, ListTransfersQuery, TransferView } from './transfers.schemas';

export function toTransferView(t: Transfer): TransferView {
  return {
    id: t.id,
    fromRecipientId: t.fromRecipientId,
    toRecipientId: t.toRecipientId,
    amount: t.amount,
    currency: t.currency,
    description: t.description,
    metadata: t.metadata,
    postingId: t.postingId,
    createdAt: iso(t.createdAt),
  };
}

/** The company's link of a body's recipient: 404 naming the field when there is none. */
async function bodyLink(em: EntityManager, companyId: string, field: 'fromRecipientId' | 'toRecipientId', recipientId: string) {
  try {
    return (await getLinkedRecipient(em, companyId, recipientId)).link;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw bodyIdNotFound(field, 'Recipient');
    throw err;
  }
}

/**
 * POST /transfers: one posting from the sender's available bucket to the receiver's, both the
 * company's wallets (a posting names one company, so it can never cross companies). The ledger
 * locks the bucket it spends and refuses an overdraft (409 insufficient_balance), so concurrent
 * transfers and withdrawals of one wallet serialise and none spends the same cents twice. The
 * posting's key is the transfer's id: the row, the posting and transfer.created commit together.
 */
export async function createTransfer(em: EntityManager, companyId: string, input: CreateTransferInput): Promise<{ transfer: Transfer; event: Event }> {
  // Both are looked up before either's status is judged: another company's id is a 404 whatever the other field holds.
  const links = [await bodyLink(em, companyId, 'fromRecipientId', input.fromRecipientId), await bodyLink(em, companyId, 'toRecipientId', input.toRecipientId)];
  for (const link of links) {
    if (link.status !== 'active') throw conflict('recipient_not_active', `Recipient ${link.recipientId} is ${link.status}; only an active (KYC-approved) recipient can transfer or receive a transfer`);
  }
  const id = newId('trf');
  const { amount, currency } = input;
  const wallet = (recipientId: string) => ({ recipientId, bucket: 'available' as const, currency });
  const { postingId } = await post(em, {
    key: `transfer:${id}`,
    kind: 'transfer',
    companyId,
    source: 'adjustment',
    sourceId: id,
    description: `Transfer ${id} from ${input.fromRecipientId} to ${input.toRecipientId}`,
    lines: [
      { account: wallet(input.fromRecipientId), amount: -amount, type: 'adjustment', inStatement: true },
      { account: wallet(input.toRecipientId), amount, type: 'adjustment', inStatement: true },
    ],
  });
  const transfer = em.create(Transfer, {
    id,
    companyId,
    fromRecipientId: input.fromRecipientId,
    toRecipientId: input.toRecipientId,
    amount,
    currency,
    description: input.description ?? null,
    metadata: input.metadata ?? {},
    postingId,
  });
  em.persist(transfer);
  const event = recordEvent(em, { companyId, type: 'transfer.created', entityType: 'transfer', data: toTransferView(transfer) });
  await em.flush();
  return { transfer, event };
}

export async function getTransfer(em: EntityManager, companyId: string, id: string): Promise<Transfer> {
  const t = await em.findOne(Transfer, { id, companyId, deletedAt: null });
  if (!t) throw notFound('Transfer');
  return t;
}

export async function listTransfers(em: EntityManager, companyId: string, q: ListTransfersQuery): Promise<{ items: Transfer[]; total: number }> {
  const where = {
    companyId,
    deletedAt: null,
    ...(q.fromRecipientId ? { fromRecipientId: q.fromRecipientId } : {}),
    ...(q.toRecipientId ? { toRecipientId: q.toRecipientId } : {}),
    ...(q.currency ? { currency: q.currency } : {}),
  };
  const page = await creationPage(em, Transfer, { companyId }, q, 'desc', 'Transfer');
  const [found, total] = await em.findAndCount(Transfer, page.where(where), page.options);
  return { items: page.inListOrder(found), total };
}
