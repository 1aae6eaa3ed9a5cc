import { z } from 'zod';
import { MAX_RETRIES, MAX_RETRY_DAY, retryDaysProblem } from './dunning.rules';

/** GET/PUT /billing/dunning-settings: when a failed invoice collection is retried (docs/billing.md "Dunning"). */
export const dunningSettingsBody = z
  .strictObject({
    retryDays: z
      .array(z.number().int().min(1).max(MAX_RETRY_DAY))
      .max(MAX_RETRIES)
      .superRefine((days, ctx) => {
        const problem = retryDaysProblem(days);
        if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path.split('.').slice(1).map(Number) });
      })
      .meta({ description: `Days after the due date of each retry, ascending (at most ${MAX_RETRIES}, each 1-${MAX_RETRY_DAY}); [] never retries` }),
  })
  .meta({ id: 'DunningSettingsInput' });

export const dunningSettingsSchema = z
  .object({
    object: z.literal('dunning_settings'),
    retryDays: z.array(z.number().int()),
    /** False while the company uses the default schedule. */
    custom: z.boolean(),
  })
  .meta({ id: 'DunningSettings' });

export type DunningSettingsInput = z.output<typeof dunningSettingsBody>;
export type DunningSettingsView = z.output<typeof dunningSettingsSchema>;
