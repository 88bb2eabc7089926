"""An organizer's view of outside programs in a tournament: each one's log
of each game (arena/agent_log.py), its decision times, and a game clock
(arena/agents.py `Clock`), kept in the results file and told in the summary."""

import json

import pytest

from arena.agent_log import AgentLog
from arena.agents import Clock, OutsideAgent, time_use
from arena.match import Seat, Table
from arena.tournament import (
    ResultsFileError, TournamentSettings, load_results, results_summary, run_tournament,
)
from bots.difficulty import make_bot
from engine import Config
from tests.arena.throwaway import agent


def test_a_clock_is_minutes_and_seconds_a_move():
    assert Clock.parse("5+0.1") == Clock(300.0, 0.1) and str(Clock(300.0, 0.1)) == "5+0.1"
    assert Clock.parse(" 2 ") == Clock(120.0, 0.0)
    for bad in ("", "five", "5+", "+1", "0+1", "-1+0", "5+-1", "nan+1", "1+inf", "99999+0"):
        with pytest.raises(ValueError, match="clock"):
            Clock.parse(bad)


def test_time_use_counts_a_games_decisions():
    assert time_use([0.5, 0.25, 1.0]) == {"decisions": 3, "total": 1.75, "mean": 0.5833,
                                          "max": 1.0}
    assert time_use([]) == {"decisions": 0, "total": 0, "mean": None, "max": None}


def test_a_log_keeps_lines_as_text_and_says_where_it_was_cut(tmp_path):
    log = AgentLog(limit=60)
    log.sent('{"type":"hello"}')
    log.received("\x1b[2Jnot json\u202e")
    log.wrote_stderr(b"first line\nsecond ")
    log.wrote_stderr("\xe9".encode()[:1])  # half a character: completed below
    log.wrote_stderr("\xe9".encode()[1:] + b"\n" + b"x" * 200 + b"\nno newline at the end")
    names = log.write(tmp_path, "game-1-seat-0")
    transcript = (tmp_path / names["transcript"]).read_text()
    assert transcript == '> {"type":"hello"}\n< \\x1b[2Jnot json\\u202e\n'
    stderr = (tmp_path / names["stderr"]).read_text()
    assert stderr.startswith("first line\nsecond \xe9\n[cut: this log keeps 60 bytes; ")
    assert stderr.endswith(f"{201 + 22:,} more bytes were not kept]\n")  # each line and its newline
    assert (tmp_path / names["stderr"]).stat().st_mode & 0o077 == 0
    log = AgentLog()
    log.received("a\tb\x7f\x85\u2028> forged\u200e")  # a pager shows no second line
    log.write(tmp_path, "game-2-seat-0")
    assert (tmp_path / "game-2-seat-0.transcript.txt").read_text() == \
        "< a\\x09b\\x7f\\x85\\u2028> forged\\u200e\n"


def test_the_clock_runs_out_for_a_slow_program_and_its_time_is_counted(tmp_path):
    slow = agent(tmp_path, "if m['type'] == 'decide': time.sleep(0.15)\n")
    clocked = OutsideAgent(slow, move_time=5.0, clock=Clock(0.5, 0.05))
    table = Table(Config(players=2, extensions=31, seed=4),
                  [Seat.bot("Slow", slow), Seat.bot("Bot", "greedy")],
                  [clocked, make_bot("greedy", 1)], record=False)
    table.play()
    result = table.result()
    assert result.reason == "forfeit" and result.forfeit == 0
    assert result.fault["reason"] == "timed out"
    assert result.fault["detail"] == "its game clock ran out (0.5 s a game, 0.05 s a move)"
    times = clocked.decision_times
    # 0.5 s, and 0.05 s a move, at 0.15 s or more a move: out within 5 moves
    assert len(times) <= 5 and all(t >= 0.15 for t in times)
    unclocked = OutsideAgent(slow, move_time=5.0)
    table = Table(Config(players=2, extensions=31, seed=4),
                  [Seat.bot("Slow", slow), Seat.bot("Bot", "greedy")],
                  [unclocked, make_bot("greedy", 1)], record=False)
    table.play()
    assert table.result().forfeit is None and len(unclocked.decision_times) > 5


@pytest.mark.slow
def test_a_tournament_keeps_each_programs_logs_and_times_and_a_crash_says_why(tmp_path):
    talker = agent(tmp_path, """\
        if m['type'] == 'new_game':
            print('thinking about seat', m['seat'], file=sys.stderr, flush=True)
            send({'type': 'info', 'text': 'ready'})
        """, "talker.py")
    crasher = agent(tmp_path, """\
        if m['type'] == 'decide' and m['state']['round'] >= 2:
            print('about to fail', file=sys.stderr, flush=True)
            raise SystemExit(3)
        """, "crasher.py")
    settings = TournamentSettings(bots=(talker, crasher), deals=2, seed=5, extensions=0,
                                  clock=Clock.parse("1+0.5"))
    logs, out = tmp_path / "logs", tmp_path / "results.json"
    results = run_tournament(settings, results_path=out, logs_dir=logs)
    assert len(results) == 4 and all(r.forfeit is not None for r in results)
    for result in results:
        seats = sorted(result.agents)
        assert seats == [0, 1]
        for seat in seats:
            use = result.agents[seat]
            assert use["decisions"] >= 1 and use["max"] <= use["total"]
            transcript = (logs / use["logs"]["transcript"]).read_text()
            stderr = (logs / use["logs"]["stderr"]).read_text()
            assert transcript.startswith('> {"type":"hello","protocol":"passport-agent"')
            assert '< {"type": "hello", "name": "test", "version": 1}' in transcript
            if "talker" in result.seats[seat]:
                assert '< {"type": "info", "text": "ready"}' in transcript
                assert stderr == f"thinking about seat {seat}\n"
            else:
                assert stderr == "about to fail\n"
                assert result.fault == {"reason": "crashed", "detail": "it exited with code 3",
                                        "sent": "about to fail"}
    assert logs.stat().st_mode & 0o077 == 0
    summary = results_summary(settings, results)
    assert summary["settings"]["clock"] == "1+0.5"
    assert [f["bot"] for f in summary["forfeits"]] == [crasher] * 4
    assert summary["time"][talker]["games"] == 4
    assert summary["time"][talker]["decisions"] == sum(r.agents[r.seats.index(talker)]["decisions"]
                                                        for r in results)
    # the results file keeps them, and is read back as written
    assert load_results(out, settings) == {r.number: r for r in results}
    document = json.loads(out.read_text())
    document["games"][0]["agents"]["0"]["logs"]["stderr"] = "../../etc/passwd"
    out.write_text(json.dumps(document))
    with pytest.raises(ResultsFileError, match="its logs must be two file names"):
        load_results(out, settings)
