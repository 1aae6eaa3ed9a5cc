import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import readline from 'node:readline';
import { boletoCallbackUrl } from '../processors/connections/processor-connections.rules';

/**
 * The embedded boleto issuer (BB API Cobranças v2) as a process of its own, on a free port, and
 * the BOLETO_ISSUER_* environment that makes it the deployment's default boleto connection: every
 * boleto is registered there, and its liquidation webhook comes back to Lastro's callback route.
 * Started by path, never imported. Its books live in memory: a restarted dev stack starts with
 * empty books.
 */
export async function startEmbeddedBbIssuer(root: string, log: (line: string) => void, args: string[] = []): Promise<{ child: ChildProcess; info: EmbeddedBbIssuerInfo; env: Record<string, string> }> {
  const argv = ['--import', 'tsx', path.join(root, 'src', 'processors', 'embedded', 'main.ts'), 'bb', '--port', process.env.BOLETO_ISSUER_PORT ?? '0', ...args];
  const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  readline.createInterface({ input: child.stderr! }).on('line', (l) => log(`[issuer] ${l}`));
  const info = await new Promise<EmbeddedBbIssuerInfo>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once('line', (line) => {
      try {
        resolve(JSON.parse(line));
      } catch {
        reject(new Error(`the embedded issuer printed ${line}`));
      }
    });
    child.once('exit', (code) => reject(new Error(`the embedded issuer exited (${code}) before it listened`)));
  });
  log(`[dev] embedded boleto issuer on ${info.baseUrl}`);
  return { child, info, env: embeddedBoletoIssuerEnv(info) };
}

export interface EmbeddedBbIssuerInfo {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  appKey: string;
}

/**
 * The BOLETO_ISSUER_* environment of a beneficiary of its own on an embedded issuer: a random
 * convênio (so its boletos and its webhook are no other stack's) and a random callback secret.
 */
export function embeddedBoletoIssuerEnv(info: EmbeddedBbIssuerInfo): Record<string, string> {
  return {
    BOLETO_ISSUER_BASE_URL: info.baseUrl,
    BOLETO_ISSUER_TOKEN_URL: info.tokenUrl,
    BOLETO_ISSUER_CLIENT_ID: info.clientId,
    BOLETO_ISSUER_CLIENT_SECRET: info.clientSecret,
    BOLETO_ISSUER_APP_KEY: info.appKey,
    BOLETO_ISSUER_CONVENIO: String(randomInt(1_000_000, 10_000_000)),
    BOLETO_ISSUER_AGENCIA: '1234',
    BOLETO_ISSUER_CONTA: String(randomInt(10_000, 100_000_000)),
    BOLETO_ISSUER_CALLBACK_SECRET: randomBytes(32).toString('base64url'),
  };
}

/**
 * Registers the default connection's webhook URL for its convênio at an embedded issuer (what an
 * operator does in BB's developer portal: BB has no API for it), so its liquidations reach `publicBaseUrl`.
 */
export async function registerEmbeddedBoletoWebhook(connection: { id: string; baseUrl: string; convenio: string; callbackSecret: string }, publicBaseUrl: string): Promise<void> {
  const res = await fetch(`${connection.baseUrl}/embedded/webhooks/${connection.convenio}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: boletoCallbackUrl(publicBaseUrl, connection) }),
  });
  if (res.status !== 204) throw new Error(`the embedded issuer did not take the webhook: ${res.status} ${await res.text()}`);
}
