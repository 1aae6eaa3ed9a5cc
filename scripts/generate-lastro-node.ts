import fs from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';

/**
 * Generates lastro-node's two files from the API's OpenAPI document (docs/node-client.md):
 *
 * - `src/sdk-node/openapi.ts`: every path, operation and schema as types (openapi-typescript);
 * - `src/sdk-node/operations.ts`: what the client must know at run time about each operation:
 *   whether it takes an API key (public ones refuse it), whether it declares an
 *   `Idempotency-Key` (writes that do get one automatically and are retried), and whether a
 *   list takes cursors (auto-pagination then follows the last item's id).
 *
 * The document has one path per endpoint (merchant routes at `/v1`, their unversioned aliases
 * left out); a twin without `/v1` would be dropped all the same. test/sdk-node/generated.int.test.ts
 * fails when the committed files differ from what the live `GET /openapi.json` of the test stack
 * generates.
 */

type Json = Record<string, any>;

export const GENERATED_DIR = path.resolve(__dirname, '..', 'src', 'sdk-node');

const HEADER = [
  "// Generated from the API's OpenAPI document (GET /openapi.json) by `npm run generate:lastro-node` (scripts/generate-lastro-node.ts).",
  '// Do not edit: regenerate. test/sdk-node/generated.int.test.ts fails when this file is out of date.',
  '',
  '',
].join('\n');

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** The document without the unversioned twins of `/v1` paths. */
export function clientDocument(doc: Json): Json {
  const paths: Json = {};
  for (const [p, item] of Object.entries<Json>(doc.paths)) {
    if (!p.startsWith('/v1/') && doc.paths[`/v1${p}`]) continue;
    paths[p] = item;
  }
  return { ...doc, paths };
}

/** The run-time facts of every operation, keyed `"<method> <path template>"`. */
function operationsSource(doc: Json): string {
  const lines: string[] = [];
  for (const [p, item] of Object.entries<Json>(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const auth = Array.isArray(op.security) && op.security.length === 0 ? 'public' : 'apiKey';
      const key = (op.parameters ?? []).find((x: Json) => x.in === 'header' && String(x.name).toLowerCase() === 'idempotency-key');
      const idempotencyKey = key ? (key.required ? 'required' : 'optional') : 'none';
      const cursors = (op.parameters ?? []).some((x: Json) => x.in === 'query' && x.name === 'startingAfter') ? ', cursors: true' : '';
      lines.push(`  ${JSON.stringify(`${method} ${p}`)}: { operationId: ${JSON.stringify(op.operationId)}, auth: '${auth}', idempotencyKey: '${idempotencyKey}'${cursors} },`);
    }
  }
  return `${HEADER}
export interface OperationFacts {
  readonly operationId: string;
  /** \`public\`: called without x-api-key (the card tokens endpoint refuses one). */
  readonly auth: 'apiKey' | 'public';
  /** Whether the operation declares an Idempotency-Key header. */
  readonly idempotencyKey: 'optional' | 'required' | 'none';
  /** A list that takes \`startingAfter\` / \`endingBefore\`: auto-pagination follows the last item's id. */
  readonly cursors?: boolean;
}

export const OPERATIONS: Readonly<Record<string, OperationFacts>> = {
${lines.join('\n')}
};
`;
}

/** The generated files' contents, by file name, for an OpenAPI document as the API serves it. */
export async function lastroNodeSources(doc: Json): Promise<Record<'openapi.ts' | 'operations.ts', string>> {
  const client = clientDocument(doc);
  const types = astToString(await openapiTS(client as any, { silent: true }));
  return { 'openapi.ts': `${HEADER}${types}`, 'operations.ts': operationsSource(client) };
}

/**
 * `npm run generate:lastro-node`: from the routes of this checkout, writes the files.
 * `--stdin`: from the OpenAPI document on standard input, prints the files as JSON
 * (`{ "openapi.ts": …, "operations.ts": … }`) and writes nothing; the drift test runs this in a
 * child process (openapi-typescript loads ES modules, which jest's CommonJS runtime cannot).
 */
async function main(args: string[]): Promise<void> {
  if (args.includes('--stdin')) {
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    process.stdout.write(JSON.stringify(await lastroNodeSources(JSON.parse(input))));
    return;
  }
  // Loaded here so that --stdin does not load the whole API.
  const { allRoutes } = await import('../src/routes');
  const { buildOpenApi } = await import('../src/http/openapi');
  const { loadConfig } = await import('../src/config');
  const doc = buildOpenApi(allRoutes(), loadConfig({}));
  for (const [name, text] of Object.entries(await lastroNodeSources(doc))) {
    fs.writeFileSync(path.join(GENERATED_DIR, name), text);
    console.log(`wrote src/sdk-node/${name}`);
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
