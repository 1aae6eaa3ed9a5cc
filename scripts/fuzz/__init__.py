"""Schemathesis hooks of scripts/fuzz.sh (entry: scripts/fuzz-hooks.py), by concern.

generators: strategies for the OpenAPI `format`s JSON Schema cannot check (check digits,
content). stack: the fuzz stack's client and what every repair shares. One module per domain
(recipients, payments, billing, checkout, customers, webhooks) holds that domain's repairs of
positive cases (REPAIRS, by operation) and the seeded ids its paths take (SEEDED, by operation;
scripts/fuzz-seed.py makes the objects). one_parse: a CPython threading fix both fuzz runs
import (scripts/fuzz-psp-hooks.py too).
"""
