import { defineRoute } from '../http/route';
import { ApiError, conflict } from '../http/errors';
import { paginated } from '../http/pagination';
import { processorsOf } from '../processors/processors';
import { CieloAcquirerError } from '../processors/cards/cielo/errors';
import { addEvidence, getDispute, listDisputes, submitDispute } from './disputes.service';
import { decideDisputeInSandbox } from './dispute-sandbox.service';
import { addEvidenceBody, disputeIdParams, disputeListSchema, disputeSchema, listDisputesQuery, sandboxOutcomeBody, sandboxOutcomeSchema } from './disputes.schemas';

const tag = 'Disputes';

export const disputeRoutes = [
  defineRoute({
    method: 'get',
    path: '/disputes',
    versioned: true,
    operationId: 'listDisputes',
    summary: 'The company’s disputes (one per chargeback), newest first',
    tag,
    request: { query: listDisputesQuery },
    responses: { 200: { description: 'A page of disputes', schema: disputeListSchema } },
    async handler({ em, company, query }) {
      const { disputes, total } = await listDisputes(em, company.id, query);
      return { body: paginated(disputes, total, query) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/disputes/:id',
    versioned: true,
    operationId: 'getDispute',
    summary: 'A dispute, with its deadline, evidence and outcome',
    tag,
    request: { params: disputeIdParams },
    responses: { 200: { description: 'The dispute', schema: disputeSchema } },
    async handler({ em, company, params }) {
      return { body: await getDispute(em, company.id, params.id) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/disputes/:id/evidence',
    versioned: true,
    operationId: 'addDisputeEvidence',
    summary: 'Adds evidence (text fields and files) to an open dispute before its deadline',
    description:
      'Text fields replace the ones kept; files are added: PDF, JPEG or PNG by their content, base64, at most 5 MiB each and 10 per dispute (a request body at most 16 MiB). 409 `dispute_not_open` once submitted or decided, `dispute_deadline_passed` after `dueBy`.',
    tag,
    request: { params: disputeIdParams, body: addEvidenceBody },
    responses: { 200: { description: 'The dispute with its evidence', schema: disputeSchema } },
    errors: [409],
    bodyLimit: '16mb',
    async handler({ em, company, params, body }) {
      return { body: await addEvidence(em, company.id, params.id, body) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/disputes/:id/submit',
    versioned: true,
    operationId: 'submitDispute',
    summary: 'Sends the evidence to the acquirer; the outcome comes from it (dispute.won / dispute.lost)',
    description: '409 `dispute_not_open` once submitted or decided, `dispute_deadline_passed` after `dueBy`, `dispute_evidence_missing` without evidence; 503 when the acquirer cannot be reached (nothing changed: retry).',
    tag,
    request: { params: disputeIdParams },
    responses: { 200: { description: 'The dispute, under review', schema: disputeSchema } },
    errors: [409, 503],
    async handler({ em, company, params, deps, dispatchAfterCommit }) {
      const { dispute, eventIds } = await submitDispute(em, company.id, params.id, async (connectionId, contestation) => {
        const rail = connectionId ? await processorsOf(deps).cardById(em, connectionId) : null;
        if (!rail) throw conflict('processor_not_configured', 'The acquirer connection this dispute came from is gone: contest it with the acquirer directly');
        await rail.acquirer.contestChargeback(contestation).catch((err: unknown) => {
          if (err instanceof CieloAcquirerError && !err.retryable) throw conflict('processor_refused', `The acquirer refused the evidence: ${err.message}`);
          throw new ApiError(503, 'processor_unavailable', 'The acquirer could not take the evidence now; nothing changed, submit again');
        });
      });
      dispatchAfterCommit(eventIds);
      return { body: dispute };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/sandbox/disputes/:id/outcome',
    versioned: true,
    operationId: 'sandboxDecideDispute',
    summary: 'Sandbox: the issuer decides a dispute at the embedded acquirer (404 in production)',
    description: 'The embedded acquirer records the outcome on its chargeback and notifies Lastro as Cielo does; the notice books it (dispute.won or dispute.lost). 202: deciding.',
    tag: 'Sandbox',
    request: { params: disputeIdParams, body: sandboxOutcomeBody },
    responses: { 202: { description: 'Sent to the acquirer', schema: sandboxOutcomeSchema } },
    errors: [409, 503],
    transaction: false,
    async handler({ em, company, params, body, deps }) {
      await decideDisputeInSandbox(em, deps.config, { companyId: company.id, disputeId: params.id, outcome: body.outcome });
      return { status: 202, body: { id: params.id, outcome: body.outcome, status: 'deciding' as const } };
    },
  }),
];
