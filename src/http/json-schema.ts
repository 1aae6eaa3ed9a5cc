import { z } from 'zod';

type Json = Record<string, any>;

/**
 * What JavaScript's String.prototype.trim removes (ECMAScript WhiteSpace and LineTerminator),
 * spelled out: `\s` differs between regex engines (Python's, which schemathesis generates
 * with, counts U+001C-U+001F and not U+FEFF), so the document names each character.
 */
const TRIMMED = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

/**
 * A pattern true exactly when a string is at least `min` characters long once trimmed: its
 * first and last non-blank characters are at least `min` apart.
 */
export function trimmedMinPattern(min: number): string {
  const solid = `[^${TRIMMED}]`;
  return min <= 1 ? solid : `${solid}[\\s\\S]{${min - 2},}${solid}`;
}

// zod's .trim() is an `overwrite` check; a probe tells it from toLowerCase() and the like.
const trims = (check: any): boolean => {
  const def = check?._zod?.def;
  return def?.check === 'overwrite' && typeof def.tx === 'function' && def.tx(' x ') === 'x';
};

/**
 * The JSON body parser refuses a `__proto__` key anywhere (co-body's @hapi/bourne, against
 * prototype poisoning), so a free-form object (metadata and other records) says it cannot have one.
 */
function forbidProtoKey(json: Json): void {
  const names = json.propertyNames ?? {};
  json.propertyNames = names.not === undefined ? { ...names, not: { const: '__proto__' } } : { allOf: [names, { not: { const: '__proto__' } }] };
}

/**
 * A zod schema as JSON Schema (draft 2020-12), as the OpenAPI document shows it. A string that
 * is trimmed before its length is checked (`z.string().trim().min(1)`) gets a pattern saying
 * so, since minLength alone would call "  " valid while the API refuses it. A record's keys
 * exclude `__proto__` (forbidProtoKey).
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  return z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    override: (ctx) => {
      const def = (ctx.zodSchema as any)._zod.def;
      const json = ctx.jsonSchema as Json;
      if (io === 'input' && def.type === 'record') forbidProtoKey(json);
      if (io !== 'input' || def.type !== 'string' || !(def.checks ?? []).some(trims)) return;
      if (typeof json.minLength !== 'number' || json.minLength < 1) return;
      const pattern = trimmedMinPattern(json.minLength);
      if (json.pattern === undefined) json.pattern = pattern;
      else json.allOf = [...(json.allOf ?? []), { pattern }];
    },
  }) as Json;
}
