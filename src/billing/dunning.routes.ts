import { defineRoute } from '../http/route';
import { dunningSettingsBody, dunningSettingsSchema } from './dunning.schemas';
import { getDunningSettings, setDunningSettings } from './dunning.service';

const tag = 'Billing: subscriptions and invoices';

export const dunningRoutes = [
  defineRoute({
    method: 'get',
    path: '/billing/dunning-settings',
    operationId: 'getDunningSettings',
    summary: 'When failed invoice collections are retried',
    tag,
    responses: { 200: { description: 'The company’s retry schedule (1, 3 and 5 days after the due date by default)', schema: dunningSettingsSchema } },
    async handler({ em, company }) {
      return { body: await getDunningSettings(em, company.id) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/billing/dunning-settings',
    operationId: 'setDunningSettings',
    summary: 'Set when failed invoice collections are retried',
    description:
      'After an invoice attempt fails, the next is made `retryDays[n]` days after the due date, until the days are spent: then the invoice is uncollectible and the subscription canceled (docs/billing.md "Dunning"). Applies to every retry scheduled from then on.',
    tag,
    request: { body: dunningSettingsBody },
    responses: { 200: { description: 'The schedule now in force', schema: dunningSettingsSchema } },
    async handler({ em, company, body }) {
      return { body: await setDunningSettings(em, company.id, body) };
    },
  }),
];
