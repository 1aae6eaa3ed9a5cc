import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_RETRY_DAYS, retryAt } from './dunning.rules';
import type { DunningSettingsInput, DunningSettingsView } from './dunning.schemas';

/**
 * Each company's dunning retry schedule (`billing_dunning_settings`, one row per company that set
 * one; the default otherwise), and the retry it gives a failed invoice attempt.
 */

/** The company's retry days (the default when it set none). */
export async function retryDaysOf(em: EntityManager, companyId: string): Promise<{ retryDays: number[]; custom: boolean }> {
  const [row] = await em.execute<Array<{ retry_days: number[] }>>(`select retry_days from billing_dunning_settings where company_id = ?`, [companyId]);
  return row ? { retryDays: row.retry_days, custom: true } : { retryDays: [...DEFAULT_RETRY_DAYS], custom: false };
}

export async function getDunningSettings(em: EntityManager, companyId: string): Promise<DunningSettingsView> {
  return { object: 'dunning_settings', ...(await retryDaysOf(em, companyId)) };
}

/** Replaces the company's schedule (one upsert: two racing PUTs leave one of them whole). Applies to every retry scheduled from then on. */
export async function setDunningSettings(em: EntityManager, companyId: string, input: DunningSettingsInput): Promise<DunningSettingsView> {
  await em.execute(
    `insert into billing_dunning_settings (company_id, retry_days) values (?, ?::jsonb)
       on conflict (company_id) do update set retry_days = excluded.retry_days, updated_at = now()`,
    [companyId, JSON.stringify(input.retryDays)],
  );
  return { object: 'dunning_settings', retryDays: input.retryDays, custom: true };
}

/** The next attempt after failed attempt `attempt` of an invoice due at `dueAt`, on its company's schedule; null when it is spent. */
export async function nextRetryOf(em: EntityManager, invoice: { companyId: string; dueAt: string }, attempt: number): Promise<string | null> {
  const { retryDays } = await retryDaysOf(em, invoice.companyId);
  return retryAt(invoice.dueAt, attempt, retryDays);
}
