"""Repairs for receivables and anticipations (src/anticipations/anticipations.schemas.ts)."""

from .stack import on_body


def one_selector(body):
    """POST /anticipations(/simulate): at most one of amount, receivableIds, upTo selects what
    to anticipate (none: everything eligible); the first one given is kept."""
    given = [name for name in ("amount", "receivableIds", "upTo") if name in body]
    for name in given[1:]:
        del body[name]


REPAIRS = {
    ("POST", "/anticipations"): [on_body(one_selector)],
    ("POST", "/anticipations/simulate"): [on_body(one_selector)],
}

SEEDED = {}
