/**
 * docker-compose.yml and the Dockerfile cannot be run on the development machines (no
 * Docker engine), so their wiring is checked by parsing them: every service the stack
 * needs, pinned images, the environment the app reads, start-up order, and that the
 * Dockerfile only copies paths that exist and are not excluded from the build context.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, normalize, resolve } from 'node:path';
import { parseDocument } from 'yaml';
import { copyArgs, dockerfileInstructions, dockerignored } from './dockerfile';
import { exposedSeriesNames } from './metric-names';

const root = resolve(__dirname, '..', '..');
const composePath = join(root, 'docker-compose.yml');
const dockerfilePath = join(root, 'Dockerfile');

type Service = Record<string, any>;
type Compose = { services: Record<string, Service>; volumes?: Record<string, unknown> } & Record<string, unknown>;

/** Parses YAML strictly: errors or warnings (duplicate keys, bad aliases) fail the test. */
function loadYaml(path: string): any {
  // Compose resolves `<<` merge keys; the yaml package needs to be told to.
  const doc = parseDocument(readFileSync(path, 'utf8'), { merge: true });
  expect(doc.errors.map(String)).toEqual([]);
  expect(doc.warnings.map(String)).toEqual([]);
  return doc.toJS();
}

const compose = loadYaml(composePath) as Compose;
const services = compose.services ?? {};

function service(name: string): Service {
  const svc = services[name];
  if (!svc) throw new Error(`docker-compose.yml has no service "${name}"`);
  return svc;
}

