import { defineRoute } from '../http/route';
import { payoutScheduleBody, payoutScheduleParams, payoutScheduleSchema } from './payout-schedules.schemas';
import { getPayoutSchedule, setPayoutSchedule, toPayoutScheduleView } from './payout-schedules.service';

const tag = 'Withdrawals';

export const payoutScheduleRoutes = [
  defineRoute({
    method: 'put',
    path: '/recipients/:id/payout-schedule',
    versioned: true,
    operationId: 'setPayoutSchedule',
    summary: 'Set a recipient’s automatic payouts',
    description:
      'On each due day (daily; weekly on `weekday`; monthly on `day`, a shorter month on its last day) the daily payout run withdraws the recipient’s whole withdrawable balance in `currency` when it is at least `minimumAmount` and the withdrawal minimum: one withdrawal per recipient and São Paulo date, with the withdrawal fee, approved by the schedule and paid out by Pix.',
    tag,
    request: { params: payoutScheduleParams, body: payoutScheduleBody },
    responses: { 200: { description: 'The schedule now in force', schema: payoutScheduleSchema } },
    async handler({ em, company, params, body }) {
      return { body: toPayoutScheduleView(await setPayoutSchedule(em, company.id, params.id, body)) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/recipients/:id/payout-schedule',
    versioned: true,
    operationId: 'getPayoutSchedule',
    summary: 'Get a recipient’s automatic payouts',
    description: '404 when the recipient is not the company’s, or has no schedule.',
    tag,
    request: { params: payoutScheduleParams },
    responses: { 200: { description: 'The schedule', schema: payoutScheduleSchema } },
    async handler({ em, company, params }) {
      return { body: toPayoutScheduleView(await getPayoutSchedule(em, company.id, params.id)) };
    },
  }),
];
