import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The command `npm run lastro` runs (package.json's `lastro` script, `node --import tsx
 * src/cli/index.ts`), as the argv of a process started under the suite's Node
 * (process.execPath, as every process the tests start: scripts/jest-on-node.sh). Read from
 * package.json, so a change to the script is a change to what the tests run; a script that is
 * more than `node <args>` (a shell pipeline, variables) is refused rather than approximated.
 */
export function lastroScriptArgs(): string[] {
  const script: unknown = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts?.lastro;
  if (typeof script !== 'string' || !/^node( [\w@./=:-]+)+$/.test(script)) {
    throw new Error(`package.json scripts.lastro is ${JSON.stringify(script)}: test/helpers/lastro-cli.ts runs only a plain \`node <args>\` script; run it through npm instead`);
  }
  return script.split(' ').slice(1);
}

/**
 * Node's on-disk compile cache (NODE_COMPILE_CACHE) for the CLI processes: each one loads the
 * same few hundred modules (the ORM, the Temporal client, the CLI's TypeScript as tsx emits it);
 * with the cache a start skips compiling them again. It changes no behaviour, only start time.
 * One folder per machine user under the run's temporary folder.
 */
export const nodeCompileCacheDir = path.join(os.tmpdir(), `lastro-node-compile-cache-${os.userInfo().uid}`);

export interface LastroOptions {
  /** The full environment of the process (the caller decides what it inherits). */
  env: NodeJS.ProcessEnv;
  /** Start it through `npm run --silent lastro -- …` itself (a test that checks the npm script end to end). */
  viaNpm?: boolean;
}

/**
 * The operator CLI as its own process, as `npm run lastro -- <args>` starts it (the script's
 * command, in the repository root, with `env`), without npm's own start in front (a third of a
 * second a call, dozens of calls a file). Resolves with its exit code and output; never rejects
 * on a non-zero exit.
 */
export function runLastro(args: string[], { env, viaNpm = false }: LastroOptions): Promise<CliResult> {
  const [cmd, argv] = viaNpm ? ['npm', ['run', '--silent', 'lastro', '--', ...args]] : [process.execPath, [...lastroScriptArgs(), ...args]];
  const childEnv = { NODE_COMPILE_CACHE: nodeCompileCacheDir, ...env };
  return new Promise((resolve) => {
    execFile(cmd, argv, { cwd: root, env: childEnv, encoding: 'utf8' }, (err: any, stdout, stderr) => {
      // A failed run's err.code is its exit code (or why it could not run), as the callers always had it.
      resolve(err ? { code: err.code, stdout: err.stdout ?? stdout, stderr: err.stderr ?? stderr } : { code: 0, stdout, stderr });
    });
  });
}
