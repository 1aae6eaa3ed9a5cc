import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { lazyAssets, staticAsset, type StaticAsset } from '../../http/static-assets';

/**
 * The buyer page's two static files. The script is checkout.client.js bundled with the pure
 * rules and texts it imports (checkout.rules.ts, checkout.i18n.ts), built by esbuild on first
 * request and kept in memory, like the SDK: no build step, and the browser runs exactly the
 * checks the unit tests cover.
 */

export type CheckoutAssetName = 'checkout.js' | 'checkout.css';

/** A browser script bundled with what it imports: one IIFE, minified, for the pages Lastro serves. */
export async function bundlePageScript(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
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
  return result.outputFiles[0].text;
}

export const checkoutAsset = lazyAssets(async (): Promise<Record<CheckoutAssetName, StaticAsset>> => ({
  'checkout.js': staticAsset(await bundlePageScript(path.join(__dirname, 'checkout.client.js')), 'text/javascript; charset=utf-8'),
  'checkout.css': staticAsset(fs.readFileSync(path.join(__dirname, 'checkout.css'), 'utf8'), 'text/css; charset=utf-8'),
}));
