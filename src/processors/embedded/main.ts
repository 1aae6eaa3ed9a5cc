import { randomBytes } from 'node:crypto';
import { Command, InvalidArgumentError } from 'commander';
import { createPixPsp } from './pix/server';
import { makeCertificates } from './pix/tls';
import { createCieloAcquirer } from './cielo/server';
import { createEfiPayoutServer } from './efi/server';
import { createBbIssuer } from './bb/server';
import type { EmbeddedServer } from './http-server';

/**
 * Entry point of the embedded processors: `npm run psp -- pix --port N` starts the embedded Pix
 * PSP alone (N=0 picks a free port) and prints exactly one JSON line on stdout,
 * `{"baseUrl","tokenUrl","clientId","clientSecret"}`; its logs go to stderr. A port it cannot
 * bind ends the process with a message and exit code 1. Never imported by Lastro's own code.
 * `npm run psp -- cielo --port N` starts the embedded acquirer (Cielo's E-commerce API 3.0) the
 * same way; its line is `{"baseUrl","queryUrl","merchantId","merchantKey"}`. `npm run psp -- bb --port N`
 * starts the embedded boleto issuer (BB's API Cobranças v2); its line is
 * `{"baseUrl","tokenUrl","clientId","clientSecret","appKey"}`. `npm run psp -- efi --port N` starts
 * the embedded payout provider (Efí's Pix Envio), its line as the Pix PSP's.
 *
 * `--tls-dir <dir>` turns on mutual TLS: a CA, a server and a client certificate are made with
 * the `openssl` CLI into that folder (`ca.pem`, `client.pem`, `client-key.pem` for the client),
 * `baseUrl` becomes https, and the token endpoint and API routes require the client certificate.
 */

const port = (v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('a port number 0-65535');
  return n;
};
const collect = (v: string, prev: string[]): string[] => [...prev, v];
const ms = (v: string): number => {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidArgumentError('a number of milliseconds');
  return n;
};
const guid = (v: string): string => {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)) throw new InvalidArgumentError('a GUID, as Cielo\'s MerchantId is');
  return v;
};
const header = (v: string, prev: Record<string, string>): Record<string, string> => {
  const m = /^([^:\s]+):\s*(.*)$/.exec(v);
  if (!m) throw new InvalidArgumentError('"Name: value"');
  if (Object.keys(prev).length >= 3) throw new InvalidArgumentError('at most three headers, as Cielo registers');
  return { ...prev, [m[1]]: m[2] };
};

