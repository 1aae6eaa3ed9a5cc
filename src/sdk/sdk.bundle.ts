import fs from 'node:fs';
import path from 'node:path';
import { build, type Format } from 'esbuild';
import { lazyAssets, staticAsset, type StaticAsset } from '../http/static-assets';

/**
 * The SDK bundles, built from src/sdk/index.ts by esbuild when first requested and kept in
 * memory. Building in the API process means no build step: `npm run dev`, `npm test` and
 * the Docker image serve the SDK of the sources they run.
 */

export type SdkAssetName = 'lastro.js' | 'lastro.mjs' | 'lastro.d.ts';

const ENTRY = path.join(__dirname, 'index.ts');
const BANNER = '/*! Lastro browser SDK: card tokenization. */';

async function bundle(format: Format): Promise<string> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format,
    // `iife` + globalName: a script tag defines `var Lastro = { Card }` on the page.
    ...(format === 'iife' ? { globalName: 'Lastro' } : {}),
    platform: 'browser',
    target: ['es2018'],
    minify: true,
    legalComments: 'inline',
    banner: { js: BANNER },
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

export const sdkAsset = lazyAssets(async (): Promise<Record<SdkAssetName, StaticAsset>> => {
  const [iife, esm] = await Promise.all([bundle('iife'), bundle('esm')]);
  return {
    'lastro.js': staticAsset(iife, 'text/javascript; charset=utf-8'),
    'lastro.mjs': staticAsset(esm, 'text/javascript; charset=utf-8'),
    'lastro.d.ts': staticAsset(fs.readFileSync(path.join(__dirname, 'lastro.d.ts'), 'utf8'), 'application/typescript; charset=utf-8'),
  };
});
