// The closing lines of `npm test`: what every part ran, added up. Jest's own summary is not
// the last thing printed (chaos and fuzz follow), and schemathesis closes on a pytest-style
// line that counts warnings, not tests ("=== 1 warning in 103.10s ==="), so a reader of the
// log that takes the last runner summary would see no test at all. The totals are therefore
// printed after it in both conventional shapes: pytest's banner and jest's "Tests:" line.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const results = '.artifacts/test-results';
const parts = [];
let startedAt = Date.now();

for (const name of ['unit-integration', 'chaos']) {
  const file = join(results, `${name}.json`);
  if (!existsSync(file)) continue;
  const run = JSON.parse(readFileSync(file, 'utf8'));
  startedAt = Math.min(startedAt, run.startTime);
  parts.push({
    name,
    passed: run.numPassedTests,
    failed: run.numFailedTests,
    skipped: run.numPendingTests + run.numTodoTests,
  });
}

// schemathesis writes one JUnit report per run; each test case there is one API operation.
// fuzz-psp: the embedded Pix PSP against the BCB document (scripts/fuzz-psp.sh); fuzz: Lastro's API.
for (const [name, reports] of [
  ['fuzz-psp', '.cache/fuzz-psp/report'],
  ['fuzz', '.cache/fuzz-data/report'],
]) {
  if (!existsSync(reports)) continue;
  const latest = readdirSync(reports).filter((f) => f.endsWith('.xml')).sort().pop();
  if (!latest) continue;
  const xml = readFileSync(join(reports, latest), 'utf8');
  const attr = (key) => Number(new RegExp(`<testsuites[^>]*\\s${key}="(\\d+)"`).exec(xml)?.[1] ?? 0);
  const failed = attr('failures') + attr('errors');
  parts.push({ name, passed: attr('tests') - failed - attr('skipped'), failed, skipped: attr('skipped') });
}

const total = { passed: 0, failed: 0, skipped: 0 };
for (const part of parts) {
  console.log(`  ${part.name}: ${part.passed} passed, ${part.failed} failed, ${part.skipped} skipped`);
  total.passed += part.passed;
  total.failed += part.failed;
  total.skipped += part.skipped;
}
const seconds = ((Date.now() - startedAt) / 1000).toFixed(2);
const failed = total.failed ? `${total.failed} failed` : '';
const skipped = total.skipped ? `${total.skipped} skipped` : '';
const passed = `${total.passed} passed`;
const list = (...items) => items.filter(Boolean).join(', ');
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
console.log(`${'='.repeat(24)} ${list(failed, passed, skipped)} in ${seconds}s ${'='.repeat(24)}`);
const all = total.passed + total.failed + total.skipped;
console.log(`Tests:       ${list(failed, skipped, passed)}, ${all} total`);
process.exitCode = parts.length === 0 || total.failed > 0 ? 1 : 0;
