import { Option, type Command } from 'commander';
import { API_KEY_VARIABLE, listen, listenCredentials, SECRET_VARIABLE } from '../../sdk-node/cli/listen';
import type { CliContext } from '../context';

/**
 * `npm run lastro -- listen`: the merchant's `lastro listen` of lastro-node (its bin), inside
 * the operator CLI, with the API address of this checkout's configuration by default. The
 * session itself is the package's (src/sdk-node/cli/listen.ts), so both behave the same.
 */
export {
  API_KEY_VARIABLE,
  FORWARD_TIMEOUT_MS,
  IDLE_TIMEOUT_MS,
  ListenError,
  SECRET_VARIABLE,
  formatEventLine,
  formatLocalTime,
  listen,
  listenCredentials,
  readEventStream,
  reconnectDelayMs,
  type ForwardOutcome,
  type ListenCredentials,
  type ListenOptions,
  type StreamHandlers,
} from '../../sdk-node/cli/listen';

/** A flag that would put a credential on the command line: refused, with where it goes instead. */
function refusedFlag(flags: string, instead: string): Option {
  return new Option(flags, `refused: ${instead}`).hideHelp();
}

export function register(program: Command, ctx: CliContext): void {
  program
    .command('listen')
    .description("Forward your company's events to a local URL as signed webhooks, as they happen (a merchant's tool: your API key, over HTTP)")
    .requiredOption('--forward-to <url>', 'where to POST each event, e.g. http://localhost:4000/hook')
    .option('--api-url <url>', 'the Lastro API (default: PUBLIC_BASE_URL, else http://localhost:3000)')
    .option('--events <codes>', 'comma-separated event codes to receive (default: all; GET /webhooks/listeners lists them)')
    .option('--secret-file <path>', `sign with the secret in this file (created with a new whsec_ secret if missing) instead of ${SECRET_VARIABLE}`)
    .option('--live', 'allow a live key (sk_live_…): forwards real customers’ data to this machine')
    .addOption(refusedFlag('--api-key <key>', API_KEY_VARIABLE))
    .addOption(refusedFlag('--secret <secret>', `${SECRET_VARIABLE} or --secret-file`))
    .addHelpText('after', `\nCredentials come from the environment, never the command line (ps shows it to every user):\n  ${API_KEY_VARIABLE}         the company API key (required)\n  ${SECRET_VARIABLE}  the signing secret your handler verifies with (or --secret-file)`)
    .action(async (o: { forwardTo: string; apiUrl?: string; events?: string; secretFile?: string; live?: boolean; apiKey?: string; secret?: string }) => {
      // The value is not echoed: it is already in this machine's process list, and should not reach a terminal's scrollback too.
      if (o.apiKey !== undefined) throw new Error(`--api-key is not accepted: a command line is visible to every user of this machine (ps). Put the key in ${API_KEY_VARIABLE}, and rotate this one if others use this machine`);
      if (o.secret !== undefined) throw new Error(`--secret is not accepted: a command line is visible to every user of this machine (ps). Use ${SECRET_VARIABLE} or --secret-file <path>`);
      let forwardTo: URL;
      try {
        forwardTo = new URL(o.forwardTo);
      } catch {
        throw new Error(`--forward-to is not a URL: ${o.forwardTo}`);
      }
      if (forwardTo.protocol !== 'http:' && forwardTo.protocol !== 'https:') throw new Error('--forward-to must be an http or https URL');
      const credentials = listenCredentials(o, process.env);
      if (credentials.created) process.stdout.write(`${credentials.created}\n`);
      const stopping = new AbortController();
      const stop = () => stopping.abort();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      try {
        await listen({
          apiUrl: o.apiUrl ?? ctx.config.urls.publicBase,
          apiKey: credentials.apiKey,
          forwardTo: forwardTo.toString(),
          events: (o.events ?? '').split(',').map((s) => s.trim()).filter(Boolean),
          secret: credentials.secret,
          secretFrom: credentials.secretFrom,
          signal: stopping.signal,
          out: (line) => process.stdout.write(`${line}\n`),
          err: (line) => process.stderr.write(`${line}\n`),
        });
      } finally {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
      }
      process.stdout.write('Stopped.\n');
    });
}
