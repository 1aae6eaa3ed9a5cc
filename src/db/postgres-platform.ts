import { PostgreSqlPlatform } from '@mikro-orm/postgresql';

/**
 * A string as a PostgreSQL literal, as node-postgres's `escapeLiteral` writes it (quotes doubled;
 * with a backslash, backslashes doubled in an ` E'…'` literal), by two native replaces instead of
 * its loop that appends character by character. Every value of a written-out statement is
 * quoted this way, a sale's postings, events and views among them (kilobytes of JSON), and that
 * loop and the strings it left to collect were a measurable share of the API's CPU per sale.
 */
export function quoteLiteral(value: string): string {
  const quoted = value.replace(/'/g, "''");
  return value.includes('\\') ? ` E'${quoted.replace(/\\/g, '\\\\')}'` : `'${quoted}'`;
}

/** MikroORM's PostgreSQL platform, with strings quoted by `quoteLiteral`. */
export class LastroPostgreSqlPlatform extends PostgreSqlPlatform {
  override escape(value: unknown): string {
    return typeof value === 'string' ? quoteLiteral(value) : super.escape(value);
  }
}
