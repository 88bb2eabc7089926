"""SIGTERM stops a long run the way Ctrl-C does (passport_cli/stopping.py)."""

import os
import signal

import pytest

from passport_cli.stopping import terminate_as_interrupt


def send_sigterm_to_self():
    os.kill(os.getpid(), signal.SIGTERM)
    for _ in range(10_000_000):  # the handler runs at the next bytecode; this only waits for it
        pass


def test_sigterm_inside_is_an_interrupt_and_the_old_handler_comes_back():
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(KeyboardInterrupt):
        with terminate_as_interrupt():
            send_sigterm_to_self()
    assert signal.getsignal(signal.SIGTERM) is before


def test_a_terminated_tournament_stops_like_an_interrupted_one(passport, monkeypatch):
    def terminated(*args, **kwargs):
        send_sigterm_to_self()
        raise AssertionError("SIGTERM did not stop the run")

    monkeypatch.setattr("bots.tournament.run_tournament", terminated)
    result = passport("tournament", "--players", 2, "--bots", "greedy,random", "--games", 1)
    assert result.exit_code == 130
    assert "Interrupted after 0 of 2 games" in result.output
