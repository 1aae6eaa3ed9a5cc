import { parseArgs, type ParseArgsConfig } from 'node:util';
import { Lastro } from '../client';
import { LastroError } from '../errors';
import { VERSION } from '../version';
import { resendEvent } from './events';
import { API_KEY_VARIABLE, listen, listenCredentials, SECRET_VARIABLE } from './listen';
import { trigger, TRIGGERS } from './trigger';

/**
 * `lastro`, the bin of lastro-node (`npx lastro …` in a merchant's project): webhooks to a
 * laptop (`listen`), sandbox events on demand (`trigger`), an event sent again (`events
 * resend`). It talks to the API over HTTP with the company's key, from the environment, and
 * needs nothing else: no configuration file, no database.
 */

/** Where the API is when neither --api-url nor LASTRO_API_BASE says (`npm run dev`'s). */
export const DEFAULT_API_BASE = 'http://localhost:3000';
export const API_BASE_VARIABLE = 'LASTRO_API_BASE';

const HELP = `lastro ${VERSION}: Lastro from your terminal (lastro-node)

Usage:
  lastro listen --forward-to <url> [--events <codes>] [--secret-file <path>] [--live]
      Forward your company's events to a local URL as signed webhooks, as they happen.
  lastro trigger <event>
      Make an event happen in the sandbox (${Object.keys(TRIGGERS).join(', ')}).
  lastro events resend <event id> [--webhook <webhook id>]
      Send an event again to the webhooks that received it.

Options of every command:
  --api-url <url>   the Lastro API (default: ${API_BASE_VARIABLE}, else ${DEFAULT_API_BASE})

Credentials come from the environment, never the command line (ps shows it to every user):
  ${API_KEY_VARIABLE}         the company API key (required)
  ${SECRET_VARIABLE}  listen: the signing secret your handler verifies with (or --secret-file)
`;

export interface CliIo {
  env: Record<string, string | undefined>;
  out(line: string): void;
  err(line: string): void;
  /** Ends `listen` (Ctrl-C). */
  signal: AbortSignal;
}

const COMMON = { 'api-url': { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const satisfies ParseArgsConfig['options'];

function parse<O extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: O) {
  return parseArgs({ args, options: { ...COMMON, ...options }, allowPositionals: true, strict: true });
}

function apiKeyFrom(env: CliIo['env']): string {
  const apiKey = env[API_KEY_VARIABLE];
  if (!apiKey) throw new Error(`Put the company API key in ${API_KEY_VARIABLE} (in the environment, not on the command line, which every user of this machine can read with ps)`);
  return apiKey;
}

function client(apiKey: string, apiUrl: string): Lastro {
  return new Lastro({ apiKey, baseUrl: apiUrl });
}

function refuseCredentialFlags(values: { 'api-key'?: unknown; secret?: unknown }): void {
  // The value is not echoed: it is already in this machine's process list, and should not reach a terminal's scrollback too.
  if (values['api-key'] !== undefined) throw new Error(`--api-key is not accepted: a command line is visible to every user of this machine (ps). Put the key in ${API_KEY_VARIABLE}, and rotate this one if others use this machine`);
  if (values.secret !== undefined) throw new Error(`--secret is not accepted: a command line is visible to every user of this machine (ps). Use ${SECRET_VARIABLE} or --secret-file <path>`);
}

async function listenCommand(args: string[], io: CliIo, apiUrl: (v: { 'api-url'?: string }) => string): Promise<void> {
  const { values } = parse(args, {
    'forward-to': { type: 'string' },
    events: { type: 'string' },
    'secret-file': { type: 'string' },
    live: { type: 'boolean' },
    'api-key': { type: 'string' },
    secret: { type: 'string' },
  });
  refuseCredentialFlags(values);
  if (!values['forward-to']) throw new Error('listen needs --forward-to <url>, e.g. --forward-to http://localhost:4000/hook');
  let forwardTo: URL;
  try {
    forwardTo = new URL(values['forward-to']);
  } catch {
    throw new Error(`--forward-to is not a URL: ${values['forward-to']}`);
  }
  if (forwardTo.protocol !== 'http:' && forwardTo.protocol !== 'https:') throw new Error('--forward-to must be an http or https URL');
  const credentials = listenCredentials({ secretFile: values['secret-file'], live: values.live }, io.env);
  if (credentials.created) io.out(credentials.created);
  await listen({
    apiUrl: apiUrl(values),
    apiKey: credentials.apiKey,
    forwardTo: forwardTo.toString(),
    events: (values.events ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    secret: credentials.secret,
    secretFrom: credentials.secretFrom,
    signal: io.signal,
    out: io.out,
    err: io.err,
  });
  io.out('Stopped.');
}

async function triggerCommand(args: string[], io: CliIo, apiUrl: (v: { 'api-url'?: string }) => string): Promise<void> {
  const { values, positionals } = parse(args, {});
  if (positionals.length !== 1) throw new Error(`trigger takes one event code: ${Object.keys(TRIGGERS).join(', ')}`);
  const apiKey = apiKeyFrom(io.env);
  const steps = await trigger(client(apiKey, apiUrl(values)), apiKey, positionals[0]);
  for (const s of steps) io.out(`${s.call}  ${s.response.statusCode}  ${s.id}  (request ${s.response.requestId ?? '?'})`);
  io.out(`Triggered ${positionals[0]}: it reaches your webhooks and lastro listen as it happens.`);
}

async function eventsCommand(args: string[], io: CliIo, apiUrl: (v: { 'api-url'?: string }) => string): Promise<void> {
  const { values, positionals } = parse(args, { webhook: { type: 'string' } });
  if (positionals[0] !== 'resend' || positionals.length !== 2) throw new Error('Usage: lastro events resend <event id> [--webhook <webhook id>]');
  const resent = await resendEvent(client(apiKeyFrom(io.env), apiUrl(values)), positionals[1], values.webhook);
  for (const r of resent) io.out(`Resent ${r.eventType} ${positionals[1]} to ${r.url} (delivery ${r.deliveryId}, request ${r.response.requestId ?? '?'})`);
}

/** Runs one command line (without `node lastro`); resolves to the exit code. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const [command, ...args] = argv;
  const apiUrl = (v: { 'api-url'?: string }) => v['api-url'] ?? io.env[API_BASE_VARIABLE] ?? DEFAULT_API_BASE;
  try {
    if (command === '--version' || command === '-v') io.out(VERSION);
    else if (command === undefined || command === 'help' || command === '--help' || command === '-h' || args.includes('--help') || args.includes('-h')) io.out(HELP);
    else if (command === 'listen') await listenCommand(args, io, apiUrl);
    else if (command === 'trigger') await triggerCommand(args, io, apiUrl);
    else if (command === 'events') await eventsCommand(args, io, apiUrl);
    else throw new Error(`Unknown command ${command}: lastro --help lists them`);
    return 0;
  } catch (err) {
    const e = err as Error;
    const detail = err instanceof LastroError ? ` (${err.code}${err.requestId ? `, request ${err.requestId}` : ''})` : '';
    io.err(`lastro: ${e.message}${detail}`);
    return 1;
  }
}

function run(): void {
  const stopping = new AbortController();
  const stop = () => stopping.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  void main(process.argv.slice(2), {
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    signal: stopping.signal,
  }).then((code) => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    process.exitCode = code;
  });
}

// The bin (dist/cli.cjs) runs at once; imported (a test, the repository's CLI), it only exports.
if (require.main === module) run();
