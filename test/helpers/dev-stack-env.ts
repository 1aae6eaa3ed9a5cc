import { freePort } from './ports';

/**
 * The environment for running `npm run dev` in its own data folder on free ports, as the
 * e2e test and the soak benchmark do: the dev stack starts its own PostgreSQL and Temporal
 * (so DATABASE_URL and TEMPORAL_ADDRESS from the caller's environment are dropped).
 */
export async function devStackEnv(dataDir: string, extra: Record<string, string> = {}): Promise<NodeJS.ProcessEnv> {
  const [port, pgPort, temporalPort, uiPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LASTRO_DATA_DIR: dataDir,
    PORT: String(port),
    PGPORT: String(pgPort),
    TEMPORAL_PORT: String(temporalPort),
    TEMPORAL_UI_PORT: String(uiPort),
    LOG_LEVEL: 'warn',
    ...extra,
  };
  delete env.DATABASE_URL;
  delete env.TEMPORAL_ADDRESS;
  return env;
}
