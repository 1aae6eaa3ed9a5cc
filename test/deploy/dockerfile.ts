/**
 * The Dockerfile and .dockerignore as Docker reads them, for tests that check the image without a
 * Docker engine (test/deploy/docker-compose.unit.test.ts, test/deploy/image.int.test.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';

export const root = resolve(__dirname, '..', '..');

export interface Instruction {
  op: string;
  args: string;
}

/** Dockerfile instructions with comments dropped and `\` continuations joined. */
export function dockerfileInstructions(path = join(root, 'Dockerfile')): Instruction[] {
  const lines = readFileSync(path, 'utf8').split('\n');
  const out: Instruction[] = [];
  let current = '';
  for (const raw of lines) {
    const line = raw.trim();
    if (line.startsWith('#')) continue; // also inside a continuation, as Docker does
    current += (current ? ' ' : '') + line.replace(/\\$/, '').trim();
    if (line.endsWith('\\')) continue;
    if (current) {
      const m = /^(\S+)\s*(.*)$/.exec(current)!;
      out.push({ op: m[1].toUpperCase(), args: m[2] });
    }
    current = '';
  }
  return out;
}

export interface Stage {
  name: string;
  image: string;
  instructions: Instruction[];
}

/** The build stages, each with the instructions after its FROM. */
export function dockerfileStages(instructions = dockerfileInstructions()): Stage[] {
  const stages: Stage[] = [];
  for (const i of instructions) {
    if (i.op === 'FROM') {
      const [image, , name] = i.args.split(/\s+/);
      stages.push({ name: name ?? String(stages.length), image, instructions: [] });
    } else stages[stages.length - 1]?.instructions.push(i);
  }
  return stages;
}

/** Arguments of a COPY/ADD without its --flags; JSON or shell form. */
export function copyArgs(args: string): { flags: string[]; paths: string[] } {
  const flags: string[] = [];
  let rest = args;
  for (let m = /^(--\S+)\s+/.exec(rest); m; m = /^(--\S+)\s+/.exec(rest)) {
    flags.push(m[1]);
    rest = rest.slice(m[0].length);
  }
  const paths = rest.startsWith('[') ? (JSON.parse(rest) as string[]) : rest.split(/\s+/).filter(Boolean);
  return { flags, paths };
}

/** A .dockerignore pattern as a regular expression over a context-relative path (Go's filepath.Match, plus `**`). */
function patternRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      const slash = pattern[i + 2] === '/';
      re += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += /[.+^${}()|[\]\\]/.test(c) ? `\\${c}` : c;
  }
  return new RegExp(`^${re}$`);
}

function ignorePatterns(): { exclude: boolean; re: RegExp }[] {
  const file = join(root, '.dockerignore');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const exclude = !l.startsWith('!');
      const cleaned = posix.normalize(l.replace(/^!/, '').replace(/^\/+/, '')).replace(/\/$/, '');
      return { exclude, re: patternRegExp(cleaned) };
    });
}

/**
 * Whether the build context leaves `path` out, as Docker decides: the last pattern that
 * matches the path or one of its parent folders wins, `!` patterns putting it back.
 */
export function dockerignored(path: string): boolean {
  const clean = posix.normalize(path.replace(/^\.\//, '')).replace(/\/$/, '');
  const parts = clean.split('/');
  const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  let ignored = false;
  for (const p of ignorePatterns()) if (prefixes.some((prefix) => p.re.test(prefix))) ignored = p.exclude;
  return ignored;
}

/** The files of the build context under `source` (a file or a folder), context-relative. */
export function contextFiles(source: string): string[] {
  const clean = posix.normalize(source.replace(/^\.\//, '')).replace(/\/$/, '');
  const abs = join(root, clean);
  if (!existsSync(abs)) return [];
  if (!statSync(abs).isDirectory()) return dockerignored(clean) ? [] : [clean];
  return readdirSync(abs).flatMap((entry) => contextFiles(`${clean}/${entry}`));
}
