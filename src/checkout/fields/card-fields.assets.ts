import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { lazyAssets, staticAsset, type StaticAsset } from '../../http/static-assets';

/**
 * The hosted card fields' script (card-fields.client.ts with the rules it imports) and
 * stylesheet, built by esbuild on first request and kept in memory, as the checkout page's.
 */

export type CardFieldsAssetName = 'card-fields.js' | 'card-fields.css';

export const cardFieldsAsset = lazyAssets(async (): Promise<Record<CardFieldsAssetName, StaticAsset>> => {
  const result = await build({
    entryPoints: [path.join(__dirname, 'card-fields.client.ts')],
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
    'card-fields.js': staticAsset(result.outputFiles[0].text, 'text/javascript; charset=utf-8'),
    'card-fields.css': staticAsset(fs.readFileSync(path.join(__dirname, 'card-fields.css'), 'utf8'), 'text/css; charset=utf-8'),
  };
});
