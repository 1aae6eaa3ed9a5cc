import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { staticAsset, type StaticAsset } from '../http/static-assets';
import { sdkAsset } from './sdk.bundle';

/**
 * Released SDK versions: the bundles of each version are files committed under
 * `src/sdk/releases/<version>/`, served at `/sdk/v<version>/…` with immutable caching and an
 * SRI hash. Being files, a version's bytes never change with later sources or another esbuild,
 * so a merchant's `integrity` attribute keeps matching, and every released version stays
 * served. Releasing the current sources (the version in src/sdk/package.json) is
 * `node --import tsx src/sdk/sdk.release.ts`.
 */

export const RELEASED_FILES = ['lastro.js', 'lastro.mjs'] as const;
export type ReleasedFile = (typeof RELEASED_FILES)[number];

const RELEASES_DIR = path.join(__dirname, 'releases');

/** The version of the SDK's sources (src/sdk/package.json). */
export const SDK_VERSION: string = (JSON.parse(fs.readFileSync(path.join(__dirname, 'package.json'), 'utf8')) as { version: string }).version;

/** `sha384-<base64>`: the Subresource Integrity value of these bytes. */
export const sriOf = (body: string): string => `sha384-${createHash('sha384').update(body, 'utf8').digest('base64')}`;

/** Every released version, oldest first. */
export function releasedVersions(): string[] {
  if (!fs.existsSync(RELEASES_DIR)) return [];
  const parts = (v: string) => v.split('.').map(Number);
  return fs
    .readdirSync(RELEASES_DIR)
    .filter((v) => /^\d+\.\d+\.\d+$/.test(v))
    .sort((a, b) => parts(a).reduce((d, x, i) => d || x - parts(b)[i], 0));
}

const cache = new Map<string, StaticAsset | null>();

/** A released file, or null when that version or file was never released. */
export function releasedAsset(version: string, file: ReleasedFile): StaticAsset | null {
  const key = `${version}/${file}`;
  if (!cache.has(key)) {
    const where = path.join(RELEASES_DIR, version, file);
    cache.set(key, /^\d+\.\d+\.\d+$/.test(version) && fs.existsSync(where) ? staticAsset(fs.readFileSync(where, 'utf8'), 'text/javascript; charset=utf-8') : null);
  }
  return cache.get(key)!;
}

export interface SdkManifest {
  version: string;
  files: Record<ReleasedFile, { url: string; integrity: string }>;
}

/** What a merchant pins: each file's versioned path and its SRI hash. */
export function releaseManifest(version: string): SdkManifest | null {
  const files = {} as SdkManifest['files'];
  for (const file of RELEASED_FILES) {
    const asset = releasedAsset(version, file);
    if (!asset) return null;
    files[file] = { url: `/sdk/v${version}/${file}`, integrity: sriOf(asset.body) };
  }
  return { version, files };
}

/** Writes the current sources' bundles as the release of SDK_VERSION (refusing to change a released one). */
export async function releaseCurrentSources(): Promise<string> {
  const dir = path.join(RELEASES_DIR, SDK_VERSION);
  for (const file of RELEASED_FILES) {
    const body = (await sdkAsset(file)).body;
    const where = path.join(dir, file);
    if (fs.existsSync(where) && fs.readFileSync(where, 'utf8') !== body) throw new Error(`${SDK_VERSION} is released with other bytes: raise the version in src/sdk/package.json first`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(where, body);
  }
  return dir;
}

if (require.main === module) {
  releaseCurrentSources().then(
    (dir) => console.log(`released the SDK ${SDK_VERSION} in ${path.relative(process.cwd(), dir)}`),
    (err: Error) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}
