#!/bin/sh
# Runs jest under one Node LTS line whatever Node runs npm: `sh scripts/jest-on-node.sh 22 <jest args>`
# (scripts/on-node.sh says how).
set -eu
cd "$(dirname "$0")/.."
major="$1"
shift
exec sh scripts/on-node.sh "$major" node_modules/jest/bin/jest.js "$@"
