import { startEmbeddedProcess, type EmbeddedProcess } from './embedded-process';

/**
 * The embedded Pix PSP as a child process, as a test drives it: `node --import tsx
 * src/processors/embedded/main.ts pix --port 0 [args]`, its one JSON line read from stdout
 * (`embedded-process.ts`).
 */

export interface EmbeddedPixInfo {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

export type EmbeddedPixProcess = EmbeddedProcess<EmbeddedPixInfo>;

export function startEmbeddedPix(args: string[] = [], opts: { startupMs?: number } = {}): Promise<EmbeddedPixProcess> {
  return startEmbeddedProcess<EmbeddedPixInfo>('pix', 'embedded Pix PSP', args, opts);
}
