/**
 * deploy/k8s cannot be applied here (no cluster), so it is rendered (kustomize's subset, in
 * test/deploy/k8s-manifests.ts) and checked against the code the pods run: probes hit paths
 * and ports the processes serve, every variable set is one src/config.ts reads and the
 * processes' own config parser accepts each pod's environment, Secrets are referenced, the
 * worker's grace period covers its drain, the HPA drives the API, and so on. The checker is
 * run on deliberately broken copies too, so a check that can never fail is caught.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { bundlesAtStart, checkManifests, containerEnv, normalize, podContainers, podSpec, renderKustomization, root, sourceFacts, type K8sObject } from './k8s-manifests';
import { LANES_POOL_CONNECTIONS } from '../../src/webhooks/delivery-lanes';

const k8s = join(root, 'deploy', 'k8s');
const overlays = ['example-mtls', 'example-api-key'];
const facts = sourceFacts();

const render = (dir: string) => renderKustomization(join(k8s, dir));
const find = (objects: K8sObject[], kind: string, name: string) => {
  const o = objects.find((x) => x.kind === kind && x.metadata.name === name);
  if (!o) throw new Error(`${kind}/${name} not rendered`);
  return o;
};
const container = (objects: K8sObject[], deployment: string) => podSpec(find(objects, 'Deployment', deployment))!.containers[0];
const envEntry = (objects: K8sObject[], deployment: string, name: string) => container(objects, deployment).env.find((e: { name: string }) => e.name === name);

describe('deploy/k8s, rendered', () => {
  it('the facts the checks rely on are read from the code', () => {
    expect(facts.configVars.size).toBeGreaterThan(20);
    for (const v of ['DATABASE_URL', 'CARD_VAULT_KEY', 'TEMPORAL_ADDRESS', 'TEMPORAL_TLS_CERT_PATH', 'TEMPORAL_API_KEY', 'OPS_HOST', 'OPS_PORT']) expect(facts.configVars.has(v)).toBe(true);
    expect([...facts.publicPaths]).toContain('/health');
    expect([...facts.opsPaths].sort()).toEqual(['/health/live', '/health/ready', '/metrics']);
    expect(facts.opsDefaultPorts).toEqual({ api: 9464, worker: 9465 });
    expect(facts.poolMax).toBeGreaterThan(0);
    // 1 minute (the longest activity without a heartbeat timeout) + 15 s + 10 s today.
    expect(facts.workerDrainMs).toBeGreaterThanOrEqual(60_000);
  });

  it.each(overlays)('overlay %s passes every check', (overlay) => {
    expect(checkManifests(render(`overlays/${overlay}`), facts, { deployable: true })).toEqual([]);
  });

  it('the base passes every check but the deployable ones (its image is the compose stack\'s local tag)', () => {
    const objects = render('base');
    expect(checkManifests(objects, facts, { deployable: false })).toEqual([]);
    const problems = checkManifests(objects, facts, { deployable: true });
    expect(problems).toHaveLength(2);
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^images: lastro-app:local: pin a tag/), expect.stringMatching(/^overlay: every resource in one namespace/)]));
  });

  it.each(['base', ...overlays.map((o) => `overlays/${o}`)])('%s: the operator ports answer only Prometheus pods of the monitoring namespace; the public port stays open', (dir) => {
    const objects = render(dir);
    const policy = find(objects, 'NetworkPolicy', 'lastro-ingress');
    expect(policy.spec.podSelector).toEqual({ matchLabels: { 'app.kubernetes.io/name': 'lastro' } });
    expect(policy.spec.policyTypes).toEqual(['Ingress']);
    expect(policy.spec.ingress).toEqual([
      { ports: [{ port: 'http', protocol: 'TCP' }] },
      {
        from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } }, podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } } }],
        ports: [{ port: 'ops', protocol: 'TCP' }],
      },
    ]);
    // Every pod with an operator port is selected, and its probes use that port: they come
    // from the node, which NetworkPolicy never blocks, so no rule is needed for them.
    for (const d of ['lastro-api', 'lastro-worker']) {
      const c = container(objects, d);
      expect(c.ports).toContainEqual(expect.objectContaining({ name: 'ops' }));
      for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) expect(c[probe].httpGet.port).toBe('ops');
      expect(Object.entries(policy.spec.podSelector.matchLabels).every(([k, v]) => find(objects, 'Deployment', d).spec.template.metadata.labels[k] === v)).toBe(true);
    }
  });

  it('renders what the overlays mean: namespace, image, replicas, Temporal TLS files and API key', () => {
    const mtls = render('overlays/example-mtls');
    expect(new Set(mtls.map((o) => o.metadata.namespace))).toEqual(new Set(['lastro']));
    expect(new Set(mtls.flatMap((o) => podContainers(o, true).map((c) => c.image)))).toEqual(new Set(['registry.example.com/lastro/lastro-app:0.1.0']));
    expect(find(mtls, 'Deployment', 'lastro-worker').spec.replicas).toBe(3);
    for (const d of ['lastro-api', 'lastro-worker']) {
      expect(container(mtls, d).volumeMounts).toContainEqual({ name: 'temporal-tls', mountPath: '/etc/lastro/temporal-tls', readOnly: true });
    }
    expect(container(mtls, 'lastro-api').volumeMounts).toContainEqual(expect.objectContaining({ mountPath: '/tmp' }));
    expect(find(mtls, 'ConfigMap', 'lastro-config').data).toMatchObject({ TEMPORAL_TLS_CERT_PATH: '/etc/lastro/temporal-tls/tls.crt', TRUST_PROXY: '1', LASTRO_MODE: 'production' });

    const apiKey = render('overlays/example-api-key');
    for (const d of ['lastro-api', 'lastro-worker']) {
      expect(envEntry(apiKey, d, 'TEMPORAL_API_KEY')).toEqual({ name: 'TEMPORAL_API_KEY', valueFrom: { secretKeyRef: { name: 'lastro-temporal', key: 'TEMPORAL_API_KEY' } } });
      // The patch adds to the base's env, it does not replace it.
      expect(envEntry(apiKey, d, 'DATABASE_URL')).toBeDefined();
    }
  });

  it('docs/operations.md states the connection budget of the example overlay at full scale', () => {
    // Not a limit the manifests can enforce (max_connections is the database's): the number
    // the operator compares with it, kept in step with the pool (src/db/orm.ts) and the replicas.
    const objects = render('overlays/example-mtls');
    const apiMax = find(objects, 'HorizontalPodAutoscaler', 'lastro-api').spec.maxReplicas;
    const workers = find(objects, 'Deployment', 'lastro-worker').spec.replicas;
    // Each worker also opens its delivery lanes' LISTEN connection and their pool.
    const perWorker = 1 + LANES_POOL_CONNECTIONS;
    const total = (apiMax + workers) * facts.poolMax + workers * perWorker;
    const docs = readFileSync(join(root, 'docs', 'operations.md'), 'utf8');
    const section = docs.slice(docs.indexOf('## Scaling and limits'));
    expect(section).toMatch(/^## Scaling and limits/);
    expect(section).toContain(`${facts.poolMax} connections`);
    expect(section).toContain(`(${apiMax} + ${workers}) × ${facts.poolMax} + ${workers} × ${perWorker} = ${total}`);
  });

  // kustomize itself, where it is installed (kubectl carries it): the renderer above must agree.
  const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;
  (kubectl ? it.each(['base', ...overlays.map((o) => `overlays/${o}`)]) : it.skip.each(['(kubectl not installed)']))('agrees with `kubectl kustomize` on %s', (dir) => {
    const out = spawnSync('kubectl', ['kustomize', join(k8s, dir)], { encoding: 'utf8' });
    expect({ status: out.status, stderr: out.status === 0 ? '' : out.stderr }).toEqual({ status: 0, stderr: '' });
    const theirs = parseAllDocuments(out.stdout).map((d) => d.toJS() as K8sObject);
    const key = (o: K8sObject) => `${o.kind}/${o.metadata.name}`;
    const byKey = (list: K8sObject[]) => Object.fromEntries(list.map((o) => [key(o), normalize(o)]));
    expect(byKey(render(dir))).toEqual(byKey(theirs));
  });
});

describe('the checks fail on broken manifests', () => {
  // Rendered once; each case breaks its own copy.
  const pristine = render('overlays/example-mtls');
  const good = () => structuredClone(pristine);
  const check = (objects: K8sObject[]) => checkManifests(objects, facts, { deployable: true });
  const api = (o: K8sObject[]) => find(o, 'Deployment', 'lastro-api');
  const worker = (o: K8sObject[]) => find(o, 'Deployment', 'lastro-worker');
  const main = (d: K8sObject) => podSpec(d)!.containers[0];
  const dropEnv = (d: K8sObject, name: string) => {
    main(d).env = main(d).env.filter((e: { name: string }) => e.name !== name);
  };

  const cases: Array<[string, (o: K8sObject[]) => void, RegExp]> = [
    ['a probe path nobody serves', (o) => void (main(worker(o)).livenessProbe.httpGet.path = '/healthz'), /lastro-worker container worker: livenessProbe \/healthz: \/healthz is not served on the operator port/],
    ['a probe on a port the container does not open', (o) => void (main(api(o)).readinessProbe.httpGet.port = 8080), /lastro-api container api: readinessProbe \/health\/ready: port 8080 is not a named or numbered containerPort/],
    ['a probe on the public port at an operator path', (o) => void (main(api(o)).readinessProbe.httpGet.port = 'http'), /readinessProbe \/health\/ready: \/health\/ready is not served on the API port/],
    ['the operator listener left on loopback', (o) => dropEnv(api(o), 'OPS_HOST'), /lastro-api container api: startupProbe \/health\/live: the operator listener binds 127\.0\.0\.1 \(OPS_HOST\)/],
    ['an OPS_PORT the probes do not use', (o) => void (main(worker(o)).env.find((e: { name: string }) => e.name === 'OPS_PORT').value = '9999'), /lastro-worker container worker: livenessProbe \/health\/live: port 9465 is neither PORT nor OPS_PORT/],
    ['liveness on the dependency check', (o) => void (main(api(o)).livenessProbe.httpGet = { path: '/health', port: 'http' }), /livenessProbe \/health checks dependencies/],
    ['a variable the app does not read', (o) => void main(worker(o)).env.push({ name: 'TEMPORAL_ADRESS', value: 'x:7233' }), /lastro-worker container worker: sets TEMPORAL_ADRESS, which src\/config.ts does not read/],
    ['a ConfigMap key the app does not read', (o) => void (find(o, 'ConfigMap', 'lastro-config').data.WORKERS = '4'), /ConfigMap\/lastro-config: WORKERS is not a variable src\/config.ts reads/],
    ['a value the app refuses', (o) => void (find(o, 'ConfigMap', 'lastro-config').data.LASTRO_MODE = 'prod'), /loadConfig rejects this environment: Invalid configuration:\n {2}LASTRO_MODE/],
    ['half an mTLS pair', (o) => void delete find(o, 'ConfigMap', 'lastro-config').data.TEMPORAL_TLS_KEY_PATH, /TEMPORAL_TLS_CERT_PATH and TEMPORAL_TLS_KEY_PATH: set both/],
    ['a TLS file outside the mounted Secret', (o) => void (find(o, 'ConfigMap', 'lastro-config').data.TEMPORAL_TLS_CA_PATH = '/etc/ssl/ca.crt'), /lastro-api container api: TEMPORAL_TLS_CA_PATH \/etc\/ssl\/ca.crt is not inside a mounted Secret volume/],
    ['a TLS file the Secret volume does not project', (o) => void podSpec(worker(o))!.volumes[0].secret.items.pop(), /lastro-worker container worker: TEMPORAL_TLS_CA_PATH \/etc\/lastro\/temporal-tls\/ca.crt: the Secret volume temporal-tls projects no ca.crt/],
    ['the vault key missing in production', (o) => dropEnv(worker(o), 'CARD_VAULT_KEY'), /lastro-worker container worker: card vault: CARD_VAULT_KEY is required in production mode/],
    ['the database URL missing', (o) => dropEnv(api(o), 'DATABASE_URL'), /lastro-api container api: DATABASE_URL must come from a Secret/],
    ['a secret written out', (o) => void (main(api(o)).env.find((e: { name: string }) => e.name === 'DATABASE_URL') && (main(api(o)).env = [...main(api(o)).env.filter((e: { name: string }) => e.name !== 'DATABASE_URL'), { name: 'DATABASE_URL', value: 'postgres://lastro:hunter2@db/lastro' }])), /DATABASE_URL is written out: take it from a Secret/],
    ['a Secret object committed', (o) => void o.push({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'lastro-secrets', labels: { 'app.kubernetes.io/part-of': 'lastro' } }, stringData: { CARD_VAULT_KEY: 'x' } }), /Secret\/lastro-secrets: a Secret with its values is in the manifests/],
    ['a secret in the ConfigMap', (o) => void (find(o, 'ConfigMap', 'lastro-config').data.TEMPORAL_API_KEY = 'k'), /ConfigMap\/lastro-config: TEMPORAL_API_KEY looks like a secret/],
    ['a grace period shorter than the worker\'s drain', (o) => void (podSpec(worker(o))!.terminationGracePeriodSeconds = 30), /lastro-worker: terminationGracePeriodSeconds 30 s is below the worker's drain/],
    ['the API without its preStop pause', (o) => void delete main(api(o)).lifecycle, /lastro-api: preStop pause missing/],
    ['an HPA aimed at nothing', (o) => void (find(o, 'HorizontalPodAutoscaler', 'lastro-api').spec.scaleTargetRef.name = 'lastro-apii'), /HorizontalPodAutoscaler\/lastro-api: targets Deployment\/lastro-apii, which is not in the manifests/],
    ['replicas beside the HPA', (o) => void (api(o).spec.replicas = 2), /lastro-api: spec.replicas is set beside an HPA/],
    ['a Service selecting the worker', (o) => void (find(o, 'Service', 'lastro-api').spec.selector['app.kubernetes.io/component'] = 'worker'), /Service: one Service selecting the API's pods, got 0/],
    ['the Service on the operator port', (o) => void (find(o, 'Service', 'lastro-api').spec.ports[0].targetPort = 'ops'), /Service\/lastro-api: targetPort ops is 9464, not the API's PORT 3000/],
    ['a selector that misses its pods', (o) => void (worker(o).spec.selector.matchLabels['app.kubernetes.io/component'] = 'workers'), /lastro-worker: selector app.kubernetes.io\/component=workers does not match/],
    ['no resources', (o) => void delete main(api(o)).resources, /lastro-api container api: resources.requests.cpu missing/],
    ['a worker too small for its workflow cache', (o) => void (main(worker(o)).resources.limits.memory = '512Mi'), /memory limit 512Mi below 500 cached workflows/],
    ['running as root', (o) => void delete podSpec(worker(o))!.securityContext.runAsNonRoot, /lastro-worker: securityContext.runAsNonRoot: true missing/],
    ['a writable root', (o) => void (main(api(o)).securityContext.readOnlyRootFilesystem = false), /lastro-api container api: readOnlyRootFilesystem: true missing/],
    ['no writable /tmp', (o) => void (main(api(o)).volumeMounts = main(api(o)).volumeMounts.filter((m: { mountPath: string }) => m.mountPath !== '/tmp')), /lastro-api container api: \/tmp must be a writable emptyDir/],
    ['a writable root in the migration wait', (o) => void (podSpec(worker(o))!.initContainers[0].securityContext.readOnlyRootFilesystem = false), /lastro-worker container migrate: readOnlyRootFilesystem: true missing/],
    ['an unpinned image', (o) => void (main(api(o)).image = 'registry.example.com/lastro/lastro-app:latest'), /images: one image for every Lastro container/],
    ['the wrong command', (o) => void (main(worker(o)).command = ['node', '--import', 'tsx', 'src/server.ts']), /lastro-worker container worker: runs `node --import tsx src\/server.ts`, expected `node --import tsx worker\/index.ts`/],
    ['no migration wait', (o) => void delete podSpec(api(o))!.initContainers, /lastro-api: an init container running `node --import tsx src\/db\/migrate.ts`/],
    ['no migration Job', (o) => void o.splice(o.indexOf(find(o, 'Job', 'lastro-migrate')), 1), /Job: one Job running/],
    ['no disruption budget for the worker', (o) => void o.splice(o.indexOf(find(o, 'PodDisruptionBudget', 'lastro-worker')), 1), /Deployment\/lastro-worker: covered by 0 PodDisruptionBudgets/],
    ['a budget that blocks drains', (o) => void (find(o, 'PodDisruptionBudget', 'lastro-worker').spec = { minAvailable: 3, selector: find(o, 'PodDisruptionBudget', 'lastro-worker').spec.selector }), /PodDisruptionBudget\/lastro-worker: minAvailable 3 with 3 replicas blocks every node drain/],
    ['a single worker', (o) => void (worker(o).spec.replicas = 1), /lastro-worker: replicas 1: at least 2/],
    ['a short startup budget for the worker', (o) => void (main(worker(o)).startupProbe.failureThreshold = 3), /startupProbe allows 15 s; the worker needs 120 s/],
    ['no scrape annotations', (o) => void delete worker(o).spec.template.metadata.annotations, /lastro-worker: prometheus.io\/scrape: "true" missing/],
    ['scraping the wrong port', (o) => void (api(o).spec.template.metadata.annotations['prometheus.io/port'] = '3000'), /lastro-api: prometheus.io annotations: \/metrics is not served on the API port/],
    ['a misspelt pod field', (o) => void (podSpec(worker(o))!.terminationGracePeriodSecond = 120), /Deployment\/lastro-worker: pod spec field terminationGracePeriodSecond does not exist/],
    ['a misspelt container field', (o) => void (main(api(o)).readinesProbe = main(api(o)).readinessProbe), /lastro-api container api: field readinesProbe does not exist/],
    ['a misspelt probe field', (o) => void (main(api(o)).livenessProbe.failureTreshold = 3), /lastro-api container api: livenessProbe.failureTreshold does not exist/],
    ['the operator ports open to everyone', (o) => void delete find(o, 'NetworkPolicy', 'lastro-ingress').spec.ingress[1].from, /NetworkPolicy\/lastro-ingress: Deployment\/lastro-worker: the operator port 9465 is open to every peer/],
    ['the public port closed', (o) => void find(o, 'NetworkPolicy', 'lastro-ingress').spec.ingress.shift(), /NetworkPolicy\/lastro-ingress: Deployment\/lastro-api: the public port 3000 is closed/],
    ['no NetworkPolicy', (o) => void o.splice(o.indexOf(find(o, 'NetworkPolicy', 'lastro-ingress')), 1), /Deployment\/lastro-worker: no NetworkPolicy restricts ingress to its pods/],
    ['a policy for egress only', (o) => void (find(o, 'NetworkPolicy', 'lastro-ingress').spec.policyTypes = ['Egress']), /Deployment\/lastro-api: no NetworkPolicy restricts ingress/],
    ['the operator ports open to every namespace', (o) => void (find(o, 'NetworkPolicy', 'lastro-ingress').spec.ingress[1].from = [{ namespaceSelector: {} }]), /NetworkPolicy\/lastro-ingress: Deployment\/lastro-api: the operator port 9464 is open to \{"namespaceSelector":\{\}\}/],
    ['the operator ports open to every pod of the namespace', (o) => void (find(o, 'NetworkPolicy', 'lastro-ingress').spec.ingress[1].from = [{ podSelector: {} }]), /Deployment\/lastro-worker: the operator port 9465 is open to \{"podSelector":\{\}\}/],
    ['the operator ports open to an address block', (o) => void (find(o, 'NetworkPolicy', 'lastro-ingress').spec.ingress[1].from = [{ ipBlock: { cidr: '0.0.0.0/0' } }]), /the operator port 9464 is open to \{"ipBlock"/],
    [
      'a token mounted',
      (o) => {
        podSpec(api(o))!.automountServiceAccountToken = true;
        find(o, 'ServiceAccount', 'lastro').automountServiceAccountToken = true;
      },
      /lastro-api: a service account token is mounted/,
    ],
  ];

  it.each(cases)('%s', (_name, breakIt, expected) => {
    const objects = good();
    breakIt(objects);
    const problems = check(objects);
    expect(problems).toContainEqual(expect.stringMatching(expected));
  });

  it('the worker\'s writable root is allowed only while it bundles its workflows at start', () => {
    expect(facts.workerBundlesAtStart).toBe(true);
    const problems = checkManifests(good(), { ...facts, workerBundlesAtStart: false }, { deployable: true });
    expect(problems).toEqual(['Deployment/lastro-worker container worker: readOnlyRootFilesystem: true missing']);
    const source = readFileSync(join(root, 'worker', 'index.ts'), 'utf8');
    expect(bundlesAtStart(source)).toBe(true);
    const prebuilt = source.replace(/workflowBundle: await bundleLastroWorkflows\(\)/, 'workflowBundle: { codePath: BUNDLE }');
    expect(prebuilt).not.toBe(source);
    expect(bundlesAtStart(prebuilt)).toBe(false);
  });

  it('a broken copy on disk: a patch with a wrong path and a base probe on a wrong port', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lastro-k8s-'));
    try {
      cpSync(k8s, dir, { recursive: true });
      const config = join(dir, 'overlays/example-mtls/config.yaml');
      writeFileSync(config, readFileSync(config, 'utf8').replace('TEMPORAL_TLS_KEY_PATH: /etc/lastro/temporal-tls/tls.key', 'TEMPORAL_TLS_KEY_PATH: /etc/lastro/tls/tls.key'));
      const workerFile = join(dir, 'base/worker-deployment.yaml');
      writeFileSync(workerFile, readFileSync(workerFile, 'utf8').replace('containerPort: 9465', 'containerPort: 9466'));
      const problems = checkManifests(renderKustomization(join(dir, 'overlays/example-mtls')), facts, { deployable: true });
      expect(problems).toContainEqual(expect.stringMatching(/lastro-api container api: TEMPORAL_TLS_KEY_PATH \/etc\/lastro\/tls\/tls.key is not inside a mounted Secret volume/));
      expect(problems).toContainEqual(expect.stringMatching(/lastro-worker container worker: livenessProbe \/health\/live: port 9466 is neither PORT nor OPS_PORT/));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the renderer refuses kustomize features it does not implement', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lastro-k8s-'));
    try {
      cpSync(k8s, dir, { recursive: true });
      const file = join(dir, 'overlays/example-mtls/kustomization.yaml');
      writeFileSync(file, `${readFileSync(file, 'utf8')}commonLabels:\n  team: payments\n`);
      expect(() => renderKustomization(join(dir, 'overlays/example-mtls'))).toThrow(/"commonLabels" is not rendered by test\/deploy\/k8s-manifests.ts/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('containerEnv reports a ConfigMap the manifests do not hold', () => {
    const problems: string[] = [];
    containerEnv({ envFrom: [{ configMapRef: { name: 'missing' } }] }, new Map(), (m) => problems.push(m));
    expect(problems).toEqual(['envFrom ConfigMap missing is not in the manifests']);
  });
});
