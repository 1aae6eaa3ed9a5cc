#!/bin/sh
# Runs jest under one Node LTS line whatever Node runs npm: `sh scripts/jest-on-node.sh 22 <jest args>`.
# The npm registry's `node` package provides the binary (cached by npx after the first run), so
# the suites run on the lines Lastro supports (package.json engines: 22 and 24) even on a machine
# whose own Node is older. The processes the tests start (API, worker, embedded processors) run
# under the same binary: they are spawned with process.execPath.
set -eu
cd "$(dirname "$0")/.."
major="$1"
shift
npx -y "node@$major" -e "
  const major = process.versions.node.split('.')[0];
  if (major !== '$major') { console.error('jest-on-node: expected Node $major, got ' + process.version); process.exit(1); }
  console.log('jest-on-node: jest under Node ' + process.version + ' (' + process.execPath + ')');
"
exec npx -y "node@$major" node_modules/jest/bin/jest.js "$@"
