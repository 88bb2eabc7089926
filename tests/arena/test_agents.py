"""Outside programs at the table (arena/agents.py, docs/agent-protocol.md):
the example agent plays legal games; a program that breaks the protocol
forfeits its game with the reason, and the table goes on to the end."""

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from pathlib import Path

import pytest

from arena.agents import (
    PROTOCOL, VERSION, VERSIONS, AgentFault, AgentSpecError, OutsideAgent, agent_command,
)
from arena.match import Seat, Table
from bots.difficulty import make_bot
from engine import Config
from engine import cards as C
from engine.steps import CARD_IDS

EXAMPLE = Path(__file__).parents[2] / "examples" / "random_agent.py"
PYTHON = sys.executable


def example(seed: int = 1) -> str:
    return f"cmd:{PYTHON} {EXAMPLE} {seed}"


def table_with(agent_name: str, players: int = 3, seed: int = 4, **agent_options) -> Table:
    agent = OutsideAgent(agent_name, **agent_options)
    others = ["greedy", "planner", "random", "greedy", "planner"][:players - 1]
    seats = [Seat.bot("Agent", agent_name)] + [Seat.bot(f"Bot {i}", n) for i, n in enumerate(others)]
    return Table(Config(players=players, extensions=31, seed=seed), seats,
                 [agent] + [make_bot(n, i) for i, n in enumerate(others)], record=False)


def script(tmp_path, body: str) -> str:
    """A throwaway agent: the protocol's hello, then `body` for each message."""
    path = tmp_path / "agent.py"
    path.write_text(textwrap.dedent("""\
        import json, sys, time
        def send(m):
            sys.stdout.write(json.dumps(m) + "\\n"); sys.stdout.flush()
        decisions = 0
        for line in sys.stdin:
            m = json.loads(line)
            if m["type"] == "hello":
                send({"type": "hello", "name": "test", "version": 1})
                continue
        """) + textwrap.indent(textwrap.dedent(body), "    "), encoding="utf-8")
    return f"cmd:{PYTHON} {path}"


@pytest.mark.parametrize("players", [2, 4])
def test_the_example_agent_plays_whole_games(players):
    for seed in range(2):
        table = table_with(example(seed), players=players, seed=seed)
        table.play()
        result = table.result()
        assert result.forfeit is None and result.reason in ("center", "postcards", "round_cap")
        assert table.players[0].agent_name == "random-traveller"
        assert table.players[0].process is None  # told the end and let go


def test_what_an_agent_is_told(tmp_path):
    """A recording agent: hello, new_game, then observe and decide in game
    order, game_over last; no seed; every state's cards are the seat's to know."""
    log = tmp_path / "told.jsonl"
    name = script(tmp_path, f"""\
        open({str(log)!r}, "a").write(line)
        if m["type"] == "decide":
            send({{"type": "action", "id": m["actions"][-1]["id"]}})
        elif m["type"] == "quit":
            break
        """)
    table = table_with(name, players=3, seed=9)
    decisions = 0
    while not table.over:
        seat = table.game.decider
        if seat == 0:
            before = table.game.copy()
        table.step()
        if seat == 0:
            decisions += 1
            told = [json.loads(x) for x in log.read_text().splitlines()]
            state = [m for m in told if m["type"] == "decide"][-1]["state"]
            for other, cards in enumerate(state["known_cards"]):
                for card in cards or ():
                    assert before.knows(0, CARD_IDS[card]) and before.card_places()[CARD_IDS[card]] == other
            assert sorted(state["hand"]) == sorted(C.CARD_NAMES[c] for c in before.hand(0))
    told = [json.loads(x) for x in log.read_text().splitlines()]
    kinds = [m["type"] for m in told]
    assert kinds[0] == "new_game" and kinds[-2:] == ["game_over", "quit"]
    assert kinds.count("decide") == decisions > 10
    new_game = told[0]
    assert new_game["seat"] == 0 and "seed" not in json.dumps(new_game)
    assert new_game["setup"]["hand"] and "draw_pile" not in new_game["setup"]
    decide = next(m for m in told if m["type"] == "decide")
    assert {"phase", "actions", "state", "time_left"} <= set(decide)
    assert all(set(a) == {"id", "text"} for a in decide["actions"])
    assert told[kinds.index("game_over")]["winner"] == table.result().winner


