import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { useTestStack } from '../helpers/stack';
import { allRoutes } from '../../src/routes';
import { isWriteMethod, type AnyRoute } from '../../src/http/route';

/**
 * GET /openapi.json is a valid OpenAPI 3.1 document that documents every public route
 * (a merchant route at its /v1 path only), and /docs renders it with assets served from this origin.
 */

const root = path.resolve(__dirname, '..', '..');

/**
 * Validates with @seriousme/openapi-schema-validator (the official OpenAPI 3.1 JSON schemas).
 * The package is ESM-only, which jest's CommonJS runtime cannot load, so it runs in a child node.
 */
function validateOpenApi(doc: unknown): { valid: boolean; errors?: unknown } {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    let input = '';
    process.stdin.setEncoding('utf8');
    for await (const chunk of process.stdin) input += chunk;
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(input));
    process.stdout.write(JSON.stringify({ version: validator.version, ...result }));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, input: JSON.stringify(doc), encoding: 'utf8' });
  return JSON.parse(out);
}

let doc: any;

const t = useTestStack({
  async setup(t) {
    const res = await t.stack.http.get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.body;
  },
});

const openApiPath = (koaPath: string) => koaPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const documentedPath = (route: AnyRoute) => `${route.versioned ? '/v1' : ''}${openApiPath(route.path)}`;

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    const result = validateOpenApi(doc);
    expect(result.errors).toBeUndefined();
    expect(result).toMatchObject({ valid: true, version: '3.1' });
  });

  it('the validator does reject a broken document (the check can fail)', () => {
    const broken = structuredClone(doc);
    const [firstPath] = Object.keys(broken.paths);
    const [firstMethod] = Object.keys(broken.paths[firstPath]);
    broken.paths[firstPath][firstMethod].parameters = [{ name: 'x', in: 'body', schema: { type: 'string' } }];
    expect(validateOpenApi(broken).valid).toBe(false);
  });

  it('documents every non-hidden route once: a versioned one at /v1 only (its alias answers, undocumented), and nothing else', () => {
    const expected = new Set<string>();
    for (const route of allRoutes().filter((r) => !r.hidden)) expected.add(`${route.method} ${documentedPath(route)}`);
    const documented = new Set<string>();
    for (const [p, item] of Object.entries<Record<string, unknown>>(doc.paths)) {
      for (const method of Object.keys(item)) documented.add(`${method} ${p}`);
    }
    expect([...documented].sort()).toEqual([...expected].sort());
    // The customers API is part of it (a sanity check that the comparison is not vacuous).
    expect([...documented]).toEqual(expect.arrayContaining(['post /v1/customers', 'get /v1/customers/{id}', 'delete /v1/customers/{id}', 'get /v1/subscriptions', 'post /v1/checkout/links']));
    expect([...documented].filter((d) => / \/(customers|subscriptions|checkout\/links)/.test(d))).toEqual([]);
  });

  it('leaves hidden routes (pages, assets, the document itself) out', () => {
    for (const route of allRoutes().filter((r) => r.hidden)) {
      expect(doc.paths[openApiPath(route.path)]?.[route.method]).toBeUndefined();
    }
  });

  it('gives every operation a unique operationId, its path parameters, and a response', () => {
    const ids: string[] = [];
    for (const [p, item] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const op of Object.values<any>(item)) {
        ids.push(op.operationId);
        const declared = (op.parameters ?? []).filter((x: any) => x.in === 'path').map((x: any) => x.name).sort();
        const inPath = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
        expect({ path: p, params: declared }).toEqual({ path: p, params: inPath });
        expect(Object.keys(op.responses).length).toBeGreaterThan(0);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives each operation with a body a required JSON requestBody schema, and none to the others', () => {
    for (const route of allRoutes().filter((r) => !r.hidden)) {
      for (const p of [documentedPath(route)]) {
        const op = doc.paths[p][route.method];
        if (route.request?.body) {
          expect({ op: `${route.method} ${p}`, required: op.requestBody?.required }).toEqual({ op: `${route.method} ${p}`, required: true });
          const schema = op.requestBody.content['application/json'].schema;
          expect(schema).toBeDefined();
          expect(schema.type === 'object' || typeof schema.$ref === 'string' || Array.isArray(schema.allOf)).toBe(true);
        } else {
          expect(op.requestBody).toBeUndefined();
        }
      }
    }
  });

  it('describes the customer body from the same schema that validates it', () => {
    const schema = doc.paths['/v1/customers'].post.requestBody.content['application/json'].schema;
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'email', 'type', 'document', 'phone']));
    expect(schema.required).not.toContain('documentType');
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['name', 'email', 'type', 'document', 'documentType', 'phone', 'address', 'metadata']),
    );
    const list = doc.paths['/v1/customers'].get.parameters.map((p: any) => p.name);
    expect(list).toEqual(
      expect.arrayContaining(['name', 'email', 'document', 'documentType', 'phone', 'type', 'q', 'createdFrom', 'createdTo', 'sortBy', 'sortDir', 'page', 'limit']),
    );
  });

  it('declares the API key, the Idempotency-Key header on authenticated writes, and the error body', () => {
    expect(doc.components.securitySchemes.apiKey).toEqual({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    for (const route of allRoutes().filter((r) => !r.hidden)) {
      const op = doc.paths[documentedPath(route)][route.method];
      const idem = (op.parameters ?? []).find((p: any) => p.in === 'header' && p.name === 'Idempotency-Key');
      if (isWriteMethod(route.method) && route.auth !== 'public') {
        expect(idem?.schema).toEqual({ type: 'string', minLength: 1, maxLength: 255 });
        expect(op.responses['401']).toBeDefined();
      }
      if (route.auth === 'public') expect(op.security).toEqual([]);
    }
    expect(doc.components.schemas.Error).toBeDefined();
    expect(doc.paths['/v1/customers'].post.responses['400'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
  });

  it('lists the Idempotency-Key as required where the route refuses a call without one (public checkout confirm)', () => {
    const header = (p: string, m: string) => (doc.paths[p][m].parameters ?? []).find((x: any) => x.in === 'header' && x.name === 'Idempotency-Key');
    expect(header('/checkout/public/sessions/{id}/confirm', 'post')).toMatchObject({ required: true, schema: { type: 'string', minLength: 1, maxLength: 255 } });
    expect(header('/v1/customers', 'post').required).toBe(false);
  });
});

describe('GET /docs', () => {
  it('returns an HTML page whose every asset is served from this origin (no CDN)', async () => {
    const res = await t.stack.http.get('/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const refs = [...res.text.matchAll(/\b(?:src|href)\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThanOrEqual(3);
    for (const ref of refs) {
      // Same origin: a path from the root, never an absolute or protocol-relative URL.
      expect(ref).toMatch(/^\/(?!\/)/);
    }
    expect(res.text).not.toMatch(/https?:\/\/|\/\/cdn|unpkg|jsdelivr|cdnjs/i);
    // Every referenced asset is actually served.
    for (const ref of refs) {
      const asset = await t.stack.http.get(ref);
      expect({ ref, status: asset.status }).toEqual({ ref, status: 200 });
    }
  });

  it('serves the Swagger UI bundle and points it at this origin\'s document', async () => {
    const bundle = await t.stack.http.get('/docs/assets/swagger-ui-bundle.js').responseType('blob');
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    const source = (bundle.body as Buffer).toString('utf8');
    expect(source.length).toBeGreaterThan(100_000);
    expect(source).toContain('SwaggerUIBundle');
    const init = await t.stack.http.get('/docs/init.js');
    expect(init.status).toBe(200);
    expect(init.text).toContain("url: '/openapi.json'");
  });

  it('serves only the listed assets (no path traversal into the package or the repo)', async () => {
    for (const p of ['/docs/assets/package.json', '/docs/assets/..%2F..%2Fpackage.json', '/docs/assets/index.html']) {
      const res = await t.stack.http.get(p);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });
});
