import { Option, type Command } from 'commander';
import { resolveVaultKey } from '../../cards/card-vault.key';
import { ApiError } from '../../http/errors';
import { payoutCallbackUrl, PAYOUT_ADAPTERS, type PayoutConnection } from '../../processors/connections/payout-connection';
import { connectPayout } from '../../processors/connections/payout-connections.service';
import { listConnections } from '../../processors/connections/processor-connections.service';
import { createEfiPayoutProvider } from '../../processors/payouts/efi';
import { registerPayoutWebhook } from '../../processors/payouts/payout-webhooks.service';
import { printJson, type CliContext } from '../context';
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

/** Registers the callback URL for the account's key at the provider now; a provider that cannot be reached does not undo the connection. */
async function registerAtProvider(connection: PayoutConnection, publicBase: string): Promise<{ registered: boolean; error?: string }> {
  const provider = createEfiPayoutProvider(connection);
  try {
    await registerPayoutWebhook({ connection, provider }, publicBase);
    return { registered: true };
  } catch (err) {
    return { registered: false, error: `the provider did not take the webhook (${err instanceof Error ? err.message : String(err)}); register the callbackUrl there, or connect again` };
  } finally {
    await provider.close();
  }
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
      const result = await ctx
        .transaction(async (em) => {
          const { connection, created } = await connectPayout(em, vaultKey, o.company, input);
          const [view] = (await listConnections(em, o.company)).filter((v) => v.id === connection.id);
          return { connection, created, view };
        })
        .catch((err: unknown) => {
          if (err instanceof ApiError && err.details?.length) throw new Error(`Invalid connection:\n${err.details.map((d) => `  ${d.path || 'options'}: ${d.message}`).join('\n')}`);
          throw err;
        });
      const newSecret = result.created || Boolean(o.rotateCallbackSecret);
      const webhook = await registerAtProvider(result.connection, ctx.config.urls.publicBase);
      printJson({
        created: result.created,
        connection: result.view,
        webhook,
        callbackUrl: newSecret ? payoutCallbackUrl(ctx.config.urls.publicBase, result.connection) : null,
        callbackUrlNotice: newSecret
          ? "SECRET: this URL authenticates the provider's callbacks and is shown only now; Lastro registered it for the key when `webhook.registered` is true"
          : 'Unchanged and not shown again (it holds the callback secret); connect again with --rotate-callback-secret for a new one',
      });
    });
}
