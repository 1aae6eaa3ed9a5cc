/**
 * SQL text with every literal replaced by `?`, for span attributes and error messages.
 *
 * MikroORM writes its parameters into the statement it sends (`platform.formatQuery`, then
 * `knex.raw`), so the statement the pg instrumentation records as `db.statement`, and the text
 * of a database error, hold the values themselves: secrets, documents, bank accounts, payloads.
 * Placeholders (`$1`), identifiers (`"company_id"`, `t0.document`), keywords and comments stay;
 * what goes: quoted strings in every PostgreSQL form (`'…'` with `''`, `E'…'` with backslash
 * escapes, `B'…'`, `X'…'`, `N'…'`, `U&'…'`, dollar-quoted `$$…$$` / `$tag$…$tag$`), numbers
 * (`42`, `-1.5e3`, `0x1F`, `1_000`) and the booleans `true` / `false`. A string left open at
 * the end (a truncated statement) is cut there. A lexer, not a parser: it never needs to know
 * where a value stands, since every literal is one.
 */
export function sanitizeSql(sql: string): string {
  let out = '';
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i];
    const next = sql[i + 1];
    // -- line comment: kept as is (a quote inside it opens nothing).
    if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      out += sql.slice(i, stop);
      i = stop;
      continue;
    }
    // /* block comment */, nested as PostgreSQL nests them.
    if (c === '/' && next === '*') {
      const stop = blockCommentEnd(sql, i);
      out += sql.slice(i, stop);
      i = stop;
      continue;
    }
    // "quoted identifier", "" inside.
    if (c === '"') {
      const stop = quotedEnd(sql, i + 1, '"', false);
      out += sql.slice(i, stop);
      i = stop;
      continue;
    }
    if (c === "'") {
      // A backslash escapes only in E'…' strings; a prefix letter was consumed with the word before.
      i = quotedEnd(sql, i + 1, "'", false);
      out += '?';
      continue;
    }
    if (c === '$' && !isIdentChar(sql[i - 1])) {
      if (isDigit(next)) {
        // $1, $2: a placeholder, kept.
        let j = i + 1;
        while (j < n && isDigit(sql[j])) j++;
        out += sql.slice(i, j);
        i = j;
        continue;
      }
      const tag = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/.exec(sql.slice(i, i + 64));
      if (tag) {
        const close = sql.indexOf(tag[0], i + tag[0].length);
        i = close === -1 ? n : close + tag[0].length;
        out += '?';
        continue;
      }
    }
    if (isDigit(c) || (c === '.' && isDigit(next))) {
      if (isIdentChar(sql[i - 1])) {
        // The digit of a name (t0, col2): part of the identifier.
        out += c;
        i++;
        continue;
      }
      i = numberEnd(sql, i);
      out += '?';
      continue;
    }
    if (isIdentStart(c)) {
      let j = i;
      while (j < n && isIdentChar(sql[j])) j++;
      const word = sql.slice(i, j);
      // A string's prefix: E'…' (backslash escapes), B'…', X'…', N'…', U&'…'.
      if (sql[j] === "'" && /^[EeBbXxNn]$/.test(word)) {
        i = quotedEnd(sql, j + 1, "'", word === 'E' || word === 'e');
        out += '?';
        continue;
      }
      if (sql[j] === '&' && sql[j + 1] === "'" && /^[Uu]$/.test(word)) {
        i = quotedEnd(sql, j + 2, "'", false);
        out += '?';
        continue;
      }
      out += /^(true|false)$/i.test(word) ? '?' : word;
      i = j;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

/** The index after the closing quote of a quoted token whose body starts at `start` (doubled quotes inside); the end when unclosed. */
function quotedEnd(sql: string, start: number, quote: string, backslashEscapes: boolean): number {
  let j = start;
  while (j < sql.length) {
    const ch = sql[j];
    if (backslashEscapes && ch === '\\') {
      j += 2;
      continue;
    }
    if (ch === quote) {
      if (sql[j + 1] === quote) {
        j += 2;
        continue;
      }
      return j + 1;
    }
    j++;
  }
  return sql.length;
}

function blockCommentEnd(sql: string, start: number): number {
  let depth = 0;
  let j = start;
  while (j < sql.length) {
    if (sql[j] === '/' && sql[j + 1] === '*') {
      depth++;
      j += 2;
    } else if (sql[j] === '*' && sql[j + 1] === '/') {
      depth--;
      j += 2;
      if (depth === 0) return j;
    } else j++;
  }
  return sql.length;
}

/** Decimal (with `_` separators, a fraction and an exponent) or 0x / 0o / 0b integers. */
function numberEnd(sql: string, start: number): number {
  const m = /^(0[xX][0-9A-Fa-f_]+|0[oO][0-7_]+|0[bB][01_]+|(\d[\d_]*)?(\.\d[\d_]*|\.)?([eE][+-]?\d+)?)/.exec(sql.slice(start, start + 512));
  const length = m?.[0].length ?? 0;
  let j = start + Math.max(length, 1);
  // Whatever digits or letters stick to it (a malformed or very long number) go with it.
  while (j < sql.length && isIdentChar(sql[j])) j++;
  return j;
}

function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= '0' && ch <= '9';
}

function isIdentStart(ch: string | undefined): boolean {
  return ch !== undefined && (/[A-Za-z_]/.test(ch) || ch > '\u007f');
}

/** Letters, digits, `_` and `$` continue a name in PostgreSQL. */
function isIdentChar(ch: string | undefined): boolean {
  return ch !== undefined && (isIdentStart(ch) || isDigit(ch) || ch === '$');
}
