import path from 'node:path';
import { temporal } from '@temporalio/proto';

const { History } = temporal.api.history.v1;

/** Recorded subscription histories live in test/histories/ as JSON (protobuf object form: enums and 64-bit numbers as strings, bytes base64). */
export const HISTORY_DIR = path.resolve(__dirname, '..', 'histories');

export function historyAsJson(history: temporal.api.history.v1.IHistory): string {
  const object = History.toObject(History.fromObject(history as Record<string, unknown>), { longs: String, enums: String, bytes: String, defaults: false });
  return `${JSON.stringify(object, null, 1)}\n`;
}
