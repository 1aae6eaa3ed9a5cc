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

/** A Pix the embedded provider holds, as its simulator route `/embedded/pix` lists it. */
export interface EmbeddedEfiSend {
  idEnvio: string;
  endToEndId: string;
  valor: string;
  centavos: number;
  status: string;
  devolucoes?: { rtrId: string; valor: string }[];
}

/** The Pix the run's embedded provider (test/helpers/global-setup.ts) holds whose idEnvio starts with the Lastro key's letters and digits. */
export async function runProviderSends(keyPrefix: string): Promise<EmbeddedEfiSend[]> {
  const info = process.env.LASTRO_TEST_PAYOUT_PROVIDER;
  if (!info) throw new Error('LASTRO_TEST_PAYOUT_PROVIDER is not set: run integration tests through jest (globalSetup)');
  const res = await fetch(`${(JSON.parse(info) as EmbeddedEfiInfo).baseUrl}/embedded/pix`);
  const prefix = keyPrefix.replace(/[^A-Za-z0-9]/g, '');
  return ((await res.json()) as { envios: EmbeddedEfiSend[] }).envios.filter((e) => e.idEnvio.startsWith(prefix));
}
