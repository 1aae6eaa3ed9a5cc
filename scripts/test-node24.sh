#!/bin/sh
# The unit suite under Node 24 LTS, beside the main run under the machine's Node: the npm
# registry's `node` package provides the binary (cached by npx after the first run). Lastro
# supports Node 22 and 24 (package.json engines); `npm test` runs this after the lint.
set -eu
cd "$(dirname "$0")/.."
npx -y node@24 -e "
  const major = process.versions.node.split('.')[0];
  if (major !== '24') { console.error('test:node24: expected Node 24, got ' + process.version); process.exit(1); }
  console.log('test:node24: the unit suite under Node ' + process.version + ' (' + process.execPath + ')');
"
exec npx -y node@24 node_modules/jest/bin/jest.js --selectProjects unit "$@"
