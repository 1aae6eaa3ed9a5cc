import path from 'node:path';
import { Connection } from '@temporalio/client';
import { startTemporalDevServer, type DevTemporal } from '../../src/dev/temporal-dev-server';
import { freePort } from '../helpers/ports';

/**
 * docs/operations.md's `OTEL_TRACES_EXPORTER=console npm run dev`: the launcher's environment
 * has the variable (for the API and the worker), and the Temporal dev server it starts must
 * come up all the same (it refuses `console` for its own tracing: "unsupported OTEL exporter").
 */
const root = path.resolve(__dirname, '..', '..');
let temporal: DevTemporal | undefined;

afterAll(async () => {
  await temporal?.stop();
});

it('starts the Temporal dev server while the launcher\'s environment asks for console tracing', async () => {
  const env = { ...process.env, OTEL_TRACES_EXPORTER: 'console', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9/unused' };
  const lines: string[] = [];
  temporal = await startTemporalDevServer({ root, dbFile: null, port: await freePort(), uiPort: await freePort(), log: (l) => lines.push(l), env }).catch((err: Error) => {
    throw new Error(`${err.message}\n${lines.join('\n')}`);
  });
  const connection = await Connection.connect({ address: temporal.address });
  try {
    expect((await connection.workflowService.getSystemInfo({})).serverVersion).toBeTruthy();
  } finally {
    await connection.close();
  }
  expect(lines.join('\n')).not.toContain('unsupported OTEL exporter');
});
