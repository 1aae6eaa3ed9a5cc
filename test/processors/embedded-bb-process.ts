import { startEmbeddedProcess, type EmbeddedProcess } from './embedded-process';
import { embeddedBoletoIssuerEnv, registerEmbeddedBoletoWebhook, type EmbeddedBbIssuerInfo } from '../../src/dev/embedded-bb-issuer';
import { useTestStack } from '../helpers/stack';

/**
 * The embedded boleto issuer (BB API Cobranças v2) as a child process, as a test drives it:
 * `node --import tsx src/processors/embedded/main.ts bb --port 0 [args]`, its one JSON line read
 * from stdout. `sim` calls the simulator's own routes (`/embedded/*`, no credentials).
 */
export interface EmbeddedBbProcess extends EmbeddedProcess<EmbeddedBbIssuerInfo> {
  sim(method: string, p: string, body?: unknown): Promise<{ status: number; body: any }>;
}

export async function startEmbeddedBb(args: string[] = [], opts: { startupMs?: number } = {}): Promise<EmbeddedBbProcess> {
  const proc = await startEmbeddedProcess<EmbeddedBbIssuerInfo>('bb', 'embedded BB issuer', args, opts);
  return { ...proc, sim: (method, p, body) => simulator(proc.info.baseUrl, method, p, body) };
}

/** A call of an embedded issuer's simulator routes. */
export async function simulator(baseUrl: string, method: string, p: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${baseUrl}${p}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let parsed: unknown = text || undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed };
}

/**
 * A test stack whose default boleto connection is an embedded issuer of the file's own (so a file
 * may drive its faults and payments alone), with the issuer's webhook pointed at the stack.
 * `started` gets the issuer before the stack starts.
 */
export function useStackWithEmbeddedBb(started: (issuer: EmbeddedBbProcess) => void): ReturnType<typeof useTestStack> {
  let issuer: EmbeddedBbProcess;
  beforeAll(async () => {
    issuer = await startEmbeddedBb(['--webhook-retry-base-ms', '100']);
    started(issuer);
  }, 60_000);
  afterAll(() => issuer?.stop());
  return useTestStack({
    companies: ['Acme'],
    owners: ['Acme'],
    env: () => embeddedBoletoIssuerEnv(issuer.info),
    async setup(t) {
      await registerEmbeddedBoletoWebhook({ id: 'default', ...t.stack.config.processors.boleto! }, t.stack.baseUrl);
    },
  });
}
