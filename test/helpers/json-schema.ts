import type { z } from 'zod';
import { toJsonSchema } from '../../src/http/json-schema';

/**
 * The JSON Schema the OpenAPI document shows for a zod schema (src/http/json-schema.ts, as
 * src/http/openapi.ts converts request schemas), and a small evaluator of it, so a test can check
 * that what the document allows is what the API accepts (schemathesis checks both ways).
 */
export type Json = Record<string, unknown>;

export const jsonOf = (schema: z.ZodType): Json => toJsonSchema(schema, 'input');
/** One property's schema, with the document's $defs so references resolve. */
export const propOf = (schema: z.ZodType, name: string): Json => {
  const root = jsonOf(schema);
  return { ...(root.properties as Record<string, Json>)[name], $defs: root.$defs };
};

const typeOk = (type: unknown, v: unknown): boolean => {
  if (type === undefined) return true;
  if (type === 'null') return v === null;
  if (type === 'integer') return Number.isInteger(v);
  if (type === 'array') return Array.isArray(v);
  if (type === 'object') return typeof v === 'object' && v !== null && !Array.isArray(v);
  return typeof v === type;
};

/** Enough of JSON Schema for cross-field rules: boolean schemas, type, const, enum, pattern, minimum, maximum, items, minItems, required, properties, dependentSchemas, anyOf, allOf, oneOf, not. */
export function allows(schema: Json | boolean, value: unknown, root: Json = schema as Json): boolean {
  if (typeof schema === 'boolean') return schema;
  const ref = typeof schema.$ref === 'string' ? schema.$ref.replace('#/$defs/', '') : null;
  const s = ref ? ((root.$defs as Record<string, Json>)[ref] ?? {}) : schema;
  if (!typeOk(s.type, value)) return false;
  if (typeof s.pattern === 'string' && !(typeof value === 'string' && new RegExp(s.pattern, 'u').test(value))) return false;
  if (s.const !== undefined && value !== s.const) return false;
  if (Array.isArray(s.enum) && !s.enum.includes(value)) return false;
  if (Array.isArray(s.anyOf) && !(s.anyOf as Json[]).some((b) => allows(b, value, root))) return false;
  if (s.not && allows(s.not as Json, value, root)) return false;
  if (Array.isArray(s.allOf) && !(s.allOf as Json[]).every((b) => allows(b, value, root))) return false;
  if (Array.isArray(s.oneOf) && (s.oneOf as Json[]).filter((b) => allows(b, value, root)).length !== 1) return false;
  if (typeof s.maximum === 'number' && typeof value === 'number' && value > s.maximum) return false;
  if (typeof s.minimum === 'number' && typeof value === 'number' && value < s.minimum) return false;
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems) return false;
    if (s.items !== undefined && !value.every((v) => allows(s.items as Json, v, root))) return false;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    if (Array.isArray(s.required) && !(s.required as string[]).every((k) => k in obj)) return false;
    for (const [k, sub] of Object.entries((s.properties as Record<string, Json>) ?? {})) {
      if (k in obj && !allows(sub, obj[k], root)) return false;
    }
    for (const [k, sub] of Object.entries((s.dependentSchemas as Record<string, Json>) ?? {})) {
      if (k in obj && !allows(sub, obj, root)) return false;
    }
  }
  return true;
}
