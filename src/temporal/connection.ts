import fs from 'node:fs';
import type { TLSConfig } from '@temporalio/client';
import type { Config } from '../config';

/** What both `Connection.connect` (API, CLI) and the worker's `NativeConnection.connect` take. */
export interface TemporalConnectionOptions {
  address: string;
  tls?: TLSConfig;
  apiKey?: string;
}

/**
 * The one place the API, the CLI and the worker turn Lastro's Temporal settings into
 * connection options, so the three can never connect differently. The PEM files are read
 * here, at connect time, not by loadConfig (which stays free of I/O): a mounted Secret's
 * rotated certificate is picked up by the next process start. A missing or unreadable file
 * stops the process with the variable that named it.
 */
export function temporalConnectionOptions(temporal: Config['temporal'], readFile: (path: string) => Buffer = (p) => fs.readFileSync(p)): TemporalConnectionOptions {
  const options: TemporalConnectionOptions = { address: temporal.address };
  if (temporal.apiKey) options.apiKey = temporal.apiKey;
  const tls = temporal.tls;
  if (!tls) return options;
  const read = (variable: string, path: string): Buffer => {
    try {
      return readFile(path);
    } catch (err) {
      throw new Error(`${variable}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
  };
  options.tls = {
    ...(tls.serverName ? { serverNameOverride: tls.serverName } : {}),
    ...(tls.caPath ? { serverRootCACertificate: read('TEMPORAL_TLS_CA_PATH', tls.caPath) } : {}),
    ...(tls.certPath && tls.keyPath
      ? { clientCertPair: { crt: read('TEMPORAL_TLS_CERT_PATH', tls.certPath), key: read('TEMPORAL_TLS_KEY_PATH', tls.keyPath) } }
      : {}),
  };
  return options;
}
