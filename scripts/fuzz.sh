#!/bin/sh
# Fuzzing and conformance of the API with schemathesis (PyPI) against /openapi.json of a dev
# stack this script starts (its own data folder and ports) and stops. docs/hardening.md.
#   npm run test:fuzz                          bounded run (CI): fuzzing + stateful phases, 5 examples
#   FUZZ_PHASES=examples,coverage,fuzzing,stateful FUZZ_MAX_EXAMPLES=200 npm run test:fuzz    the long run
# Extra arguments go to `schemathesis run` (e.g. --include-operation-id createCustomer).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

. "$root/scripts/fuzz-venv.sh"

# Ports are free ones picked now (FUZZ_* fix them), so the fuzzer never meets another stack's
# server; the dev launcher also refuses to start on a taken port.
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=${FUZZ_PORT:-$(free_port)}
data="${FUZZ_DATA_DIR:-$root/.cache/fuzz-data}"
rm -rf "$data"
mkdir -p "$data"
log="$data/dev.log"

# Limits a single fuzzing client would trip (one address, thousands of requests) are raised:
# the rate limiters have their own tests.
# The stack's PostgreSQL and Temporal, also for the operator CLI that scripts/fuzz-seed.py runs.
PGPORT=${FUZZ_PGPORT:-$(free_port)}
# Set here, not inside the backgrounded command below (whose expansions run in a subshell).
LASTRO_FUZZ_WEBHOOK_TARGET=${LASTRO_FUZZ_WEBHOOK_TARGET:-127.0.0.1:$(free_port)}
temporal_port=${FUZZ_TEMPORAL_PORT:-$(free_port)}
export PGPORT
LASTRO_DATA_DIR="$data" PORT=$port PUBLIC_BASE_URL="http://127.0.0.1:$port" \
  TEMPORAL_PORT=$temporal_port TEMPORAL_UI_PORT=${FUZZ_TEMPORAL_UI_PORT:-$(free_port)} \
  WEBHOOK_ALLOWLIST="$LASTRO_FUZZ_WEBHOOK_TARGET" \
  RATE_LIMIT_PER_MINUTE=1000000 AUTH_FAILURES_PER_MINUTE=1000000 \
  CARD_TOKENS_PER_MINUTE_PER_IP=1000000 CARD_TOKENS_PER_MINUTE_PER_COMPANY=1000000 \
  CHECKOUT_VISITS_PER_MINUTE_PER_ADDRESS=1000000 CHECKOUT_VISITS_PER_MINUTE_PER_LINK=1000000 \
  CHECKOUT_CONFIRMS_PER_MINUTE_PER_ADDRESS=1000000 CHECKOUT_CONFIRMS_PER_MINUTE_PER_LINK=1000000 \
  node --import tsx src/dev/index.ts >"$log" 2>&1 &
dev=$!
stop() {
  kill -TERM "$dev" 2>/dev/null || true
  wait "$dev" 2>/dev/null || true
}
trap stop EXIT INT TERM

i=0
until grep -q '^LASTRO_DEV_READY ' "$log"; do
  i=$((i + 1))
  if [ $i -gt 240 ] || ! kill -0 "$dev" 2>/dev/null; then
    echo "fuzz: the dev stack did not start; its log:" >&2
    tail -40 "$log" >&2
    exit 1
  fi
  sleep 0.5
done
# The key goes only where the OpenAPI document's `apiKey` security scheme applies, so public
# routes (tokenization refuses a secret key by design) are called without it.
LASTRO_FUZZ_API_KEY=$(grep '^LASTRO_DEV_READY ' "$log" | sed 's/.*"apiKey":"\([^"]*\)".*/\1/')
export LASTRO_FUZZ_API_KEY
LASTRO_FUZZ_COMPANY_ID=$(grep '^LASTRO_DEV_READY ' "$log" | sed 's/.*"companyId":"\([^"]*\)".*/\1/')
LASTRO_FUZZ_BASE_URL="http://127.0.0.1:$port"
export LASTRO_FUZZ_COMPANY_ID LASTRO_FUZZ_WEBHOOK_TARGET LASTRO_FUZZ_BASE_URL

# What a merchant taking payments has (an active owner recipient…), made through the API.
seeded=$(TEMPORAL_ADDRESS="127.0.0.1:$temporal_port" "$venv/bin/python" "$root/scripts/fuzz-seed.py")
for line in $seeded; do export "$line"; done
config="$data/schemathesis.toml"
printf '[auth.openapi.apiKey]\napi_key = "${LASTRO_FUZZ_API_KEY}"\n' >"$config"

# NUL (U+0000) is refused on every route by design (PostgreSQL cannot store it; a 400 naming
# where it is, docs/api-conventions.md), so it is not generated as "valid" data.
# Formats for values with check digits (CPF, CNPJ, card numbers) get valid generators there.
export SCHEMATHESIS_HOOKS="$root/scripts/fuzz-hooks.py"
set +e
"$venv/bin/schemathesis" --config-file "$config" run "http://127.0.0.1:$port/openapi.json" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,negative_data_rejection,positive_data_acceptance,ignored_auth,unsupported_method \
  --max-examples "${FUZZ_MAX_EXAMPLES:-5}" \
  --phases "${FUZZ_PHASES:-fuzzing,stateful}" \
  --generation-allow-x00 false \
  --workers "${FUZZ_WORKERS:-2}" \
  --seed "${FUZZ_SEED:-1}" \
  --request-timeout 30 \
  --report junit --report-dir "$data/report" \
  "$@"
status=$?
set -e
if [ $status -ne 0 ]; then
  echo "fuzz: failures above; API and worker log in $log, report in $data/report" >&2
fi
exit $status
