import { defineRoute } from '../http/route';
import { paginated } from '../http/pagination';
import {
  createRecipientBody,
  deletedRecipientSchema,
  kycLinkSchema,
  listRecipientsQuery,
  ownerSchema,
  recipientIdParams,
  recipientListSchema,
  recipientSchema,
  updateRecipientBody,
} from './recipients.schemas';
import {
  createRecipient,
  deleteRecipient,
  getLinkedRecipient,
  getOwnerRecipient,
  listRecipients,
  toRecipientView,
  updateRecipient,
} from './recipients.service';
import { createKycLink } from './kyc.service';
import { startOnboardingWorkflow } from './recipient-onboarding-workflow.client';
import { MAX_KYC_FILE_BYTES } from './kyc-files';

const tag = 'Recipients';

/**
 * Recipient writes may carry the three KYC files inline as base64 (at most 5 MiB each once
 * decoded), so their body limit fits three of them plus the fields: a too-large file is then
 * answered by the 5 MiB rule naming it, not by the generic 1 MB `BODY_LIMIT` 413.
 */
const RECIPIENT_BODY_LIMIT = 3 * Math.ceil(MAX_KYC_FILE_BYTES / 3) * 4 + 1024 * 1024;

export const recipientRoutes = [
  defineRoute({
    method: 'post',
    path: '/recipients',
    versioned: true,
    operationId: 'createRecipient',
    summary: 'Create (or reuse) a recipient and link it to the company',
    description:
      'The registration is global (one per CPF/CNPJ) and matched by document only; everything else (name, contact, profile, bank account, files) is the company’s own, ' +
      'never shown to or changed by another company. The link starts `pending` when an address and a bank account are known, otherwise `new`. ' +
      'Role: seller by default; at most one owner per company (409 `owner_already_exists`).',
    tag,
    request: { body: createRecipientBody },
    bodyLimit: RECIPIENT_BODY_LIMIT,
    responses: { 201: { description: 'The recipient as the company sees it', schema: recipientSchema } },
    errors: [409],
    async handler({ em, company, body, deps, dispatchAfterCommit, afterCommit }) {
      const { linked, event, startReview } = await createRecipient(em, company.id, body);
      dispatchAfterCommit([event.id]);
      // The link's KYC workflow waits for the seller's documents; kyc-link and the page start it too if this fails.
      if (startReview) afterCommit(() => startOnboardingWorkflow(deps.temporal, deps.config.temporal.taskQueue, linked.link));
      return { status: 201, body: toRecipientView(linked) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/recipients',
    versioned: true,
    operationId: 'listRecipients',
    summary: 'List the company’s merchant recipients',
    description: 'Filters combine (AND): an e-mail and a document of two different recipients give an empty list.',
    tag,
    request: { query: listRecipientsQuery },
    responses: { 200: { description: 'A page of recipients', schema: recipientListSchema } },
    async handler({ em, company, query }) {
      const { items, total } = await listRecipients(em, company.id, query);
      return { body: paginated(items.map(toRecipientView), total, query) };
    },
  }),
  // Before /recipients/:id, so "owner" is never read as an id.
  defineRoute({
    method: 'get',
    path: '/recipients/owner',
    versioned: true,
    operationId: 'getOwnerRecipient',
    summary: 'The company’s owner recipient, or null',
    tag,
    responses: { 200: { description: 'The owner, or JSON null when there is none', schema: ownerSchema } },
    async handler({ em, company }) {
      const owner = await getOwnerRecipient(em, company.id);
      return { body: owner ? toRecipientView(owner) : null };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/recipients/:id',
    versioned: true,
    operationId: 'getRecipient',
    summary: 'Get a recipient linked to the company',
    tag,
    request: { params: recipientIdParams },
    responses: { 200: { description: 'The recipient', schema: recipientSchema } },
    async handler({ em, company, params }) {
      return { body: toRecipientView(await getLinkedRecipient(em, company.id, params.id)) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/recipients/:id',
    versioned: true,
    operationId: 'updateRecipient',
    summary: 'Update a recipient (any subset of the create fields)',
    description:
      'Changes only the company’s own view. On an active recipient, a change of name, type, legal profile fields (address, legal representative, company data, Pix key) ' +
      'or a bank account not in the recipient’s own document takes the link back to `pending` for a new KYC review; e-mail and phone change freely. ' +
      'The document never changes (409 `recipient_document_shared`, whoever else pays the same person): to pay someone else, create a recipient with their document.',
    tag,
    request: { params: recipientIdParams, body: updateRecipientBody },
    bodyLimit: RECIPIENT_BODY_LIMIT,
    responses: { 200: { description: 'The updated recipient', schema: recipientSchema } },
    errors: [409],
    async handler({ em, company, params, body, deps, dispatchAfterCommit, afterCommit }) {
      const { linked, event, startReview } = await updateRecipient(em, company.id, params.id, body);
      if (event) dispatchAfterCommit([event.id]);
      if (startReview) afterCommit(() => startOnboardingWorkflow(deps.temporal, deps.config.temporal.taskQueue, linked.link));
      return { body: toRecipientView(linked) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/recipients/:id',
    versioned: true,
    operationId: 'deleteRecipient',
    summary: 'Unlink a recipient from the company (the global registration stays)',
    tag,
    request: { params: recipientIdParams },
    responses: { 200: { description: 'Unlinked', schema: deletedRecipientSchema } },
    async handler({ em, company, params, dispatchAfterCommit }) {
      const { event } = await deleteRecipient(em, company.id, params.id);
      dispatchAfterCommit([event.id]);
      return { body: { id: params.id, deleted: true as const } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/recipients/:id/kyc-link',
    versioned: true,
    operationId: 'createRecipientKycLink',
    summary: 'A single-use link to the KYC page, for the seller',
    description: 'The seller reviews their data and uploads identification, selfie and (companies) social contract. Valid 7 days, single use.',
    tag,
    request: { params: recipientIdParams },
    responses: { 201: { description: 'The link', schema: kycLinkSchema } },
    errors: [409],
    async handler({ em, company, params, deps, afterCommit }) {
      const link = await createKycLink(em, deps.config, company.id, params.id);
      afterCommit(() => startOnboardingWorkflow(deps.temporal, deps.config.temporal.taskQueue, { recipientId: params.id, companyId: company.id }));
      return { status: 201, body: link };
    },
  }),
];
