import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import readline from 'node:readline';

/**
 * The embedded Pix PSP as a process of its own, on a free port, and the PIX_PSP_* environment
 * that makes it the deployment's default Pix connection: the worker registers the webhook at
 * start, and every sandbox Pix goes through it over the API Pix, as it would at a real PSP.
 * Started by path, never imported: production code has no way to reach it. Its books live in
 * memory, so a restarted dev stack starts a PSP with empty books (Pix left waiting from an
 * earlier run can no longer be paid; they expire).
 */
export async function startEmbeddedPixPsp(root: string, log: (line: string) => void): Promise<{ child: ChildProcess; env: Record<string, string> }> {
  const args = ['--import', 'tsx', path.join(root, 'src', 'processors', 'embedded', 'main.ts'), 'pix', '--port', process.env.PIX_PSP_PORT ?? '0'];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = readline.createInterface({ input: child.stderr! });
  lines.on('line', (l) => log(`[psp] ${l}`));
  const info = await new Promise<EmbeddedPixPspInfo>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once('line', (line) => {
      try {
        resolve(JSON.parse(line));
      } catch {
        reject(new Error(`the embedded Pix PSP printed ${line}`));
      }
    });
    child.once('exit', (code) => reject(new Error(`the embedded Pix PSP exited (${code}) before it listened`)));
  });
  log(`[dev] embedded Pix PSP on ${info.baseUrl}`);
  return { child, env: embeddedPixPspEnv(info) };
}

export interface EmbeddedPixPspInfo {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

/**
 * The PIX_PSP_* environment that makes an embedded PSP (the JSON line it printed) the
 * deployment's default Pix connection, as a receiver of its own: a random EVP key (the embedded
 * PSP takes any well-formed key as its receiver's) and a fresh callback secret.
 */
export function embeddedPixPspEnv(info: EmbeddedPixPspInfo): Record<string, string> {
  return {
    PIX_PSP_BASE_URL: info.baseUrl,
    PIX_PSP_TOKEN_URL: info.tokenUrl,
    PIX_PSP_CLIENT_ID: info.clientId,
    PIX_PSP_CLIENT_SECRET: info.clientSecret,
    PIX_PSP_CHAVE: randomUUID(),
    PIX_PSP_CALLBACK_SECRET: randomBytes(24).toString('base64url'),
    // Where its Pix Automático charges settle (any account: the embedded PSP holds one receiver).
    PIX_PSP_RECEIVER_BRANCH: '0001',
    PIX_PSP_RECEIVER_ACCOUNT: '1234567',
    PIX_PSP_RECEIVER_ACCOUNT_TYPE: 'CORRENTE',
  };
}
