import { z } from 'zod';
import { notFound } from '../http/errors';
import { defineRoute } from '../http/route';
import { assetResponse } from '../http/static-assets';
import { sdkAsset, type SdkAssetName } from './sdk.bundle';
import { RELEASED_FILES, SDK_VERSION, releaseManifest, releasedAsset, releasedVersions } from './sdk.release';
import { SDK_DEMO_PAGE } from './sdk-demo.page';

const tag = 'Browser SDK';

/**
 * The URL carries no version, so caches keep it briefly (5 minutes) and then revalidate with
 * the ETag: a merchant's buyers pick up a new SDK within minutes, and a revalidation costs a
 * 304 without a body. Any origin may load it, also as an ES module (a CORS fetch).
 */
const ASSET_HEADERS = {
  'Cache-Control': 'public, max-age=300, must-revalidate',
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'X-Content-Type-Options': 'nosniff',
};

const ASSETS: Array<{ name: SdkAssetName; summary: string }> = [
  { name: 'lastro.js', summary: 'The SDK for a script tag (defines window.Lastro)' },
  { name: 'lastro.mjs', summary: 'The SDK as an ES module (export { Card })' },
  { name: 'lastro.d.ts', summary: 'The SDK type declarations' },
];

const assetRoutes = ASSETS.map(({ name, summary }) =>
  defineRoute({
    method: 'get',
    path: `/sdk/${name}`,
    operationId: `getSdk_${name.replace(/\W/g, '_')}`,
    summary,
    tag,
    auth: 'public',
    hidden: true,
    responses: { 200: { description: 'The file', contentType: 'text/javascript' } },
    async handler({ koa }) {
      return assetResponse(koa, await sdkAsset(name), ASSET_HEADERS);
    },
  }),
);

/**
 * A released version's bytes never change (sdk.release.ts), so its URL is cached for a year
 * without revalidation, and a page can pin it with Subresource Integrity: the CORS header lets
 * a `crossorigin="anonymous"` script tag check the hash.
 */
const IMMUTABLE_HEADERS = { ...ASSET_HEADERS, 'Cache-Control': 'public, max-age=31536000, immutable' };
const versionParams = z.strictObject({ version: z.string().regex(/^v\d+\.\d+\.\d+$/, 'A released version: v<major>.<minor>.<patch>') });

const releasedRoutes = [
  ...RELEASED_FILES.map((file) =>
    defineRoute({
      method: 'get',
      path: `/sdk/:version/${file}`,
      operationId: `getReleasedSdk_${file.replace(/\W/g, '_')}`,
      summary: `A released SDK version's ${file} (immutable; its SRI hash in /sdk/manifest.json)`,
      tag,
      auth: 'public',
      hidden: true,
      request: { params: versionParams },
      responses: { 200: { description: 'The file', contentType: 'text/javascript' } },
      async handler({ koa, params }) {
        const asset = releasedAsset(params.version.slice(1), file);
        if (!asset) throw notFound('SDK version');
        return assetResponse(koa, asset, IMMUTABLE_HEADERS);
      },
    }),
  ),
  defineRoute({
    method: 'get',
    path: '/sdk/manifest.json',
    operationId: 'getSdkManifest',
    summary: 'The SDK\'s released versions: each file\'s versioned path and SRI hash, the current one first',
    tag,
    auth: 'public',
    hidden: true,
    responses: { 200: { description: 'The manifest' } },
    async handler() {
      const releases = releasedVersions().reverse().map(releaseManifest).filter((m) => m !== null);
      // The unversioned name: a new release shows within 5 minutes, as /sdk/lastro.js does.
      return { body: { current: SDK_VERSION, releases }, headers: ASSET_HEADERS };
    },
  }),
];

export const sdkRoutes = [
  ...assetRoutes,
  ...releasedRoutes,
  defineRoute({
    method: 'get',
    path: '/sandbox/sdk',
    operationId: 'getSdkSandboxPage',
    summary: 'Sandbox: a page that tokenizes a card with the SDK (404 in production)',
    tag,
    auth: 'public',
    hidden: true,
    responses: { 200: { description: 'HTML', contentType: 'text/html' } },
    async handler({ deps }) {
      if (deps.config.mode === 'production') throw notFound('Route');
      return { body: SDK_DEMO_PAGE, contentType: 'text/html; charset=utf-8', headers: { 'Cache-Control': 'no-store' } };
    },
  }),
];
