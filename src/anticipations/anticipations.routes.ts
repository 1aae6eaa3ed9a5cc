import { defineRoute } from '../http/route';
import { paginated } from '../http/pagination';
import { startAnticipationWorkflow } from './anticipation-workflow.client';
import {
  anticipationIdParams,
  anticipationListSchema,
  anticipationSchema,
  anticipationSettingsBody,
  anticipationSettingsSchema,
  anticipationSimulationSchema,
  createAnticipationBody,
  listAnticipationsQuery,
  recipientIdParams,
  selectorOf,
  simulateAnticipationBody,
} from './anticipations.schemas';
import { getAnticipation, getAnticipationSettings, listAnticipations, putAnticipationSettings, requestAnticipation, simulateAnticipation } from './anticipations.service';

const tag = 'Anticipations';

export const anticipationRoutes = [
  defineRoute({
    method: 'post',
    path: '/anticipations/simulate',
    versioned: true,
    operationId: 'simulateAnticipation',
    summary: 'Price an anticipation of a recipient’s waiting receivables (changes nothing)',
    description:
      'The eligible receivables it would take (waiting, due after today, not reserved or suspended), each one’s fee (the fee table’s anticipation rate per 30 days, pro rata by days), the totals and a fingerprint to send with POST /anticipations. 409: `amount_above_eligible`, `receivables_not_eligible`.',
    tag,
    request: { body: simulateAnticipationBody },
    responses: { 200: { description: 'The simulation', schema: anticipationSimulationSchema } },
    errors: [409],
    async handler({ em, company, body }) {
      const sim = await simulateAnticipation(em, company.id, { recipientId: body.recipientId, currency: body.currency, selector: selectorOf(body) });
      return { body: sim };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/anticipations',
    versioned: true,
    operationId: 'createAnticipation',
    summary: 'Anticipate exactly what a simulation showed',
    description:
      'Takes the receivables of the simulation with this fingerprint, or 409 `anticipation_changed` if they changed. At or under the company’s approval amount: anticipated at once (201, `completed`), the net credited as available in one ledger posting. Above it: `pending_approval`, its receivables reserved, until an operator signals `approve` or `reject` to the workflow with the anticipation’s id. A retry with the same fingerprint answers the first (200).',
    tag,
    request: { body: createAnticipationBody },
    responses: { 201: { description: 'Requested', schema: anticipationSchema }, 200: { description: 'The anticipation this fingerprint made already', schema: anticipationSchema } },
    errors: [409],
    async handler({ em, company, body, deps, dispatchAfterCommit }) {
      const { anticipation, events, replayed } = await requestAnticipation(em, company.id, { recipientId: body.recipientId, currency: body.currency, selector: selectorOf(body), fingerprint: body.fingerprint });
      if (!replayed && anticipation.status === 'pending_approval') await startAnticipationWorkflow(deps.temporal, deps.config, anticipation.id);
      dispatchAfterCommit(events.map((e) => e.id));
      return { status: replayed ? 200 : 201, body: anticipation };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/anticipations',
    versioned: true,
    operationId: 'listAnticipations',
    summary: 'List anticipations, newest first',
    description:
      'The company’s anticipations (requested and automatic), by creation then id, newest first. Filters: `recipientId`, `status`, `createdFrom` / `createdTo` (inclusive; a range that ends before it starts lists nothing). `page` / `limit` or a cursor (`startingAfter` / `endingBefore`: an anticipation of the company, else 404 naming it).',
    tag,
    request: { query: listAnticipationsQuery },
    responses: { 200: { description: 'A page of anticipations', schema: anticipationListSchema } },
    async handler({ em, company, query }) {
      const { items, total } = await listAnticipations(em, company.id, query);
      return { body: paginated(items, total, query) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/anticipations/:id',
    versioned: true,
    operationId: 'getAnticipation',
    summary: 'Get an anticipation',
    tag,
    request: { params: anticipationIdParams },
    responses: { 200: { description: 'The anticipation', schema: anticipationSchema } },
    async handler({ em, company, params }) {
      return { body: await getAnticipation(em, company.id, params.id) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/recipients/:id/anticipation-settings',
    versioned: true,
    operationId: 'getAnticipationSettings',
    summary: 'A recipient’s automatic anticipation settings',
    tag,
    request: { params: recipientIdParams },
    responses: { 200: { description: 'The settings (disabled, 100% when never set)', schema: anticipationSettingsSchema } },
    async handler({ em, company, params }) {
      return { body: await getAnticipationSettings(em, company.id, params.id) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/recipients/:id/anticipation-settings',
    versioned: true,
    operationId: 'putAnticipationSettings',
    summary: 'Turn a recipient’s daily automatic anticipation on or off',
    description: 'When enabled, the daily release run anticipates `percentage` of what the recipient can anticipate (whole receivables, soonest due first), at once, with no operator.',
    tag,
    request: { params: recipientIdParams, body: anticipationSettingsBody },
    responses: { 200: { description: 'The settings', schema: anticipationSettingsSchema } },
    async handler({ em, company, params, body }) {
      return { body: await putAnticipationSettings(em, company.id, params.id, body) };
    },
  }),
];
