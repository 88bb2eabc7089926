"""The rules-of-thumb example agent (examples/rules_agent.py): it plays whole
games through the protocol, and at the decisions where a sensible player's
answer is plain it gives that answer."""

import importlib.util
import sys
from pathlib import Path

import pytest

from arena.agents import OutsideAgent
from arena.match import Seat, Table
from bots.difficulty import make_bot
from engine import Config
from engine import cards as C
from engine.actions import decode
from engine.seen import decision_seen_by, setup_seen_by
from engine.steps import CARD_IDS

EXAMPLE = Path(__file__).parents[2] / "examples" / "rules_agent.py"


def load_example():
    spec = importlib.util.spec_from_file_location("rules_agent", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("players", [2, 4])
def test_the_rules_agent_plays_whole_games(players):
    name = f"cmd:{sys.executable} {EXAMPLE}"
    for seed in range(2):
        others = ["planner", "greedy", "planner"][:players - 1]
        table = Table(Config(players=players, extensions=31, seed=seed),
                      [Seat.bot("Agent", name)] + [Seat.bot(f"Bot {i}", n) for i, n in enumerate(others)],
                      [OutsideAgent(name)] + [make_bot(n, i) for i, n in enumerate(others)], record=False)
        table.play()
        result = table.result()
        assert result.forfeit is None and result.reason in ("center", "postcards", "round_cap")
        assert table.players[0].agent_name == "rules-of-thumb"


class Checked:
    """The example agent in this process, told what a host tells it, with
    each of its answers checked against what a sensible player does."""

    def __init__(self):
        self.agent = load_example().Agent()
        self.seen = {"travel": 0, "give": 0, "pay": 0, "reply": 0}

    def begin(self, seat, config, seat_names, setup):
        self.seat, self.names = seat, list(seat_names)
        self.agent.new_game({"type": "new_game", "players": config.players,
                             "extensions": config.extension_names, "seat": seat,
                             "seats": self.names, "setup": setup_seen_by(setup, seat)})

    def observe(self, step):
        pass

    def end(self, result):
        pass

    def close(self):
        pass

    def choose(self, view):
        asked = decision_seen_by(view, self.names)
        action = self.agent.decide(asked)
        assert action in view.legal_actions
        kinds = [C.CARD_KINDS[CARD_IDS[card]] for card in asked["state"]["hand"]]
        passports = kinds.count(C.KIND_PASSPORT)
        d = decode(action)
        phase = asked["phase"]
        legal = [decode(a) for a in view.legal_actions]
        if phase == "main" and any(a.name == "travel" for a in legal):
            self.seen["travel"] += 1
            assert d.name == "travel", "a travel is legal and it did not travel"
        if phase == "trade-give" and passports == 1:
            self.seen["give"] += 1
            assert not (d.name == "card" and C.CARD_KINDS[d.arg] == C.KIND_PASSPORT), \
                "it offered its only passport"
        if phase in ("steal-pay", "recycle-pay", "discard", "dispose-with") and passports == 1:
            others = [a for a in legal if a.name == "card" and C.CARD_KINDS[a.arg] != C.KIND_PASSPORT]
            if others:
                self.seen["pay"] += 1
                assert C.CARD_KINDS[d.arg] != C.KIND_PASSPORT, "it paid its only passport"
        offer = asked["state"]["offer"]
        if phase == "trade-reply" and passports == 1 and "Passport" in offer["ask"]:
            self.seen["reply"] += 1
            assert d.name == "no", "it gave away its only passport"
        return action


def test_the_rules_agent_answers_plain_decisions_as_a_sensible_player():
    """Over whole games against planners, every extension: it travels when
    it can, and never offers, pays or hands over its only passport."""
    seen = {"travel": 0, "give": 0, "pay": 0, "reply": 0}
    for seed in range(12):
        players = 2 + seed % 3
        checked = Checked()
        others = ["planner"] * (players - 1)
        table = Table(Config(players=players, extensions=31, seed=100 + seed),
                      [Seat.bot("Agent", "rules")] + [Seat.bot(f"Bot {i}", n) for i, n in enumerate(others)],
                      [checked] + [make_bot(n, i) for i, n in enumerate(others)], record=True)
        table.play()
        assert table.game.over
        for k, v in checked.seen.items():
            seen[k] += v
    assert min(seen.values()) > 0  # each kind of decision came up
