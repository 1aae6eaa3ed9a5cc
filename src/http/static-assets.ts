import { createHash } from 'node:crypto';
import type Koa from 'koa';

/**
 * Files the API serves from memory (the SDK bundles, the checkout page's script and
 * stylesheet): built on first request, kept for the life of the process, revalidated by a
 * strong ETag so a browser's conditional request costs a 304 without a body.
 */
export interface StaticAsset {
  body: string;
  contentType: string;
  /** Strong validator for conditional requests. */
  etag: string;
}

export function staticAsset(body: string, contentType: string): StaticAsset {
  return { body, contentType, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** One build per process; a failed build is retried on the next request rather than cached. */
export function lazyAssets<Name extends string>(buildAll: () => Promise<Record<Name, StaticAsset>>): (name: Name) => Promise<StaticAsset> {
  let assets: Promise<Record<Name, StaticAsset>> | undefined;
  return async (name) => {
    assets ??= buildAll().catch((err) => {
      assets = undefined;
      throw err;
    });
    return (await assets)[name];
  };
}

/** The route answer for an asset: 304 when the browser already holds this version. */
export function assetResponse(koa: Koa.Context, asset: StaticAsset, headers: Record<string, string>) {
  const all = { ...headers, ETag: asset.etag };
  if (koa.get('If-None-Match') === asset.etag) return { status: 304, body: '', contentType: asset.contentType, headers: all };
  return { body: asset.body, contentType: asset.contentType, headers: all };
}
