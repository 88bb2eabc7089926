"""`passport warm` says what it is doing while it prepares the engine."""

from passport_cli.warmup import STEPS


def test_warm_reports_each_step(passport):
    result = passport("warm")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Preparing the engine (first run only)")
    for label, _ in STEPS:
        assert label in result.output
    assert "Engine ready" in result.output
