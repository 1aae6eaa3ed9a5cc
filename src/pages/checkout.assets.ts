import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * The buyer page's two static files. The script is checkout.client.js bundled with the pure
 * rules and texts it imports (checkout.rules.ts, checkout.i18n.ts), built by esbuild on first
 * request and kept in memory, like the SDK: no build step, and the browser runs exactly the
 * checks the unit tests cover.
 */

export interface CheckoutAsset {
  body: string;
  contentType: string;
  etag: string;
}

export type CheckoutAssetName = 'checkout.js' | 'checkout.css';

const asset = (body: string, contentType: string): CheckoutAsset => ({
  body,
  contentType,
  etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
});

async function buildAll(): Promise<Record<CheckoutAssetName, CheckoutAsset>> {
  const result = await build({
    entryPoints: [path.join(__dirname, 'checkout.client.js')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: ['es2019'],
    minify: true,
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'silent',
  });
  return {
    'checkout.js': asset(result.outputFiles[0].text, 'text/javascript; charset=utf-8'),
    'checkout.css': asset(fs.readFileSync(path.join(__dirname, 'checkout.css'), 'utf8'), 'text/css; charset=utf-8'),
  };
}

let assets: Promise<Record<CheckoutAssetName, CheckoutAsset>> | undefined;

/** One build per process; a failed build is retried on the next request rather than cached. */
export async function checkoutAsset(name: CheckoutAssetName): Promise<CheckoutAsset> {
  assets ??= buildAll().catch((err) => {
    assets = undefined;
    throw err;
  });
  return (await assets)[name];
}
