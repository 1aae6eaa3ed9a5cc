import fs from 'node:fs';
import path from 'node:path';

/** Modules in scripts/bench/ that are shared by the benchmarks, not benchmarks. */
const SHARED = ['bench-stack', 'cpu', 'harness', 'processes'];

/**
 * `npm run bench -- <name> [args…]` runs scripts/bench/<name>.ts: a module exporting
 * `run(args: string[]): Promise<void>`, built on scripts/bench/harness.ts (its arguments, the
 * stack it starts and stops: embedded PostgreSQL and the Temporal dev server on a SQLite file,
 * as `npm run dev`; its report). Every benchmark prints its summary and the CPU seconds of each
 * process over its measured phase (scripts/bench/cpu.ts), then as the last line of stdout one
 * JSON object: {"bench", "args", "results": [{"name", "clients", "rate", "p50", "p99",
 * "floorRate", "floorP99", "ratio"}…], "statementsPerOp", "cpuSeconds", "machine"}, more fields
 * allowed; ratio = rate / floorRate, higher is better.
 */
async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  const dir = path.join(__dirname, 'bench');
  const available = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.replace(/\.ts$/, ''))
    .filter((n) => !SHARED.includes(n));
  if (!name || !available.includes(name)) {
    console.error(`usage: npm run bench -- <name> [args…]\navailable: ${available.join(', ')}`);
    process.exit(2);
  }
  const bench = (await import(path.join(dir, name))) as { run(args: string[]): Promise<void> };
  await bench.run(args);
}

main().then(
  // Exits even if a library left a handle open: a benchmark must always stop by itself.
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
