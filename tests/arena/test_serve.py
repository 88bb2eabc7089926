"""Passport's bots for another host (arena/serve.py, `passport agent`): a
table that seats a bot through the protocol plays exactly as one that seats
the bot itself, whether the host tells the seat's view in words (the
decision's state) or as the engine's observation, and a host that breaks
the protocol gets one sentence."""

import io
import json
import random
import re
import subprocess
import sys

import pytest

from arena.agents import PROTOCOL, VERSION, VERSIONS, OutsideAgent
from arena.match import Seat, Table
from arena.serve import HostError, serve
from bots.difficulty import make_bot
from engine import Config, Game
from engine._told_state import OPTIONAL
from engine.seen import decision_seen_by, view_seen_by
from tests.sweeps import sweep

HELLO = {"type": "hello", "protocol": PROTOCOL, "version": VERSION, "versions": list(VERSIONS)}
HELLO_1 = {"type": "hello", "protocol": PROTOCOL, "version": 1}  # a host of version 1


def played(first, players: int, seed: int) -> dict:
    """A game's record, `first` at seat 0 and greedy bots at the others."""
    config = Config(players=players, extensions=31, seed=seed)
    seats = [Seat.bot(f"Seat {i}", "x") for i in range(players)]
    table = Table(config, seats, [first] + [make_bot("greedy", 10 + i) for i in range(1, players)])
    table.play()
    table.close()
    return table.document()


@pytest.mark.parametrize("name, players", sweep([("medium", 3), ("planner", 4), ("easy", 2)],
                                                quick={("planner", 4)}))
def test_a_bot_through_the_protocol_plays_as_the_bot_itself(name, players):
    agent = OutsideAgent(f"cmd:{sys.executable} -m passport_cli agent --bot {name} --seed 5")
    through = played(agent, players, seed=21)
    assert through.get("forfeit") is None
    assert through["steps"] == played(make_bot(name, 5), players, seed=21)["steps"]


