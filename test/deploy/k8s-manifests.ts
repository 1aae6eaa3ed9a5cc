/**
 * Renders deploy/k8s (kustomize) without kustomize and checks the result against the code
 * that will run in the pods: test/deploy/k8s.unit.test.ts. No cluster and no binary: the
 * renderer implements the few kustomization fields the tree uses (resources, namespace,
 * images, replicas, strategic-merge patches by file) and refuses any other, so it can never
 * silently render something kustomize would not. Where kubectl is installed the test also
 * compares this rendering with `kubectl kustomize`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { msToNumber } from '@temporalio/common/lib/time';
import { loadConfig, type Config } from '../../src/config';
import { resolveVaultKey } from '../../src/cards/card-vault.key';
import { OPS_DEFAULT_PORTS } from '../../src/observability/metrics/ops-listener';
import { systemRoutes } from '../../src/system/system.routes';
import { ATTEMPT_TIMEOUT_MS } from '../../src/webhooks/delivery-schedule.rules';

export const root = resolve(__dirname, '..', '..');

export type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> } } & Record<string, any>;

// --- rendering ------------------------------------------------------------------------------

/** Every document of a YAML file; a parse error or warning (duplicate key) throws. */
export function loadYamlDocs(path: string): K8sObject[] {
  const docs = parseAllDocuments(readFileSync(path, 'utf8'));
  const list = Array.isArray(docs) ? docs : [docs];
  const out: K8sObject[] = [];
  for (const doc of list) {
    const problems = [...doc.errors, ...doc.warnings].map(String);
    if (problems.length > 0) throw new Error(`${path}: ${problems.join('; ')}`);
    const value = doc.toJS();
    if (value != null) out.push(value);
  }
  return out;
}

const KUSTOMIZATION_FIELDS = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'images', 'replicas', 'patches']);
/** Kinds that live in a namespace (the namespace transformer leaves the others alone). */
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'CustomResourceDefinition', 'PriorityClass', 'StorageClass']);

/** What `kubectl kustomize <dir>` prints, as objects (for the subset of kustomize the tree uses). */
export function renderKustomization(dir: string): K8sObject[] {
  const file = join(dir, 'kustomization.yaml');
  const [k] = loadYamlDocs(file);
  if (k?.kind !== 'Kustomization') throw new Error(`${file}: not a Kustomization`);
  for (const field of Object.keys(k)) {
    if (!KUSTOMIZATION_FIELDS.has(field)) throw new Error(`${file}: "${field}" is not rendered by test/deploy/k8s-manifests.ts (teach it, or use resources/namespace/images/replicas/patches)`);
  }
  let objects: K8sObject[] = [];
  for (const entry of k.resources ?? []) {
    const path = resolve(dir, entry);
    objects.push(...(statSync(path).isDirectory() ? renderKustomization(path) : loadYamlDocs(path)));
  }
  const ids = objects.map(id);
  const dup = ids.find((x, i) => ids.indexOf(x) !== i);
  if (dup) throw new Error(`${file}: ${dup} is defined twice`);

  for (const patch of k.patches ?? []) {
    const keys = Object.keys(patch);
    if (keys.length !== 1 || typeof patch.path !== 'string') throw new Error(`${file}: only file patches ({ path }) are rendered, got ${JSON.stringify(patch)}`);
    const docs = loadYamlDocs(resolve(dir, patch.path));
    if (docs.length !== 1) throw new Error(`${file}: patch ${patch.path} must hold one document`);
    const target = objects.find((o) => o.kind === docs[0].kind && o.metadata.name === docs[0].metadata?.name);
    if (!target) throw new Error(`${file}: patch ${patch.path} matches no resource (${docs[0].kind}/${docs[0].metadata?.name})`);
    objects = objects.map((o) => (o === target ? strategicMerge(o, docs[0]) : o));
  }
  for (const image of k.images ?? []) {
    for (const o of objects) for (const c of podContainers(o, true)) c.image = retag(c.image, image);
  }
  for (const r of k.replicas ?? []) {
    const target = objects.find((o) => ['Deployment', 'StatefulSet', 'ReplicaSet'].includes(o.kind) && o.metadata.name === r.name);
    if (!target) throw new Error(`${file}: replicas for ${r.name}: no such workload`);
    target.spec.replicas = r.count;
  }
  if (k.namespace) {
    for (const o of objects) if (!CLUSTER_SCOPED.has(o.kind)) o.metadata.namespace = k.namespace;
  }
  return objects;
}

/** Patch merge keys of the lists the tree patches (Kubernetes' patchMergeKey); other lists are replaced. */
const MERGE_KEYS: Record<string, string> = { containers: 'name', initContainers: 'name', env: 'name', volumes: 'name', volumeMounts: 'mountPath', imagePullSecrets: 'name' };