@pytest.mark.slow
@pytest.mark.parametrize("body, reason", [
    ("sys.exit(3)", "crashed"),
    ("if m['type'] == 'decide': time.sleep(30)", "timed out"),
    ("if m['type'] == 'decide': print('{not json', flush=True)", "bad message"),
    ("if m['type'] == 'decide': send({'type': 'action', 'id': 147})", "illegal action"),
    ("if m['type'] == 'decide': send({'type': 'action', 'id': '0'})", "bad message"),
    ("if m['type'] == 'decide': send(['action', 0])", "bad message"),
])
def test_an_agent_that_breaks_the_protocol_forfeits(tmp_path, body, reason):
    table = table_with(script(tmp_path, body), players=2, move_time=1.0)
    table.play()  # returns: the forfeit ends the game
    result = table.result()
    assert result.forfeit == 0 and result.winner is None and result.reason == "forfeit"
    assert result.fault["reason"] == reason
    if reason in ("bad message", "illegal action"):
        assert result.fault["sent"]
    assert table.players[0].process is None


@pytest.mark.slow
def test_an_agent_that_does_not_say_hello_forfeits(tmp_path):
    path = tmp_path / "mute.py"
    path.write_text("import sys\nfor line in sys.stdin: pass\n", encoding="utf-8")
    table = table_with(f"cmd:{PYTHON} {path}", players=2, start_time=0.5)
    assert table.over and table.result().fault["reason"] == "timed out"


def test_a_program_that_does_not_exist_forfeits():
    table = table_with("cmd:/nonexistent/agent --flag", players=2)
    assert table.result().fault["reason"] == "crashed"
    assert "could not start" in table.result().fault["detail"]


def test_a_forfeit_is_in_the_record(tmp_path):
    agent_name = script(tmp_path, "sys.exit(1)")
    agent = OutsideAgent(agent_name)
    table = Table(Config(players=2, extensions=0, seed=1),
                  [Seat.bot("A", agent_name), Seat.bot("B", "greedy")], [agent, make_bot("greedy", 1)])
    table.play()
    assert table.document()["forfeit"]["seat"] == 0
    assert table.document()["forfeit"]["reason"] == "crashed"


@pytest.mark.parametrize("version", [1, 2])
def test_an_agent_speaks_either_version_the_host_speaks(tmp_path, version):
    told = tmp_path / "told.jsonl"
    path = tmp_path / "agent.py"
    path.write_text(textwrap.dedent(f"""\
        import json, sys
        for line in sys.stdin:
            m = json.loads(line)
            open({str(told)!r}, "a").write(line)
            if m["type"] == "hello":
                print(json.dumps({{"type": "hello", "version": {version}}}), flush=True)
            elif m["type"] == "decide":
                print(json.dumps({{"type": "action", "id": m["actions"][0]["id"]}}), flush=True)
            elif m["type"] == "quit":
                break
        """), encoding="utf-8")
    table = table_with(f"cmd:{PYTHON} {path}", players=2)
    table.play()
    assert table.result().forfeit is None and table.players[0].version == version
    hello = json.loads(told.read_text().splitlines()[0])
    assert hello == {"type": "hello", "protocol": PROTOCOL, "version": VERSION,
                     "versions": list(VERSIONS)}


def test_an_agent_of_another_version_forfeits(tmp_path):
    agent = tmp_path / "three.py"
    agent.write_text('import sys\nsys.stdin.readline()\n'
                     'print(\'{"type": "hello", "version": 3}\', flush=True)\n'
                     'sys.stdin.read()\n', encoding="utf-8")
    table = table_with(f"cmd:{PYTHON} {agent}", players=2)
    assert table.result().fault["reason"] == "bad message"
    assert table.result().fault["detail"] == "expected hello with version 1 or 2"


