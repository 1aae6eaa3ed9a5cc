import { loadConfig } from '../config';
import { createOrm, migrate } from './orm';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the embedded default). */
async function main(): Promise<void> {
  const config = loadConfig();
  const orm = await createOrm(config.databaseUrl);
  try {
    await migrate(orm, config.databaseUrl);
    console.log('migrations applied');
  } finally {
    await orm.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