/** A strategic merge patch, as kustomize applies one: maps merge, keyed lists merge by key (new items first), null deletes. */
export function strategicMerge(target: any, patch: any, field = ''): any {
  if (patch === null) return undefined;
  if (Array.isArray(patch)) {
    const key = MERGE_KEYS[field];
    if (!key || !Array.isArray(target)) return structuredClone(patch);
    const merged = structuredClone(target);
    const added: unknown[] = [];
    for (const item of patch) {
      if (item && typeof item === 'object' && Object.keys(item).some((k) => k.startsWith('$'))) throw new Error(`patch directive in ${field} is not rendered`);
      const at = merged.findIndex((o: Record<string, unknown>) => o[key] === item[key]);
      if (at >= 0) merged[at] = strategicMerge(merged[at], item);
      else added.push(structuredClone(item));
    }
    return [...added, ...merged];
  }
  if (isMap(patch) && isMap(target)) {
    const out = structuredClone(target);
    for (const [k, v] of Object.entries(patch)) {
      if (k.startsWith('$')) throw new Error(`patch directive ${k} is not rendered`);
      const merged = strategicMerge(out[k], v, k);
      if (merged === undefined) delete out[k];
      else out[k] = merged;
    }
    return out;
  }
  return structuredClone(patch);
}

function isMap(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** An image reference split into name, tag and digest. */
export function parseImage(ref: string): { name: string; tag?: string; digest?: string } {
  const [rest, digest] = ref.split('@');
  const colon = rest.lastIndexOf(':');
  if (colon > rest.lastIndexOf('/')) return { name: rest.slice(0, colon), tag: rest.slice(colon + 1), digest };
  return { name: rest, digest };
}

function retag(ref: string, rule: { name: string; newName?: string; newTag?: string; digest?: string }): string {
  const image = parseImage(ref);
  if (image.name !== rule.name) return ref;
  const name = rule.newName ?? image.name;
  if (rule.digest) return `${name}@${rule.digest}`;
  const tag = rule.newTag ?? image.tag;
  return `${name}${tag ? `:${tag}` : ''}${!rule.newTag && image.digest ? `@${image.digest}` : ''}`;
}

export function id(o: K8sObject): string {
  return `${o.kind}/${o.metadata?.name}`;
}

/** The pod spec of a workload (Deployment, Job, …), or undefined. */
export function podSpec(o: K8sObject): Record<string, any> | undefined {
  if (o.kind === 'CronJob') return o.spec?.jobTemplate?.spec?.template?.spec;
  return o.spec?.template?.spec;
}

export function podContainers(o: K8sObject, withInit: boolean): Array<Record<string, any>> {
  const spec = podSpec(o);
  if (!spec) return [];
  return [...(withInit ? (spec.initContainers ?? []) : []), ...(spec.containers ?? [])];
}

/** Lists sorted by their merge key or name, so two renderings compare regardless of list order kustomize chose. */
export function normalize(x: unknown): unknown {
  if (Array.isArray(x)) {
    const items = x.map(normalize);
    const key = ['name', 'mountPath'].find((k) => items.length > 0 && items.every((i) => isMap(i) && typeof i[k] === 'string'));
    return key ? [...items].sort((a, b) => String((a as Record<string, unknown>)[key]).localeCompare(String((b as Record<string, unknown>)[key]))) : items;
  }
  if (isMap(x)) return Object.fromEntries(Object.keys(x).sort().map((k) => [k, normalize(x[k])]));
  return x;
}

// --- what the code says -----------------------------------------------------------------

export interface SourceFacts {
  /** Variables src/config.ts parses (its envSchema). */
  configVars: Set<string>;
  scripts: Record<string, string>;
  /** Paths the API's public port serves without a key (src/system/system.routes.ts). */
  publicPaths: Set<string>;
  /** Paths the operator listener answers (src/observability/metrics/ops-listener.ts). */
  opsPaths: Set<string>;
  opsDefaultPorts: Record<'api' | 'worker', number>;
  /** Connections each process's MikroORM pool may open (src/db/orm.ts). */
  poolMax: number;
  /** How long a worker's drain after SIGTERM can last (worker/index.ts order; see workerDrainMs). */
  workerDrainMs: number;
  /**
   * The worker process bundles its workflows at start (worker/index.ts main() passes no
   * prebuilt workflowBundle): the bundler's @swc/core then needs a writable $HOME or a sticky
   * /tmp, which a read-only root cannot give (deploy/k8s/base/worker-deployment.yaml).
   */
  workerBundlesAtStart: boolean;
}

const readText = (...path: string[]) => readFileSync(join(root, ...path), 'utf8');

export function configVars(source = readText('src', 'config.ts')): Set<string> {
  const start = source.indexOf('const envSchema = z.object({');
  const end = source.indexOf('\n});', start);
  if (start < 0 || end < 0) throw new Error('src/config.ts: envSchema not found');
  return new Set([...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/**
 * The longest a worker's drain can last: Worker.run() waits for every task in flight, and
 * Lastro's activities do not stop on the shutdown's cancellation, so an activity or local
 * activity without a heartbeat timeout runs to its startToCloseTimeout (a heartbeating one
 * cut short by SIGKILL is noticed at its heartbeat timeout and retried elsewhere: it need not
 * be waited for). Then the delivery lanes finish their attempts (ATTEMPT_TIMEOUT_MS), and the
 * last dispatches and closes take a few seconds (a margin of 10 s).
 */
export function workerDrainMs(): number {
  let longest = 0;
  for (const file of filesUnder(join(root, 'workflows')).filter((f) => f.endsWith('.ts'))) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/proxy(Local)?Activities<[^(]*>\(/g)) {
      const options = balanced(source, m.index + m[0].length - 1);
      const startToClose = /startToCloseTimeout:\s*'([^']+)'/.exec(options)?.[1];
      if (!startToClose) throw new Error(`${file}: an activity proxy without a startToCloseTimeout literal: ${options}`);
      const heartbeats = !m[1] && /heartbeatTimeout:/.test(options);
      if (!heartbeats) longest = Math.max(longest, msToNumber(startToClose as Parameters<typeof msToNumber>[0]));
    }
  }
  return longest + ATTEMPT_TIMEOUT_MS + 10_000;
}

/** The text from the bracket at `open` to its match. */
function balanced(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '(' || source[i] === '{') depth++;
    if (source[i] === ')' || source[i] === '}') depth--;
    if (depth === 0) return source.slice(open, i + 1);
  }
  throw new Error('unbalanced brackets');
}

