import fs from 'node:fs';
import path from 'node:path';

/** Where globalSetup writes the workflow bundle, built once per test run (bundling is slow). */
export const WORKFLOW_BUNDLE_PATH = path.resolve(__dirname, '..', '..', '.cache', 'test', 'workflow-bundle.js');

export function workflowBundle(): { codePath: string } {
  if (!fs.existsSync(WORKFLOW_BUNDLE_PATH)) throw new Error(`No workflow bundle at ${WORKFLOW_BUNDLE_PATH}: run tests through jest (globalSetup)`);
  return { codePath: WORKFLOW_BUNDLE_PATH };
}
