#!/bin/sh
# Conformance of the embedded Pix PSP (src/processors/embedded/pix) to the BCB API Pix document
# 2.9.0, with schemathesis: the document is read where it lives (never copied here), the PSP is
# started as its own process on a free port, and the operations it implements are called with a
# token carrying the scopes the document names for them. docs/processors.md, "Conformance".
#   npm run test:fuzz                 runs this first (bounded: examples + fuzzing, 5 examples)
#   FUZZ_PSP_PHASES=examples,coverage,fuzzing FUZZ_PSP_MAX_EXAMPLES=200 sh scripts/fuzz-psp.sh    the long run
# Extra arguments go to `schemathesis run`.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

spec="${BCB_API_PIX_SPEC:-$root/../shared/spec/bcb-api-pix-2.9.0.yaml}"
# The document is never copied into the repository: a checkout without it beside (a bare CI
# clone) skips this run, loudly, as the jest conformance checks skip theirs;
# FUZZ_PSP_REQUIRE_SPEC=1 makes its absence a failure instead.
if [ ! -f "$spec" ]; then
  echo "fuzz-psp: SKIPPED: the BCB API Pix document is not at $spec (it lives beside the repository, in ../shared/spec/; BCB_API_PIX_SPEC names another copy)" >&2
  [ "${FUZZ_PSP_REQUIRE_SPEC:-0}" = "1" ] && exit 1
  exit 0
fi

. "$root/scripts/fuzz-venv.sh"

# What the PSP implements (src/processors/embedded/pix/server.ts, mandate.routes.ts): cob, cobv,
# pix, devolução and webhook by chave; Pix Automático's locrec, rec, solicrec, cobr (with its
# retentativa), webhookrec and webhookcobr. Not the lists GET /cob, /cobv and /webhook,
# POST /cob, loc, lotecobv, DELETE /locrec/{id}/idRec; not the payload locations either, which the
# PSP serves under /qr/v2/ on the location's host, not at the document's /{pixUrlAccessToken}.
paths='^/(cob/\{txid\}|cobv/\{txid\}|pix|pix/\{e2eid\}|pix/\{e2eid\}/devolucao/\{id\}|webhook/\{chave\}|locrec|locrec/\{id\}|rec|rec/\{idRec\}|solicrec|solicrec/\{idSolicRec\}|cobr|cobr/\{txid\}|cobr/\{txid\}/retentativa/\{data\}|webhookrec|webhookcobr)$'

data="${FUZZ_PSP_DATA_DIR:-$root/.cache/fuzz-psp}"
rm -rf "$data"
mkdir -p "$data"
log="$data/psp.log"
node --import tsx src/processors/embedded/main.ts pix --port 0 >"$data/psp.json" 2>"$log" &
psp=$!
stop() {
  kill -TERM "$psp" 2>/dev/null || true
  wait "$psp" 2>/dev/null || true
}
trap stop EXIT INT TERM

i=0
until [ -s "$data/psp.json" ] && grep -q '^{.*}$' "$data/psp.json"; do
  i=$((i + 1))
  if [ $i -gt 240 ] || ! kill -0 "$psp" 2>/dev/null; then
    echo "fuzz-psp: the embedded Pix PSP did not start; its log:" >&2
    tail -40 "$log" >&2
    exit 1
  fi
  sleep 0.25
done
info=$(head -1 "$data/psp.json")
base_url=$("$venv/bin/python" -c 'import json, sys; print(json.loads(sys.argv[1])["baseUrl"])' "$info")

seeded=$("$venv/bin/python" "$root/scripts/fuzz-psp-setup.py" "$info" "$spec" "$paths")
for line in $seeded; do export "$line"; done

export SCHEMATHESIS_HOOKS="$root/scripts/fuzz-psp-hooks.py"
set +e
"$venv/bin/schemathesis" run "$spec" --url "$base_url" \
  --include-path-regex "$paths" \
  -H "Authorization: Bearer $FUZZ_PSP_TOKEN" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
  --max-examples "${FUZZ_PSP_MAX_EXAMPLES:-5}" \
  --phases "${FUZZ_PSP_PHASES:-examples,fuzzing}" \
  --workers "${FUZZ_WORKERS:-2}" \
  --seed "${FUZZ_SEED:-1}" \
  --request-timeout 30 \
  --report junit --report-dir "$data/report" \
  "$@"
status=$?
set -e
if [ $status -ne 0 ]; then
  echo "fuzz-psp: failures above; the PSP's log in $log, report in $data/report" >&2
fi
exit $status
