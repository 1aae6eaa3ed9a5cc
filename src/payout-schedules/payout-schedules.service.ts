import type { EntityManager } from '@mikro-orm/postgresql';
import { iso } from '../db/base.entity';
import { notFound } from '../http/errors';
import { getLinkedRecipient } from '../recipients/recipients.service';
import { PayoutSchedule } from './payout-schedule.entity';
import { payoutDay } from './payout-schedule.rules';
import type { PayoutScheduleInput, PayoutScheduleView } from './payout-schedules.schemas';

export function toPayoutScheduleView(s: PayoutSchedule): PayoutScheduleView {
  return {
    recipientId: s.recipientId,
    interval: s.interval,
    weekday: s.weekday,
    day: s.day,
    currency: s.currency,
    minimumAmount: s.minimumAmount,
    enabled: s.enabled,
    updatedAt: iso(s.updatedAt),
  };
}

/** PUT /recipients/:id/payout-schedule: replaces the link's schedule (404 when the recipient is not the company's). */
export async function setPayoutSchedule(em: EntityManager, companyId: string, recipientId: string, input: PayoutScheduleInput): Promise<PayoutSchedule> {
  await getLinkedRecipient(em, companyId, recipientId);
  const row = {
    companyId,
    recipientId,
    interval: input.interval,
    weekday: input.interval === 'weekly' ? input.weekday : null,
    day: input.interval === 'monthly' ? input.day : null,
    currency: input.currency,
    minimumAmount: input.minimumAmount,
    enabled: input.enabled,
    createdAt: new Date(),
    updatedAt: new Date(),
  };
  // One statement (insert … on conflict update), so two first PUTs at once cannot collide.
  return em.upsert(PayoutSchedule, row, { onConflictExcludeFields: ['createdAt'] });
}

export async function getPayoutSchedule(em: EntityManager, companyId: string, recipientId: string): Promise<PayoutSchedule> {
  await getLinkedRecipient(em, companyId, recipientId);
  const s = await em.findOne(PayoutSchedule, { companyId, recipientId });
  if (!s) throw notFound('Payout schedule');
  return s;
}

export interface DueSchedule {
  companyId: string;
  recipientId: string;
  currency: string;
  minimumAmount: number;
}

/**
 * A page of the enabled schedules due on `on` (isPayoutDue in SQL), of active links, in (company,
 * recipient) order after `after`.
 */
export async function listDuePayoutSchedules(em: EntityManager, on: string, after: { companyId: string; recipientId: string } | null, limit: number): Promise<DueSchedule[]> {
  const day = payoutDay(on);
  const rows = await em.execute<{ company_id: string; recipient_id: string; currency: string; minimum_amount: string }[]>(
    `select s.company_id, s.recipient_id, s.currency, s.minimum_amount from payout_schedules s
       join recipient_links l on l.company_id = s.company_id and l.recipient_id = s.recipient_id and l.deleted_at is null and l.status = 'active'
      where s.enabled
        and (s.interval = 'daily' or (s.interval = 'weekly' and s.weekday = ?) or (s.interval = 'monthly' and (s.day = ? or (? and s.day > ?))))
        and (s.company_id, s.recipient_id) > (?, ?)
      order by s.company_id, s.recipient_id limit ?`,
    [day.weekday, day.day, day.lastOfMonth, day.day, after?.companyId ?? '', after?.recipientId ?? '', limit],
  );
  return rows.map((r) => ({ companyId: r.company_id, recipientId: r.recipient_id, currency: r.currency, minimumAmount: Number(r.minimum_amount) }));
}
