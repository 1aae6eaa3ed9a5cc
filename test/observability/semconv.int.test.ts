import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pipeLines } from '../../src/shared/processes';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otlp-receiver';

/**
 * The HTTP server spans carry OpenTelemetry's stable HTTP semantic conventions, and every span
 * the release's `service.version` (package.json), in a process that starts tracing as the API
 * does, exporting OTLP/HTTP to a collector in this process.
 */
const root = path.resolve(__dirname, '..', '..');
const SERVER = 2;

let receiver: OtlpReceiver;
let child: ChildProcess;
let exited: Promise<unknown>;
let base: string;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  const env: NodeJS.ProcessEnv = { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_SCHEDULE_DELAY: '100' };
  for (const key of ['OTEL_SEMCONV_STABILITY_OPT_IN', 'OTEL_RESOURCE_ATTRIBUTES', 'OTEL_SERVICE_NAME', 'OTEL_SDK_DISABLED']) delete env[key];
  child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'fixtures', 'traced-http-server.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  exited = new Promise((resolve) => child.once('exit', resolve));
  const lines: string[] = [];
  const port = await new Promise<string>((resolve, reject) => {
    pipeLines(child, (line) => {
      lines.push(line);
      const m = /^listening (\d+)$/.exec(line);
      if (m) resolve(m[1]);
    });
    void exited.then(() => reject(new Error(`the traced server exited:\n${lines.join('\n')}`)));
  });
  base = `http://127.0.0.1:${port}`;
  expect((await fetch(`${base}/v1/things/thing_1?expand=yes`)).status).toBe(200);
  expect((await fetch(`${base}/v1/things/missing`)).status).toBe(404);
  // SIGTERM shuts the provider down, which exports every span left.
  child.kill('SIGTERM');
  await exited;
});
afterAll(async () => {
  if (child.exitCode === null) child.kill('SIGKILL');
  await receiver?.close();
});

const serverSpans = (): ReceivedSpan[] => receiver.spans.filter((s) => s.kind === SERVER);

it('names HTTP attributes by the stable semantic conventions, never the old ones', () => {
  const [ok, missing] = ['thing_1', 'missing'].map((id) => serverSpans().find((s) => s.attributes['url.path'] === `/v1/things/${id}`));
  expect(ok?.attributes).toMatchObject({
    'http.request.method': 'GET',
    'http.response.status_code': 200,
    'http.route': '/v1/things/:id',
    'url.path': '/v1/things/thing_1',
    'url.scheme': 'http',
    'server.address': '127.0.0.1',
    'network.protocol.version': '1.1',
  });
  expect(ok?.name).toBe('GET /v1/things/:id');
  expect(missing?.attributes['http.response.status_code']).toBe(404);
  for (const span of serverSpans()) {
    for (const old of ['http.method', 'http.status_code', 'http.target', 'http.url', 'http.scheme', 'net.host.name', 'http.flavor']) expect({ old, present: old in span.attributes }).toEqual({ old, present: false });
  }
});

it('stamps every span with service.name and the service.version of package.json', () => {
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  expect(receiver.spans.length).toBeGreaterThanOrEqual(2);
  for (const span of receiver.spans) expect(span.resource).toMatchObject({ 'service.name': 'lastro-api', 'service.version': version });
});
