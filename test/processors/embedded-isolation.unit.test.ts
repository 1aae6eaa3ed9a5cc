import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded processors are sandbox counterparts of real ones: Lastro's own code (API, worker,
 * workflows, activities, CLI) never imports them, so production cannot fall back to one.
 */
const root = path.resolve(__dirname, '..', '..');
const embedded = path.join(root, 'src', 'processors', 'embedded');

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' || p === embedded ? [] : sources(p);
    return /\.(ts|js|mjs|cjs)$/.test(e.name) ? [p] : [];
  });
}

it('no production source imports src/processors/embedded', () => {
  const offenders = ['src', 'workflows', 'activities', 'worker']
    .flatMap((d) => sources(path.join(root, d)))
    .filter((f) => /from\s+['"][^'"]*processors\/embedded|require\(\s*['"][^'"]*processors\/embedded|import\(\s*['"][^'"]*processors\/embedded/.test(fs.readFileSync(f, 'utf8')))
    .map((f) => path.relative(root, f));
  expect(offenders).toEqual([]);
});
