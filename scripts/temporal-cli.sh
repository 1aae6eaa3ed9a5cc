#!/usr/bin/env bash
# Provisions the Temporal CLI (`temporal server start-dev`: dev server + web UI) and prints
# the binary's path as the last line of stdout.
#
# Without go the last line is empty and the exit status is 0: the caller must then fall back
# to the Temporal SDK's own `cached-download`, which is what most machines use.
# TEMPORAL_CLI_PATH, when set to an executable, is printed as-is and nothing is done.
# v1.5.1 is pinned because later tags carry `replace` directives and cannot be go-installed.
set -euo pipefail

version="${TEMPORAL_CLI_VERSION:-v1.5.1}"
# Built into the tool cache LASTRO_TOOL_CACHE (default ~/.cache/lastro), outside any clone, so
# a fresh clone on the same machine (CI) skips the build; Go's module cache lives there too.
cache="${LASTRO_TOOL_CACHE:-$HOME/.cache/lastro}"
bin="$cache/temporal-cli-$version/temporal"

if [[ -n "${TEMPORAL_CLI_PATH:-}" && -x "$TEMPORAL_CLI_PATH" ]]; then
  echo "$TEMPORAL_CLI_PATH"; exit 0
fi
if [[ -x "$bin" ]]; then echo "$bin"; exit 0; fi
if ! command -v go >/dev/null; then
  echo "temporal-cli: no go, falling back to the SDK's download" >&2; echo; exit 0
fi

mkdir -p "$cache/go" "$(dirname "$bin")"
# Test runs and the dev launcher may provision at the same time: one builds, the others wait.
if command -v flock >/dev/null; then
  exec 9>"$cache/temporal-cli.lock"
  if ! flock -n 9; then
    # src/dev/temporal-dev-server.ts starts its heartbeat on this line and on the "building" one.
    echo "temporal-cli: another process is building the Temporal CLI $version; waiting for it" >&2
    flock 9
  fi
  if [[ -x "$bin" ]]; then echo "$bin"; exit 0; fi
fi
echo "temporal-cli: building the Temporal CLI $version with go, once for this machine (usually 7-18 minutes on 2 cores; later runs reuse $bin)" >&2
started=$SECONDS
stage="$(mktemp -d "$cache/go/stage.XXXXXX")"
trap 'rm -rf "$stage"' EXIT
# -modcacherw: Go makes its module cache read-only, which would break `rm -rf` of the cache.
export GOPATH="$cache/go" GOMODCACHE="$cache/go/pkg/mod" \
  GOCACHE="$cache/go/build" GOFLAGS="${GOFLAGS:-} -modcacherw"
# Same ldflags as the upstream release build: a smaller binary that reports its version.
GOBIN="$stage" go install -ldflags "-s -w -X github.com/temporalio/cli/temporalcli.Version=${version#v}" \
  "github.com/temporalio/cli/cmd/temporal@$version" >&2
go clean -cache # 1.4 GB of objects nothing reuses; the module cache stays for offline rebuilds

# Smoke test before publishing the binary: both the gRPC port and the UI must answer.
port=$((20000 + RANDOM % 20000))
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null ||
  (exec 3<>"/dev/tcp/127.0.0.1/$((port + 1))") 2>/dev/null; do port=$((port + 2)); done
ui=$((port + 1))
"$stage/temporal" server start-dev --ip 127.0.0.1 --port "$port" --ui-port "$ui" \
  --db-filename "$stage/smoke.db" --log-level error >"$stage/smoke.log" 2>&1 &
pid=$!
ok=0
for _ in $(seq 90); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null &&
    [[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$ui/")" == 200 ]]; then
    ok=1; break
  fi
  kill -0 "$pid" 2>/dev/null || break
  sleep 1
done
kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
if [[ $ok != 1 ]]; then
  echo "temporal-cli: smoke test failed (ports $port/$ui):" >&2; cat "$stage/smoke.log" >&2; exit 1
fi
mv "$stage/temporal" "$bin"
echo "temporal-cli: built $bin in $((SECONDS - started)) s" >&2
echo "$bin"
