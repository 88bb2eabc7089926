"""SIGTERM and SIGHUP stop a long run or a game the way Ctrl-C does
(passport_cli/stopping.py)."""

import os
import signal

import pytest

from passport_cli import stopping
from passport_cli.stopping import Stopped, exit_code, held, signal_of, terminate_as_interrupt


def send_to_self(signum=signal.SIGTERM):
    os.kill(os.getpid(), signum)
    for _ in range(10_000_000):  # the handler runs at the next bytecode; this only waits for it
        pass


@pytest.mark.parametrize("signum,code", [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_a_stop_signal_inside_is_an_interrupt_and_the_old_handlers_come_back(signum, code):
    before = {s: signal.getsignal(s) for s in stopping.STOP_SIGNALS}
    with pytest.raises(KeyboardInterrupt) as caught:
        with terminate_as_interrupt():
            send_to_self(signum)
    assert isinstance(caught.value, Stopped) and signal_of(caught.value) == signum
    assert exit_code(caught.value) == code
    assert {s: signal.getsignal(s) for s in stopping.STOP_SIGNALS} == before


def test_ctrl_c_inside_is_still_ctrl_c():
    # Ctrl-C as a terminal gives it, even where the tests run in the
    # background of a shell (which starts them with SIGINT ignored)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt) as caught:
            with terminate_as_interrupt():
                send_to_self(signal.SIGINT)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert exit_code(caught.value) == 130


def test_a_stop_signal_waits_where_ctrl_c_is_held_back():
    """A move is recorded whole (arena.match.interrupts_deferred holds Ctrl-C
    back meanwhile): SIGTERM and SIGHUP wait with it."""
    from arena.match import interrupts_deferred
    done = []
    with pytest.raises(KeyboardInterrupt) as caught:
        with terminate_as_interrupt():
            with interrupts_deferred():
                send_to_self(signal.SIGHUP)
                done.append("the rest of the block")
    assert done == ["the rest of the block"]
    assert signal_of(caught.value) == signal.SIGHUP and exit_code(caught.value) == 129


def test_held_signals_wait_for_the_end_of_the_block_and_the_first_is_raised():
    done = []
    with pytest.raises(Stopped) as caught:
        with terminate_as_interrupt():
            with held():
                send_to_self(signal.SIGTERM)
                send_to_self(signal.SIGINT)
                done.append("saved")
    assert done == ["saved"] and caught.value.signum == signal.SIGTERM


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_stopped_tournament_stops_like_an_interrupted_one(passport, monkeypatch, signum):
    def stopped(*args, **kwargs):
        send_to_self(signum)
        raise AssertionError("the signal did not stop the run")

    monkeypatch.setattr("arena.tournament.run_tournament", stopped)
    result = passport("tournament", "--players", 2, "--bots", "greedy,random", "--games", 1)
    assert result.exit_code == 130
    assert "Interrupted after 0 of 2 games" in result.output


def test_a_stopped_calibration_says_where_its_samples_are(passport, monkeypatch, tmp_path):
    def stopped(*args, **kwargs):
        send_to_self(signal.SIGHUP)
        raise AssertionError("the signal did not stop the run")

    monkeypatch.setattr("arena.calibration.run_calibration", stopped)
    out = tmp_path / "samples.json"
    result = passport("calibrate", "--bots", "medium,greedy", "--games", 1, "--out", out)
    assert result.exit_code == 130
    assert f"they are saved in {out}" in " ".join(result.output.split())