/** The server side of mutual TLS (`--tls-dir`), made with openssl, or the process ends with code 1. */
function serverTls(name: string, tlsDir: string | undefined, host: string, clientId: string): { cert: Buffer; key: Buffer; ca: Buffer } | undefined {
  if (!tlsDir) return undefined;
  try {
    const certs = makeCertificates(tlsDir, host, clientId);
    return { cert: certs.serverCert, key: certs.serverKey, ca: certs.ca };
  } catch (err) {
    process.stderr.write(`${name}: cannot make certificates with openssl in ${tlsDir}: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}

/** A processor's log line on stderr, one JSON object, named by its service. */
const logAs = (service: string) => (msg: Record<string, unknown>) => process.stderr.write(`${JSON.stringify({ service, ...msg })}\n`);

/** Prints the one JSON line once listening, or ends the process with code 1; stops on SIGTERM/SIGINT. */
async function serve(name: string, processor: EmbeddedServer<unknown>, port: number, host: string): Promise<void> {
  let info;
  try {
    info = await processor.listen(port, host);
  } catch (err) {
    process.stderr.write(`${name}: cannot listen on ${host}:${port}: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
  process.stdout.write(`${JSON.stringify(info)}\n`);
  const stop = () => void processor.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

const program = new Command('psp').description('Embedded processors (sandbox counterparts of real ones)');
program
  .command('pix')
  .description("Embedded Pix PSP speaking the Central Bank's API Pix 2.9.0")
  .option('--port <n>', 'port to listen on (0: any free port)', port, 0)
  .option('--host <host>', 'address to bind', '127.0.0.1')
  .option('--client-id <id>', 'OAuth2 client id (default: random)')
  .option('--client-secret <secret>', 'OAuth2 client secret (default: random)')
  .option('--chave <key>', 'a DICT key owned by the receiving user (repeatable; none: any well-formed key)', collect, [])
  .option('--webhook-retry-base-ms <ms>', 'first retry delay of a failed callback', port, 250)
  .option('--webhook-late-ms <ms>', 'delay of a callback sent `late` (fault injection)', port, 2000)
  .option('--devolucao-delay-ms <ms>', 'time a devolução stays EM_PROCESSAMENTO', port, 50)
  .option('--tls-dir <dir>', 'serve HTTPS with mutual TLS; certificates are generated into this folder')
  .action(async (o: { port: number; host: string; clientId?: string; clientSecret?: string; chave: string[]; webhookRetryBaseMs: number; webhookLateMs: number; devolucaoDelayMs: number; tlsDir?: string }) => {
    const clientId = o.clientId ?? `psp_${randomBytes(8).toString('hex')}`;
    const psp = createPixPsp({
      tls: serverTls('embedded Pix PSP', o.tlsDir, o.host, clientId),
      clientId,
      clientSecret: o.clientSecret,
      chaves: o.chave,
      devolucaoDelayMs: o.devolucaoDelayMs,
      webhook: { retryBaseMs: o.webhookRetryBaseMs, lateMs: o.webhookLateMs },
      log: logAs('embedded-pix-psp'),
    });
    await serve('embedded Pix PSP', psp, o.port, o.host);
  });

program
  .command('cielo')
  .description("Embedded acquirer speaking Cielo's E-commerce API 3.0 (transactional and query API on one port)")
  .option('--port <n>', 'port to listen on (0: any free port)', port, 0)
  .option('--host <host>', 'address to bind', '127.0.0.1')
  .option('--merchant-id <guid>', 'the MerchantId (default: random)', guid)
  .option('--merchant-key <key>', 'the MerchantKey (default: random, 40 characters)')
  .option('--notification-url <url>', "Cielo's notification URL (URL Status Pagamento); also set by POST /embedded/notification-url")
  .option('--notification-header <header>', 'a fixed header sent with every notification, "Name: value" (repeatable, up to 3)', header, {})
  .option('--notification-retry-base-ms <ms>', 'first retry delay of a failed notification (three retries, doubling)', ms, 250)
  .option('--void-guard-ms <ms>', 'the same void of a sale again within this answers ReturnCode 10 (Cielo: 5 s)', ms, 5000)
  .action(async (o: { port: number; host: string; merchantId?: string; merchantKey?: string; notificationUrl?: string; notificationHeader: Record<string, string>; notificationRetryBaseMs: number; voidGuardMs: number }) => {
    const acquirer = createCieloAcquirer({
      merchantId: o.merchantId,
      merchantKey: o.merchantKey,
      notificationUrl: o.notificationUrl,
      notificationHeaders: o.notificationHeader,
      notificationRetryBaseMs: o.notificationRetryBaseMs,
      voidGuardMs: o.voidGuardMs,
      log: logAs('embedded-cielo'),
    });
    await serve('embedded Cielo acquirer', acquirer, o.port, o.host);
  });

program
  .command('bb')
  .description("Embedded boleto issuer speaking Banco do Brasil's API Cobranças v2 (online registration)")
  .option('--port <n>', 'port to listen on (0: any free port)', port, 0)
  .option('--host <host>', 'address to bind', '127.0.0.1')
  .option('--client-id <id>', 'OAuth2 client id (default: random)')
  .option('--client-secret <secret>', 'OAuth2 client secret (default: random)')
  .option('--app-key <key>', 'the application key sent as gw-dev-app-key (default: random)')
  .option('--webhook-retry-base-ms <ms>', 'first retry delay of a failed liquidation webhook (6 attempts, doubling)', ms, 250)
  .action(async (o: { port: number; host: string; clientId?: string; clientSecret?: string; appKey?: string; webhookRetryBaseMs: number }) => {
    const issuer = createBbIssuer({
      clientId: o.clientId,
      clientSecret: o.clientSecret,
      appKey: o.appKey,
      webhookRetryBaseMs: o.webhookRetryBaseMs,
      log: logAs('embedded-bb'),
    });
    await serve('embedded BB boleto issuer', issuer, o.port, o.host);
  });

program
  .command('efi')
  .description("Embedded payout provider speaking Efí's Pix API for sending (Pix Envio), OAuth2 and optional mutual TLS")
  .option('--port <n>', 'port to listen on (0: any free port)', port, 0)
  .option('--host <host>', 'address to bind', '127.0.0.1')
  .option('--client-id <id>', 'OAuth2 client id (default: random)')
  .option('--client-secret <secret>', 'OAuth2 client secret (default: random)')
  .option('--chave <key>', "the account's own Pix key (repeatable; none: any key counts as the account's)", collect, [])
  .option('--settle-delay-ms <ms>', 'time a Pix sent stays EM_PROCESSAMENTO', ms, 50)
  .option('--return-delay-ms <ms>', 'time after payment a 88888… account returns the money', ms, 200)
  .option('--webhook-retry-base-ms <ms>', 'first retry delay of a failed callback (6 attempts, doubling)', ms, 250)
  .option('--tls-dir <dir>', 'serve HTTPS with mutual TLS; certificates are generated into this folder')
  .action(async (o: { port: number; host: string; clientId?: string; clientSecret?: string; chave: string[]; settleDelayMs: number; returnDelayMs: number; webhookRetryBaseMs: number; tlsDir?: string }) => {
    const clientId = o.clientId ?? `efi_${randomBytes(8).toString('hex')}`;
    const provider = createEfiPayoutServer({
      tls: serverTls('embedded payout provider', o.tlsDir, o.host, clientId),
      clientId,
      clientSecret: o.clientSecret,
      chaves: o.chave,
      settleDelayMs: o.settleDelayMs,
      returnDelayMs: o.returnDelayMs,
      webhook: { retryBaseMs: o.webhookRetryBaseMs },
      log: logAs('embedded-efi'),
    });
    await serve('embedded payout provider (Efí)', provider, o.port, o.host);
  });

program.parseAsync(process.argv).catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
