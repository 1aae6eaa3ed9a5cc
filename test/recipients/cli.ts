import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestStack } from '../helpers/stack';

const execFileAsync = promisify(execFile);

/** `npm run lastro -- …` as an operator runs it, against a test stack's database and Temporal server. */
export async function lastro(stack: TestStack, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    ...process.env,
    DATABASE_URL: stack.config.databaseUrl,
    TEMPORAL_ADDRESS: stack.env.connection.options.address,
    TEMPORAL_TASK_QUEUE: stack.config.temporal.taskQueue,
  };
  try {
    const { stdout, stderr } = await execFileAsync('npm', ['run', '--silent', 'lastro', '--', ...args], { cwd: path.resolve(__dirname, '..', '..'), env, encoding: 'utf8' });
    return { code: 0, stdout, stderr };
  } catch (err: any) {
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}
