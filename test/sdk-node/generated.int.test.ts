import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { EVENT_TYPES, Lastro } from '../../src/sdk-node/index';
import { useTestStack } from '../helpers/stack';

/**
 * lastro-node's generated files are what the live GET /openapi.json generates: an API change
 * (a route, a field, a status) that was not regenerated fails here, in CI. Fix: run
 * `npm run generate:lastro-node` and commit src/sdk-node/openapi.ts and operations.ts.
 * Its hand-written event list is checked against the live GET /webhooks/listeners the same way.
 */

const root = path.resolve(__dirname, '..', '..');

/**
 * What the generator makes of `doc`. It runs in a child node (`--stdin`), as `npm run
 * generate:lastro-node` does: openapi-typescript loads ES modules, which jest's CommonJS cannot.
 */
function lastroNodeSources(doc: unknown): Promise<Record<'openapi.ts' | 'operations.ts', string>> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['--import', 'tsx', 'scripts/generate-lastro-node.ts', '--stdin'], { cwd: root, maxBuffer: 64 * 1024 * 1024 }, (err, stdout) =>
      err ? reject(err) : resolve(JSON.parse(stdout)),
    );
    child.stdin!.end(JSON.stringify(doc));
  });
}

let doc: any;
let live: Promise<Record<'openapi.ts' | 'operations.ts', string>> | undefined;
const generatedFromLive = () => (live ??= lastroNodeSources(doc));
const t = useTestStack({
  companies: ['Acme'],
  async setup(t) {
    const res = await t.stack.http.get('/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body;
  },
});

describe('lastro-node against the live API', () => {
  it('its generated files are what the live /openapi.json generates (else: npm run generate:lastro-node)', async () => {
    const generated = await generatedFromLive();
    for (const [name, text] of Object.entries(generated)) {
      const committed = fs.readFileSync(path.join(root, 'src', 'sdk-node', name), 'utf8');
      expect({ file: name, upToDate: committed === text }).toEqual({ file: name, upToDate: true });
    }
  });

  it('the check does fail on an API change: a changed field changes the generated types', async () => {
    const changed = structuredClone(doc);
    changed.components.schemas.Customer.properties.nickname = { type: 'string' };
    const before = (await generatedFromLive())['openapi.ts'];
    const after = (await lastroNodeSources(changed))['openapi.ts'];
    expect(after).not.toBe(before);
    expect(after).toContain('nickname');
  });

  it('has every operation once: a merchant route at /v1, the others at their one path', async () => {
    const { 'operations.ts': operations } = await generatedFromLive();
    expect(operations).toContain('"post /v1/transactions"');
    expect(operations).not.toContain('"post /transactions"');
    expect(operations).toContain('"post /v1/plans"');
    expect(operations).not.toContain('"post /plans"');
    expect(operations).toContain('"get /health"');
    expect(operations).toMatch(/"get \/v1\/transactions": \{[^}]*cursors: true/);
    const count = (source: string) => source.match(/^ {2}"(get|put|post|delete|patch) /gm)?.length;
    const documented = Object.values<Record<string, unknown>>(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(count(operations)).toBe(documented);
  });

  it('its event types are the live GET /webhooks/listeners codes', async () => {
    const lastro = new Lastro({ apiKey: t.company.Acme.apiKey, baseUrl: t.stack.baseUrl });
    const { data } = await lastro.request('get', '/v1/webhooks/listeners');
    expect([...EVENT_TYPES].sort()).toEqual(data.map((l) => l.code).sort());
  });
});
