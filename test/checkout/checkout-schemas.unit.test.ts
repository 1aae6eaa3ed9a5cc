import { z } from 'zod';
import { createLinkBody, listLinksQuery } from '../../src/checkout/checkout-links.schemas';
import { createChargeBody, listSessionsQuery } from '../../src/checkout/checkout-sessions.schemas';

/**
 * The OpenAPI document is generated from these schemas (src/http/openapi.ts, io: input), so
 * what it says must be what the API does: a value its JSON Schema allows is accepted, one it
 * refuses is refused (schemathesis checks both ways).
 */
type Json = Record<string, unknown>;
const jsonOf = (schema: z.ZodType): Json => z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as Json;
const prop = (schema: z.ZodType, name: string): Json => (jsonOf(schema).properties as Record<string, Json>)[name];

/** Enough of JSON Schema for the shapes below: pattern on a string, anyOf of required + const. */
function allows(s: Json, value: unknown): boolean {
  if (typeof s.pattern === 'string' && !(typeof value === 'string' && new RegExp(s.pattern as string, 'u').test(value))) return false;
  if (s.const !== undefined && value !== s.const) return false;
  if (Array.isArray(s.anyOf) && !(s.anyOf as Json[]).some((b) => allows(b, value))) return false;
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    if (Array.isArray(s.required) && !(s.required as string[]).every((k) => k in obj)) return false;
    for (const [k, sub] of Object.entries((s.properties as Record<string, Json>) ?? {})) {
      if (k in obj && !allows(sub, obj[k])) return false;
    }
  }
  return true;
}

const item = { name: 'Caneca', quantity: 1, unitAmount: 1000 };

describe.each([
  ['POST /checkout/links', createLinkBody],
  ['POST /checkout/charges', createChargeBody],
])('%s body: OpenAPI states the rules zod enforces', (_route, body) => {
  it.each(['BRL', 'brl', 'Brl', 'USD', 'BRLX', '', 'BR'])('currency %j: the JSON Schema and the API agree', (currency) => {
    const accepted = body.safeParse({ items: [item], paymentMethods: { pix: {} }, currency }).success;
    expect(allows(prop(body, 'currency'), currency)).toBe(accepted);
    expect(accepted).toBe(currency.toUpperCase() === 'BRL');
  });

  it.each([
    [{}, false],
    [{ card: { enabled: false } }, false],
    [{ pix: { enabled: false }, boleto: { enabled: false } }, false],
    [{ pix: {} }, true],
    [{ card: { enabled: false }, boleto: { enabled: true } }, true],
    [{ combined: { enabled: true } }, false],
  ])('paymentMethods %j: at least one of card, pix, boleto enabled, in both', (paymentMethods, ok) => {
    expect(body.safeParse({ items: [item], paymentMethods }).success).toBe(ok);
    expect(allows(prop(body, 'paymentMethods'), paymentMethods)).toBe(ok);
  });
});

describe.each([
  ['GET /checkout/links', listLinksQuery, ['active', 'archived', 'active,archived', 'active, archived'], ['', '__main__', 'active,paused', ',', 'active,,archived']],
  ['GET /checkout/charges', listSessionsQuery, ['paid', 'created, canceled', 'partially_paid,expired'], ['', 'open', 'paid,', 'PAID']],
])('%s ?status=: a CSV of statuses in OpenAPI and in the API', (_route, query, good, bad) => {
  it.each([...good.map((v) => [v, true] as const), ...bad.map((v) => [v, false] as const)])('%j accepted: %s', (status, ok) => {
    expect(query.safeParse({ status }).success).toBe(ok);
    expect(allows(prop(query, 'status'), status)).toBe(ok);
  });
});
