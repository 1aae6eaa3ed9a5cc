import { defineRoute } from '../http/route';
import { paginatedFlat } from '../http/pagination';
import { createLinkBody, linkIdParams, linkListSchema, linkSchema, listLinksQuery, updateLinkBody } from './checkout-links.schemas';
import { archiveLink, createLink, getLink, listLinks, toLinkView, updateLink } from './checkout-links.service';

const tag = 'Checkout: links';

// Checkout routes have no /v1 prefix (decisions.md, "Deployment shape").
export const checkoutLinkRoutes = [
  defineRoute({
    method: 'post',
    path: '/checkout/links',
    operationId: 'createCheckoutLink',
    summary: 'Create a checkout link',
    description: 'Errors: 400 validation_failed, no_items, amount_too_low, invalid_splits_sum, recipient_not_active; 409 slug_taken.',
    tag,
    request: { body: createLinkBody },
    responses: { 201: { description: 'The link, version 0, with its public url', schema: linkSchema } },
    async handler({ em, company, body, deps, dispatchAfterCommit }) {
      const { link, event } = await createLink(em, company, body, deps.config.urls.checkoutPage);
      dispatchAfterCommit([event.id]);
      return { status: 201, body: toLinkView(link, deps.config.urls.checkoutPage) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/checkout/links',
    operationId: 'listCheckoutLinks',
    summary: 'List checkout links (newest first)',
    tag,
    request: { query: listLinksQuery },
    responses: { 200: { description: 'A page of links: data, total, page, limit', schema: linkListSchema } },
    async handler({ em, company, query, deps }) {
      const { links, total } = await listLinks(em, company.id, query);
      return { body: paginatedFlat(links.map((l) => toLinkView(l, deps.config.urls.checkoutPage)), total, query) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/checkout/links/:id',
    operationId: 'getCheckoutLink',
    summary: 'Get a checkout link (archived ones too)',
    tag,
    request: { params: linkIdParams },
    responses: { 200: { description: 'The link', schema: linkSchema } },
    async handler({ em, company, params, deps }) {
      return { body: toLinkView(await getLink(em, company.id, params.id), deps.config.urls.checkoutPage) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/checkout/links/:id',
    operationId: 'updateCheckoutLink',
    summary: 'Update a checkout link (any subset; version +1 on a change)',
    description: 'Existing sessions keep their snapshot. 409 link_archived for an archived link, slug_taken for a slug in use.',
    tag,
    request: { params: linkIdParams, body: updateLinkBody },
    responses: { 200: { description: 'The updated link', schema: linkSchema } },
    async handler({ em, company, params, body, deps, dispatchAfterCommit }) {
      const { link, event } = await updateLink(em, company.id, params.id, body, deps.config.urls.checkoutPage);
      if (event) dispatchAfterCommit([event.id]);
      return { body: toLinkView(link, deps.config.urls.checkoutPage) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/checkout/links/:id',
    operationId: 'archiveCheckoutLink',
    summary: 'Archive a checkout link (idempotent)',
    description: 'The link becomes archived with deletedAt; its public URL stops making sessions.',
    tag,
    request: { params: linkIdParams },
    responses: { 200: { description: 'The archived link', schema: linkSchema } },
    async handler({ em, company, params, deps, dispatchAfterCommit }) {
      const { link, event } = await archiveLink(em, company.id, params.id, deps.config.urls.checkoutPage);
      if (event) dispatchAfterCommit([event.id]);
      return { body: toLinkView(link, deps.config.urls.checkoutPage) };
    },
  }),
];
