import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build, type Format } from 'esbuild';

/**
 * The SDK bundles, built from src/sdk/index.ts by esbuild when first requested and kept in
 * memory. Building in the API process means no build step: `npm run dev`, `npm test` and
 * the Docker image serve the SDK of the sources they run.
 */

export interface SdkAsset {
  body: string;
  contentType: string;
  /** Strong validator for conditional requests. */
  etag: string;
}

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

function asset(body: string, contentType: string): SdkAsset {
  return { body, contentType, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

async function buildAll(): Promise<Record<SdkAssetName, SdkAsset>> {
  const [iife, esm] = await Promise.all([bundle('iife'), bundle('esm')]);
  return {
    'lastro.js': asset(iife, 'text/javascript; charset=utf-8'),
    'lastro.mjs': asset(esm, 'text/javascript; charset=utf-8'),
    'lastro.d.ts': asset(fs.readFileSync(path.join(__dirname, 'lastro.d.ts'), 'utf8'), 'application/typescript; charset=utf-8'),
  };
}

let assets: Promise<Record<SdkAssetName, SdkAsset>> | undefined;

/** One build per process; a failed build is retried on the next request rather than cached. */
export async function sdkAsset(name: SdkAssetName): Promise<SdkAsset> {
  assets ??= buildAll().catch((err) => {
    assets = undefined;
    throw err;
  });
  return (await assets)[name];
}
