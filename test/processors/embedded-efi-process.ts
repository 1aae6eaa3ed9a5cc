import { startEmbeddedProcess, type EmbeddedProcess } from './embedded-process';

/** The embedded payout provider (Efí Pix Envio) as a child process (`embedded-process.ts`). */

export interface EmbeddedEfiInfo {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

export function startEmbeddedEfi(args: string[] = []): Promise<EmbeddedProcess<EmbeddedEfiInfo>> {
  return startEmbeddedProcess<EmbeddedEfiInfo>('efi', 'the embedded payout provider', args);
}
