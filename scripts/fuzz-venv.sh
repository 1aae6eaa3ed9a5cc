# Sourced by the fuzz scripts (scripts/fuzz.sh, scripts/fuzz-psp.sh) with $root set: sets $venv,
# the virtualenv with schemathesis, made on first use (gitignored, under .cache).
venv="$root/.cache/fuzz-venv"
if [ ! -x "$venv/bin/schemathesis" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet 'schemathesis==4.32.5'
fi