def test_an_agent_can_ask_for_the_version_at_any_time(tmp_path):
    """Before its hello, after it while the host writes nothing, and while
    the host awaits its action: each `version` is answered, and the game
    goes on."""
    told = tmp_path / "told.jsonl"
    path = tmp_path / "asker.py"
    path.write_text(textwrap.dedent(f"""\
        import json, sys
        def send(m):
            sys.stdout.write(json.dumps(m) + "\\n"); sys.stdout.flush()
        send({{"type": "version"}})
        for line in sys.stdin:
            m = json.loads(line)
            open({str(told)!r}, "a").write(line)
            if m["type"] == "hello":
                send({{"type": "hello", "version": 1}})
                send({{"type": "version"}})
            elif m["type"] == "decide":
                send({{"type": "version"}})
                send({{"type": "action", "id": m["actions"][-1]["id"]}})
            elif m["type"] == "quit":
                break
        """), encoding="utf-8")
    table = table_with(f"cmd:{PYTHON} {path}", players=2)
    table.play()
    assert table.result().forfeit is None
    messages = [json.loads(line) for line in told.read_text().splitlines()]
    answers = [m for m in messages if m["type"] == "version"]
    decisions = sum(m["type"] == "decide" for m in messages)
    assert messages[0]["type"] == "hello" and decisions > 5
    assert answers == [{"type": "version", "protocol": PROTOCOL, "version": VERSION,
                        "versions": list(VERSIONS)}] * (decisions + 2)


def test_ping():
    agent = OutsideAgent(example())
    try:
        assert agent.ping() < 10
    finally:
        agent.close()


@pytest.mark.parametrize("name, words", [
    ("cmd:python bot.py", ["python", "bot.py"]),
    ("cmd:python 'my bot.py' --x 1", ["python", "my bot.py", "--x", "1"]),
])
def test_agent_commands(name, words):
    assert agent_command(name) == words


@pytest.mark.parametrize("name", ["cmd:", "cmd:  ", "cmd:python 'open", "python bot.py"])
def test_bad_agent_commands(name):
    with pytest.raises(AgentSpecError):
        agent_command(name)


def test_a_fault_says_what_was_sent():
    fault = AgentFault("bad message", "not JSON", "{x")
    assert fault.to_json() == {"reason": "bad message", "detail": "not JSON", "sent": "{x"}


@pytest.mark.slow
def test_an_sprt_tests_an_outside_program_like_any_bot():
    from arena.sprt import Sprt
    from arena.tournament import TournamentSettings, run_tournament
    settings = TournamentSettings(bots=(example(), "planner"), deals=30, seed=4,
                                  extensions=0, sprt=Sprt(0.3, 0.5))
    results = run_tournament(settings)
    from arena.sprt import SprtRun
    state = SprtRun(settings.sprt, settings.bots, results).state
    assert state.verdict == "H0" and len(results) < settings.games  # random play loses, soon


def test_when_one_of_two_programs_forfeits_the_other_is_told_and_let_go(tmp_path):
    crash = script(tmp_path, "if m['type'] == 'decide': sys.exit(1)")
    names = [example(1), crash, "greedy"]
    players = [OutsideAgent(names[0]), OutsideAgent(names[1]), make_bot("greedy", 2)]
    table = Table(Config(players=3, extensions=31, seed=6),
                  [Seat.bot(f"S{i}", n) for i, n in enumerate(names)], players, record=False)
    table.play()
    assert table.result().forfeit == 1 and table.result().fault["reason"] == "crashed"
    assert all(agent.process is None for agent in players[:2])


# ---- containment: limits on what an agent sends, time limits both ways, its processes ended

def within(seconds: float, call):
    """call(), which must return within `seconds`: a hang is a failure here,
    not a slowness (the bounds are many times what the calls take)."""
    box = {}

    def run():
        try:
            box["value"] = call()
        except BaseException as error:  # handed to the test below
            box["error"] = error
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s"
    if "error" in box:
        raise box["error"]
    return box.get("value")


