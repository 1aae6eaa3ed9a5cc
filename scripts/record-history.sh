#!/bin/sh
# Records the history of one workflow type (or `all`) into test/histories/ for the replay test:
#   npm run record:history -- <workflowType>
# The recorders live in test/replay/record-histories.int.test.ts (one per type).
set -e
if [ -z "$1" ]; then
  echo "usage: npm run record:history -- <workflowType>|all" >&2
  exit 2
fi
RECORD_HISTORY="$1" exec npx jest test/replay/record-histories.int.test.ts --selectProjects integration
