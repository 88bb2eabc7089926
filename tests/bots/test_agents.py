"""Outside programs at the table (bots/agents.py, docs/agent-protocol.md):
the example agent plays legal games; a program that breaks the protocol
forfeits its game with the reason, and the table goes on to the end."""

import json
import sys
import textwrap
from pathlib import Path

import pytest

from bots.agents import AgentFault, AgentSpecError, OutsideAgent, agent_command
from bots.difficulty import make_bot
from bots.match import Seat, Table
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


def test_an_sprt_tests_an_outside_program_like_any_bot():
    from bots.sprt import Sprt
    from bots.tournament import TournamentSettings, run_tournament
    settings = TournamentSettings(bots=(example(), "planner"), deals=30, seed=4,
                                  extensions=0, sprt=Sprt(0.3, 0.5))
    results = run_tournament(settings)
    from bots.sprt import SprtRun
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
