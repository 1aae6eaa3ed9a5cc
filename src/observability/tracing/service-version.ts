import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Lastro's version, from the package.json beside the sources (the image copies both), for the
 * `service.version` resource attribute: a trace says which release answered it.
 */
export function serviceVersion(packageJson = path.resolve(__dirname, '..', '..', '..', 'package.json')): string {
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version?: unknown };
  if (typeof version !== 'string' || !version) throw new Error(`${packageJson} has no version`);
  return version;
}