def exchange(messages, name="random") -> list[dict]:
    out = io.StringIO()
    serve(name, 0, None, [json.dumps(m) + "\n" for m in messages], out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def a_decision(game: Game, array: bool = False) -> dict:
    """The decide message of `game`'s decider: the state in words, and the
    engine's observation too if `array`."""
    view = game.view(game.decider)
    told = {"type": "decide", **decision_seen_by(view), "time_left": 10.0}
    return {**told, "view": view_seen_by(view)} if array else told


def new_game(game: Game, seat: int) -> dict:
    return {"type": "new_game", "players": game.players,
            "extensions": game.config.extension_names, "round_cap": game.config.round_cap,
            "seat": seat, "seats": [f"s{i}" for i in range(game.players)], "move_time": 10}


def test_the_agent_answers_each_decision_legally_from_the_state_or_the_view():
    game = Game.new(players=3, extensions="all", seed=2)
    answers = exchange([HELLO, new_game(game, game.decider), {"type": "ping"},
                        a_decision(game), a_decision(game, array=True),
                        {"type": "game_over", "winner": None}, {"type": "quit"}, {"type": "ping"}])
    assert answers[0] == {"type": "hello", "version": VERSION, "name": "passport random"}
    assert answers[1] == {"type": "pong"}
    for answer in answers[2:4]:
        assert answer["type"] == "action" and game.is_legal(answer["id"])
    assert len(answers) == 4  # nothing after quit


def test_a_host_may_leave_out_what_the_seat_remembers_and_notes():
    """docs/agent-protocol.md, "The state": the optional fields left out are
    read as holding nothing, and the bot still plays a legal move."""
    game = Game.new(players=4, extensions="all", seed=7)
    rng = random.Random(7)
    for _ in range(150):
        game.apply(rng.choice(game.legal_actions()))
    decision = a_decision(game)
    state = decision["state"]
    assert any(state["remembered_cards"]) and any(state["asked_kinds"])  # left out below
    bare = {k: v for k, v in state.items() if k not in OPTIONAL}
    answers = exchange([HELLO, new_game(game, game.decider), {**decision, "state": bare},
                        {"type": "quit"}], name="greedy")
    assert game.is_legal(answers[1]["id"])


def test_a_host_of_version_1_is_asked_for_the_view():
    game = Game.new(players=3, extensions="all", seed=2)
    answers = exchange([HELLO_1, new_game(game, game.decider), a_decision(game, array=True),
                        {"type": "quit"}])
    assert answers[0] == {"type": "hello", "version": 1, "name": "passport random", "view": True}
    assert game.is_legal(answers[1]["id"])


def test_a_host_breaking_the_protocol_gets_one_sentence():
    game = Game.new(players=3, extensions="all", seed=2)
    seat = game.decider
    decision = a_decision(game)
    state = decision["state"]
    with_view = a_decision(game, array=True)
    no_state = {k: v for k, v in decision.items() if k != "state"}
    bad_view = {**with_view, "view": {**with_view["view"], "version": 7}}
    wrong_actions = {**decision, "actions": decision["actions"][:1]}
    cases = [
        (["not json"], "message 1 is not JSON"),
        ([[1, 2]], "not a JSON object with a type"),
        ([{**HELLO, "version": 9, "versions": [9]}], "version 9"),
        ([{**HELLO, "protocol": "chess"}], "'chess'"),
        ([HELLO, decision], "before new_game"),
        ([HELLO, {**new_game(game, seat), "players": 9}], "can't be played"),
        ([HELLO, {**new_game(game, seat), "extensions": "all"}], "list of names"),
        ([HELLO, {**new_game(game, seat), "seat": 3}], "not a seat"),
        ([HELLO, new_game(game, seat), no_state], "without its state"),
        ([HELLO_1, new_game(game, seat), decision], "without the seat's view"),
        ([HELLO, new_game(game, seat), bad_view], "version 7 can't be read"),
        ([HELLO, new_game(game, seat), {**decision, "state": [state]}], "object of named fields"),
        ([HELLO, new_game(game, seat), {**decision, "state": {**state, "hand": "all"}}],
         "state's hand is 'all', not a list"),
        ([HELLO, new_game(game, seat), {**decision, "state": {**state, "center": "Mars"}}],
         "state's center holds 'Mars', which is not a country"),
        ([HELLO, new_game(game, seat), {**decision, "state": {**state, "hand_sizes": [4, 4]}}],
         "hand_sizes is [4, 4], not a list of 3 entries"),
        ([HELLO, new_game(game, seat), {**decision, "state": {**state, "hand": []}}],
         "state can't be used: not a seat's view of this game"),
        ([HELLO, new_game(game, seat), wrong_actions], "not the legal actions"),
        ([HELLO, new_game(game, (seat + 1) % 3), decision], "came to seat"),
        ([HELLO, {"type": "resign"}], "'resign' is not a message"),
    ]
    for messages, words in cases:
        lines = [m if isinstance(m, str) else json.dumps(m) for m in messages]
        with pytest.raises(HostError, match=re.escape(words)) as error:
            serve("random", 0, None, lines, io.StringIO())
        assert "\n" not in str(error.value)


def test_passport_agent_reports_a_broken_protocol_on_stderr_with_code_2():
    hello = json.dumps(HELLO)
    done = subprocess.run([sys.executable, "-m", "passport_cli", "agent", "--bot", "greedy"],
                          input=f"{hello}\n{{\"type\": \"decide\"}}\n", capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 2
    assert json.loads(done.stdout.splitlines()[0])["type"] == "hello"
    assert done.stderr == "passport agent: a decision came before new_game\n"


class _Book:
    """Stands in for an openings.Book: its move for every position."""
    def __init__(self, action):
        self.action = action

    def best(self, view, positions):
        return self.action


def test_hard_plays_the_book_it_is_given_for_the_games_settings():
    game = Game.new(players=2, extensions="none", seed=4)
    last = game.legal_actions()[-1]
    given = []

    def book_of(config):
        given.append((config.players, config.extensions))
        return _Book(last)
    messages = [HELLO, new_game(game, game.decider), a_decision(game, array=True),
                {"type": "quit"}]
    out = io.StringIO()
    serve("hard", 0, None, [json.dumps(m) + "\n" for m in messages], out, book_of)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert given == [(2, 0)] and answers[1] == {"type": "action", "id": last}


@pytest.mark.parametrize("line, words", [
    (b"[" * 200_000, "message 1 is not JSON (more than 100,000 values)"),
    (b"[" * 5_000, "message 1 is not JSON (nested more than"),
    (b'{"type": "hello", "version": ' + b"9" * 5_000 + b"}", "more than 40 digits"),
    (b'{"type": "ping", "x": NaN}', "NaN"),
    (b'{"type": "\xff"}', "not UTF-8"),
    (b'{"type": "ping", "x": "' + b"x" * 1_100_000 + b'"}', "longer than the 1,048,576 bytes"),
    (json.dumps({**HELLO, "version": True, "versions": [True]}).encode(), "version True"),
    (json.dumps({"type": "x" * 5000}).encode(), "'xxxxxxxx"),
])
def test_a_line_past_the_limits_is_one_sentence(line, words):
    with pytest.raises(HostError, match=r"^[^\n]{,400}$") as error:
        serve("random", 0, None, io.BytesIO(line + b"\n"), io.StringIO())
    assert words in str(error.value)


def test_new_game_settings_of_the_wrong_type_are_one_sentence():
    game = Game.new(players=3, extensions="all", seed=2)
    start = new_game(game, game.decider)
    for field, value in [("players", "3"), ("players", 3.0), ("round_cap", [200]),
                         ("seat", True), ("extensions", ["x" * 10_000])]:
        lines = [json.dumps(HELLO), json.dumps({**start, field: value})]
        with pytest.raises(HostError, match=r"^[^\n]{,400}$"):
            serve("random", 0, None, lines, io.StringIO())


@pytest.mark.slow
def test_passport_agent_reads_bytes_that_are_not_utf8_as_a_broken_protocol():
    done = subprocess.run([sys.executable, "-m", "passport_cli", "agent", "--bot", "random"],
                          input=b"\xff\xfe\n", capture_output=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.decode() == ("passport agent: message 1 is not JSON "
                                    "(not a JSON text (not UTF-8))\n")
