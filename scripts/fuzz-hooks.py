"""Schemathesis hooks for scripts/fuzz.sh (loaded through SCHEMATHESIS_HOOKS): the package
scripts/fuzz/ registered with schemathesis.

Formats the API checks beyond JSON Schema get generators of valid values (fuzz/generators.py).
Positive cases are repaired to follow the API's rules beyond the schema, and their paths name
objects scripts/fuzz-seed.py made, by operation (REPAIRS and SEEDED of each domain module).
"""

import os
import sys

import schemathesis

# Loaded as a file, not as a module of a package: the package beside it is made importable.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import fuzz.one_parse  # noqa: E402,F401  (one ast.parse at a time on affected CPythons)
from fuzz import billing, checkout, customers, events, lists, payments, receivables, recipients, webhooks  # noqa: E402
from fuzz.generators import FORMATS  # noqa: E402
from fuzz.stack import stack_company  # noqa: E402

for name, strategy in FORMATS.items():
    schemathesis.openapi.format(name, strategy)

DOMAINS = (recipients, payments, receivables, billing, checkout, customers, webhooks, events)


def merged(tables):
    """One table of the domains' entries; an operation belongs to one domain only."""
    one = {}
    for table in tables:
        overlap = one.keys() & table.keys()
        assert not overlap, f"operations in two domain modules: {sorted(overlap)}"
        one.update(table)
    return one


REPAIRS = merged(d.REPAIRS for d in DOMAINS)
SEEDED = merged(d.SEEDED for d in DOMAINS)


def operation(case):
    """The key of a case's operation in the domain tables, which name it without /v1 (the
    document serves every merchant route under it)."""
    path = case.path[3:] if case.path.startswith("/v1/") else case.path
    return case.method.upper(), path


def seeded_path(case):
    """A positive case's path names the seeded object, so it is fuzzed past the lookup: a
    generated id never names anything, and an id schemathesis took from an earlier answer only
    comes when that answer ran first. The stateful phase keeps the ids its links carry:
    following them is its point."""
    names = SEEDED.get(operation(case))
    if names and case.meta.phase.name.value != "stateful":
        case.path_parameters = {**(case.path_parameters or {}), **{name: os.environ[var] for name, var in names.items()}}


@schemathesis.hook
def map_case(context, case):
    """Every phase runs this one (coverage does not run map_body). The stack's company and a
    short event stream for all cases; the repairs for positive cases only: negative ones keep
    what was generated."""
    stack_company(case)
    events.short_stream(case)
    if case.meta is not None and not case.meta.generation.mode.is_negative:
        seeded_path(case)
        lists.one_cursor(case)
        for repair in REPAIRS.get(operation(case), []):
            repair(case)
    return case


@schemathesis.hook
def before_call(context, case, **kwargs):
    """The stateful phase fills its links' values (a planId from an earlier answer) after
    map_case ran, so a repair that reads what a field names (the plan's currencies) would have
    read a generated id: the repairs run again on the case as it will be sent."""
    if case.meta is not None and case.meta.phase.name.value == "stateful" and not case.meta.generation.mode.is_negative:
        for repair in REPAIRS.get(operation(case), []):
            repair(case)