@pytest.mark.slow
@pytest.mark.parametrize("expression, words", [
    ("'[' * 200_000", "more than 100,000 values"),
    ("'[' * 5_000", "nested more than"),
    ("'9' * 5_000", "digits"),
    ("'{\"type\": \"action\", \"id\": ' + '1' * 5_000 + '}'", "digits"),
    ("'{\"type\": \"action\", \"id\": NaN}'", "NaN"),
    ("'x' * 2_000_000", "a line of over"),
    ("'\\udcff'", "not a JSON text"),
])
def test_a_line_past_the_limits_is_a_forfeit_not_a_crash_of_the_host(tmp_path, expression, words):
    body = f"""\
        if m['type'] == 'decide':
            sys.stdout.buffer.write(({expression}).encode('utf-8', 'surrogateescape') + b'\\n')
            sys.stdout.flush()
        """
    table = table_with(script(tmp_path, body), players=2, move_time=5.0)
    within(60, table.play)
    fault = table.result().fault
    assert fault["reason"] == "bad message" and words in fault["detail"]
    assert fault["sent"] is None or len(fault["sent"]) < 400


def a_long_game(players: int = 2, decisions: int = 3000):
    """A recorder holding `decisions` decisions of random bots: a game to resume."""
    from engine import Game
    from engine.record import GameRecorder
    config = Config(players=players, extensions=31, seed=3, round_cap=5000)
    recorder = GameRecorder(Game(config), seats=[{"name": f"S{i}", "player": "bot:random"}
                                                 for i in range(players)])
    bots = [make_bot("random", seat) for seat in range(players)]
    for _ in range(decisions):
        if recorder.game.over:
            break
        recorder.apply(bots[recorder.game.decider].choose(recorder.game.view(recorder.game.decider)))
    return config, recorder


@pytest.mark.slow
def test_an_agent_that_does_not_read_forfeits_in_its_time(tmp_path):
    """Seated at a resumed game (more than a pipe's 64 KB of steps to tell),
    an agent that never reads again: the host's writes time out."""
    config, recorder = a_long_game()
    name = script(tmp_path, "time.sleep(600)")
    seats = [Seat.bot("Agent", name), Seat.bot("B", "random")]
    agent = OutsideAgent(name, move_time=1.0)
    table = within(60, lambda: Table(config, seats, [agent, make_bot("random", 1)],
                                     recorder=recorder))
    assert table.result().fault["reason"] == "timed out"
    assert agent.process is None


@pytest.mark.slow
def test_an_info_flood_is_read_no_faster_than_it_is_used(tmp_path):
    """An agent writes 900 info messages of 500,000 characters right after
    its hello, while the host is busy elsewhere: the host keeps a few of
    them and never holds much more than a line (its peak RSS grows by far
    less than the 450 MB sent)."""
    path = tmp_path / "flood.py"
    path.write_text(textwrap.dedent("""\
        import json, sys
        for line in sys.stdin:
            kind = json.loads(line)["type"]
            if kind == "hello":
                print(json.dumps({"type": "hello", "name": "flood", "version": 1}))
                junk = json.dumps({"type": "info", "text": "x" * 500_000})
                for _ in range(900):
                    print(junk)
                sys.stdout.flush()
            elif kind == "ping":
                print(json.dumps({"type": "pong"}), flush=True)
            elif kind == "quit":
                break
        """), encoding="utf-8")
    host = textwrap.dedent("""\
        import resource, sys, time
        from arena.agents import OutsideAgent
        agent = OutsideAgent(sys.argv[1], start_time=60)
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        agent.start()
        time.sleep(3)  # the table's other seats think
        agent.ping(timeout=120)
        grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
        kept = agent.info_tail
        agent.close()
        print(grown // 1024, len(kept), max(map(len, kept)))
        """)
    done = subprocess.run([PYTHON, "-c", host, f"cmd:{PYTHON} {path}"], capture_output=True,
                          text=True, timeout=300, cwd=Path(__file__).parents[2])
    assert done.returncode == 0, done.stderr
    grown_mb, kept, longest = map(int, done.stdout.split())
    assert grown_mb < 100
    assert 0 < kept <= 20 and longest <= 400


