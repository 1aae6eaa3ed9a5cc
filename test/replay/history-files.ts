import fs from 'node:fs';
import path from 'node:path';
import { temporal } from '@temporalio/proto';

const { History } = temporal.api.history.v1;

/**
 * Recorded workflow histories live in test/histories/<domain>/<case>.json (protobuf object
 * form: enums and 64-bit numbers as strings, bytes base64); test/replay/all-workflows replays
 * every one against today's code.
 */
export const HISTORY_ROOT = path.resolve(__dirname, '..', 'histories');

export function historyAsJson(history: temporal.api.history.v1.IHistory): string {
  const object = History.toObject(History.fromObject(history as Record<string, unknown>), { longs: String, enums: String, bytes: String, defaults: false });
  return `${JSON.stringify(object, null, 1)}\n`;
}

/**
 * Under `RECORD_HISTORIES=1` (set by `npm run record:history`), saves a workflow's history as
 * test/histories/<domain>/<name>.json; otherwise does nothing. Until the first release a
 * workflow change re-records its histories instead of adding a `patched()` branch.
 */
export async function recordHistory(domain: string, name: string, handle: { fetchHistory(): Promise<temporal.api.history.v1.IHistory> }): Promise<void> {
  if (!process.env.RECORD_HISTORIES) return;
  const dir = path.join(HISTORY_ROOT, domain);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.json`), historyAsJson(await handle.fetchHistory()));
}
