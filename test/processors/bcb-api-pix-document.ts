import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/**
 * Response conformance against the Central Bank's API Pix document, read where it lives
 * (`../shared/spec/bcb-api-pix-2.9.0.yaml` beside the work tree, or BCB_API_PIX_SPEC); it is
 * never copied into the repository. A small OpenAPI 3.0 schema checker: $ref, type, required,
 * properties, allOf/anyOf/oneOf, enum, pattern, lengths, minimum/maximum, items, date-time.
 */
type Json = Record<string, any>;

export const SPEC_PATH = process.env.BCB_API_PIX_SPEC ?? path.resolve(__dirname, '..', '..', '..', 'shared', 'spec', 'bcb-api-pix-2.9.0.yaml');

export function loadDocument(): Json | null {
  return fs.existsSync(SPEC_PATH) ? (parse(fs.readFileSync(SPEC_PATH, 'utf8')) as Json) : null;
}

function resolve(doc: Json, node: Json): Json {
  let n = node;
  while (n && typeof n.$ref === 'string') n = n.$ref.replace(/^#\//, '').split('/').reduce((o: Json, k: string) => o?.[k], doc);
  return n;
}

/** Errors of `value` against `schema` (empty: conforms). */
export function check(doc: Json, schema: Json, value: unknown, at = '$'): string[] {
  const s = resolve(doc, schema);
  if (!s || typeof s !== 'object') return [];
  const errs: string[] = [];
  if (s.type) {
    const ok =
      s.type === 'integer' ? Number.isInteger(value) : s.type === 'array' ? Array.isArray(value) : s.type === 'object' ? typeof value === 'object' && value !== null && !Array.isArray(value) : typeof value === s.type;
    if (!ok) return [`${at}: expected ${s.type}`];
  }
  if (Array.isArray(s.enum) && !s.enum.includes(value)) errs.push(`${at}: ${JSON.stringify(value)} not in enum`);
  if (typeof value === 'string') {
    // The document writes some patterns with slashes (`/^\d{11}$/`), which no string matches as a regex: skipped.
    if (typeof s.pattern === 'string' && !s.pattern.startsWith('/') && !new RegExp(`^(?:${s.pattern.replace(/^\^|\$$/g, '')})$`).test(value)) errs.push(`${at}: ${value} does not match ${s.pattern}`);
    if (typeof s.maxLength === 'number' && value.length > s.maxLength) errs.push(`${at}: longer than ${s.maxLength}`);
    if (typeof s.minLength === 'number' && value.length < s.minLength) errs.push(`${at}: shorter than ${s.minLength}`);
    if (s.format === 'date-time' && Number.isNaN(Date.parse(value))) errs.push(`${at}: not a date-time`);
  }
  if (typeof value === 'number') {
    if (typeof s.minimum === 'number' && value < s.minimum) errs.push(`${at}: below ${s.minimum}`);
    if (typeof s.maximum === 'number' && value > s.maximum) errs.push(`${at}: above ${s.maximum}`);
  }
  if (Array.isArray(value) && s.items) value.forEach((v, i) => errs.push(...check(doc, s.items, v, `${at}[${i}]`)));
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Json;
    for (const k of s.required ?? []) if (!(k in obj)) errs.push(`${at}: missing ${k}`);
    for (const [k, sub] of Object.entries((s.properties ?? {}) as Json)) if (k in obj) errs.push(...check(doc, sub, obj[k], `${at}.${k}`));
  }
  for (const sub of s.allOf ?? []) errs.push(...check(doc, sub, value, at));
  if (Array.isArray(s.anyOf) && !s.anyOf.some((sub: Json) => check(doc, sub, value, at).length === 0)) errs.push(`${at}: matches none of anyOf`);
  if (Array.isArray(s.oneOf)) {
    const n = s.oneOf.filter((sub: Json) => check(doc, sub, value, at).length === 0).length;
    if (n !== 1) errs.push(`${at}: matches ${n} of oneOf`);
  }
  return errs;
}

export interface Exchange {
  method: string;
  path: string;
  status: number;
  contentType: string;
  body: unknown;
}

/** Errors of one answer against the document's operation (path template, method, status, media type, schema). */
export function checkExchange(doc: Json, x: Exchange): string[] {
  const pathname = x.path.split('?')[0];
  // Operations with servers of their own are the payer-facing locations (`/{pixUrlAccessToken}`,
  // `/rec/{recUrlAccessToken}`), not the API this checks.
  const entry = Object.entries(doc.paths as Json).find(
    ([template, item]) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname) && !Object.values(item as Json).some((op) => op?.servers),
  );
  if (!entry) return [];
  const op = entry[1][x.method.toLowerCase()];
  const where = `${x.method} ${entry[0]} → ${x.status}`;
  if (!op) return [`${where}: method not in the document`];
  const resp = op.responses[String(x.status)];
  if (!resp) return [`${where}: status not in the document`];
  const r = resolve(doc, resp);
  if (!r.content) return [];
  const media = x.contentType.split(';')[0].trim();
  const content = r.content[media];
  if (!content) return [`${where}: content type ${media} not in ${Object.keys(r.content).join(', ')}`];
  return check(doc, content.schema, x.body).map((e) => `${where}: ${e}`);
}
