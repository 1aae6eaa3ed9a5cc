import fs from 'node:fs';
import path from 'node:path';
import { lazyAssets, staticAsset, type StaticAsset } from '../../http/static-assets';
import { bundlePageScript } from '../page/checkout.assets';

/**
 * The hosted card fields' script (card-fields.client.ts with the rules it imports) and
 * stylesheet, built on first request and kept in memory, as the checkout page's.
 */

export type CardFieldsAssetName = 'card-fields.js' | 'card-fields.css';

export const cardFieldsAsset = lazyAssets(async (): Promise<Record<CardFieldsAssetName, StaticAsset>> => ({
  'card-fields.js': staticAsset(await bundlePageScript(path.join(__dirname, 'card-fields.client.ts')), 'text/javascript; charset=utf-8'),
  'card-fields.css': staticAsset(fs.readFileSync(path.join(__dirname, 'card-fields.css'), 'utf8'), 'text/css; charset=utf-8'),
}));
