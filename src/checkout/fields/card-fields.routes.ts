import { z } from 'zod';
import { originAllowed } from '../../cards/card-tokens.cors';
import { findTokenizingCompany } from '../../cards/card-tokens.service';
import { companyIdSchema } from '../../cards/card-tokens.schemas';
import { ApiError, bodyIdNotFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { assetResponse } from '../../http/static-assets';
import { cardFieldsAsset, type CardFieldsAssetName } from './card-fields.assets';
import { cardFieldsHeaders, renderCardFieldsPage } from './card-fields.page';
import { fieldsLocale, parseParentOrigin } from './card-fields.rules';

/**
 * The hosted card fields: the iframe the browser SDK's `Lastro.fields(…)` mounts on a
 * merchant's page (docs/checkout.md "Hosted card fields").
 */

const tag = 'Hosted card fields';

const fieldsQuery = z.object({
  companyId: companyIdSchema,
  origin: z.string().max(300).meta({ description: 'The merchant page\'s origin (`https://shop.example`): the only one that may frame the fields and that they answer' }),
  locale: z.string().max(10).optional().meta({ description: '`pt-BR` (default), `en`, `es`' }),
});

const assetRoutes = (['card-fields.js', 'card-fields.css'] as CardFieldsAssetName[]).map((name) =>
  defineRoute({
    method: 'get',
    path: `/checkout/fields/${name}`,
    operationId: `getCardFieldsAsset_${name.replace(/\W/g, '_')}`,
    summary: `Hosted card fields ${name}`,
    tag,
    auth: 'public',
    hidden: true,
    responses: { 200: { description: name, contentType: name.endsWith('.js') ? 'text/javascript' : 'text/css' } },
    async handler({ koa }) {
      return assetResponse(koa, await cardFieldsAsset(name), { 'Cache-Control': 'public, max-age=3600, must-revalidate', 'X-Content-Type-Options': 'nosniff' });
    },
  }),
);

export const cardFieldRoutes = [
  ...assetRoutes,
  defineRoute({
    method: 'get',
    path: '/checkout/fields/card',
    operationId: 'getHostedCardFields',
    summary: 'The hosted card fields (an iframe page for the browser SDK)',
    tag,
    auth: 'public',
    hidden: true,
    transaction: false,
    request: { query: fieldsQuery },
    responses: { 200: { description: 'HTML', contentType: 'text/html' } },
    errors: [403, 404],
    async handler({ em, deps, query }) {
      const parentOrigin = parseParentOrigin(query.origin);
      if (!parentOrigin) throw new ApiError(400, 'validation_failed', 'origin: an origin (scheme://host[:port]) without path', [{ path: 'origin', message: 'an origin (scheme://host[:port]) without path' }]);
      const company = await findTokenizingCompany(em, query.companyId, deps.config.mode);
      if (!company) throw bodyIdNotFound('companyId', 'Company');
      if (!originAllowed(company, parentOrigin)) throw new ApiError(403, 'origin_not_allowed', 'This page\'s origin is not among the company\'s allowed origins');
      const html = renderCardFieldsPage({ locale: fieldsLocale(query.locale), companyId: company.id, parentOrigin });
      return { body: html, contentType: 'text/html; charset=utf-8', headers: cardFieldsHeaders(parentOrigin) };
    },
  }),
];
