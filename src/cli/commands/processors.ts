import fs from 'node:fs';
import { Argument, Option, type Command } from 'commander';
import { resolveVaultKey } from '../../cards/card-vault.key';
import { cardCallbackUrl } from '../../processors/cards/card-callbacks';
import { ApiError } from '../../http/errors';
import { CARD_ADAPTERS, PROCESSOR_RAILS, pixCallbackUrl, type ProcessorRail } from '../../processors/connections/processor-connections.rules';
import { connectCard, defaultCardConnectionView } from '../../processors/connections/card-connections.service';
import { connectPix, defaultConnectionView, disconnect, listConnections } from '../../processors/connections/processor-connections.service';
import type { ConnectCardInput, ConnectPixInput } from '../../processors/connections/processor-connections.schemas';
import { printJson, type CliContext } from '../context';
import { createApiPixPsp } from '../../processors/pix/api-pix';
import { registerPixWebhook } from '../../processors/pix/pix-webhooks.service';
import type { PixConnection } from '../../processors/connections/pix-connection';
import { defaultPayoutConnectionView } from '../../processors/connections/payout-connections.service';
import { registerConnectPayout } from './processors-payout';
import { registerConnectBoleto } from './processors-boleto';
import { defaultBoletoConnectionView } from '../../processors/connections/boleto-connections.service';

/** Where the client secret comes from when no file is named: argv would show it in `ps`, the environment does not. */
export const CLIENT_SECRET_ENV = 'LASTRO_PIX_CLIENT_SECRET';
/** Where the acquirer's MerchantKey comes from when no file is named (never argv). */
export const MERCHANT_KEY_ENV = 'LASTRO_CARD_MERCHANT_KEY';

interface ConnectPixOptions {
  company: string;
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecretFile?: string;
  chave: string;
  scopes?: string;
  certFile?: string;
  keyFile?: string;
  caFile?: string;
  callbackIdentity?: string;
  rotateCallbackSecret?: boolean;
}

interface ConnectCardOptions {
  company: string;
  adapter: ConnectCardInput['adapter'];
  baseUrl: string;
  queryUrl: string;
  merchantId: string;
  merchantKeyFile?: string;
}

/** The connect inputs' fields as the options that set them, so an error names what the operator typed. */
const OPTION_OF: Record<string, string> = {
  baseUrl: '--base-url', tokenUrl: '--token-url', clientId: '--client-id', clientSecret: '--client-secret-file',
  chave: '--chave', scopes: '--scopes', cert: '--cert-file', key: '--key-file', ca: '--ca-file', callbackIdentity: '--callback-identity',
  adapter: '--adapter', queryUrl: '--query-url', merchantId: '--merchant-id', merchantKey: '--merchant-key-file',
};

