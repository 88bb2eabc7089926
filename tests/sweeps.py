"""Sweeps over every table: `make test` runs every case of a sweep, the
quick loop (`pytest -m "not slow"`) only the cases a test names quick."""

import pytest


def sweep(cases, quick):
    """`cases` (each a value, or a tuple of a test's arguments) as pytest
    parameters, every case not in `quick` marked slow."""
    cases = list(cases)
    unknown = set(quick) - set(cases)
    if not quick or unknown:
        raise ValueError(f"the quick cases {sorted(unknown) or '(none)'} are not cases of the sweep")
    return [pytest.param(*(case if isinstance(case, tuple) else (case,)),
                         marks=() if case in quick else pytest.mark.slow)
            for case in cases]
