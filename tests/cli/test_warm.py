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


def test_warm_prepares_the_kernel_that_turns_offers_around():
    """Every level checks its offers against their mirror (`Game.mirrored_offer`)
    in play: `warm` compiles that kernel before a game, not at a bot's
    first offer (a few seconds' wait on a fresh install)."""
    import subprocess
    import sys
    code = ("import engine; from engine import kernels; before = len(kernels.mirror_offer.signatures); "
            "engine.warm(); print(before, len(kernels.mirror_offer.signatures))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["0", "1"]
