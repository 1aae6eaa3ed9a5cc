import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { registerTracing } from '../../src/observability/tracing/register';
import { traceRequest } from '../../src/observability/tracing/request-id';
import { serviceVersion } from '../../src/observability/tracing/service-version';
import { tracingSettings } from '../../src/observability/tracing/settings';
import { traceLogMixin } from '../../src/observability/tracing/log-fields';
import { activeTracing } from '../../src/observability/tracing/state';
import { tracingClientInterceptors, tracingWorkerOptions } from '../../src/observability/tracing/temporal';

describe('tracing settings (the standard OTEL_* variables)', () => {
  it('is off with no OTEL variable at all', () => {
    expect(tracingSettings({}, 'lastro-api')).toMatchObject({ enabled: false });
  });

  it('is on with an OTLP endpoint, for traces or for every signal, under the process default name', () => {
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, 'lastro-api')).toEqual({
      enabled: true,
      serviceName: 'lastro-api',
      exporter: 'otlp',
      instrument: { http: true, pg: true },
      trustTraceparent: false,
      semconvStabilityOptIn: 'http',
    });
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }, 'lastro-worker')).toEqual({
      enabled: true,
      serviceName: 'lastro-worker',
      exporter: 'otlp',
      instrument: { http: true, pg: true },
      trustTraceparent: false,
      semconvStabilityOptIn: 'http',
    });
  });

  it('is on with OTEL_TRACES_EXPORTER=otlp (the SDK default endpoint) or console, and off with none', () => {
    expect(tracingSettings({ OTEL_TRACES_EXPORTER: 'otlp' }, 'lastro-api')).toMatchObject({ enabled: true, exporter: 'otlp' });
    expect(tracingSettings({ OTEL_TRACES_EXPORTER: 'console' }, 'lastro-api')).toMatchObject({ enabled: true, exporter: 'console' });
    expect(tracingSettings({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, 'lastro-api')).toMatchObject({ enabled: false });
  });

  it('lets OTEL_SDK_DISABLED=true win over everything', () => {
    expect(tracingSettings({ OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }, 'lastro-api')).toMatchObject({ enabled: false });
    expect(tracingSettings({ OTEL_SDK_DISABLED: 'false', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }, 'lastro-api')).toMatchObject({ enabled: true });
  });

  it('leaves out the instrumentations OTEL_NODE_DISABLED_INSTRUMENTATIONS names', () => {
    const on = { OTEL_TRACES_EXPORTER: 'otlp' };
    expect(tracingSettings({ ...on, OTEL_NODE_DISABLED_INSTRUMENTATIONS: 'pg' }, 'lastro-api')).toMatchObject({ instrument: { http: true, pg: false } });
    expect(tracingSettings({ ...on, OTEL_NODE_DISABLED_INSTRUMENTATIONS: '@opentelemetry/instrumentation-http, fs' }, 'lastro-api')).toMatchObject({
      instrument: { http: false, pg: true },
    });
  });

  it('trusts a caller\'s traceparent only with TRUST_TRACEPARENT=true', () => {
    const on = { OTEL_TRACES_EXPORTER: 'otlp' };
    expect(tracingSettings(on, 'lastro-api')).toMatchObject({ trustTraceparent: false });
    expect(tracingSettings({ ...on, TRUST_TRACEPARENT: 'yes' }, 'lastro-api')).toMatchObject({ trustTraceparent: false });
    expect(tracingSettings({ ...on, TRUST_TRACEPARENT: 'true' }, 'lastro-api')).toMatchObject({ trustTraceparent: true });
  });

  it('asks for the stable HTTP semantic conventions unless OTEL_SEMCONV_STABILITY_OPT_IN says otherwise', () => {
    const on = { OTEL_TRACES_EXPORTER: 'otlp' };
    expect(tracingSettings(on, 'lastro-api')).toMatchObject({ semconvStabilityOptIn: 'http' });
    expect(tracingSettings({ ...on, OTEL_SEMCONV_STABILITY_OPT_IN: ' ' }, 'lastro-api')).toMatchObject({ semconvStabilityOptIn: 'http' });
    expect(tracingSettings({ ...on, OTEL_SEMCONV_STABILITY_OPT_IN: 'http/dup' }, 'lastro-api')).toMatchObject({ semconvStabilityOptIn: 'http/dup' });
  });

  it('reads service.version from package.json', () => {
    expect(serviceVersion()).toBe(JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')).version);
    expect(serviceVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('takes OTEL_SERVICE_NAME over the process default', () => {
    expect(tracingSettings({ OTEL_SERVICE_NAME: 'lastro-api-eu', OTEL_TRACES_EXPORTER: 'otlp' }, 'lastro-api')).toMatchObject({ serviceName: 'lastro-api-eu' });
  });
});

describe('with no OTEL variable, an entry process', () => {
  const saved = { ...process.env };
  beforeAll(() => {
    for (const key of Object.keys(process.env)) if (key.startsWith('OTEL_')) delete process.env[key];
    // As if this file were the process's entry, so only the variables decide.
    registerTracing(require.main?.filename ?? '', 'lastro-api');
  });
  afterAll(() => {
    process.env = saved;
  });

  it('starts nothing: no provider, no interceptors, no worker sink or workflow module, no log mixin', () => {
    expect(activeTracing()).toBeUndefined();
    expect(tracingClientInterceptors()).toBeUndefined();
    expect(tracingWorkerOptions()).toEqual({});
    expect(traceLogMixin()).toBeUndefined();
  });

  it('passes a request straight through', async () => {
    const next = jest.fn(async () => 'done');
    await expect(traceRequest('req_1', next, () => '/customers')).resolves.toBe('done');
    expect(next).toHaveBeenCalledTimes(1);
  });
});