/** Whether the worker process bundles its workflows at start (it then needs a writable root while it does). */
export function bundlesAtStart(workerSource: string): boolean {
  // Its workers share one bundle, made at start by bundleLastroWorkflows unless main() is given a prebuilt one.
  return /bundleLastroWorkflows\(\)/.test(workerSource.slice(workerSource.indexOf('async function main(')));
}

export function sourceFacts(): SourceFacts {
  const opsListener = readText('src', 'observability', 'metrics', 'ops-listener.ts');
  const pool = /pool:\s*\{[^}]*max:\s*(\d+)/.exec(readText('src', 'db', 'orm.ts'));
  if (!pool) throw new Error('src/db/orm.ts: no pool max');
  return {
    configVars: configVars(),
    scripts: JSON.parse(readText('package.json')).scripts,
    publicPaths: new Set(systemRoutes(() => []).filter((r) => r.auth === 'public').map((r) => r.path)),
    opsPaths: new Set([...opsListener.matchAll(/path === '([^']+)'/g)].map((m) => m[1])),
    opsDefaultPorts: OPS_DEFAULT_PORTS,
    poolMax: Number(pool[1]),
    workerDrainMs: workerDrainMs(),
    workerBundlesAtStart: bundlesAtStart(readText('worker', 'index.ts')),
  };
}

// --- checks -----------------------------------------------------------------------------

const API_VERSIONS: Record<string, string> = {
  Deployment: 'apps/v1',
  Job: 'batch/v1',
  HorizontalPodAutoscaler: 'autoscaling/v2',
  PodDisruptionBudget: 'policy/v1',
  Service: 'v1',
  ConfigMap: 'v1',
  ServiceAccount: 'v1',
  NetworkPolicy: 'networking.k8s.io/v1',
};
/**
 * Fields of a PodSpec and a Container (k8s.io/api core/v1), so a misspelt one, which the API
 * server would drop or refuse, fails here too.
 */
const POD_SPEC_FIELDS = new Set(
  'activeDeadlineSeconds affinity automountServiceAccountToken containers dnsConfig dnsPolicy enableServiceLinks ephemeralContainers hostAliases hostIPC hostNetwork hostPID hostUsers hostname imagePullSecrets initContainers nodeName nodeSelector os overhead preemptionPolicy priority priorityClassName readinessGates resourceClaims resources restartPolicy runtimeClassName schedulerName schedulingGates securityContext serviceAccount serviceAccountName setHostnameAsFQDN shareProcessNamespace subdomain terminationGracePeriodSeconds tolerations topologySpreadConstraints volumes'.split(' '),
);
const CONTAINER_FIELDS = new Set(
  'args command env envFrom image imagePullPolicy lifecycle livenessProbe name ports readinessProbe resizePolicy resources restartPolicy securityContext startupProbe stdin stdinOnce terminationMessagePath terminationMessagePolicy tty volumeDevices volumeMounts workingDir'.split(' '),
);
const PROBE_FIELDS = new Set('exec failureThreshold grpc httpGet initialDelaySeconds periodSeconds successThreshold tcpSocket terminationGracePeriodSeconds timeoutSeconds'.split(' '));

/** Stand-ins for the Secret values the manifests reference, to run loadConfig on a pod's environment. */
const SECRET_STAND_INS: Record<string, string> = {
  DATABASE_URL: 'postgres://lastro:secret@postgres.example.internal:5432/lastro',
  CARD_VAULT_KEY: Buffer.alloc(32, 7).toString('base64'),
  TEMPORAL_API_KEY: 'temporal-api-key',
};
const SECRET_NAME = /(^DATABASE_URL$|KEY$|SECRET|PASSWORD|TOKEN)/;
const WRITES_TO = '/tmp'; // tsx's transform cache (os.tmpdir()); the only path the processes write
const COMPONENTS = { api: 'start:api', worker: 'start:worker' } as const;
type Role = keyof typeof COMPONENTS;

type EnvValue = { value: string } | { secret: { name: string; key: string } } | { other: unknown };

export interface CheckOptions {
  /** An overlay meant for a cluster: images pinned to a registry tag or digest, one namespace. */
  deployable: boolean;
}

/** Every way the rendered manifests disagree with the code or with how Lastro must run; [] when none. */
export function checkManifests(objects: K8sObject[], facts: SourceFacts, opts: CheckOptions): string[] {
  const problems: string[] = [];
  const fail = (where: string, what: string) => problems.push(`${where}: ${what}`);
  const byKind = (kind: string) => objects.filter((o) => o.kind === kind);
  const find = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
  const configMaps = new Map(byKind('ConfigMap').map((c) => [c.metadata.name, c]));

  // Shape: known kinds at the versions written here, Lastro's labels, no Secret written out.
  for (const o of objects) {
    if (!API_VERSIONS[o.kind]) fail(id(o), `kind ${o.kind} is not checked by test/deploy/k8s-manifests.ts`);
    else if (o.apiVersion !== API_VERSIONS[o.kind]) fail(id(o), `apiVersion ${o.apiVersion}, expected ${API_VERSIONS[o.kind]}`);
    if (o.metadata?.labels?.['app.kubernetes.io/part-of'] !== 'lastro') fail(id(o), 'label app.kubernetes.io/part-of: lastro missing');
    if (o.kind === 'Secret') fail(id(o), 'a Secret with its values is in the manifests: reference Secrets the operator creates, never commit one');
  }
  if (opts.deployable) {
    const namespaces = new Set(objects.map((o) => o.metadata.namespace));
    if (namespaces.size !== 1 || namespaces.has(undefined)) fail('overlay', `every resource in one namespace, got ${[...namespaces].join(', ')}`);
  }
  for (const cm of configMaps.values()) {
    for (const [k, v] of Object.entries(cm.data ?? {})) {
      if (SECRET_NAME.test(k) || /:\/\/[^/\s:@]+:[^/\s@]+@/.test(String(v))) fail(id(cm), `${k} looks like a secret: reference it from a Secret instead`);
      if (!facts.configVars.has(k) && !k.startsWith('OTEL_')) fail(id(cm), `${k} is not a variable src/config.ts reads`);
    }
  }

  const deployments = byKind('Deployment');
  const roleOf = (d: K8sObject) => d.spec?.template?.metadata?.labels?.['app.kubernetes.io/component'] as string | undefined;
  const deploymentOf = (role: Role) => deployments.find((d) => roleOf(d) === role);
  for (const role of Object.keys(COMPONENTS) as Role[]) if (!deploymentOf(role)) fail('Deployment', `no Deployment with component ${role}`);

  // One image everywhere, pinned in a deployable overlay.
  const images = new Set(objects.flatMap((o) => podContainers(o, true).map((c) => String(c.image))));
  if (images.size !== 1) fail('images', `one image for every Lastro container, got ${[...images].join(', ')}`);
  if (opts.deployable) {
    for (const image of images) {
      const { tag, digest } = parseImage(image);
      if (!digest && (!tag || ['latest', 'local'].includes(tag))) fail('images', `${image}: pin a tag or digest (not latest, not the compose stack's local)`);
    }
  }

  // The migration: a Job like compose's one-shot, and every app pod waits for it (init container).
  const migrate = facts.scripts['db:migrate'];
  const jobs = byKind('Job').filter((j) => podContainers(j, false).some((c) => commandOf(c) === migrate));
  if (jobs.length !== 1) fail('Job', `one Job running \`${migrate}\` (npm run db:migrate), got ${jobs.length}`);
  for (const job of jobs) {
    if (!['Never', 'OnFailure'].includes(podSpec(job)?.restartPolicy)) fail(id(job), 'restartPolicy Never or OnFailure');
    if (job.spec.backoffLimit == null) fail(id(job), 'backoffLimit missing');
  }

  for (const o of [...deployments, ...byKind('Job')]) {
    const spec = podSpec(o)!;
    const role = roleOf(o);
    const labels = o.spec?.template?.metadata?.labels ?? {};
    for (const k of Object.keys(spec)) if (!POD_SPEC_FIELDS.has(k)) fail(id(o), `pod spec field ${k} does not exist`);
    for (const c of podContainers(o, true)) {
      for (const k of Object.keys(c)) if (!CONTAINER_FIELDS.has(k)) fail(`${id(o)} container ${c.name}`, `field ${k} does not exist`);
      for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
        for (const k of Object.keys(c[probe] ?? {})) if (!PROBE_FIELDS.has(k)) fail(`${id(o)} container ${c.name}`, `${probe}.${k} does not exist`);
      }
    }
    if (o.kind === 'Deployment') {
      for (const [k, v] of Object.entries(o.spec?.selector?.matchLabels ?? {})) {
        if (labels[k] !== v) fail(id(o), `selector ${k}=${v} does not match the pod template's labels`);
      }
      if (Object.keys(o.spec?.selector?.matchLabels ?? {}).length === 0) fail(id(o), 'no selector');
    }
    // Pod security: non-root, no token, nothing writable but the volumes.
    if (spec.securityContext?.runAsNonRoot !== true) fail(id(o), 'securityContext.runAsNonRoot: true missing');
    if (!spec.securityContext?.runAsUser) fail(id(o), 'securityContext.runAsUser: a non-root uid (1000, the image\'s node user)');
    const sa = find('ServiceAccount', spec.serviceAccountName ?? 'default');
    if (spec.automountServiceAccountToken !== false && sa?.automountServiceAccountToken !== false) fail(id(o), 'a service account token is mounted: the processes never call the Kubernetes API');
    const volumes = new Map<string, Record<string, unknown>>((spec.volumes ?? []).map((v: { name: string }) => [v.name, v]));

    for (const c of podContainers(o, true)) {
      const where = `${id(o)} container ${c.name}`;
      const sc = c.securityContext ?? {};
      if (sc.allowPrivilegeEscalation !== false) fail(where, 'allowPrivilegeEscalation: false missing');
      if (sc.privileged) fail(where, 'privileged');
      if (!(sc.capabilities?.drop ?? []).includes('ALL')) fail(where, 'capabilities.drop: [ALL] missing');
      const isWorker = o.kind === 'Deployment' && role === 'worker' && (spec.containers ?? []).includes(c);
      if (sc.readOnlyRootFilesystem !== true && !(isWorker && facts.workerBundlesAtStart)) fail(where, 'readOnlyRootFilesystem: true missing');
      if (sc.readOnlyRootFilesystem === true) {
        const tmp = (c.volumeMounts ?? []).find((m: { mountPath: string }) => m.mountPath === WRITES_TO);
        if (!tmp || !volumes.get(tmp.name)?.emptyDir) fail(where, `${WRITES_TO} must be a writable emptyDir (tsx's cache) under a read-only root`);
      }
      for (const m of c.volumeMounts ?? []) if (!volumes.has(m.name)) fail(where, `volumeMount ${m.name} has no volume`);
      const r = c.resources ?? {};
      for (const k of ['requests.cpu', 'requests.memory', 'limits.memory']) {
        const [a, b] = k.split('.');
        if (r[a]?.[b] == null) fail(where, `resources.${k} missing`);
      }
      if (r.requests?.memory && r.limits?.memory && bytes(r.limits.memory) < bytes(r.requests.memory)) fail(where, 'memory limit below its request');
      if (c.imagePullPolicy === 'Always' && opts.deployable) fail(where, 'imagePullPolicy Always with a pinned tag only slows starts');

      const env = containerEnv(c, configMaps, (m) => fail(where, m));
      for (const name of Object.keys(env)) {
        if (!facts.configVars.has(name) && !name.startsWith('OTEL_')) fail(where, `sets ${name}, which src/config.ts does not read`);
        if (SECRET_NAME.test(name) && !('secret' in env[name])) fail(where, `${name} is written out: take it from a Secret (secretKeyRef)`);
      }
      if (!('secret' in (env.DATABASE_URL ?? {}))) fail(where, 'DATABASE_URL must come from a Secret (secretKeyRef); without it the process uses the embedded 127.0.0.1 default');
      const config = tryLoadConfig(env, (m) => fail(where, m));
      const command = commandOf(c);
      const isInit = (spec.initContainers ?? []).includes(c);
      if (isInit) {
        if (command !== migrate) fail(where, `init container runs \`${command}\`, expected \`${migrate}\``);
        continue;
      }
      if (o.kind === 'Job') continue;
      if (!role || !(role in COMPONENTS)) {
        fail(id(o), `component label ${role} is neither api nor worker`);
        continue;
      }
      const script = facts.scripts[COMPONENTS[role as Role]];
      if (command !== script) fail(where, `runs \`${command}\`, expected \`${script}\` (npm run ${COMPONENTS[role as Role]})`);
      if (config) checkProcess(o, c, role as Role, env, config, volumes, facts, fail);
    }
    if (o.kind === 'Deployment' && role && role in COMPONENTS) {
      const inits = (spec.initContainers ?? []).filter((c: Record<string, unknown>) => commandOf(c) === migrate);
      if (inits.length !== 1) fail(id(o), `an init container running \`${migrate}\` (waits on the migration lock, applies what is pending), got ${inits.length}`);
    }
  }

  // Graceful shutdown.
  const worker = deploymentOf('worker');
  if (worker) {
    const grace = (podSpec(worker)!.terminationGracePeriodSeconds ?? 30) * 1000;
    if (grace < facts.workerDrainMs) fail(id(worker), `terminationGracePeriodSeconds ${grace / 1000} s is below the worker's drain (${facts.workerDrainMs / 1000} s: longest non-heartbeating activity + a webhook attempt + 10 s)`);
    const replicas = worker.spec.replicas ?? 1;
    if (replicas < 2) fail(id(worker), `replicas ${replicas}: at least 2, so a drain or a node loss leaves a poller`);
  }
  const api = deploymentOf('api');
  if (api) {
    const spec = podSpec(api)!;
    const main = spec.containers?.[0] ?? {};
    const sleep = main.lifecycle?.preStop?.exec?.command;
    const seconds = main.lifecycle?.preStop?.sleep?.seconds ?? (Array.isArray(sleep) && sleep[0] === 'sleep' ? Number(sleep[1]) : undefined);
    if (!seconds) fail(id(api), 'preStop pause missing: the API closes every connection at SIGTERM (src/server.ts), so endpoints must be gone before it');
    else if ((spec.terminationGracePeriodSeconds ?? 30) <= seconds + 5) fail(id(api), `terminationGracePeriodSeconds must exceed the preStop pause (${seconds} s) plus the shutdown`);
    if (api.spec.replicas != null && byKind('HorizontalPodAutoscaler').length > 0) fail(id(api), 'spec.replicas is set beside an HPA: every apply would reset the autoscaled count');
  }

  // Autoscaling: the HPA drives the API Deployment on CPU, which needs a CPU request.
  const hpas = byKind('HorizontalPodAutoscaler');
  const apiHpa = hpas.filter((h) => api && h.spec?.scaleTargetRef?.kind === 'Deployment' && h.spec.scaleTargetRef.name === api.metadata.name && h.spec.scaleTargetRef.apiVersion === 'apps/v1');
  if (apiHpa.length !== 1) fail('HorizontalPodAutoscaler', `one HPA targeting Deployment ${api?.metadata.name}, got ${apiHpa.length}`);
  for (const h of hpas) {
    const t = h.spec?.scaleTargetRef ?? {};
    if (!find(t.kind, t.name)) fail(id(h), `targets ${t.kind}/${t.name}, which is not in the manifests`);
    if ((h.spec.minReplicas ?? 1) < 2) fail(id(h), 'minReplicas below 2: one pod is a single point of failure');
    if (h.spec.maxReplicas < (h.spec.minReplicas ?? 1)) fail(id(h), 'maxReplicas below minReplicas');
    const cpu = (h.spec.metrics ?? []).some((m: { type: string; resource?: { name: string } }) => m.type === 'Resource' && m.resource?.name === 'cpu');
    if (!cpu) fail(id(h), 'no CPU metric');
    const target = find(t.kind, t.name);
    if (target && podContainers(target, false).some((c) => c.resources?.requests?.cpu == null)) fail(id(h), 'CPU utilization needs a CPU request on every container');
  }

  // Disruption budgets: each Deployment covered by exactly one, and one that lets a node drain.
  const pdbs = byKind('PodDisruptionBudget');
  for (const d of deployments) {
    const covering = pdbs.filter((p) => selects(p.spec?.selector?.matchLabels, d.spec?.template?.metadata?.labels));
    if (covering.length !== 1) fail(id(d), `covered by ${covering.length} PodDisruptionBudgets, expected 1`);
    for (const p of covering) {
      const replicas = d.spec.replicas ?? apiHpa[0]?.spec?.minReplicas ?? 1;
      if (p.spec.minAvailable != null && Number(p.spec.minAvailable) >= replicas) fail(id(p), `minAvailable ${p.spec.minAvailable} with ${replicas} replicas blocks every node drain`);
      if (p.spec.maxUnavailable != null && String(p.spec.maxUnavailable) === '0') fail(id(p), 'maxUnavailable 0 blocks every node drain');
    }
  }
  for (const p of pdbs) if (!deployments.some((d) => selects(p.spec?.selector?.matchLabels, d.spec?.template?.metadata?.labels))) fail(id(p), 'selects no Deployment\'s pods');

  // The API's Service: its pods only, to the public port only.
  const services = byKind('Service');
  const apiService = services.filter((s) => api && selects(s.spec?.selector, api.spec?.template?.metadata?.labels));
  if (apiService.length !== 1) fail('Service', `one Service selecting the API's pods, got ${apiService.length}`);
  for (const s of services) {
    const selected = deployments.filter((d) => selects(s.spec?.selector, d.spec?.template?.metadata?.labels));
    if (selected.length !== 1) fail(id(s), `selects the pods of ${selected.length} Deployments (${selected.map(id).join(', ')}), expected exactly one`);
    for (const d of selected) {
      const main = podContainers(d, false)[0];
      const env = containerEnv(main, configMaps, () => undefined);
      const config = tryLoadConfig(env, () => undefined);
      for (const p of s.spec.ports ?? []) {
        const port = containerPort(main, p.targetPort ?? p.port);
        if (port == null) fail(id(s), `targetPort ${p.targetPort} is not a port of ${id(d)}`);
        else if (config && port !== config.port) fail(id(s), `targetPort ${p.targetPort} is ${port}, not the API's PORT ${config.port} (the operator port stays off the Service)`);
      }
    }
  }
  // Network policies: every Lastro pod serving the operator port is covered by one; the public
  // port stays reachable, the operator ports (metrics, health) only from named peers. The
  // kubelet's probes come from the node, which a NetworkPolicy cannot block: no rule for them.
  const policies = byKind('NetworkPolicy');
  const portsOf = (d: K8sObject) => podContainers(d, false).flatMap((c) => (c.ports ?? []) as Array<{ name?: string; containerPort: number }>);
  const isolates = (np: K8sObject) => !np.spec?.policyTypes || np.spec.policyTypes.includes('Ingress');
  for (const d of deployments) {
    if (!portsOf(d).some((p) => p.name === 'ops')) continue;
    const covering = policies.filter((np) => isolates(np) && selects(np.spec?.podSelector?.matchLabels, d.spec?.template?.metadata?.labels));
    if (covering.length === 0) fail(id(d), 'no NetworkPolicy restricts ingress to its pods: the operator port answers every pod in the cluster');
  }
  for (const np of policies) {
    const selected = deployments.filter((d) => selects(np.spec?.podSelector?.matchLabels, d.spec?.template?.metadata?.labels));
    if (selected.length === 0) fail(id(np), 'selects no Lastro pods');
    if (!isolates(np)) fail(id(np), 'policyTypes without Ingress: it restricts nothing that reaches the pods');
    const rules: Array<{ from?: Array<Record<string, any>>; ports?: Array<{ port: string | number }> }> = np.spec?.ingress ?? [];
    for (const d of selected) {
      for (const p of portsOf(d)) {
        const matching = rules.filter((r) => !r.ports || r.ports.some((x) => x.port === p.name || x.port === p.containerPort));
        const open = matching.some((r) => !r.from || r.from.length === 0);
        if (p.name === 'ops' && open) fail(id(np), `${id(d)}: the operator port ${p.containerPort} is open to every peer`);
        if (p.name === 'http' && !open) fail(id(np), `${id(d)}: the public port ${p.containerPort} is closed to the ingress in front of the Service`);
        if (p.name === 'ops' && matching.length === 0) fail(id(np), `${id(d)}: nothing may scrape the operator port ${p.containerPort}`);
        if (p.name !== 'ops' || open) continue;
        // A peer is named by a namespace (and a pod selector within it): an address block, a
        // bare pod selector (every pod of Lastro's namespace) or an empty namespace selector
        // (every namespace) lets in far more than Prometheus.
        for (const peer of matching.flatMap((r) => r.from ?? [])) {
          const namespaces = Object.keys(peer.namespaceSelector?.matchLabels ?? {}).length + (peer.namespaceSelector?.matchExpressions?.length ?? 0);
          if (peer.ipBlock || namespaces === 0) fail(id(np), `${id(d)}: the operator port ${p.containerPort} is open to ${JSON.stringify(peer)}: name the monitoring namespace`);
        }
      }
    }
  }
  return problems;
}

