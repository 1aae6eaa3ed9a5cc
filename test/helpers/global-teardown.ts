import fs from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const bundle = process.env.LASTRO_TEST_WORKFLOW_BUNDLE;
  if (bundle) fs.rmSync(bundle, { force: true });
  await global.__LASTRO_PG__?.stop();
}
