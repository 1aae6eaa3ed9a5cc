import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import readline from 'node:readline';

/**
 * The embedded payout provider (Efí's Pix Envio) as a process of its own, on a free port, and the
 * PAYOUT_PROVIDER_* environment that makes it the deployment's default payout connection: the
 * worker registers the webhook at start, and every withdrawal and boleto refund transfer goes
 * through it over Efí's wire, as it would at Efí. Started by path, never imported. Its books live
 * in memory: a restarted dev stack starts with empty books (a payout in flight is then not found
 * and sent again under the same id).
 */
export async function startEmbeddedPayoutProvider(root: string, log: (line: string) => void): Promise<{ child: ChildProcess; env: Record<string, string> }> {
  const args = ['--import', 'tsx', path.join(root, 'src', 'processors', 'embedded', 'main.ts'), 'efi', '--port', process.env.PAYOUT_PROVIDER_PORT ?? '0'];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  readline.createInterface({ input: child.stderr! }).on('line', (l) => log(`[payouts] ${l}`));
  const info = await new Promise<EmbeddedPayoutProviderInfo>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once('line', (line) => {
      try {
        resolve(JSON.parse(line));
      } catch {
        reject(new Error(`the embedded payout provider printed ${line}`));
      }
    });
    child.once('exit', (code) => reject(new Error(`the embedded payout provider exited (${code}) before it listened`)));
  });
  log(`[dev] embedded payout provider (Efí) on ${info.baseUrl}`);
  return { child, env: embeddedPayoutProviderEnv(info) };
}

export interface EmbeddedPayoutProviderInfo {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

/**
 * The PAYOUT_PROVIDER_* environment that makes an embedded provider (the JSON line it printed) the
 * deployment's default payout connection, as an account of its own: a random EVP key (the embedded
 * provider takes any key as the account's without `--chave`) and a fresh callback secret.
 */
export function embeddedPayoutProviderEnv(info: EmbeddedPayoutProviderInfo): Record<string, string> {
  return {
    PAYOUT_PROVIDER_BASE_URL: info.baseUrl,
    PAYOUT_PROVIDER_TOKEN_URL: info.tokenUrl,
    PAYOUT_PROVIDER_CLIENT_ID: info.clientId,
    PAYOUT_PROVIDER_CLIENT_SECRET: info.clientSecret,
    PAYOUT_PROVIDER_CHAVE: randomUUID(),
    PAYOUT_PROVIDER_CALLBACK_SECRET: randomBytes(24).toString('base64url'),
  };
}