/** Probes, the operator listener and scraping, memory for the workflow cache, TLS files. */
function checkProcess(
  o: K8sObject,
  c: Record<string, any>,
  role: Role,
  env: Record<string, EnvValue>,
  config: Config,
  volumes: Map<string, Record<string, unknown>>,
  facts: SourceFacts,
  fail: (where: string, what: string) => void,
): void {
  const where = `${id(o)} container ${c.name}`;
  const opsPort = config.ops.port ?? facts.opsDefaultPorts[role];
  const reachable = (host: string) => !['127.0.0.1', 'localhost', '::1'].includes(host);
  // What a probe or a scrape at (port, path) would reach, or why nothing would answer.
  const answers = (port: number, path: string): string | null => {
    if (!(c.ports ?? []).some((p: { containerPort: number }) => p.containerPort === port)) return `port ${port} is not a containerPort`;
    if (role === 'api' && port === config.port) {
      if (!reachable(config.host)) return `the API listens on ${config.host} (HOST), unreachable from the kubelet`;
      return facts.publicPaths.has(path) ? null : `${path} is not served on the API port (public routes: ${[...facts.publicPaths].join(', ')})`;
    }
    if (port === opsPort) {
      if (!reachable(config.ops.host)) return `the operator listener binds ${config.ops.host} (OPS_HOST), unreachable from the kubelet: set OPS_HOST=0.0.0.0`;
      return facts.opsPaths.has(path) ? null : `${path} is not served on the operator port (it serves ${[...facts.opsPaths].join(', ')})`;
    }
    return `port ${port} is neither PORT nor OPS_PORT of the ${role} (${role === 'api' ? `${config.port}, ` : ''}${opsPort})`;
  };
  for (const kind of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
    const probe = c[kind];
    if (!probe?.httpGet) {
      fail(where, `${kind} (httpGet) missing`);
      continue;
    }
    const port = containerPort(c, probe.httpGet.port);
    const problem = port == null ? `port ${probe.httpGet.port} is not a named or numbered containerPort` : answers(port, probe.httpGet.path);
    if (problem) fail(where, `${kind} ${probe.httpGet.path}: ${problem}`);
  }
  // Liveness must not depend on PostgreSQL or Temporal: an outage would restart every pod at once.
  if (c.livenessProbe?.httpGet && ['/health', '/health/ready'].includes(c.livenessProbe.httpGet.path)) fail(where, `livenessProbe ${c.livenessProbe.httpGet.path} checks dependencies; use /health/live`);
  if (c.readinessProbe?.httpGet?.path === '/health/live') fail(where, 'readinessProbe /health/live does not check PostgreSQL or Temporal');
  const s = c.startupProbe ?? {};
  const budget = (s.initialDelaySeconds ?? 0) + (s.periodSeconds ?? 10) * (s.failureThreshold ?? 3);
  const needed = role === 'worker' ? 120 : 30;
  if (budget < needed) fail(where, `startupProbe allows ${budget} s; the ${role} needs ${needed} s${role === 'worker' ? ' (the workflow bundle is built before the operator port opens)' : ''}`);

  const annotations = o.spec?.template?.metadata?.annotations ?? {};
  if (annotations['prometheus.io/scrape'] !== 'true') fail(id(o), 'prometheus.io/scrape: "true" missing on the pod template');
  else {
    const scrape = answers(Number(annotations['prometheus.io/port']), annotations['prometheus.io/path'] ?? '/metrics');
    if (scrape) fail(id(o), `prometheus.io annotations: ${scrape}`);
    if ((annotations['prometheus.io/path'] ?? '/metrics') !== '/metrics') fail(id(o), 'prometheus.io/path is not /metrics');
  }

  if (!('secret' in (env.CARD_VAULT_KEY ?? {}))) fail(where, 'CARD_VAULT_KEY must come from a Secret: every process must share one key (a generated one differs per pod)');
  try {
    resolveVaultKey(config, '/nonexistent/card-vault.key');
  } catch (err) {
    fail(where, `card vault: ${(err as Error).message}`);
  }
  if (/^(127\.0\.0\.1|localhost)(:|$)/.test(config.temporal.address)) fail(where, `TEMPORAL_ADDRESS is ${config.temporal.address}: name the cluster's frontend`);
  if (!env.PUBLIC_BASE_URL) fail(where, 'PUBLIC_BASE_URL missing: links in webhooks and pages would say localhost');
  if (!env.LASTRO_MODE) fail(where, 'LASTRO_MODE missing (sandbox by default)');

  if (role === 'worker') {
    const limit = c.resources?.limits?.memory;
    const needed = (config.temporal.maxCachedWorkflows + 512) * 2 ** 20;
    if (limit && bytes(limit) < needed) fail(where, `memory limit ${limit} below ${config.temporal.maxCachedWorkflows} cached workflows x 1 MiB + 512 MiB`);
  }

  // Temporal TLS files: each under a mount of a Secret volume that projects exactly that key.
  const tls = config.temporal.tls ?? {};
  for (const [variable, path] of [['TEMPORAL_TLS_CERT_PATH', tls.certPath], ['TEMPORAL_TLS_KEY_PATH', tls.keyPath], ['TEMPORAL_TLS_CA_PATH', tls.caPath]] as const) {
    if (!path) continue;
    const mount = (c.volumeMounts ?? []).find((m: { mountPath: string }) => path.startsWith(`${m.mountPath.replace(/\/$/, '')}/`));
    type SecretVolume = { items?: Array<{ key: string; path: string }> };
    const secret = mount ? (volumes.get(mount.name)?.secret as SecretVolume | undefined) : undefined;
    if (!secret) {
      fail(where, `${variable} ${path} is not inside a mounted Secret volume`);
      continue;
    }
    const relative = posix.relative(mount.mountPath, path);
    if (!secret.items?.some((i) => i.path === relative)) fail(where, `${variable} ${path}: the Secret volume ${mount.name} projects no ${relative} (list its items, so the file names are certain)`);
  }
}

