import fs from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const bundle = process.env.LASTRO_TEST_WORKFLOW_BUNDLE;
  if (bundle) fs.rmSync(bundle, { force: true });
  const psp = Number(process.env.LASTRO_TEST_PIX_PSP_PID);
  if (psp) {
    try {
      process.kill(psp, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await global.__LASTRO_PG__?.stop();
}
