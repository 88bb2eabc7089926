"""The fuzz tests run bounded and seeded in `make test`, and long with
`make fuzz` (PASSPORT_FUZZ=N cases a test, 100,000 by default there)."""

import os

from hypothesis import HealthCheck, settings

CASES = int(os.environ.get("PASSPORT_FUZZ", "0") or 0)

settings.register_profile(
    "passport-fuzz",
    max_examples=CASES or 150,
    deadline=None,
    derandomize=not CASES,  # in make test the same cases every run
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
)
FUZZ = settings.get_profile("passport-fuzz")
