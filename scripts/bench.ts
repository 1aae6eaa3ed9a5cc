import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm run bench -- <name> [args…]` runs scripts/bench/<name>.ts: a module exporting
 * `run(args: string[]): Promise<void>`. Each benchmark starts (and stops) what it needs.
 */
async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  const dir = path.join(__dirname, 'bench');
  const available = fs.readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => f.replace(/\.ts$/, ''));
  if (!name || !available.includes(name)) {
    console.error(`usage: npm run bench -- <name>\navailable: ${available.join(', ')}`);
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
