import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { sdkAsset } from '../../src/sdk/sdk.bundle';
import { launchChromium } from '../recipients/browser';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * The SDK at a versioned, immutable URL with its Subresource Integrity hash: the manifest's
 * hash is the served bytes', the docs publish the same one, the current version's release is
 * the sources' bundle, and Chromium runs the pinned script only with the right hash.
 */

let stack: TestStack;
let browser: Browser | undefined;
const version = (JSON.parse(fs.readFileSync(path.join(__dirname, '../../src/sdk/package.json'), 'utf8')) as { version: string }).version;
const sha384 = (body: string) => `sha384-${createHash('sha384').update(body, 'utf8').digest('base64')}`;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

interface Manifest {
  current: string;
  releases: Array<{ version: string; files: Record<'lastro.js' | 'lastro.mjs', { url: string; integrity: string }> }>;
}
const manifest = async (): Promise<Manifest> => (await stack.http.get('/sdk/manifest.json')).body;

describe('the released SDK', () => {
  it('is served at its versioned URL, cached as immutable, with the hash the manifest publishes', async () => {
    const { current, releases } = await manifest();
    expect(current).toBe(version);
    const release = releases.find((r) => r.version === version)!;
    expect(release.files['lastro.js'].url).toBe(`/sdk/v${version}/lastro.js`);
    for (const file of ['lastro.js', 'lastro.mjs'] as const) {
      const res = await stack.http.get(release.files[file].url);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
      expect(sha384(res.text)).toBe(release.files[file].integrity);
    }
  });

  it('of the current version is the sources\' bundle (a change to the SDK needs a new version, then `node --import tsx src/sdk/sdk.release.ts`)', async () => {
    for (const file of ['lastro.js', 'lastro.mjs'] as const) {
      const served = await stack.http.get(`/sdk/v${version}/${file}`);
      expect({ file, same: served.text === (await sdkAsset(file)).body }).toEqual({ file, same: true });
    }
  });

  it('answers 404 for a version never released and 400 for a malformed one', async () => {
    expect((await stack.http.get('/sdk/v99.0.0/lastro.js')).status).toBe(404);
    expect((await stack.http.get('/sdk/latest/lastro.js')).status).toBe(400);
  });

  it('has its hash published in docs/cards.md, matching the served bytes', async () => {
    const docs = fs.readFileSync(path.join(__dirname, '../../docs/cards.md'), 'utf8');
    const { releases } = await manifest();
    const js = releases.find((r) => r.version === version)!.files['lastro.js'];
    const tag = new RegExp(`src="https://YOUR-LASTRO-HOST/sdk/v${version.replace(/\./g, '\\.')}/lastro\\.js"\\s+integrity="([^"]+)"`).exec(docs);
    expect(tag?.[1]).toBe(js.integrity);
  });

  it('runs in Chromium pinned by its hash, and not with another hash', async () => {
    browser = await launchChromium();
    const { releases } = await manifest();
    const js = releases.find((r) => r.version === version)!.files['lastro.js'];
    // The page on another origin than the SDK's: the integrity check needs the CORS answer.
    const crossOrigin = stack.baseUrl.replace('127.0.0.1', 'localhost');
    const loads = async (integrity: string): Promise<boolean> => {
      const page = await browser!.newPage();
      await page.goto(`${stack.baseUrl}/health`);
      const loaded = await page.evaluate(
        ({ src, integrity }) =>
          new Promise<boolean>((resolve) => {
            const s = document.createElement('script');
            s.src = src;
            s.integrity = integrity;
            s.crossOrigin = 'anonymous';
            s.onload = () => resolve(typeof (window as any).Lastro?.fields === 'function');
            s.onerror = () => resolve(false);
            document.head.appendChild(s);
          }),
        { src: `${crossOrigin}${js.url}`, integrity },
      );
      await page.close();
      return loaded;
    };
    expect(await loads(js.integrity)).toBe(true);
    expect(await loads(sha384('something else'))).toBe(false);
  });
});
