import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { sanitizeSql } from '../../src/observability/redaction/sql';

/**
 * The statement recorded in a span keeps its shape and loses every value: MikroORM writes
 * values into the SQL it sends (pg's `escapeLiteral`), so each must come out as `?`, whatever
 * it contains.
 */
const escapeLiteral = (value: string) => Client.prototype.escapeLiteral(value);

it.each([
  ['plain strings and numbers', `insert into "customers" ("id", "document", "amount") values ('cus_1', '52998224725', 5990)`, `insert into "customers" ("id", "document", "amount") values (?, ?, ?)`],
  ['a doubled quote inside a string', `select 1 where a = 'O''Brien'' it''s'`, `select ? where a = ?`],
  ['E strings with backslash escapes', `update t set s = E'a\\'b\\\\' , u = e'x'`, `update t set s = ? , u = ?`],
  ['escapeLiteral\'s leading space E form', `update t set s =  E'C:\\\\path''s'`, `update t set s =  ?`],
  ['bit, hex, national and unicode strings', `select B'1010', X'1F', N'nome', U&'d\\0061t', x'00'`, `select ?, ?, ?, ?, ?`],
  ['dollar quotes, tagged and not', `select $$it's $1 here$$, $tag$ a $$ b $tag$, $1, $22`, `select ?, ?, $1, $22`],
  ['numbers in their forms', `select 42, -1.5e3, .5, 3., 0x1F, 0o17, 0b101, 1_000_000, 1e-9`, `select ?, -?, ?, ?, ?, ?, ?, ?, ?`],
  ['booleans, any case', `update t set a = true, b = FALSE where c is not null`, `update t set a = ?, b = ? where c is not null`],
  ['casts and json paths', `select '{"pix":"x"}'::jsonb ->> 'payer', '2030-01-01'::date`, `select ?::jsonb ->> ?, ?::date`],
  ['identifiers with digits and dollars stay', `select t0.col2, a$1, "we""ird 'x'" from t1 as t0`, `select t0.col2, a$1, "we""ird 'x'" from t1 as t0`],
  ['comments stay, and a quote inside them opens nothing', `select 1 -- it's\n, 'v' /* it's /* nested */ still */ , 'w'`, `select ? -- it's\n, ? /* it's /* nested */ still */ , ?`],
  ['an unterminated string is cut', `insert into t values ('secret-and-more`, `insert into t values (?`],
  ['an unterminated dollar quote is cut', `select $x$ secret`, `select ?`],
  ['an IN list', `select * from r where "document" in ('111', '222') limit 10 offset 20`, `select * from r where "document" in (?, ?) limit ? offset ?`],
  ['a bytea as MikroORM writes it', `update k set f = E'\\\\x00ff10'`, `update k set f = ?`],
])('%s', (_name, sql, expected) => {
  expect(sanitizeSql(sql)).toBe(expected);
});

it('leaves no trace of any string pg\'s escapeLiteral wrote into a statement', () => {
  const alphabet = ["'", '\\', '"', '$', '$$', '$1', '--', '/*', '*/', 'E', "E'", '\n', ' ', 'x', '0', 'ã', '😀', ':', ';', ')', '('];
  for (let round = 0; round < 2000; round++) {
    const marker = `MARK${randomBytes(4).toString('hex')}`;
    const bytes = randomBytes(12);
    const noise = Array.from(bytes, (b) => alphabet[b % alphabet.length]);
    const value = [...noise.slice(0, 6), marker, ...noise.slice(6)].join('');
    const sql = `insert into "t" ("a", "b") values (${escapeLiteral(value)}, ${escapeLiteral(marker)}) returning "id"`;
    const clean = sanitizeSql(sql);
    expect({ value, clean, leaked: clean.includes(marker) }).toEqual({ value, clean, leaked: false });
    // escapeLiteral puts a space before an E'…' string.
    expect(clean.replace(/\(\s*\?,\s*\?\)/, '(?, ?)')).toBe('insert into "t" ("a", "b") values (?, ?) returning "id"');
  }
});

it('numbers and booleans go wherever they stand, digits of a name stay', () => {
  expect(sanitizeSql('select "t0".* from "recipients" as "t0" where "t0"."company_id" = 77 and "t0"."balance" > -12.5 order by 1')).toBe(
    'select "t0".* from "recipients" as "t0" where "t0"."company_id" = ? and "t0"."balance" > -? order by ?',
  );
});
