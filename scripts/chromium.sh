#!/usr/bin/env bash
# Provisions the headless browser used by the KYC page tests: Debian's `chromium` package.
# Installs it only when absent, so a fresh machine gets it on the first `npm test` and every
# later run is a no-op. Prints the browser's path on its last line.
set -euo pipefail

CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"

if [ ! -x "$CHROMIUM_PATH" ]; then
  echo "chromium not found at $CHROMIUM_PATH: installing the Debian package" >&2
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update >&2
  $SUDO apt-get install -y chromium >&2
fi

echo "$CHROMIUM_PATH"
