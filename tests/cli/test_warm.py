"""`passport warm` says what it is doing while it prepares the engine and the bots."""

import bots
import engine
from bots._warm import STEPS as BOT_STEPS
from engine._warm import STEPS as ENGINE_STEPS


def test_warm_reports_each_step(passport):
    result = passport("warm")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Preparing the engine (first run only)")
    for label, *_ in ENGINE_STEPS + BOT_STEPS:
        assert label in result.output
    assert "Engine ready" in result.output
    assert engine.is_warm() and bots.is_warm()
