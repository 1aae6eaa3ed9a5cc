import type Koa from 'koa';
import { z } from 'zod';
import { ApiError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { checkFileBytes, KYC_FILE_KINDS, MAX_KYC_FILE_BYTES } from '../kyc-files';
import type { KycFileKind } from '../recipient.entity';
import { requiredFileKinds, resolveKycToken, storePageFile, submitKyc, type KycTokenState } from '../kyc.service';
import { pickLocale } from './kyc.i18n';
import { KYC_CSS, KYC_JS, KYC_PAGE_HEADERS, renderKycFormPage, renderKycProblemPage } from './kyc.page';

/**
 * The seller's KYC page at `{kyc_url}/kyc/:token` (public: the token is the credential).
 * GET shows the page (or a clear expired / used / unknown page: 410, 410, 404); the page
 * uploads files as raw bytes and then submits, which signals the recipientOnboarding workflow.
 */

const tokenParams = z.strictObject({ token: z.string().min(1).max(200) });
const pageQuery = z.object({ lang: z.string().max(10).optional() });
const tag = 'KYC page';

const PROBLEM_STATUS = { expired: 410, used: 410, unknown: 404 } as const;

/** JSON errors for the page's fetch calls, in the common error body. */
function tokenProblem(state: Exclude<KycTokenState['state'], 'valid'>): ApiError {
  if (state === 'expired') return new ApiError(410, 'kyc_link_expired', 'This KYC link has expired; ask the company for a new one');
  if (state === 'used') return new ApiError(410, 'kyc_link_used', 'This KYC link was already used; ask the company for a new one');
  return new ApiError(404, 'not_found', 'KYC link not found');
}

/** Reads a raw request body, refusing more than `limit` bytes as soon as they arrive. */
async function readRawBody(koa: Koa.Context, limit: number): Promise<Buffer> {
  const declared = Number(koa.get('content-length') || '0');
  if (declared > limit) throw new ApiError(413, 'payload_too_large', `A KYC file is at most ${limit / 1024 / 1024} MiB`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of koa.req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new ApiError(413, 'payload_too_large', `A KYC file is at most ${limit / 1024 / 1024} MiB`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks as unknown as Uint8Array[]);
}

export const kycPageRoutes = [
  defineRoute({
    method: 'get',
    path: '/kyc/assets/kyc.css',
    operationId: 'getKycCss',
    summary: 'KYC page stylesheet',
    tag,
    auth: 'public',
    hidden: true,
    responses: { 200: { description: 'CSS', contentType: 'text/css' } },
    async handler() {
      return { body: KYC_CSS, contentType: 'text/css; charset=utf-8', headers: { 'Cache-Control': 'public, max-age=3600' } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/kyc/assets/kyc.js',
    operationId: 'getKycJs',
    summary: 'KYC page script',
    tag,
    auth: 'public',
    hidden: true,
    responses: { 200: { description: 'JavaScript', contentType: 'text/javascript' } },
    async handler() {
      return { body: KYC_JS, contentType: 'text/javascript; charset=utf-8', headers: { 'Cache-Control': 'public, max-age=3600' } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/kyc/:token',
    operationId: 'getKycPage',
    summary: 'The KYC page for a seller (HTML, pt-BR or en-US)',
    tag,
    auth: 'public',
    hidden: true,
    request: { params: tokenParams, query: pageQuery },
    responses: { 200: { description: 'HTML', contentType: 'text/html' } },
    async handler({ em, params, query, koa }) {
      const locale = pickLocale(query.lang, koa.get('accept-language'));
      const resolved = await resolveKycToken(em, params.token);
      const html =
        resolved.state === 'valid'
          ? renderKycFormPage({ locale, token: params.token, linked: resolved.linked, received: resolved.files, required: requiredFileKinds(resolved.linked.link) })
          : renderKycProblemPage(locale, resolved.state, `/kyc/${params.token}`);
      const status = resolved.state === 'valid' ? 200 : PROBLEM_STATUS[resolved.state];
      return { status, body: html, contentType: 'text/html; charset=utf-8', headers: KYC_PAGE_HEADERS };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/kyc/:token/files/:kind',
    operationId: 'uploadKycFile',
    summary: 'Upload one KYC document as raw bytes (the page does this)',
    description: `Body: the file itself (JPEG, PNG, WebP or PDF, checked by content), at most ${MAX_KYC_FILE_BYTES / 1024 / 1024} MiB.`,
    tag,
    auth: 'public',
    hidden: true,
    request: { params: z.strictObject({ token: tokenParams.shape.token, kind: z.enum(KYC_FILE_KINDS as [KycFileKind, ...KycFileKind[]]) }) },
    responses: { 200: { description: 'Stored', schema: z.object({ kind: z.string(), contentType: z.string(), size: z.number().int() }) } },
    errors: [410, 413, 429],
    // The body is streamed before any database work, so no transaction is held open meanwhile.
    transaction: false,
    async handler({ em, params, koa }) {
      const resolved = await resolveKycToken(em, params.token);
      if (resolved.state !== 'valid') throw tokenProblem(resolved.state);
      const checked = checkFileBytes(params.kind, await readRawBody(koa, MAX_KYC_FILE_BYTES));
      if (typeof checked === 'string') throw new ApiError(400, 'validation_failed', `${params.kind}: ${checked}`, [{ path: params.kind, message: checked }]);
      await storePageFile(em, resolved.linked.link, checked);
      await em.flush();
      return { body: { kind: checked.kind, contentType: checked.contentType, size: checked.sizeBytes } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/kyc/:token/submit',
    operationId: 'submitKyc',
    summary: 'Submit the KYC documents for review (consumes the link)',
    tag,
    auth: 'public',
    hidden: true,
    request: { params: tokenParams, body: z.strictObject({ confirm: z.literal(true) }) },
    responses: { 200: { description: 'Submitted', schema: z.object({ status: z.literal('submitted') }) } },
    errors: [409, 410],
    async handler({ em, params, deps }) {
      const resolved = await resolveKycToken(em, params.token);
      if (resolved.state !== 'valid') throw tokenProblem(resolved.state);
      await submitKyc(em, deps.temporal, deps.config, resolved.kycLink, resolved.linked.link);
      return { body: { status: 'submitted' as const } };
    },
  }),
];
