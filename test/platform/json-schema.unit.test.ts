import { z } from 'zod';
import { toJsonSchema } from '../../src/http/json-schema';
import { allows } from '../helpers/json-schema';

// Every character String.prototype.trim removes, and a few it keeps that other engines call blank.
const BLANKS = ['\t', '\n', '\v', '\f', '\r', ' ', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff'];
const KEPT = ['\u001c', '\u001f', '\u0085', '\u200b', 'a', 'É', '\u{1F600}'];

const samples = (): string[] => {
  const out = ['', 'x', 'xy', 'x y', ' x ', 'xyz'];
  for (const b of BLANKS) out.push(b, `${b}x`, `x${b}`, `${b}x${b}`, `${b}${b}`, `x${b}y`, `${b}xy${b}`);
  for (const k of KEPT) out.push(k, `${k} `, ` ${k}`, `${k}${k}`, ` ${k}${k} `);
  return out;
};

describe('request JSON Schema of trimmed strings', () => {
  it.each([1, 2, 3])('a trimmed string with min %i: the document allows exactly what the API accepts', (min) => {
    const schema = z.string().trim().min(min).max(50);
    const json = toJsonSchema(schema, 'input');
    for (const value of samples()) {
      expect([value, allows(json, value) && [...value].length >= min]).toEqual([value, schema.safeParse(value).success]);
    }
  });

  it('a string that is not trimmed, or lower-cased only, keeps minLength alone', () => {
    expect(toJsonSchema(z.string().min(1), 'input').pattern).toBeUndefined();
    expect(toJsonSchema(z.string().toLowerCase().min(1), 'input').pattern).toBeUndefined();
  });

  it('a trimmed string with its own pattern keeps it and adds the trimmed rule beside it', () => {
    const schema = z.string().trim().min(1).regex(/^[a-z ]+$/);
    const json = toJsonSchema(schema, 'input');
    expect(json.pattern).toBe('^[a-z ]+$');
    expect(allows(json, '   ')).toBe(false);
    expect(schema.safeParse('   ').success).toBe(false);
    expect(allows(json, 'ab')).toBe(true);
  });

  it('responses are described as they are sent, without the request rule', () => {
    expect(toJsonSchema(z.string().trim().min(1), 'output').pattern).toBeUndefined();
  });
});
