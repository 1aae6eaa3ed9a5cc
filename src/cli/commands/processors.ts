import { Argument, Option, type Command } from 'commander';
import { resolveVaultKey } from '../../cards/card-vault.key';
import { cardCallbackUrl } from '../../processors/cards/card-callbacks';
import { CARD_ADAPTERS, PROCESSOR_RAILS, pixCallbackUrl, type ProcessorRail } from '../../processors/connections/processor-connections.rules';
import { connectCard, defaultCardConnectionView } from '../../processors/connections/card-connections.service';
import { connectPix, defaultConnectionView, disconnect, listConnections } from '../../processors/connections/processor-connections.service';
import { callbackUrlOnce, connectAndView, readOptionFile, registerWebhookNow, secretFrom } from './processor-connect';
import type { ConnectCardInput, ConnectPixInput } from '../../processors/connections/processor-connections.schemas';
import { printJson, type CliContext } from '../context';
import { registerPixWebhook } from '../../processors/pix/pix-webhooks.service';
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
  receiverBranch?: string;
  receiverAccount?: string;
  receiverAccountType?: string;
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
  receiverAccount: '--receiver-account / --receiver-account-type / --receiver-branch', 'receiverAccount.number': '--receiver-account', 'receiverAccount.type': '--receiver-account-type', 'receiverAccount.branch': '--receiver-branch',
  adapter: '--adapter', queryUrl: '--query-url', merchantId: '--merchant-id', merchantKey: '--merchant-key-file',
};

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
    ...(o.certFile ? { cert: readOptionFile(o.certFile, '--cert-file') } : {}),
    ...(o.keyFile ? { key: readOptionFile(o.keyFile, '--key-file') } : {}),
    ...(o.caFile ? { ca: readOptionFile(o.caFile, '--ca-file') } : {}),
    ...(o.callbackIdentity !== undefined ? { callbackIdentity: o.callbackIdentity } : {}),
    ...(o.rotateCallbackSecret ? { rotateCallbackSecret: true } : {}),
    ...(o.receiverAccount !== undefined || o.receiverAccountType !== undefined || o.receiverBranch !== undefined
      ? { receiverAccount: { branch: o.receiverBranch ?? null, number: o.receiverAccount ?? '', type: o.receiverAccountType as 'CORRENTE' } }
      : {}),
  };
}

/** The card connect input from the options: the MerchantKey read from a file or the environment, never from argv. */
export function connectCardInputFrom(o: ConnectCardOptions, env: NodeJS.ProcessEnv = process.env): ConnectCardInput {
  const merchantKey = secretFrom(o.merchantKeyFile, '--merchant-key-file', MERCHANT_KEY_ENV, env, 'merchant key');
  return { adapter: o.adapter, baseUrl: o.baseUrl, queryUrl: o.queryUrl, merchantId: o.merchantId, merchantKey };
}

/**
 * `processors connect pix|card …`, `processors list [--company]`, `processors disconnect <rail> --company`:
 * a company's processors (src/processors/connections/). Secrets go in through files or the
 * environment and never come out, except the callback URL, printed once when its secret is made.
 */
export function register(program: Command, ctx: CliContext): void {
  const processors = program.command('processors').description("Companies' processors (Pix PSP accounts, card acquirers): connect, list, disconnect");

  const connect = processors.command('connect').description("Connect a company's processor for a rail (the same account: its connection updated; another: the old one retired)");
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
    .option('--receiver-account <conta>', 'the receiving account Pix Automático charges settle into (digits, check digit included); with --receiver-account-type')
    .option('--receiver-account-type <type>', 'its type: CORRENTE, POUPANCA or PAGAMENTO')
    .option('--receiver-branch <agencia>', 'its agência (up to 4 digits; none for a PAGAMENTO account)')
    .action(async (o: ConnectPixOptions) => {
      const input = connectPixInputFrom(o);
      const vaultKey = resolveVaultKey(ctx.config);
      const result = await connectAndView(ctx, o.company, OPTION_OF, (em) => connectPix(em, vaultKey, o.company, input));
      if (o.callbackIdentity && !ctx.config.processors.callbackIdentityHeader) {
        process.stderr.write('lastro: warning: --callback-identity is set but PIX_CALLBACK_IDENTITY_HEADER is not (in this environment): the API refuses every callback of this connection until the edge passes the identity in that header\n');
      }
      // Registered at the PSP (`PUT /webhook/{chave}`); if it cannot be, the reconciliation run settles what the callbacks would have.
      const connection = result.connection;
      // Imported here: its HTTP client (undici) is start-up time no other processors command needs.
      const { createApiPixPsp } = await import('../../processors/pix/api-pix');
      const webhook = await registerWebhookNow(createApiPixPsp(connection), (psp) => registerPixWebhook({ connection, psp }, ctx.config.urls.publicBase), 'PSP');
      printJson({
        created: result.created,
        connection: result.view,
        webhook,
        ...callbackUrlOnce(
          result.created || Boolean(o.rotateCallbackSecret),
          () => pixCallbackUrl(ctx.config.urls.publicBase, connection),
          "SECRET: this URL authenticates the PSP's callbacks and is shown only now. Lastro registered it at the PSP when `webhook.registered` is true; otherwise register it there; to replace it, connect again with --rotate-callback-secret",
        ),
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
      const result = await connectAndView(ctx, o.company, OPTION_OF, (em) => connectCard(em, vaultKey, o.company, input));
      // Cielo's "URL de Notificação" for the store (chargebacks); its secret is derived from the key, so it can be shown every time.
      printJson({ created: result.created, connection: result.view, callbackUrl: cardCallbackUrl(ctx.config.urls.publicBase, result.connection) });
    });

  registerConnectPayout(connect, ctx);
  registerConnectBoleto(connect, ctx);

  processors
    .command('list')
    .description("The deployment's default processors and the companies' connections (retired ones with their retiredAt), without their secrets; a Pix connection with its receiving account (receiverAccount: branch, number, type; null when unset)")
    .option('--company <companyId>', 'only this company’s connections')
    .action(async (o: { company?: string }) => {
      const connections = await ctx.transaction((em) => listConnections(em, o.company));
      printJson({ deploymentDefault: { pix: defaultConnectionView(ctx.config), card: defaultCardConnectionView(ctx.config), payout: defaultPayoutConnectionView(ctx.config), boleto: defaultBoletoConnectionView(ctx.config) }, connections });
    });

  processors
    .command('disconnect')
    .description("Retire a company's processor for a rail: new charges use the deployment default, if any; what was made under it keeps using it (secrets kept sealed)")
    .addArgument(new Argument('<rail>', 'the rail').choices(PROCESSOR_RAILS))
    .requiredOption('--company <companyId>', 'comp_… id')
    .action(async (rail: ProcessorRail, o: { company: string }) => {
      const removed = await ctx.transaction((em) => disconnect(em, o.company, rail));
      if (!removed) throw new Error(`Company ${o.company} has no ${rail} connection`);
      printJson({ companyId: o.company, rail, disconnected: true });
    });
}
