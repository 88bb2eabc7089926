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


def test_a_command_says_it_prepares_the_engine_only_when_it_compiles(passport, monkeypatch,
                                                                   tmp_path):
    """Once the kernels are cached, tournament, selfplay and watch start
    without a word of preparing (the spinner said "first run only" on every
    run); on a first run they say so on a terminal and compile every kernel
    once, and piped output holds nothing but the command's own."""
    import contextlib

    from passport_cli import warmup
    from passport_cli.app import Application
    said = []

    def status(self, message):
        said.append(message)
        return contextlib.nullcontext()

    monkeypatch.setattr(Application, "status", status)
    monkeypatch.setattr(warmup, "kernels_cached", lambda search_bots=True: True)
    for args in (("tournament", "--players", 2, "--bots", "greedy,random", "--games", 1),
                 ("selfplay", "--games", 1, "--bots", "random,random", "--out", tmp_path),
                 ("watch", "--bots", 2, "--difficulty", "random", "--delay", 0)):
        result = passport(*args)
        assert result.exit_code == 0, result.output
        assert "Preparing" not in result.output, args
    assert not any("Preparing" in message or "Compiling" in message for message in said), said
    compiled = []
    monkeypatch.setattr(warmup, "kernels_cached", lambda search_bots=True: False)
    monkeypatch.setattr(warmup, "prepare_engine", lambda: compiled.append("engine"))
    monkeypatch.setattr(warmup, "prepare_bots", lambda names: compiled.append(names))
    result = passport("tournament", "--players", 2, "--bots", "greedy,random", "--games", 1)
    assert result.exit_code == 0, result.output
    assert said[-1] == "Compiling the rules and the bots (about a minute, once)"
    assert "Preparing" not in result.output  # piped: the output is the tournament's alone
    assert compiled == ["engine", None]  # every bot: the stamp then says all are cached
