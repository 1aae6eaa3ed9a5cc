import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { carriesDatabaseError, safeDatabaseMessage, sanitizeError } from '../../src/observability/redaction/errors';

/** PostgreSQL quotes names and values alike: names stay, values go. */
it.each([
  ['duplicate key value violates unique constraint "customers_pkey"', 'duplicate key value violates unique constraint "customers_pkey"'],
  ['null value in column "email" of relation "customers" violates not-null constraint', 'null value in column "email" of relation "customers" violates not-null constraint'],
  ['invalid input syntax for type uuid: "52998224725"', 'invalid input syntax for type uuid: "?"'],
  ['invalid input value for enum payment_status: "secret"', 'invalid input value for enum payment_status: "?"'],
  ['value "52998224725" is out of range for type integer', 'value "?" is out of range for type integer'],
  ['unterminated quoted string at or near "\'52998224725"', 'unterminated quoted string at or near "?"'],
  [
    `update "recipients" set "bank_account" = '12345678' where "id" = 'rec_1' - new row for relation "recipients" violates check constraint "x"\n - detail: Failing row contains (rec_1, 12345678).`,
    'update "recipients" set "bank_account" = ? where "id" = ? - new row for relation "recipients" violates check constraint "x"',
  ],
])('%s', (message, expected) => {
  expect(safeDatabaseMessage(message)).toBe(expected);
});

function uniqueViolation(): UniqueConstraintViolationException {
  const pg = Object.assign(new Error(`insert into "customers" ("document") values ('52998224725') - duplicate key value violates unique constraint "customers_document"`), {
    code: '23505',
    severity: 'ERROR',
    detail: 'Key (document)=(52998224725) already exists.',
    constraint: 'customers_document',
    table: 'customers',
    where: 'SQL statement "insert … 52998224725"',
  });
  return new UniqueConstraintViolationException(pg);
}

it('copies a database error without its values, of the same class, the original untouched', () => {
  const err = uniqueViolation();
  const safe = sanitizeError(err);
  expect(safe).toBeInstanceOf(UniqueConstraintViolationException);
  expect(safe.name).toBe('UniqueConstraintViolationException');
  expect({ code: safe.code, constraint: (safe as unknown as Record<string, unknown>).constraint }).toEqual({ code: '23505', constraint: 'customers_document' });
  expect(JSON.stringify({ ...safe, message: safe.message, stack: safe.stack })).not.toContain('52998224725');
  expect(safe.stack).toMatch(/^UniqueConstraintViolationException: insert into "customers" \("document"\) values \(\?\) - duplicate key/);
  expect(err.message).toContain('52998224725');
});

it('reaches a database error through causes, and leaves other errors as they are', () => {
  const wrapped = new Error('charge not made', { cause: uniqueViolation() });
  expect(carriesDatabaseError(wrapped)).toBe(true);
  const safe = sanitizeError(wrapped);
  expect(safe.message).toBe('charge not made');
  expect(String((safe.cause as Error).message)).not.toContain('52998224725');
  const plain = new Error('not a database error: 52998224725');
  expect(carriesDatabaseError(plain)).toBe(false);
  expect(sanitizeError(plain)).toBe(plain);
});