/** `environment` as a map, whether written as a mapping or as a list of KEY=VALUE. */
function env(svc: Service): Record<string, string> {
  const e = svc.environment ?? {};
  if (Array.isArray(e)) {
    return Object.fromEntries(
      e.map((item: string) => {
        const i = item.indexOf('=');
        return i < 0 ? [item, ''] : [item.slice(0, i), item.slice(i + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(e).map(([k, v]) => [k, v == null ? '' : String(v)]));
}

/** `depends_on` as { service: condition }; the list form means service_started. */
function dependsOn(svc: Service): Record<string, string> {
  const d = svc.depends_on ?? {};
  if (Array.isArray(d)) return Object.fromEntries(d.map((n: string) => [n, 'service_started']));
  return Object.fromEntries(Object.entries(d).map(([n, v]: [string, any]) => [n, v?.condition ?? 'service_started']));
}

function command(svc: Service): string {
  const c = svc.command;
  return Array.isArray(c) ? c.join(' ') : String(c ?? '');
}

/** Published ports as { published, target }, from the short ("[ip:]host:container") or long syntax. */
function ports(svc: Service): Array<{ published: string; target: string }> {
  return (svc.ports ?? []).map((p: any) => {
    if (typeof p === 'object') return { published: String(p.published), target: String(p.target) };
    const parts = String(p).replace(/\/(tcp|udp)$/, '').split(':');
    return { published: parts[parts.length - 2], target: parts[parts.length - 1] };
  });
}

function hostPort(address: string): { host: string; port: string } {
  const i = address.lastIndexOf(':');
  return { host: address.slice(0, i), port: address.slice(i + 1) };
}

const appServices = ['migrate', 'api', 'worker'];

describe('docker-compose.yml', () => {
  it('defines the whole stack', () => {
    expect(Object.keys(services).sort()).toEqual(
      expect.arrayContaining(['postgres', 'temporal', 'temporal-ui', 'migrate', 'api', 'worker', 'prometheus', 'grafana']),
    );
  });

  it('pins every image to an explicit tag (never latest or untagged)', () => {
    for (const [name, svc] of Object.entries(services)) {
      expect(svc.image ?? svc.build).toBeDefined();
      if (!svc.image) continue;
      const image = String(svc.image);
      const tag = image.includes('@') ? image.split('@')[1] : image.slice(image.lastIndexOf('/') + 1).split(':')[1];
      expect({ name, tag }).toEqual({ name, tag: expect.stringMatching(/.+/) });
      expect({ name, tag }).not.toEqual({ name, tag: 'latest' });
    }
    expect(service('postgres').image).toMatch(/^postgres:17(\.\d+)?(-[a-z0-9]+)?$/);
    expect(service('temporal').image).toMatch(/^temporalio\/auto-setup:1\.2\d\.\d+(\.\d+)?$/);
    expect(service('temporal-ui').image).toMatch(/^temporalio\/ui:\d+\.\d+\.\d+$/);
  });

  it('builds api, worker and migrate from the repo Dockerfile as one image', () => {
    const images = new Set<string>();
    for (const name of appServices) {
      const svc = service(name);
      const build = typeof svc.build === 'string' ? { context: svc.build } : svc.build;
      expect(build).toBeDefined();
      expect(normalize(resolve(root, build.context))).toBe(normalize(root));
      expect(resolve(root, build.context, build.dockerfile ?? 'Dockerfile')).toBe(dockerfilePath);
      images.add(String(svc.image));
    }
    expect(existsSync(dockerfilePath)).toBe(true);
    expect(images.size).toBe(1);
  });

  it('runs the right npm script in each app service', () => {
    expect(command(service('api'))).toBe('npm run start:api');
    expect(command(service('worker'))).toBe('npm run start:worker');
    expect(command(service('migrate'))).toBe('npm run db:migrate');
    const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
    for (const script of ['start:api', 'start:worker', 'db:migrate']) expect(scripts[script]).toBeDefined();
  });

  it.each(appServices)('%s reaches PostgreSQL and Temporal through their services', (name) => {
    const e = env(service(name));
    const pg = env(service('postgres'));

    const db = new URL(e.DATABASE_URL);
    expect(db.protocol).toMatch(/^postgres(ql)?:$/);
    expect(services[db.hostname]).toBeDefined();
    expect(db.hostname).toBe('postgres');
    expect(db.port || '5432').toBe('5432');
    expect(decodeURIComponent(db.username)).toBe(pg.POSTGRES_USER);
    expect(decodeURIComponent(db.password)).toBe(pg.POSTGRES_PASSWORD);
    expect(db.pathname).toBe(`/${pg.POSTGRES_DB}`);

    const temporal = hostPort(e.TEMPORAL_ADDRESS);
    expect(services[temporal.host]).toBeDefined();
    expect(temporal).toEqual({ host: 'temporal', port: '7233' });
    expect(e.TEMPORAL_NAMESPACE).toBe('default');
    expect(e.LASTRO_MODE).toBe('sandbox');
    expect(e.PUBLIC_BASE_URL).toBe('http://localhost:3000');
  });

  it('gives the app services identical shared configuration', () => {
    const shared = ['DATABASE_URL', 'TEMPORAL_ADDRESS', 'TEMPORAL_NAMESPACE', 'LASTRO_MODE', 'PUBLIC_BASE_URL', 'CARD_VAULT_KEY'];
    const pick = (name: string) => Object.fromEntries(shared.map((k) => [k, env(service(name))[k]]));
    expect(pick('worker')).toEqual(pick('api'));
    expect(pick('migrate')).toEqual(pick('api'));
  });

  it('requires CARD_VAULT_KEY from the host instead of committing one', () => {
    for (const name of ['api', 'worker']) {
      expect(env(service(name)).CARD_VAULT_KEY).toMatch(/^\$\{CARD_VAULT_KEY:\?[^}]*\}$/);
    }
    // The host variables the file reads: the secrets, only in their required form, and
    // Grafana's admin login name (not a secret).
    const interpolations = readFileSync(composePath, 'utf8').match(/\$\{[^}]*\}/g) ?? [];
    for (const i of interpolations) expect(i).toMatch(/^\$\{(CARD_VAULT_KEY|GRAFANA_ADMIN_PASSWORD):\?|^\$\{GRAFANA_ADMIN_USER:-admin\}$/);
  });

  it('serves the API on port 3000', () => {
    const api = service('api');
    expect(env(api).PORT).toBe('3000');
    expect(ports(api)).toContainEqual({ published: '3000', target: '3000' });
  });

  it('runs PostgreSQL 17 with a healthcheck and a persistent volume', () => {
    const pg = service('postgres');
    expect(pg.healthcheck?.test).toEqual(expect.arrayContaining(['pg_isready']));
    const data = (pg.volumes ?? []).map(String).find((v: string) => v.endsWith(':/var/lib/postgresql/data'));
    expect(data).toBeDefined();
    expect(Object.keys(compose.volumes ?? {})).toContain(data!.split(':')[0]);
  });

  it('runs Temporal on the postgres service with the mounted dynamic config', () => {
    const temporal = service('temporal');
    const e = env(temporal);
    const pg = env(service('postgres'));
    expect(e.DB).toBe('postgres12');
    expect(e.DB_PORT).toBe('5432');
    expect(e.POSTGRES_SEEDS).toBe('postgres');
    expect(services[e.POSTGRES_SEEDS]).toBeDefined();
    expect(e.POSTGRES_USER).toBe(pg.POSTGRES_USER);
    expect(e.POSTGRES_PWD).toBe(pg.POSTGRES_PASSWORD);

    // DYNAMIC_CONFIG_FILE_PATH names the file mounted from deploy/temporal/dynamicconfig.yaml.
    const mount = (temporal.volumes ?? [])
      .map((v: any) => (typeof v === 'string' ? v.split(':') : [v.source, v.target]))
      .find(([source]: string[]) => resolve(root, source) === join(root, 'deploy/temporal/dynamicconfig.yaml'));
    expect(mount).toBeDefined();
    expect(e.DYNAMIC_CONFIG_FILE_PATH).toBe(mount[1]);

    const dynamicConfig = loadYaml(join(root, 'deploy/temporal/dynamicconfig.yaml'));
    // Update-with-start (card authorization) and updates must be on.
    expect(dynamicConfig['frontend.enableExecuteMultiOperation']).toEqual([expect.objectContaining({ value: true })]);
    expect(dynamicConfig['frontend.enableUpdateWorkflowExecution']).toEqual([expect.objectContaining({ value: true })]);
    // The worker's transaction workflow starts are eager.
    expect(dynamicConfig['system.enableEagerWorkflowStart']).toEqual([expect.objectContaining({ value: true })]);
  });

  it('points the Temporal UI at temporal:7233 and publishes it on 8233', () => {
    const ui = service('temporal-ui');
    expect(env(ui).TEMPORAL_ADDRESS).toBe('temporal:7233');
    expect(ports(ui)).toContainEqual({ published: '8233', target: '8080' });
  });

  it('starts things in order: database, Temporal and migrations before api and worker', () => {
    expect(dependsOn(service('temporal'))).toEqual({ postgres: 'service_healthy' });
    expect(dependsOn(service('migrate'))).toEqual({ postgres: 'service_healthy' });
    for (const name of ['api', 'worker']) {
      expect(dependsOn(service(name))).toEqual({
        postgres: 'service_healthy',
        temporal: expect.stringMatching(/^service_(started|healthy)$/),
        migrate: 'service_completed_successfully',
      });
    }
  });

  it('only depends on services that exist, with healthchecks where health is awaited', () => {
    for (const [name, svc] of Object.entries(services)) {
      for (const [dep, condition] of Object.entries(dependsOn(svc))) {
        expect({ name, dep, exists: dep in services }).toEqual({ name, dep, exists: true });
        expect(['service_started', 'service_healthy', 'service_completed_successfully']).toContain(condition);
        if (condition === 'service_healthy') {
          expect({ name, dep, healthcheck: Boolean(services[dep].healthcheck?.test) }).toEqual({ name, dep, healthcheck: true });
        }
      }
    }
  });

  it('restarts long-running services but not the one-shot migration', () => {
    for (const name of ['postgres', 'temporal', 'temporal-ui', 'api', 'worker', 'prometheus', 'grafana']) {
      expect(['always', 'unless-stopped', 'on-failure']).toContain(String(service(name).restart).split(':')[0]);
    }
    // With always/unless-stopped the job would rerun forever and never "complete".
    expect(['no', 'on-failure']).toContain(String(service('migrate').restart ?? 'no').split(':')[0]);
  });
});

describe('Dockerfile', () => {
  const instructions = dockerfileInstructions();
  const froms = instructions.filter((i) => i.op === 'FROM');
  const stageNames = froms.map((f) => /\sAS\s+(\S+)/i.exec(f.args)?.[1]).filter(Boolean) as string[];

  it('is multi-stage on a pinned Node 24 LTS node:24-bookworm-slim', () => {
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const f of froms) {
      const image = f.args.split(/\s+/)[0];
      if (stageNames.includes(image)) continue;
      expect(image).toMatch(/^node:24(\.\d+)*-bookworm-slim(@sha256:[0-9a-f]{64})?$/);
    }
  });

  it('copies only paths that exist in the repo and are in the build context', () => {
    const copies = instructions.filter((i) => i.op === 'COPY' || i.op === 'ADD');
    expect(copies.length).toBeGreaterThan(0);
    const sources: string[] = [];
    for (const c of copies) {
      const { flags, paths } = copyArgs(c.args);
      if (flags.some((f) => f.startsWith('--from='))) continue; // from another stage, not the repo
      expect(paths.length).toBeGreaterThanOrEqual(2);
      sources.push(...paths.slice(0, -1));
    }
    for (const source of sources) {
      expect({ source, exists: existsSync(join(root, source)) }).toEqual({ source, exists: true });
      expect({ source, dockerignored: dockerignored(source) }).toEqual({ source, dockerignored: false });
    }
    // What the processes need at run time.
    for (const needed of ['package.json', 'package-lock.json', 'scripts/complete-lockfile.js', 'tsconfig.json', 'src', 'workflows', 'activities', 'worker']) {
      expect(sources).toContain(needed);
    }
  });

  it('installs with npm ci and runs as a non-root user', () => {
    expect(instructions.some((i) => i.op === 'RUN' && /\bnpm ci\b/.test(i.args))).toBe(true);
    const lastFrom = instructions.lastIndexOf(froms[froms.length - 1]);
    const users = instructions.slice(lastFrom).filter((i) => i.op === 'USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users[users.length - 1].args).not.toMatch(/^(root|0)(:|$)/);
  });

  it('bakes in no secrets', () => {
    for (const i of instructions.filter((x) => x.op === 'ENV' || x.op === 'ARG')) {
      expect(i.args).not.toMatch(/CARD_VAULT_KEY|DATABASE_URL|PASSWORD|SECRET|API_KEY|TOKEN/i);
    }
    for (const source of ['.env', '.data']) expect(dockerignored(source)).toBe(true);
  });
});

/** Bind mounts of a service as { source (absolute), target }. */
function mounts(svc: Service): Array<{ source: string; target: string }> {
  return (svc.volumes ?? [])
    .map((v: any) => (typeof v === 'string' ? v.split(':') : [v.source, v.target]))
    .filter(([source]: string[]) => source.startsWith('.'))
    .map(([source, target]: string[]) => ({ source: resolve(root, source), target }));
}

describe('Prometheus and Grafana', () => {
  const prometheus = service('prometheus');
  const grafana = service('grafana');
  const opsPort = (name: string) => env(service(name)).OPS_PORT;

  it('run pinned images, published on loopback only (Prometheus 9090, Grafana 3001)', () => {
    expect(prometheus.image).toMatch(/^prom\/prometheus:v\d+\.\d+\.\d+$/);
    expect(grafana.image).toMatch(/^grafana\/grafana:\d+\.\d+\.\d+$/);
    expect(prometheus.ports).toEqual(['127.0.0.1:9090:9090']);
    expect(grafana.ports).toEqual(['127.0.0.1:3001:3000']);
  });

  it('opens the API and worker operator listeners to the compose network only', () => {
    for (const name of ['api', 'worker']) {
      expect(env(service(name)).OPS_HOST).toBe('0.0.0.0');
      expect(ports(service(name)).map((p) => p.target)).not.toContain(opsPort(name));
    }
    expect(opsPort('api')).toBe('9464');
    expect(opsPort('worker')).toBe('9465');
  });

  it('lets nobody into Grafana without a login, with an admin password from the host, never one in the file', () => {
    const e = env(grafana);
    expect(e.GF_SECURITY_ADMIN_PASSWORD).toMatch(/^\$\{GRAFANA_ADMIN_PASSWORD:\?[^}]+\}$/);
    expect(e.GF_SECURITY_ADMIN_USER).toBe('${GRAFANA_ADMIN_USER:-admin}');
    expect(e.GF_AUTH_ANONYMOUS_ENABLED).toBe('false');
    expect(e.GF_USERS_ALLOW_SIGN_UP).toBe('false');
    expect(Object.keys(e).filter((k) => /^GF_AUTH_(ANONYMOUS|PROXY|BASIC_ENABLED|DISABLE_LOGIN)/.test(k) && k !== 'GF_AUTH_ANONYMOUS_ENABLED')).toEqual([]);
    expect(Object.keys(e).some((k) => k.startsWith('GF_SECURITY_ADMIN_PASSWORD__'))).toBe(false);
    // Nor in what Grafana reads at start: no grafana.ini, no credentials in provisioning.
    const provisioned = mounts(grafana).map((m) => m.target);
    expect(provisioned.some((t) => t.startsWith('/etc/grafana/grafana.ini'))).toBe(false);
    for (const file of ['datasources/prometheus.yml', 'dashboards/lastro.yml']) {
      const text = readFileSync(join(root, 'deploy/grafana/provisioning', file), 'utf8');
      expect(text).not.toMatch(/password|secureJsonData|basicAuth|anonymous/i);
    }
  });

  it('scrapes the api and the worker at services and ports that exist', () => {
    const configFile = /--config\.file=(\S+)/.exec(command(prometheus))?.[1];
    const mount = mounts(prometheus).find((m) => m.target === configFile);
    expect(mount?.source).toBe(join(root, 'deploy/prometheus/prometheus.yml'));
    const config = loadYaml(mount!.source);
    const targets: string[] = config.scrape_configs.flatMap((job: any) => job.static_configs.flatMap((c: any) => c.targets));
    expect(targets.sort()).toEqual(['api:9464', 'worker:9465']);
    for (const target of targets) {
      const { host, port } = hostPort(target);
      expect(services[host]).toBeDefined();
      expect(opsPort(host)).toBe(port);
    }
  });

  it('provisions the Prometheus data source and the dashboard folder Grafana mounts', () => {
    const provisioning = mounts(grafana).find((m) => m.source === join(root, 'deploy/grafana/provisioning'));
    expect(provisioning?.target).toBe('/etc/grafana/provisioning');
    const dashboards = mounts(grafana).find((m) => m.source === join(root, 'deploy/grafana/dashboards'));
    expect(dashboards).toBeDefined();

    const datasources = loadYaml(join(root, 'deploy/grafana/provisioning/datasources/prometheus.yml')).datasources;
    expect(datasources).toEqual([expect.objectContaining({ type: 'prometheus', uid: 'prometheus', url: 'http://prometheus:9090' })]);
    const providers = loadYaml(join(root, 'deploy/grafana/provisioning/dashboards/lastro.yml')).providers;
    expect(providers).toEqual([expect.objectContaining({ type: 'file', options: { path: dashboards!.target } })]);
    expect(env(grafana).GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH).toBe(`${dashboards!.target}/lastro.json`);
  });

  describe('the Lastro dashboard', () => {
    const dashboard = JSON.parse(readFileSync(join(root, 'deploy/grafana/dashboards/lastro.json'), 'utf8'));
    const panels: any[] = dashboard.panels.filter((p: any) => p.type !== 'row');

    it('queries only series the metrics code exposes, through the provisioned data source', async () => {
      const known = await exposedSeriesNames();
      expect(panels.length).toBeGreaterThanOrEqual(15);
      for (const panel of panels) {
        expect(panel.datasource).toEqual({ type: 'prometheus', uid: '${datasource}' });
        expect(panel.targets.length).toBeGreaterThan(0);
        for (const target of panel.targets) {
          const used: string[] = target.expr.match(/\b(?:lastro|temporal)_[a-z0-9_]+/g) ?? [];
          expect({ panel: panel.title, expr: target.expr, metrics: used.length > 0 }).toEqual({ panel: panel.title, expr: target.expr, metrics: true });
          for (const name of used) expect({ panel: panel.title, name, known: known.has(name) }).toEqual({ panel: panel.title, name, known: true });
        }
      }
    });

    it('is portable: the data source and the instances are variables, rates use $__rate_interval, every selector filters on $instance', () => {
      const vars = Object.fromEntries(dashboard.templating.list.map((v: any) => [v.name, v]));
      expect(vars.datasource).toEqual(expect.objectContaining({ type: 'datasource', query: 'prometheus' }));
      expect(vars.instance).toEqual(expect.objectContaining({ type: 'query', multi: true, includeAll: true, allValue: '.*' }));
      expect(vars.instance.datasource).toEqual({ type: 'prometheus', uid: '${datasource}' });
      expect(JSON.stringify(dashboard)).not.toMatch(/"uid":\s*"prometheus"/);
      for (const panel of panels) {
        for (const target of panel.targets) {
          expect(target.datasource).toEqual({ type: 'prometheus', uid: '${datasource}' });
          // rate() and irate() windows follow the scrape interval and the zoom.
          for (const m of target.expr.matchAll(/\b(?:rate|irate)\((?:[^()[]|\([^()]*\))*\[([^\]]+)\]/g)) expect({ panel: panel.title, window: m[1] }).toEqual({ panel: panel.title, window: '$__rate_interval' });
          const selectors: string[] = target.expr.match(/\b(?:lastro|temporal)_[a-z0-9_]+(\{[^}]*\})?/g) ?? [];
          for (const selector of selectors) expect({ panel: panel.title, selector, filtered: selector.includes('instance=~"$instance"') }).toEqual({ panel: panel.title, selector, filtered: true });
        }
      }
    });

    it('shows money in reais and latency by status class, never by full status code', () => {
      const money = panels.filter((p) => p.targets.some((t: any) => /lastro_money_/.test(t.expr)));
      expect(money.length).toBeGreaterThanOrEqual(2);
      for (const panel of money) {
        expect({ panel: panel.title, unit: panel.fieldConfig.defaults.unit }).toEqual({ panel: panel.title, unit: 'currencyBRL' });
        for (const t of panel.targets) expect(t.expr).toMatch(/lastro_money_\w+\{currency="BRL"[^}]*\}[^/]*\/ 100$/);
      }
      const exprs = panels.flatMap((p) => p.targets.map((t: any) => t.expr as string));
      expect(exprs.filter((e) => /\bstatus=~?"\d/.test(e))).toEqual([]);
      const latency = panels.filter((p) => p.fieldConfig?.defaults?.unit === 's' && p.targets.some((t: any) => /lastro_http_/.test(t.expr)));
      expect(latency.some((p) => p.targets.some((t: any) => /by \(method, route, status_class\)/.test(t.expr)))).toBe(true);
      expect(latency.some((p) => p.targets.some((t: any) => /histogram_quantile\(0\.99, sum by \(status_class, le\)/.test(t.expr)))).toBe(true);
    });

    it('has unique panel ids and every panel named in docs/operations.md', () => {
      const ids = dashboard.panels.map((p: any) => p.id);
      expect(new Set(ids).size).toBe(ids.length);
      const docs = readFileSync(join(root, 'docs/operations.md'), 'utf8');
      for (const panel of panels) expect({ panel: panel.title, documented: docs.includes(`**${panel.title}**`) }).toEqual({ panel: panel.title, documented: true });
    });
  });
});
