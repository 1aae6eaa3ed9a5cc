import fs from 'node:fs';
import path from 'node:path';

const BUNDLE_DIR = path.resolve(__dirname, '..', '..', '.cache', 'test');

/**
 * Where globalSetup writes this run's workflow bundle (bundling is slow, so it is built once
 * per run). Each run gets its own file, so two jest runs in one checkout never read each
 * other's half-written bundle.
 */
export function newWorkflowBundlePath(): string {
  return path.join(BUNDLE_DIR, `workflow-bundle-${process.pid}.js`);
}

export function workflowBundle(): { codePath: string } {
  const codePath = process.env.LASTRO_TEST_WORKFLOW_BUNDLE;
  if (!codePath || !fs.existsSync(codePath)) throw new Error('No workflow bundle: run tests through jest (globalSetup builds it)');
  return { codePath };
}
