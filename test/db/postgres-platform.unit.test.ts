import { escapeLiteral } from 'pg';
import { quoteLiteral } from '../../src/db/postgres-platform';

/** Every value a written-out statement carries is quoted by `quoteLiteral`: it must read back exactly as node-postgres's own quoting does. */
describe('quoteLiteral', () => {
  it.each([
    ['', "''"],
    ['plain', "'plain'"],
    ["O'Brien", "'O''Brien'"],
    ["''", "''''''"],
    ['C:\\dir', " E'C:\\\\dir'"],
    ["it's \\ both", " E'it''s \\\\ both'"],
    ['{"name":"Jo\\"ão"}', ` E'{"name":"Jo\\\\"ão"}'`],
  ])('quotes %j as %s', (value, literal) => {
    expect(quoteLiteral(value)).toBe(literal);
    expect(quoteLiteral(value)).toBe(escapeLiteral(value));
  });

  it("writes what node-postgres writes for any mix of quotes, backslashes and other characters", () => {
    const alphabet = ["'", '\\', 'a', 'ç', '"', '\n', '😀', ' ', '%', '$'];
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    for (let n = 0; n < 2_000; n++) {
      const value = Array.from({ length: next() % 40 }, () => alphabet[next() % alphabet.length]).join('');
      expect(quoteLiteral(value)).toBe(escapeLiteral(value));
    }
  });
});
