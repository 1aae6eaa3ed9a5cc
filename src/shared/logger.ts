import pino from 'pino';
import { carriesDatabaseError, sanitizeError } from '../observability/redaction/errors';
import { traceLogMixin } from '../observability/tracing/log-fields';

export type Logger = pino.Logger;

/**
 * Keys that hold a credential, a card datum or a personal datum wherever they appear, at the
 * top of a line's object or one level down (`{ customer: { document } }`): a line that logs
 * one by mistake shows `[redacted]`, at every level, debug included. Lastro's own lines log
 * ids, never these; the list is the net under that rule.
 */
const SENSITIVE_KEYS = [
  // credentials
  'apiKey', 'secret', 'signingSecret', 'password', 'token', 'accessToken', 'authorization', 'cookie', 'kycUrl', 'bankDetailsUrl', 'url',
  // processor connections (a PSP's OAuth2 client, certificates, the callback URL's secret)
  'clientSecret', 'callbackSecret', 'callbackUrl', 'webhookUrl', 'tls', 'cert', 'chave', 'connection',
  // card
  'card', 'creditCard', 'number', 'cvv', 'expiration', 'holder',
  // personal data
  'document', 'email', 'phone', 'address', 'birthDate', 'payer', 'customer', 'buyer',
  // bank accounts and KYC files
  'bankAccount', 'bankDetails', 'account', 'branch', 'pixKey', 'files', 'content', 'data', 'pagador', 'devedor', 'infoPagador', 'payerInfo',
  // event and request payloads
  'payload', 'body',
];
const REDACT_PATHS = [
  ...SENSITIVE_KEYS.flatMap((key) => [key, `*.${key}`]),
  'headers["x-api-key"]', 'req.headers["x-api-key"]', 'req.headers.authorization', 'req.headers.cookie',
];

function safeErrorArguments(this: pino.Logger, args: unknown[], method: (...args: unknown[]) => void): void {
  const [first] = args;
  if (carriesDatabaseError(first)) args[0] = sanitizeError(first);
  else if (typeof first === 'object' && first !== null && carriesDatabaseError((first as { err?: unknown }).err)) {
    args[0] = { ...first, err: sanitizeError((first as { err: unknown }).err) };
  }
  method.apply(this, args);
}

/**
 * Structured JSON logs on stdout. Request bodies are never logged, and the redaction list
 * keeps secrets out if a field ever reaches a log line by mistake. Errors are serialized
 * without the values a database error carries (statement, detail): see sanitizeError.
 */
export function createLogger(level: string, name: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    base: { service: name },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: (err: unknown) => pino.stdSerializers.err(sanitizeError(err) as Error) },
    // pino also takes a line's message from a logged error (`logger.warn(err)`, or `{ err }`
    // with no message): the safe copy must be the one it reads.
    hooks: { logMethod: safeErrorArguments },
    timestamp: pino.stdTimeFunctions.isoTime,
    // trace_id / span_id on lines written inside a trace; no mixin at all when tracing is off.
    mixin: traceLogMixin(),
  };
  // stdout unless a test hands it a stream.
  return destination ? pino(options, destination) : pino(options);
}
