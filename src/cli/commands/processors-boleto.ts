import fs from 'node:fs';
import { Option, type Command } from 'commander';
import { resolveVaultKey } from '../../cards/card-vault.key';
import { ApiError } from '../../http/errors';
import { connectBoleto } from '../../processors/connections/boleto-connections.service';
import { BOLETO_ADAPTERS, boletoCallbackUrl } from '../../processors/connections/processor-connections.rules';
import type { ConnectBoletoInput } from '../../processors/connections/processor-connections.schemas';
import { listConnections } from '../../processors/connections/processor-connections.service';
import { printJson, type CliContext } from '../context';

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

function secret(file: string | undefined, option: string, envName: string, env: NodeJS.ProcessEnv, what: string): string {
  if (file && env[envName]) throw new Error(`Give the ${what} once: ${option} or ${envName}, not both`);
  let value: string | undefined;
  if (file) {
    try {
      value = fs.readFileSync(file, 'utf8').trim();
    } catch (err) {
      throw new Error(`${option}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
  } else {
    value = env[envName]?.trim();
  }
  if (!value) throw new Error(`The ${what} is read from ${option} <file> or from ${envName} (never from the command line, which other users see in ps)`);
  return value;
}

const int = (v: string | undefined): number | undefined => (v === undefined ? undefined : /^\d+$/.test(v) ? Number(v) : NaN);

/** The boleto connect input from the options: the client secret and the application key from files or the environment, never from argv. */
export function connectBoletoInputFrom(o: ConnectBoletoOptions, env: NodeJS.ProcessEnv = process.env): ConnectBoletoInput {
  return {
    adapter: o.adapter,
    baseUrl: o.baseUrl,
    tokenUrl: o.tokenUrl,
    clientId: o.clientId,
    clientSecret: secret(o.clientSecretFile, '--client-secret-file', BOLETO_CLIENT_SECRET_ENV, env, 'client secret'),
    appKey: secret(o.appKeyFile, '--app-key-file', BOLETO_APP_KEY_ENV, env, 'application key (gw-dev-app-key)'),
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
    .option('--app-key-file <file>', `a file holding the application key, sent as gw-dev-app-key (else $${BOLETO_APP_KEY_ENV})`)
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
      const result = await ctx
        .transaction(async (em) => {
          const { connection, created } = await connectBoleto(em, vaultKey, o.company, input);
          const [view] = (await listConnections(em, o.company)).filter((v) => v.id === connection.id);
          return { connection, created, view };
        })
        .catch((err: unknown) => {
          if (!(err instanceof ApiError) || !err.details?.length) throw err;
          throw new Error(`Invalid connection:\n${err.details.map((d) => `  ${OPTION_OF[d.path] ?? (d.path || 'options')}: ${d.message}`).join('\n')}`);
        });
      const newSecret = result.created || Boolean(o.rotateCallbackSecret);
      printJson({
        created: result.created,
        connection: result.view,
        callbackUrl: newSecret ? boletoCallbackUrl(ctx.config.urls.publicBase, result.connection) : null,
        callbackUrlNotice: newSecret
          ? "SECRET: register this URL as the convênio's webhook in BB's developer portal; it authenticates the issuer's callbacks and is shown only now; to replace it, connect again with --rotate-callback-secret"
          : 'Unchanged and not shown again (it holds the callback secret); connect again with --rotate-callback-secret for a new one',
      });
    });
}
