import { Option, type Command } from 'commander';
import { resolveVaultKey } from '../../cards/card-vault.key';
import { connectBoleto } from '../../processors/connections/boleto-connections.service';
import { BOLETO_ADAPTERS, boletoCallbackUrl } from '../../processors/connections/processor-connections.rules';
import type { ConnectBoletoInput } from '../../processors/connections/processor-connections.schemas';
import { printJson, type CliContext } from '../context';
import { callbackUrlOnce, connectAndView, secretFrom } from './processor-connect';

/** Where the issuer's client secret and application key come from when no file is named (never argv, which `ps` shows). */
export const BOLETO_CLIENT_SECRET_ENV = 'LASTRO_BOLETO_CLIENT_SECRET';
export const BOLETO_APP_KEY_ENV = 'LASTRO_BOLETO_APP_KEY';

export interface ConnectBoletoOptions {
  company: string;
  adapter: ConnectBoletoInput['adapter'];
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecretFile?: string;
  appKeyFile?: string;
  convenio: string;
  carteira?: string;
  variacao?: string;
  agencia: string;
  conta: string;
  scopes?: string;
  rotateCallbackSecret?: boolean;
}

const OPTION_OF: Record<string, string> = {
  adapter: '--adapter', baseUrl: '--base-url', tokenUrl: '--token-url', clientId: '--client-id', clientSecret: '--client-secret-file', appKey: '--app-key-file',
  convenio: '--convenio', carteira: '--carteira', variacaoCarteira: '--variacao', agencia: '--agencia', conta: '--conta', scopes: '--scopes',
};

const int = (v: string | undefined): number | undefined => (v === undefined ? undefined : /^\d+$/.test(v) ? Number(v) : NaN);

/** The boleto connect input from the options: the client secret and the application key from files or the environment, never from argv. */
export function connectBoletoInputFrom(o: ConnectBoletoOptions, env: NodeJS.ProcessEnv = process.env): ConnectBoletoInput {
  return {
    adapter: o.adapter,
    baseUrl: o.baseUrl,
    tokenUrl: o.tokenUrl,
    clientId: o.clientId,
    clientSecret: secretFrom(o.clientSecretFile, '--client-secret-file', BOLETO_CLIENT_SECRET_ENV, env, 'client secret'),
    appKey: secretFrom(o.appKeyFile, '--app-key-file', BOLETO_APP_KEY_ENV, env, 'application key'),
    convenio: o.convenio,
    ...(o.carteira !== undefined ? { carteira: int(o.carteira) } : {}),
    ...(o.variacao !== undefined ? { variacaoCarteira: int(o.variacao) } : {}),
    agencia: o.agencia,
    conta: o.conta,
    ...(o.scopes !== undefined ? { scopes: o.scopes } : {}),
    ...(o.rotateCallbackSecret ? { rotateCallbackSecret: true } : {}),
  };
}

/**
 * `processors connect boleto --adapter bb_cobranca …`: a company's boleto issuer (BB's API
 * Cobranças v2). The callback URL (the liquidation webhook the operator registers in BB's
 * developer portal: BB has no API for it) is printed once when its secret is made.
 */
export function registerConnectBoleto(connect: Command, ctx: CliContext): void {
  connect
    .command('boleto')
    .description("Connect a company's boleto issuer (Banco do Brasil's API Cobranças v2: online registration)")
    .requiredOption('--company <companyId>', 'comp_… id')
    .addOption(new Option('--adapter <adapter>', "the issuer's API").choices(BOLETO_ADAPTERS).makeOptionMandatory())
    .requiredOption('--base-url <url>', "the issuer's API base URL (https), e.g. https://api.bb.com.br")
    .requiredOption('--token-url <url>', "the issuer's OAuth2 token endpoint (https)")
    .requiredOption('--client-id <id>', 'the OAuth2 client id of the application')
    .option('--client-secret-file <file>', `a file holding the OAuth2 client secret (else $${BOLETO_CLIENT_SECRET_ENV})`)
    .option('--app-key-file <file>', `a file holding the application key, sent as gw-app-key (gw-dev-app-key to a homologation host) (else $${BOLETO_APP_KEY_ENV})`)
    .requiredOption('--convenio <digits>', 'the convênio of cobrança (7 digits)')
    .option('--carteira <n>', 'the carteira (default 17)')
    .option('--variacao <n>', "the carteira's variação (default 35)")
    .requiredOption('--agencia <digits>', "the beneficiary's agência, without its check digit")
    .requiredOption('--conta <digits>', "the beneficiary's conta, without its check digit")
    .option('--scopes <scopes>', 'OAuth2 scopes to ask for, separated by spaces (default: what the issuer grants)')
    .option('--rotate-callback-secret', 'make a new callback secret (the old webhook URL stops working)')
    .action(async (o: ConnectBoletoOptions) => {
      const input = connectBoletoInputFrom(o);
      const vaultKey = resolveVaultKey(ctx.config);
      const result = await connectAndView(ctx, o.company, OPTION_OF, (em) => connectBoleto(em, vaultKey, o.company, input));
      printJson({
        created: result.created,
        connection: result.view,
        ...callbackUrlOnce(
          result.created || Boolean(o.rotateCallbackSecret),
          () => boletoCallbackUrl(ctx.config.urls.publicBase, result.connection),
          "SECRET: register this URL as the convênio's webhook in BB's developer portal; it authenticates the issuer's callbacks and is shown only now; to replace it, connect again with --rotate-callback-secret",
        ),
      });
    });
}
