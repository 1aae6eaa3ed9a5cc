// Builds lastro-node into dist/ (docs/node-client.md "Building and packing"):
//   index.mjs / index.cjs   the client (ESM and CommonJS), for Node 20+
//   edge.mjs / edge.cjs     webhook verification on WebCrypto, no Node module (edge runtimes)
//   cli.cjs                 the `lastro` bin
//   *.d.ts                  type declarations (tsc --emitDeclarationOnly)
// Everything it uses at run time is bundled in (openapi-fetch, eventsource-parser: MIT, their
// licences in dist/THIRD_PARTY_LICENSES.txt), so the package has no dependencies and installs
// offline. The version is read from package.json (esbuild inlines `import { version } from
// './package.json'`). esbuild and TypeScript come from the repository's devDependencies.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
const require = createRequire(import.meta.url);

fs.rmSync(dist, { recursive: true, force: true });

const common = { absWorkingDir: here, bundle: true, target: 'node20', logLevel: 'warning', legalComments: 'none' };
const node = { ...common, platform: 'node' };
// The edge entry must run where `node:` modules do not: esbuild fails the build if one sneaks in.
const neutral = { ...common, platform: 'neutral', mainFields: ['module', 'main'] };

await Promise.all([
  build({ ...node, entryPoints: ['index.ts'], format: 'esm', outfile: 'dist/index.mjs' }),
  build({ ...node, entryPoints: ['index.ts'], format: 'cjs', outfile: 'dist/index.cjs' }),
  build({ ...neutral, entryPoints: ['edge.ts'], format: 'esm', outfile: 'dist/edge.mjs' }),
  build({ ...neutral, entryPoints: ['edge.ts'], format: 'cjs', outfile: 'dist/edge.cjs' }),
  build({ ...node, entryPoints: ['cli/main.ts'], format: 'cjs', outfile: 'dist/cli.cjs', banner: { js: '#!/usr/bin/env node' } }),
]);
fs.chmodSync(path.join(dist, 'cli.cjs'), 0o755);

// Declarations of the two entries and what they import.
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(here, 'tsconfig.build.json')], { stdio: 'inherit' });

// The declarations name openapi-fetch's types (Client, FetchOptions, …), a dependency no longer:
// its declaration files ship in dist/vendor and the imports point there.
const vendor = path.join(dist, 'vendor');
fs.mkdirSync(vendor);
const packageDir = (name) => path.dirname(require.resolve(`${name}/package.json`, { paths: [path.dirname(require.resolve('openapi-fetch'))] }));
const helpers = fs.readFileSync(path.join(packageDir('openapi-typescript-helpers'), 'dist', 'index.d.ts'), 'utf8');
fs.writeFileSync(path.join(vendor, 'openapi-typescript-helpers.d.ts'), helpers);
const fetchTypes = fs.readFileSync(path.join(packageDir('openapi-fetch'), 'dist', 'index.d.ts'), 'utf8').replace(/(from\s+)(['"])openapi-typescript-helpers\2/g, '$1$2./openapi-typescript-helpers$2');
fs.writeFileSync(path.join(vendor, 'openapi-fetch.d.ts'), fetchTypes);
for (const file of fs.readdirSync(dist).filter((f) => f.endsWith('.d.ts'))) {
  const full = path.join(dist, file);
  fs.writeFileSync(full, fs.readFileSync(full, 'utf8').replace(/(from\s+)(['"])openapi-fetch\2/g, '$1$2./vendor/openapi-fetch$2'));
}
const bundled = /from\s+['"](openapi-fetch|openapi-typescript-helpers|eventsource-parser)['"]/;
const leftover = fs.readdirSync(dist).filter((f) => f.endsWith('.d.ts') && bundled.test(fs.readFileSync(path.join(dist, f), 'utf8')));
if (leftover.length) throw new Error(`declarations still import a bundled package: ${leftover.join(', ')}`);

const notices = ['openapi-fetch', 'openapi-typescript-helpers', 'eventsource-parser'].map((name) => {
  const dir = packageDir(name);
  const { version, license } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const text = fs.readFileSync(path.join(dir, fs.readdirSync(dir).find((f) => /^licen[cs]e/i.test(f))), 'utf8');
  return `${name}@${version} (${license})\n\n${text.trim()}\n`;
});
fs.writeFileSync(path.join(dist, 'THIRD_PARTY_LICENSES.txt'), `lastro-node bundles these packages:\n\n${notices.join('\n---\n\n')}`);

const { version } = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
console.log(`built lastro-node ${version} in ${path.relative(process.cwd(), dist) || 'dist'}`);
