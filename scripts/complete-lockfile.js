#!/usr/bin/env node
/**
 * Adds lockfile entries for platform-specific optional dependencies that npm left out.
 *
 * npm writes only the optional platform packages it could resolve (npm/cli#4828, #8320), and
 * the registry these machines reach does not carry every platform build (for example
 * @swc/core-darwin-arm64). `npm ci` then refuses the lockfile as "out of sync". An entry
 * marked optional is all `npm ci` needs: it never downloads another platform's package.
 * Run after `npm install` changes dependencies (`npm run lockfile:complete`); idempotent.
 */
const fs = require('node:fs');
const path = require('node:path');

const file = path.join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;

for (const [location, meta] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(meta.optionalDependencies ?? {})) {
    // Resolution climbs node_modules folders from the dependent up to the root.
    const candidates = [];
    let dir = location;
    for (;;) {
      candidates.push(`${dir ? `${dir}/` : ''}node_modules/${name}`);
      if (!dir) break;
      const i = dir.lastIndexOf('node_modules/');
      dir = i <= 0 ? '' : dir.slice(0, i - 1);
    }
    if (candidates.some((c) => packages[c])) continue;
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) continue; // only exact pins can be recorded without resolving
    packages[`node_modules/${name}`] = { version: spec, optional: true };
    added++;
  }
}

if (added > 0) {
  const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
  lock.packages = sorted;
  fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
}
console.log(`complete-lockfile: ${added} optional platform entr${added === 1 ? 'y' : 'ies'} added`);
