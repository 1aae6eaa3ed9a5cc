import fs from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const bundle = process.env.LASTRO_TEST_WORKFLOW_BUNDLE;
  if (bundle) fs.rmSync(bundle, { force: true });
  for (const pid of [Number(process.env.LASTRO_TEST_PIX_PSP_PID), Number(process.env.LASTRO_TEST_CARD_ACQUIRER_PID), Number(process.env.LASTRO_TEST_PAYOUT_PROVIDER_PID), Number(process.env.LASTRO_TEST_BOLETO_ISSUER_PID)]) {
    if (!pid) continue;
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await global.__LASTRO_PG__?.stop();
}
