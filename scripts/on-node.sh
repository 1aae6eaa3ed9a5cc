#!/bin/sh
# Runs node of one LTS line whatever Node runs npm: `sh scripts/on-node.sh 24 <node args>`.
# The npm registry's `node` package provides the binary (cached by npx after the first run), so
# the tests and the benchmarks run on the lines Lastro supports (package.json engines: 22 and 24)
# even on a machine whose own Node is older. The processes they start (API, worker, embedded
# processors) run under the same binary: they are spawned with process.execPath.
set -eu
cd "$(dirname "$0")/.."
major="$1"
shift
npx -y "node@$major" -e "
  const major = process.versions.node.split('.')[0];
  if (major !== '$major') { console.error('on-node: expected Node $major, got ' + process.version); process.exit(1); }
  console.error('on-node: Node ' + process.version + ' (' + process.execPath + ')');
"
exec npx -y "node@$major" "$@"
