import { Client } from 'pg';
import { preparedStatementText } from '../../src/db/direct-sql-connection';

/**
 * Counts the SQL statements this process sends to PostgreSQL (every pg client: the API's, the
 * worker's, the outbox's), BEGIN and COMMIT included, as pg_stat_statements counts them in the
 * billing benchmark. Deterministic where a timed benchmark is not: the count of one run of N
 * subscriptions does not depend on the machine's load.
 */
export interface StatementCounter {
  /** Statements sent since `start`, with their texts (normalised: whitespace folded, literals kept). */
  stop(): { count: number; texts: string[] };
}

/**
 * A round trip's text with its prepared statements (`prepared`) written as the statements they
 * stand for: each PREPARE left out, each EXECUTE (with its arguments) replaced by its text.
 */
function readable(text: string): string {
  let out = text;
  for (const [, name] of text.matchAll(/prepare (lastro_\d+_\d+) as /g)) out = out.replace(`prepare ${name} as ${preparedStatementText(name)}; `, '');
  return out.replace(/execute (lastro_\d+_\d+)(\((?:'(?:[^']|'')*'|[^'()])*\))?/g, (whole: string, name: string) => preparedStatementText(name) ?? whole);
}

export function countStatements(): StatementCounter {
  const texts: string[] = [];
  const proto = Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    const text = typeof q === 'string' ? q : ((q as { text?: string } | undefined)?.text ?? '');
    texts.push(readable(text).replace(/\s+/g, ' ').trim());
    return original.apply(this, args);
  };
  return {
    stop() {
      proto.query = original;
      return { count: texts.length, texts };
    },
  };
}

/** The statements grouped by their first words (the table they touch), most frequent first. */
export function statementBreakdown(texts: string[], per: number): string[] {
  const by = new Map<string, number>();
  for (const t of texts) {
    // Literals folded, so one statement shape is one line whatever its values.
    const key = t
      .replace(/'(?:[^']|'')*'/g, '?')
      .replace(/\b\d+(\.\d+)?\b/g, '?')
      .replace(/\?(, \?)+/g, '?…')
      .slice(0, 110);
    by.set(key, (by.get(key) ?? 0) + 1);
  }
  return [...by.entries()].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${(n / per).toFixed(2).padStart(6)}  ${k}`);
}
