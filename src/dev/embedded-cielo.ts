import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { cardCallbackUrl } from '../processors/cards/card-callbacks';
import { DEFAULT_CONNECTION_ID } from '../processors/connections/processor-connections.rules';

/**
 * The embedded acquirer (Cielo E-commerce 3.0) as a process of its own, on a free port, and the
 * CARD_ACQUIRER_* environment that makes it the deployment's default card connection: every
 * sandbox card is authorized, voided and refunded there over Cielo's API, as at Cielo, and its
 * chargebacks come back to Lastro's notification route. Started by path, never imported. Its books
 * live in memory: a restarted dev stack starts with empty books (refunds of cards paid in an
 * earlier run fail `charge_not_found`).
 */
export async function startEmbeddedCieloAcquirer(root: string, log: (line: string) => void): Promise<{ child: ChildProcess; info: EmbeddedCieloInfo; env: Record<string, string> }> {
  const args = ['--import', 'tsx', path.join(root, 'src', 'processors', 'embedded', 'main.ts'), 'cielo', '--port', process.env.CARD_ACQUIRER_PORT ?? '0'];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  readline.createInterface({ input: child.stderr! }).on('line', (l) => log(`[acquirer] ${l}`));
  const info = await new Promise<EmbeddedCieloInfo>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once('line', (line) => {
      try {
        resolve(JSON.parse(line));
      } catch {
        reject(new Error(`the embedded acquirer printed ${line}`));
      }
    });
    child.once('exit', (code) => reject(new Error(`the embedded acquirer exited (${code}) before it listened`)));
  });
  log(`[dev] embedded acquirer on ${info.baseUrl}`);
  return { child, info, env: embeddedCardAcquirerEnv(info) };
}

export interface EmbeddedCieloInfo {
  baseUrl: string;
  queryUrl: string;
  merchantId: string;
  merchantKey: string;
}

/** The CARD_ACQUIRER_* environment of an embedded acquirer's store (its printed line, or a store opened with `openEmbeddedStore`). */
export function embeddedCardAcquirerEnv(info: EmbeddedCieloInfo): Record<string, string> {
  return {
    CARD_ACQUIRER_BASE_URL: info.baseUrl,
    CARD_ACQUIRER_QUERY_URL: info.queryUrl,
    CARD_ACQUIRER_MERCHANT_ID: info.merchantId,
    CARD_ACQUIRER_MERCHANT_KEY: info.merchantKey,
  };
}

/** A store of its own on a shared embedded acquirer (its simulator's `POST /embedded/merchants`), as each company is a store at Cielo. */
export async function openEmbeddedStore(acquirer: Pick<EmbeddedCieloInfo, 'baseUrl' | 'queryUrl'>): Promise<EmbeddedCieloInfo> {
  const res = await fetch(`${acquirer.baseUrl}/embedded/merchants`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  if (res.status !== 201) throw new Error(`the embedded acquirer did not open a store: ${res.status} ${await res.text()}`);
  const store = (await res.json()) as { merchantId: string; merchantKey: string };
  return { baseUrl: acquirer.baseUrl, queryUrl: acquirer.queryUrl, ...store };
}

/**
 * Registers Lastro's notification URL of the deployment default connection with an embedded
 * store (what an operator does in Cielo's panel), so its chargebacks reach `publicBaseUrl`.
 */
export async function registerEmbeddedNotificationUrl(store: EmbeddedCieloInfo, publicBaseUrl: string): Promise<void> {
  const url = cardCallbackUrl(publicBaseUrl, { id: DEFAULT_CONNECTION_ID, merchantKey: store.merchantKey });
  const res = await fetch(`${store.baseUrl}/embedded/notification-url`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ merchantId: store.merchantId, url }) });
  if (res.status !== 204) throw new Error(`the embedded acquirer did not take the notification URL: ${res.status} ${await res.text()}`);
}