/** The environment a container starts with: envFrom ConfigMaps, then env, secrets kept as references. */
export function containerEnv(c: Record<string, any>, configMaps: Map<string, K8sObject>, fail: (m: string) => void): Record<string, EnvValue> {
  const env: Record<string, EnvValue> = {};
  for (const from of c.envFrom ?? []) {
    if (from.configMapRef) {
      const cm = configMaps.get(from.configMapRef.name);
      if (!cm) fail(`envFrom ConfigMap ${from.configMapRef.name} is not in the manifests`);
      for (const [k, v] of Object.entries(cm?.data ?? {})) env[(from.prefix ?? '') + k] = { value: String(v) };
    } else fail(`envFrom ${JSON.stringify(from)}: only ConfigMaps (Secrets by single keys, so each one is named)`);
  }
  for (const e of c.env ?? []) {
    if (e.value !== undefined) env[e.name] = { value: String(e.value) };
    else if (e.valueFrom?.secretKeyRef) env[e.name] = { secret: e.valueFrom.secretKeyRef };
    else if (e.valueFrom?.configMapKeyRef) {
      const ref = e.valueFrom.configMapKeyRef;
      const value = configMaps.get(ref.name)?.data?.[ref.key];
      if (value === undefined) fail(`${e.name}: ConfigMap key ${ref.name}/${ref.key} not in the manifests`);
      env[e.name] = { value: String(value) };
    } else env[e.name] = { other: e.valueFrom };
  }
  return env;
}

