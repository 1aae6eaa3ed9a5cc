import { sanitizeSql } from './sql';

/**
 * Database errors without their values, for log lines, spans and Temporal failures.
 *
 * A failed statement's error carries the data it was writing three times over: knex puts the
 * statement (with MikroORM's inlined values) before PostgreSQL's message (`insert … values
 * ('52998224725', …) - duplicate key value …`), MikroORM appends the `detail` (`Key
 * (document)=(52998224725) already exists.`) and the hint, and pg's fields `detail`, `where`,
 * `internalQuery` hold them again. The safe copy keeps what a reader needs to act (the class
 * name, SQLSTATE, constraint, table, column, the statement's shape and PostgreSQL's sentence
 * with quoted values taken out, the stack's frames) and nothing else.
 */
export function sanitizeError<T>(err: T): T {
  return sanitize(err, 0) as T;
}

/** Whether `err` (or an error it wraps) is a database error that `sanitizeError` rewrites. */
export function carriesDatabaseError(err: unknown, depth = 0): boolean {
  if (!isObject(err) || depth > 8) return false;
  return isDatabaseError(err) || carriesDatabaseError(err.cause, depth + 1);
}

/** Fields of a PostgreSQL error that name things, never values. */
const KEPT_FIELDS = ['code', 'sqlState', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine', 'errno'] as const;

function sanitize(err: unknown, depth: number): unknown {
  if (!isObject(err) || depth > 8) return err;
  if (isDatabaseError(err)) return safeDatabaseError(err, depth);
  if (!carriesDatabaseError(err.cause, depth + 1)) return err;
  // Another error wrapping a database error: the same error, with its cause made safe.
  const copy = Object.create(Object.getPrototypeOf(err) as object) as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(err)) copy[key] = (err as Record<string, unknown>)[key];
  copy.cause = sanitize(err.cause, depth + 1);
  return copy;
}

function safeDatabaseError(err: Record<string, unknown>, depth: number): Error {
  const name = typeof err.name === 'string' ? err.name : 'DatabaseError';
  const message = safeDatabaseMessage(String(err.message ?? ''));
  // Of the same class (UniqueConstraintViolationException …): `instanceof` and the logged type hold.
  const safe = Object.create(Object.getPrototypeOf(err) as object) as Error & Record<string, unknown>;
  const own = (key: string, value: unknown) => Object.defineProperty(safe, key, { value, enumerable: key !== 'stack' && key !== 'message', writable: true, configurable: true });
  own('message', message);
  own('name', name);
  for (const key of KEPT_FIELDS) if (err[key] !== undefined) own(key, err[key]);
  // The stack's first lines repeat the message: keep only the frames.
  const frames = typeof err.stack === 'string' ? err.stack.split('\n').filter((l) => /^\s+at /.test(l)) : [];
  own('stack', [`${name}: ${message}`, ...frames].join('\n'));
  if (err.cause !== undefined) own('cause', sanitize(err.cause, depth + 1));
  return safe;
}

/**
 * `<statement> - <PostgreSQL's message>[\n - detail: …][\n - hint: …]` as knex and MikroORM
 * write it, or PostgreSQL's message alone (pg). The detail and hint go (they exist to show
 * values); the statement keeps placeholders only; the message loses its quoted values.
 */
export function safeDatabaseMessage(message: string): string {
  const cut = message.search(/\n - (detail|hint): /);
  const head = cut === -1 ? message : message.slice(0, cut);
  const split = head.lastIndexOf(' - ');
  if (split === -1) return safePostgresMessage(head);
  return `${sanitizeSql(head.slice(0, split))} - ${safePostgresMessage(head.slice(split + 3))}`;
}

/**
 * PostgreSQL quotes names and values alike in double quotes: `unique constraint "x"`,
 * `column "y" of relation "z"`, but `invalid input syntax for type uuid: "abc"`, `value "9…"
 * is out of range`. A quoted token stays only after a word that names a database object.
 */
const NAMING_WORDS = /(constraint|relation|column|table|type|index|schema|function|database|role|sequence|operator|trigger|view|extension|savepoint|cursor|statement|portal|channel|enum|domain|collation|encoding|tablespace|publication|subscription)\s*$/i;

function safePostgresMessage(message: string): string {
  return message.replace(/"(?:[^"]|"")*"?/g, (quoted, offset: number) => (NAMING_WORDS.test(message.slice(Math.max(0, offset - 40), offset)) ? quoted : '"?"'));
}

function isDatabaseError(err: Record<string, unknown>): boolean {
  // MikroORM's DriverException subclasses, and pg's own DatabaseError: a SQLSTATE and a severity.
  const sqlState = typeof err.sqlState === 'string' ? err.sqlState : err.code;
  return typeof sqlState === 'string' && /^[0-9A-Z]{5}$/.test(sqlState) && (typeof err.severity === 'string' || /Exception$/.test(String(err.name)));
}

function isObject(value: unknown): value is Record<string, unknown> & { cause?: unknown } {
  return typeof value === 'object' && value !== null;
}
