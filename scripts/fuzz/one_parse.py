"""Imported for its effect by both fuzz runs' hooks (scripts/fuzz-hooks.py, scripts/fuzz-psp-hooks.py).

CPython 3.11 before 3.11.8 (and 3.12 before 3.12.2) keeps ast.parse's recursion count in
state shared by threads; when garbage collection inside one parse lets the other worker's
parse run, the first fails with "SystemError: AST constructor recursion depth mismatch"
(python/cpython#106905). Hypothesis parses lambda sources while generating (filter rewriting,
descriptions), so with --workers 2 one case in ~10,000 ended as a tool error. One parse at a
time here; a fixed interpreter skips this. anyio compiles its own source to an AST when first
imported (its lazy importer), which schemathesis does on a worker's first call (its transport
module): it is imported here, before the workers start, so that compile never meets a parse.
"""

import ast
import sys
import threading

if (3, 11) <= sys.version_info < (3, 11, 8) or (3, 12) <= sys.version_info < (3, 12, 2):
    _parse, _one_parse = ast.parse, threading.RLock()

    def _parse_alone(*args, **kwargs):
        with _one_parse:
            return _parse(*args, **kwargs)

    ast.parse = _parse_alone

    import schemathesis.transport.asgi  # noqa: E402,F401