/** loadConfig on a container's environment, with stand-ins for its Secret references. */
function tryLoadConfig(env: Record<string, EnvValue>, fail: (m: string) => void): Config | undefined {
  const plain: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) {
    if ('value' in v) plain[k] = v.value;
    else if ('secret' in v) plain[k] = SECRET_STAND_INS[k] ?? 'from-a-secret';
  }
  try {
    return loadConfig(plain);
  } catch (err) {
    fail(`loadConfig rejects this environment: ${(err as Error).message}`);
    return undefined;
  }
}

function commandOf(c: Record<string, any>): string {
  return [...(c.command ?? []), ...(c.args ?? [])].join(' ');
}

function containerPort(c: Record<string, any>, port: string | number): number | undefined {
  const ports: Array<{ name?: string; containerPort: number }> = c.ports ?? [];
  if (typeof port === 'number') return ports.some((p) => p.containerPort === port) ? port : undefined;
  return ports.find((p) => p.name === port)?.containerPort;
}

function selects(selector: Record<string, string> | undefined, labels: Record<string, string> | undefined): boolean {
  const entries = Object.entries(selector ?? {});
  return entries.length > 0 && entries.every(([k, v]) => labels?.[k] === v);
}

/** A Kubernetes memory quantity in bytes (Ki/Mi/Gi, k/M/G, plain). */
export function bytes(q: string | number): number {
  const m = /^(\d+(?:\.\d+)?)([KMGT]i?|[kmgt])?$/.exec(String(q));
  if (!m) throw new Error(`memory quantity ${q}`);
  const unit = m[2] ?? '';
  const scale: Record<string, number> = { '': 1, k: 1e3, K: 1e3, M: 1e6, G: 1e9, T: 1e12, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40 };
  return Number(m[1]) * scale[unit];
}