function read(file: string, option: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`${option}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

/** A secret from its file option or its environment variable, exactly one of them: argv would show it in `ps`. */
function secretFrom(file: string | undefined, option: string, envName: string, env: NodeJS.ProcessEnv, what: string): string {
  if (file && env[envName]) throw new Error(`Give the ${what} once: ${option} or ${envName}, not both`);
  const secret = file ? read(file, option).trim() : env[envName]?.trim();
  if (!secret) throw new Error(`The ${what} is read from ${option} <file> or from ${envName} (never from the command line, which other users see in ps)`);
  return secret;
}

/** The connect input from the options: secrets and PEM files read from files (or the client secret from the environment), never from argv. */
export function connectPixInputFrom(o: ConnectPixOptions, env: NodeJS.ProcessEnv = process.env): ConnectPixInput {
  const clientSecret = secretFrom(o.clientSecretFile, '--client-secret-file', CLIENT_SECRET_ENV, env, 'client secret');
  return {
    baseUrl: o.baseUrl,
    tokenUrl: o.tokenUrl,
    clientId: o.clientId,
    clientSecret,
    chave: o.chave,
    ...(o.scopes !== undefined ? { scopes: o.scopes } : {}),
    ...(o.certFile ? { cert: read(o.certFile, '--cert-file') } : {}),
    ...(o.keyFile ? { key: read(o.keyFile, '--key-file') } : {}),
    ...(o.caFile ? { ca: read(o.caFile, '--ca-file') } : {}),
    ...(o.callbackIdentity !== undefined ? { callbackIdentity: o.callbackIdentity } : {}),
    ...(o.rotateCallbackSecret ? { rotateCallbackSecret: true } : {}),
  };
}

/** The card connect input from the options: the MerchantKey read from a file or the environment, never from argv. */
export function connectCardInputFrom(o: ConnectCardOptions, env: NodeJS.ProcessEnv = process.env): ConnectCardInput {
  const merchantKey = secretFrom(o.merchantKeyFile, '--merchant-key-file', MERCHANT_KEY_ENV, env, 'merchant key');
  return { adapter: o.adapter, baseUrl: o.baseUrl, queryUrl: o.queryUrl, merchantId: o.merchantId, merchantKey };
}

/** A validation failure with every field, by its option; other errors as they are. */
function explained(err: unknown): unknown {
  if (!(err instanceof ApiError) || !err.details?.length) return err;
  const lines = err.details.map((d) => `  ${OPTION_OF[d.path] ?? (d.path || 'options')}: ${d.message}`);
  return new Error(`Invalid connection:\n${lines.join('\n')}`);
}

/**
 * Registers the connection's callback URL at its PSP (`PUT /webhook/{chave}`) right away, so its
 * first Pix calls back. A PSP that cannot be reached does not undo the connection: the answer
 * says so, and the worker's reconciliation run settles what the missing callbacks would have.
 */
async function registerAtPsp(connection: PixConnection, publicBase: string): Promise<{ registered: boolean; error?: string }> {
  const psp = createApiPixPsp(connection);
  try {
    await registerPixWebhook({ connection, psp }, publicBase);
    return { registered: true };
  } catch (err) {
    return { registered: false, error: `the PSP did not take the webhook (${err instanceof Error ? err.message : String(err)}); register the callbackUrl there, or connect again` };
  } finally {
    await psp.close();
  }
}

/**
 * `processors connect pix|card …`, `processors list [--company]`, `processors disconnect <rail> --company`:
 * a company's processors (src/processors/connections/). Secrets go in through files or the
 * environment and never come out, except the callback URL, printed once when its secret is made.
 */
export function register(program: Command, ctx: CliContext): void {
  const processors = program.command('processors').description("Companies' processors (Pix PSP accounts, card acquirers): connect, list, disconnect");

  const connect = processors.command('connect').description("Connect a company's processor for a rail (replaces its connection if it has one)");
  connect
    .command('pix')
    .description("Connect a company's Pix PSP (the Central Bank's API Pix: OAuth2 client credentials over mutual TLS)")
    .requiredOption('--company <companyId>', 'comp_… id')
    .requiredOption('--base-url <url>', "the PSP's API Pix base URL (https)")
    .requiredOption('--token-url <url>', "the PSP's OAuth2 token endpoint (https)")
    .requiredOption('--client-id <id>', 'the OAuth2 client id the PSP issued')
    .option('--client-secret-file <file>', `a file holding the OAuth2 client secret (else $${CLIENT_SECRET_ENV})`)
    .requiredOption('--chave <key>', "the company's DICT key at this PSP: CPF, CNPJ, e-mail, +55 phone or random (EVP) key")
    .option('--scopes <scopes>', 'OAuth2 scopes to ask for, separated by spaces (default: what the PSP grants)')
    .option('--cert-file <file>', "the client certificate (PEM) the PSP's mutual TLS asks for; with --key-file")
    .option('--key-file <file>', "the certificate's private key (PEM, unencrypted)")
    .option('--ca-file <file>', "the CA (PEM) that signed the PSP's server certificate, when it is not a public one")
    .option('--callback-identity <id>', "the PSP's client identity the edge verifies on callbacks (e.g. its certificate fingerprint)")
    .option('--rotate-callback-secret', 'make a new callback secret (the old callback URL stops working)')
    .action(async (o: ConnectPixOptions) => {
      const input = connectPixInputFrom(o);
      const vaultKey = resolveVaultKey(ctx.config);
      const result = await ctx
        .transaction(async (em) => {
          const { connection, created } = await connectPix(em, vaultKey, o.company, input);
          const [view] = (await listConnections(em, o.company)).filter((v) => v.id === connection.id);
          return { connection, created, view };
        })
        .catch((err: unknown) => {
          throw explained(err);
        });
      const newSecret = result.created || Boolean(o.rotateCallbackSecret);
      if (o.callbackIdentity && !ctx.config.processors.callbackIdentityHeader) {
        process.stderr.write('lastro: warning: --callback-identity is set but PIX_CALLBACK_IDENTITY_HEADER is not (in this environment): the API refuses every callback of this connection until the edge passes the identity in that header\n');
      }
      const webhook = await registerAtPsp(result.connection, ctx.config.urls.publicBase);
      printJson({
        created: result.created,
        connection: result.view,
        webhook,
        callbackUrl: newSecret ? pixCallbackUrl(ctx.config.urls.publicBase, result.connection) : null,
        callbackUrlNotice: newSecret
          ? 'SECRET: this URL authenticates the PSP\'s callbacks and is shown only now. Lastro registered it at the PSP when `webhook.registered` is true; otherwise register it there; to replace it, connect again with --rotate-callback-secret'
          : 'Unchanged and not shown again (it holds the callback secret); connect again with --rotate-callback-secret for a new one',
      });
    });

  connect
    .command('card')
    .description("Connect a company's card acquirer (Cielo E-commerce API 3.0); prints the notification URL to register at the acquirer")
    .requiredOption('--company <companyId>', 'comp_… id')
    .addOption(new Option('--adapter <adapter>', "the acquirer's API").choices(CARD_ADAPTERS).makeOptionMandatory())
    .requiredOption('--base-url <url>', "the acquirer's transactional API (https)")
    .requiredOption('--query-url <url>', "the acquirer's query API (https)")
    .requiredOption('--merchant-id <id>', "the store's MerchantId (a GUID)")
    .option('--merchant-key-file <file>', `a file holding the store's MerchantKey (else $${MERCHANT_KEY_ENV})`)
    .action(async (o: ConnectCardOptions) => {
      const input = connectCardInputFrom(o);
      const vaultKey = resolveVaultKey(ctx.config);
      const result = await ctx
        .transaction(async (em) => {
          const { connection, created } = await connectCard(em, vaultKey, o.company, input);
          const [view] = (await listConnections(em, o.company)).filter((v) => v.id === connection.id);
          // Cielo's "URL de Notificação" for the store (chargebacks); its secret is derived from the key, which it does not show.
          return { created, view, callbackUrl: cardCallbackUrl(ctx.config.urls.publicBase, connection) };
        })
        .catch((err: unknown) => {
          throw explained(err);
        });
      printJson({ created: result.created, connection: result.view, callbackUrl: result.callbackUrl });
    });

  registerConnectPayout(connect, ctx);
  registerConnectBoleto(connect, ctx);

  processors
    .command('list')
    .description("The deployment's default Pix PSP and card acquirer and the companies' connections, without their secrets")
    .option('--company <companyId>', 'only this company’s connections')
    .action(async (o: { company?: string }) => {
      const connections = await ctx.transaction((em) => listConnections(em, o.company));
      printJson({ deploymentDefault: { pix: defaultConnectionView(ctx.config), card: defaultCardConnectionView(ctx.config), payout: defaultPayoutConnectionView(ctx.config), boleto: defaultBoletoConnectionView(ctx.config) }, connections });
    });

  processors
    .command('disconnect')
    .description("Remove a company's processor for a rail, secrets included (its charges then use the deployment default, if any)")
    .addArgument(new Argument('<rail>', 'the rail').choices(PROCESSOR_RAILS))
    .requiredOption('--company <companyId>', 'comp_… id')
    .action(async (rail: ProcessorRail, o: { company: string }) => {
      const removed = await ctx.transaction((em) => disconnect(em, o.company, rail));
      if (!removed) throw new Error(`Company ${o.company} has no ${rail} connection`);
      printJson({ companyId: o.company, rail, disconnected: true });
    });
}
