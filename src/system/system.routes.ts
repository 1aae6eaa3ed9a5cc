import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { defineRoute, type AnyRoute } from '../http/route';
import { buildOpenApi } from '../http/openapi';
import { notFound } from '../http/errors';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  postgres: z.enum(['ok', 'unreachable']),
  temporal: z.enum(['ok', 'unreachable']),
});

const DOCS_ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png']);
// The package's folder, found without importing the package: its main module loads the whole
// Swagger UI bundle, a quarter second at every start of the app for a path.
const DOCS_ASSETS_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const docsPage = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Lastro API reference</title>
  <link rel="icon" href="/docs/assets/favicon-32x32.png">
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="reference"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>`;

// Kept out of the HTML so the page works under a strict Content-Security-Policy (no inline script).
const docsInit = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#reference', deepLinking: true, tryItOutEnabled: false });`;

/** Health, the OpenAPI document and the reference page. `all` is every route, for the document. */
export function systemRoutes(all: () => AnyRoute[]): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/health',
      operationId: 'getHealth',
      summary: 'Health: PostgreSQL and Temporal reachable',
      tag: 'System',
      auth: 'public',
      responses: { 200: { description: 'Healthy', schema: healthSchema }, 503: { description: 'A dependency is unreachable', schema: healthSchema } },
      async handler({ deps }) {
        const [postgres, temporal] = await Promise.all([
          deps.orm.em.fork().execute('select 1').then(() => 'ok' as const, () => 'unreachable' as const),
          deps.temporal.workflowService.getSystemInfo({}).then(() => 'ok' as const, () => 'unreachable' as const),
        ]);
        const ok = postgres === 'ok' && temporal === 'ok';
        return { status: ok ? 200 : 503, body: { status: ok ? 'ok' : 'degraded', postgres, temporal } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/openapi.json',
      operationId: 'getOpenApi',
      summary: 'This API as an OpenAPI 3.1 document',
      tag: 'System',
      auth: 'public',
      hidden: true,
      responses: { 200: { description: 'OpenAPI document' } },
      async handler({ deps }) {
        return { body: buildOpenApi(all(), deps.config) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/docs',
      operationId: 'getDocs',
      summary: 'API reference page',
      tag: 'System',
      auth: 'public',
      hidden: true,
      responses: { 200: { description: 'HTML', contentType: 'text/html' } },
      async handler() {
        return { body: docsPage, contentType: 'text/html; charset=utf-8' };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/docs/init.js',
      operationId: 'getDocsInit',
      summary: 'API reference page script',
      tag: 'System',
      auth: 'public',
      hidden: true,
      responses: { 200: { description: 'JavaScript', contentType: 'text/javascript' } },
      async handler() {
        return { body: docsInit, contentType: 'text/javascript; charset=utf-8' };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/docs/assets/:file',
      operationId: 'getDocsAsset',
      summary: 'API reference page assets (served from the swagger-ui-dist package, no CDN)',
      tag: 'System',
      auth: 'public',
      hidden: true,
      request: { params: z.object({ file: z.string() }) },
      responses: { 200: { description: 'Asset' } },
      async handler({ params }) {
        if (!DOCS_ASSETS.has(params.file)) throw notFound('Asset');
        const file = path.join(DOCS_ASSETS_DIR, params.file);
        return {
          body: fs.createReadStream(file),
          contentType: path.extname(file),
          headers: { 'Cache-Control': 'public, max-age=86400' },
        };
      },
    }),
  ];
}
