import type { TestStack } from '../helpers/stack';
import { runLastro, type CliResult } from '../helpers/lastro-cli';

const stackEnv = (stack: TestStack): NodeJS.ProcessEnv => ({
  ...process.env,
  DATABASE_URL: stack.config.databaseUrl,
  TEMPORAL_ADDRESS: stack.env.connection.options.address,
  TEMPORAL_TASK_QUEUE: stack.config.temporal.taskQueue,
});

/**
 * `npm run lastro -- …` as an operator runs it (the script's command as its own process:
 * test/helpers/lastro-cli.ts), against a test stack's database and Temporal server.
 */
export function lastro(stack: TestStack, ...args: string[]): Promise<CliResult> {
  return runLastro(args, { env: stackEnv(stack) });
}

/** The same through `npm run --silent lastro -- …` itself: a test that checks the npm script end to end. */
export function lastroViaNpm(stack: TestStack, ...args: string[]): Promise<CliResult> {
  return runLastro(args, { env: stackEnv(stack), viaNpm: true });
}
