import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/**
 * Headless Chromium for page tests: Debian's `chromium`, installed by scripts/chromium.sh
 * when absent (so `npm test` on a fresh machine provisions it), driven by playwright-core.
 */
export async function launchChromium(): Promise<Browser> {
  const script = path.resolve(__dirname, '..', '..', 'scripts', 'chromium.sh');
  const executablePath = execFileSync('bash', [script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim().split('\n').pop()!;
  return chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
