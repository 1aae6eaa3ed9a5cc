export default async function globalTeardown(): Promise<void> {
  await global.__LASTRO_PG__?.stop();
}
