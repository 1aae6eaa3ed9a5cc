#!/bin/sh
# Re-records every workflow history under test/histories/<domain>/ for the replay test
# (test/replay/all-workflows.int.test.ts). Until the first release, a change to a workflow's
# command sequence re-records here instead of adding a `patched()` branch:
#   npm run record:history
# The histories come from the workflow tests that call recordHistory() and, for types without
# such a test, from the recorders in test/replay/record-histories.int.test.ts.
set -e
cd "$(dirname "$0")/.."
# Every test file that records (calls recordHistory), found rather than listed, so none is forgotten.
files=$(grep -rl --include='*.test.ts' 'recordHistory(' test | grep -v 'test/replay/all-workflows' | sort)
rm -rf test/histories
# shellcheck disable=SC2086
RECORD_HISTORIES=1 exec npx jest $files --selectProjects integration
