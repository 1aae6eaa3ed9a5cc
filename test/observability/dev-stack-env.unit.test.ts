import { temporalServerEnv } from '../../src/dev/child-env';

/** `OTEL_TRACES_EXPORTER=console npm run dev`: Lastro's tracing settings reach Lastro's processes, not the Temporal server. */
it('gives the Temporal dev server the launcher\'s environment without any OTEL_* variable', () => {
  const env = { PATH: '/usr/bin', HOME: '/root', OTEL_TRACES_EXPORTER: 'console', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', otel_service_name: 'x', TEMPORAL_PORT: '7233', LOG_LEVEL: 'debug' };
  expect(temporalServerEnv(env)).toEqual({ PATH: '/usr/bin', HOME: '/root', TEMPORAL_PORT: '7233', LOG_LEVEL: 'debug' });
  // The launcher's own environment, which the API and the worker inherit, keeps them.
  expect(env.OTEL_TRACES_EXPORTER).toBe('console');
});
