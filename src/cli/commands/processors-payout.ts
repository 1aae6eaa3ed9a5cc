import { Option, type Command } from 'commander';
import { resolveVaultKey } from '../../cards/card-vault.key';
import { payoutCallbackUrl, PAYOUT_ADAPTERS } from '../../processors/connections/payout-connection';
import { connectPayout } from '../../processors/connections/payout-connections.service';
import { registerPayoutWebhook } from '../../processors/payouts/payout-webhooks.service';
import { printJson, type CliContext } from '../context';
import { callbackUrlOnce, connectAndView, registerWebhookNow } from './processor-connect';
import { connectPixInputFrom } from './processors';

/** Where the payout provider's client secret comes from when no file is named (never argv). */
export const PAYOUT_CLIENT_SECRET_ENV = 'LASTRO_PAYOUT_CLIENT_SECRET';

interface ConnectPayoutOptions {
  company: string;
  adapter: (typeof PAYOUT_ADAPTERS)[number];
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecretFile?: string;
  chave: string;
  scopes?: string;
  certFile?: string;
  keyFile?: string;
  caFile?: string;
  rotateCallbackSecret?: boolean;
}

/**
 * `processors connect payout --adapter efi …`: a company's payout provider (withdrawals and boleto
 * refund transfers). The client secret and PEM files are read from files (or the secret from
 * LASTRO_PAYOUT_CLIENT_SECRET), never from argv; the callback URL is printed once when its secret is made.
 */
export function registerConnectPayout(connect: Command, ctx: CliContext): void {
  connect
    .command('payout')
    .description("Connect a company's payout provider (Efí's Pix Envio: OAuth2 client credentials over mutual TLS) for withdrawals and boleto refund transfers")
    .requiredOption('--company <companyId>', 'comp_… id')
    .addOption(new Option('--adapter <adapter>', "the provider's API").choices(PAYOUT_ADAPTERS).makeOptionMandatory())
    .requiredOption('--base-url <url>', "the provider's API host (https), e.g. https://pix.api.efipay.com.br")
    .requiredOption('--token-url <url>', "the provider's OAuth2 token endpoint (https)")
    .requiredOption('--client-id <id>', 'the OAuth2 client id the provider issued')
    .option('--client-secret-file <file>', `a file holding the OAuth2 client secret (else $${PAYOUT_CLIENT_SECRET_ENV})`)
    .requiredOption('--chave <key>', "the account's own Pix key: Efí sends from it and calls its webhook")
    .option('--scopes <scopes>', 'OAuth2 scopes (default: pix.send gn.pix.send.read webhook.write webhook.read)')
    .option('--cert-file <file>', "the client certificate (PEM) of the provider's mutual TLS; with --key-file")
    .option('--key-file <file>', "the certificate's private key (PEM, unencrypted)")
    .option('--ca-file <file>', "the CA (PEM) that signed the provider's server certificate, when it is not a public one")
    .option('--rotate-callback-secret', 'make a new callback secret (the old callback URL stops working)')
    .action(async (o: ConnectPayoutOptions) => {
      const env = { ...process.env, LASTRO_PIX_CLIENT_SECRET: process.env[PAYOUT_CLIENT_SECRET_ENV] };
      const input = { adapter: o.adapter, ...connectPixInputFrom(o, env) };
      const vaultKey = resolveVaultKey(ctx.config);
      const result = await connectAndView(ctx, o.company, {}, (em) => connectPayout(em, vaultKey, o.company, input));
      const connection = result.connection;
      // Imported here: its HTTP client (undici) is start-up time no other processors command needs.
      const { createEfiPayoutProvider } = await import('../../processors/payouts/efi');
      const webhook = await registerWebhookNow(createEfiPayoutProvider(connection), (provider) => registerPayoutWebhook({ connection, provider }, ctx.config.urls.publicBase), 'provider');
      printJson({
        created: result.created,
        connection: result.view,
        webhook,
        ...callbackUrlOnce(
          result.created || Boolean(o.rotateCallbackSecret),
          () => payoutCallbackUrl(ctx.config.urls.publicBase, connection),
          "SECRET: this URL authenticates the provider's callbacks and is shown only now; Lastro registered it for the key when `webhook.registered` is true",
        ),
      });
    });
}