def gone(pid: int, seconds: float = 10.0) -> bool:
    """Whether process `pid` has ended (and been reaped, or is a zombie)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            return True
        if state in ("Z", "X"):
            return True
        time.sleep(0.05)
    return False


def stop_listed(path: Path) -> None:
    """Kill the processes whose pids a test agent wrote to `path` (those the
    host failed to end), so that a failing test leaves none behind."""
    for pid in (path.read_text().split() if path.exists() else ()):
        try:
            os.kill(int(pid), signal.SIGKILL)
        except ProcessLookupError:
            pass


@pytest.mark.parametrize("new_session", [False, True])
def test_a_child_that_holds_the_agents_output_neither_stalls_the_game_nor_outlives_it(
        tmp_path, new_session):
    """The agent starts a child that keeps its stdout open (in its group, or
    in a session of its own, with setsid) and then plays to the end."""
    pids = tmp_path / "pids"
    name = script(tmp_path, f"""\
        if m['type'] == 'new_game':
            import subprocess
            child = subprocess.Popen(['sleep', '600'], start_new_session={new_session})
            open({str(pids)!r}, 'a').write(f'{{child.pid}}\\n')
        elif m['type'] == 'decide':
            send({{'type': 'action', 'id': m['actions'][0]['id']}})
        elif m['type'] == 'quit':
            break
        """)
    table = table_with(name, players=2, move_time=5.0)
    try:
        within(60, table.play)
        within(60, table.close)
        assert table.result().forfeit is None
        children = [int(pid) for pid in pids.read_text().split()]
        assert children and all(gone(pid) for pid in children)
    finally:
        stop_listed(pids)


@pytest.mark.slow
def test_an_agents_processes_are_ended_after_each_game_even_out_of_its_group(tmp_path):
    """An agent that leaves a grandchild in a session of its own (setsid,
    then a second fork) every game: none is left after six games."""
    pids = tmp_path / "pids"
    name = script(tmp_path, f"""\
        if m['type'] == 'new_game':
            import os
            middle = os.fork()
            if middle == 0:
                os.setsid()
                if os.fork() == 0:
                    for fd in (0, 1, 2):
                        os.close(fd)
                    open({str(pids)!r}, 'a').write(f'{{os.getpid()}}\\n')
                    time.sleep(600)
                os._exit(0)
            os.waitpid(middle, 0)
        elif m['type'] == 'decide':
            send({{'type': 'action', 'id': m['actions'][0]['id']}})
        elif m['type'] == 'quit':
            break
        """)
    try:
        for game in range(6):
            table = table_with(name, players=2, seed=game, move_time=5.0)
            within(60, table.play)
            table.close()
        time.sleep(0.5)
        children = [int(pid) for pid in pids.read_text().split()]
        assert len(children) == 6
        assert [pid for pid in children if not gone(pid)] == []
    finally:
        stop_listed(pids)


def test_a_crash_says_the_last_lines_the_agent_wrote_on_stderr(tmp_path):
    name = script(tmp_path, """\
        if m['type'] == 'decide':
            for n in range(5000):
                print(f'noise {n}', file=sys.stderr)
            raise ZeroDivisionError('the last words')
        """)
    table = table_with(name, players=2, move_time=5.0)
    within(60, table.play)
    fault = table.result().fault
    assert fault["reason"] == "crashed" and "exited with code 1" in fault["detail"]
    assert fault["sent"].endswith("ZeroDivisionError: the last words") and len(fault["sent"]) <= 300
    kept = table.players[0].stderr_tail  # kept after the program is gone, for its game's log
    assert 0 < len(kept) <= 20 and kept[-1] == "ZeroDivisionError: the last words"


def an_agent_that_says(tmp_path, expression: str) -> str:
    """An agent that answers its first decision with the first action and
    writes `expression` (its environment, its uid) to tmp_path/said.json."""
    said = tmp_path / "said.json"
    return script(tmp_path, f"""\
        if m['type'] == 'new_game':
            import os
            open({str(said)!r}, 'w').write(json.dumps({expression}))
        elif m['type'] == 'decide':
            send({{'type': 'action', 'id': m['actions'][0]['id']}})
        elif m['type'] == 'quit':
            break
        """)


def test_an_agent_starts_with_a_clean_environment(tmp_path, monkeypatch):
    from arena.agent_process import PASSED_ENVIRONMENT
    monkeypatch.setenv("PASSPORT_HOST_TOKEN", "not for agents")
    monkeypatch.setenv("LC_TIME", "C")
    table = table_with(an_agent_that_says(tmp_path, "dict(os.environ)"), players=2)
    within(60, table.play)
    environment = json.loads((tmp_path / "said.json").read_text())
    assert set(environment) <= {*PASSED_ENVIRONMENT, "LC_TIME", "HOME", "PYTHONUNBUFFERED"}
    assert environment["LC_TIME"] == "C" and environment["PYTHONUNBUFFERED"] == "1"
    assert "PASSPORT_HOST_TOKEN" not in environment


def test_another_user_needs_root_and_an_existing_name():
    from arena.agent_process import agent_user_named
    with pytest.raises(AgentSpecError, match="no user named 'no-such-user-here'"):
        agent_user_named("no-such-user-here")
    if os.geteuid() != 0:
        with pytest.raises(AgentSpecError, match="only root can start a program as another user"):
            agent_user_named("nobody")


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root: only root starts a program as "
                    "another user")
def test_an_agent_runs_as_the_user_it_is_given(tmp_path):
    from arena.agent_process import run_agents_as
    folder = Path(tempfile.mkdtemp(prefix="passport-user-"))
    try:
        folder.chmod(0o777)
        agent = folder / "agent.py"
        agent.write_text(textwrap.dedent("""\
            import json, os, sys
            for line in sys.stdin:
                m = json.loads(line)
                if m["type"] == "hello":
                    print(json.dumps({"type": "hello", "name": str(os.getuid()), "version": 1}),
                          flush=True)
                elif m["type"] == "quit":
                    break
            """), encoding="utf-8")
        agent.chmod(0o644)
        run_agents_as("nobody")
        outside = OutsideAgent(f"cmd:/usr/bin/python3 {agent}")
        outside.start()
        assert outside.agent_name == "65534"
        outside.close()
    finally:
        run_agents_as(None)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.slow
def test_when_the_host_dies_its_agents_processes_are_ended(tmp_path):
    """The host is killed (SIGKILL: no cleanup of its own) while an agent and
    a grandchild of it in a session of its own run: the keeper ends both."""
    pids = tmp_path / "pids"
    agent = script(tmp_path, f"""\
        if m['type'] == 'ping':
            import os, subprocess
            child = subprocess.Popen(['sleep', '600'], start_new_session=True,
                                     stdout=subprocess.DEVNULL)
            open({str(pids)!r}, 'w').write(f'{{os.getpid()}} {{child.pid}}\\n')
            send({{'type': 'pong'}})
        """)
    host = textwrap.dedent("""\
        import sys, time
        from arena.agents import OutsideAgent
        agent = OutsideAgent(sys.argv[1])
        agent.ping()
        print("ready", flush=True)
        time.sleep(600)
        """)
    process = subprocess.Popen([PYTHON, "-c", host, agent], stdout=subprocess.PIPE, text=True,
                               cwd=Path(__file__).parents[2])
    try:
        assert process.stdout.readline() == "ready\n"
        started = [int(pid) for pid in pids.read_text().split()]
        assert len(started) == 2 and not any(gone(pid, seconds=0.1) for pid in started)
        process.kill()
        process.wait()
        assert all(gone(pid) for pid in started)
    finally:
        process.kill()
        stop_listed(pids)
